// lib/rank/evidence.ts
import { isCommonSpoken } from "./common-words.js";
import { FIELD_BIT, PART_BIT } from "./postings.js";
import { BOUNDARY, continuesWord, evidenceNeeds } from "./word-evidence.js";
var SUBJECT_FIELDS = FIELD_BIT.title | FIELD_BIT.topics;
var SUBJECT_PENDING = 128;
function hasEvidence(query, matched, n, alwaysMask, out) {
  const counts = (id) => alwaysMask[id] === 0 && (out === void 0 || out[id] === 0);
  const terms = [...query.keys()];
  const needs = evidenceNeeds(terms);
  let next = 0;
  for (let at = 0; at < terms.length && next < matched.length; at++) {
    if (matched[next][0] !== terms[at]) continue;
    const list = matched[next++][1];
    const term = terms[at];
    if (needs[at] !== 0 || isCommonSpoken(term) || isMorpheme(term)) continue;
    const ids = list.id;
    const masks = list.mask;
    for (let k = 0; k < list.length; k++) if ((masks[k] & SUBJECT_FIELDS) !== 0 && (masks[k] & PART_BIT) === 0 && counts(ids[k])) return true;
  }
  const lists = new Map(matched);
  const termHits = new Uint8Array(n);
  const lastAt = new Uint32Array(n);
  const pending = new Uint8Array(n);
  for (let at = 1; at <= terms.length; at++) {
    const term = terms[at - 1];
    const need = needs[at - 1];
    const list = lists.get(term);
    if (list === void 0 || need === BOUNDARY || isCommonSpoken(term)) continue;
    const continues = at > 1 && continuesWord(terms[at - 2], term);
    const morpheme = isMorpheme(term);
    const ids = list.id;
    const masks = list.mask;
    for (let k = 0; k < list.length; k++) {
      const id = ids[k];
      const run = continues && lastAt[id] === at - 1;
      lastAt[id] = at;
      const about = !morpheme && (masks[k] & SUBJECT_FIELDS) !== 0 && (masks[k] & PART_BIT) === 0;
      if (need !== 0) {
        const soFar = run ? pending[id] : 0;
        if (run && soFar === 0) continue;
        const count = (soFar & ~SUBJECT_PENDING) + 1;
        const flags = soFar & SUBJECT_PENDING | (about ? SUBJECT_PENDING : 0);
        if (count < need) {
          pending[id] = count | flags;
          continue;
        }
        pending[id] = 0;
        if (flags !== 0 && counts(id)) return true;
      } else {
        pending[id] = 0;
        if (run) {
          if (about && counts(id)) return true;
          continue;
        }
      }
      const hits = termHits[id];
      if (hits < 255) termHits[id] = hits + 1;
      if ((hits >= 1 || about) && counts(id)) return true;
    }
  }
  return false;
}
var isMorpheme = (term) => term.length === 1 && term.charCodeAt(0) >= 12352;
export {
  SUBJECT_FIELDS,
  hasEvidence
};
