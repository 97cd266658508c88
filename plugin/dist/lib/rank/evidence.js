// lib/rank/evidence.ts
import { isCommonSpoken } from "./common-words.js";
import { FIELD_BIT, KEYED_BIT, PART_BIT } from "./postings.js";
import { BOUNDARY, continuesRun, continuesWord, evidenceNeeds } from "./word-evidence.js";
var SUBJECT_FIELDS = FIELD_BIT.title | FIELD_BIT.topics;
var SUBJECT_PENDING = 128;
var ABOUT = -1;
var NONE = -2;
function evidenceOf(query, matched, n, alwaysMask, out, relevance) {
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
    for (let k = 0; k < list.length; k++) if ((masks[k] & SUBJECT_FIELDS) !== 0 && (masks[k] & PART_BIT) === 0 && counts(ids[k])) return ABOUT;
  }
  const lists = new Map(matched);
  const termHits = new Uint8Array(n);
  const lastAt = new Uint32Array(n);
  const pending = new Uint8Array(n);
  let lone = NONE;
  let loneRel = 0;
  const take = (id) => {
    const rel = relevance[id];
    if (rel > loneRel || rel === loneRel && id < lone) {
      lone = id;
      loneRel = rel;
    }
  };
  const kanaAt = /* @__PURE__ */ new Map();
  let wordStart = 0;
  for (let at = 1; at <= terms.length; at++) {
    const term = terms[at - 1];
    const need = needs[at - 1];
    const list = lists.get(term);
    if (list === void 0 || need === BOUNDARY || isCommonSpoken(term)) continue;
    const continues = at > 1 && continuesWord(terms[at - 2], term);
    const morpheme = isMorpheme(term);
    if (need !== 0 && !(at > 1 && needs[at - 2] !== 0 && needs[at - 2] !== BOUNDARY && continuesRun(terms[at - 2], term))) wordStart = at;
    const wordEnds = need !== 0 && !(at < terms.length && needs[at] !== 0 && needs[at] !== BOUNDARY && continuesRun(term, terms[at]));
    const ids = list.id;
    const masks = list.mask;
    for (let k = 0; k < list.length; k++) {
      const id = ids[k];
      const mask = masks[k];
      const run = continues && lastAt[id] === at - 1;
      lastAt[id] = at;
      const about = !morpheme && (mask & SUBJECT_FIELDS) !== 0 && (mask & PART_BIT) === 0;
      if ((mask & KEYED_BIT) === 0 && counts(id)) {
        if (need === 0) {
          if (!morpheme && (mask & PART_BIT) === 0) take(id);
        } else if (at === wordStart || kanaAt.get(id) === at - 1) {
          kanaAt.set(id, at);
          if (wordEnds) take(id);
        }
      }
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
        if (flags !== 0 && counts(id)) return ABOUT;
      } else {
        pending[id] = 0;
        if (run) {
          if (about && counts(id)) return ABOUT;
          continue;
        }
      }
      const hits = termHits[id];
      if (hits < 255) termHits[id] = hits + 1;
      if ((hits >= 1 || about) && counts(id)) return ABOUT;
    }
  }
  return lone;
}
var isMorpheme = (term) => term.length === 1 && term.charCodeAt(0) >= 12352;
export {
  ABOUT,
  NONE,
  SUBJECT_FIELDS,
  evidenceOf
};
