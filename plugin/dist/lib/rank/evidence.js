// lib/rank/evidence.ts
import { isCommonSpoken } from "./common-words.js";
import { FIELD_BIT, PART_BIT } from "./postings.js";
var SUBJECT_FIELDS = FIELD_BIT.title | FIELD_BIT.topics;
function hasEvidence(query, matched, n, alwaysMask, out) {
  const counts = (id) => alwaysMask[id] === 0 && (out === void 0 || out[id] === 0);
  for (const [term, list] of matched) {
    if (isCommonSpoken(term)) continue;
    const ids = list.id;
    const masks = list.mask;
    for (let k = 0; k < list.length; k++) if ((masks[k] & SUBJECT_FIELDS) !== 0 && (masks[k] & PART_BIT) === 0 && counts(ids[k])) return true;
  }
  const lists = new Map(matched);
  const termHits = new Uint8Array(n);
  const lastAt = new Uint32Array(n);
  let at = 0;
  let previous = "";
  for (const term of query.keys()) {
    at++;
    const continues = continuesRun(previous, term);
    previous = term;
    const list = lists.get(term);
    if (list === void 0 || isCommonSpoken(term)) continue;
    const ids = list.id;
    for (let k = 0; k < list.length; k++) {
      const id = ids[k];
      if (!continues || lastAt[id] !== at - 1) {
        const hits = termHits[id];
        if (hits < 255) termHits[id] = hits + 1;
        if (hits >= 1 && counts(id)) return true;
      }
      lastAt[id] = at;
    }
  }
  return false;
}
function continuesRun(previous, term) {
  return term.length === 2 && previous.length === 2 && previous.charCodeAt(1) === term.charCodeAt(0) && term.charCodeAt(0) >= 12352;
}
export {
  SUBJECT_FIELDS,
  hasEvidence
};
