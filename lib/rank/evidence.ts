// Whether a prompt needs memory at all: some card must be about it (docs/ranking.md). Pure, like the ranker.
import { isCommonSpoken } from "./common-words.js";
import { FIELD_BIT, PART_BIT, type PostingList } from "./postings.js";

/**
 * Fields that say what a card is about: its title and topics (the file name's words are topics). A prompt needs
 * memory only when some card matches it in one of these, or matches two or more of its distinct terms: a lone
 * word met only in hooks or recall keys ("merge" in "…rebase, never merge") is how a prompt that needs no memory
 * ("looks good, merge it") meets a store, in every language (bench/README.md, 2026-12-06). A word the card holds
 * only as a part of a compound identifier (postings.ts PART_BIT) is in no field for this purpose.
 */
export const SUBJECT_FIELDS = FIELD_BIT.title | FIELD_BIT.topics;

/** A query term and its postings, in query order (score.ts keeps them for `matches`). */
export type Matched = [term: string, list: PostingList];

/**
 * Whether some card (not pinned, in scope) is about the prompt: it matches a query word in its title or topics,
 * or two distinct query words (see SUBJECT_FIELDS). A title or topics match is nearly always among the first
 * postings of a list, so it is looked for first; only a prompt that has none counts words per card, a pass over
 * its postings with two arrays the size of the index.
 */
export function hasEvidence(query: ReadonlyMap<string, number>, matched: readonly Matched[], n: number, alwaysMask: Uint8Array, out: Uint8Array | undefined): boolean {
  const counts = (id: number) => alwaysMask[id] === 0 && (out === undefined || out[id] === 0);
  for (const [term, list] of matched) {
    // A most-frequent spoken word ("go", "one", "next") scores but is no evidence that a card is about the prompt.
    if (isCommonSpoken(term)) continue;
    const ids = list.id;
    const masks = list.mask;
    // A word met in this card only inside an identifier ("open" of `OpenApi`) does not make it the card's subject
    // ("ok, open the PR"); it is still one of two words ("casing" and "fields" of a camelCase-fields card).
    for (let k = 0; k < list.length; k++) if ((masks[k]! & SUBJECT_FIELDS) !== 0 && (masks[k]! & PART_BIT) === 0 && counts(ids[k]!)) return true;
  }
  // Evidence counts words, not 2-grams: 2-grams a card matches that overlap in the prompt ("確認", "認し") are one
  // word; two it matches apart in one unspaced run ("過去の日付": 過去, 日付) are two, as two words of a spaced prompt.
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
    if (list === undefined || isCommonSpoken(term)) continue;
    const ids = list.id;
    for (let k = 0; k < list.length; k++) {
      const id = ids[k]!;
      if (!continues || lastAt[id] !== at - 1) {
        const hits = termHits[id]!;
        if (hits < 255) termHits[id] = hits + 1;
        if (hits >= 1 && counts(id)) return true;
      }
      lastAt[id] = at;
    }
  }
  return false;
}

/** "確認" then "認し": a 2-gram of an unspaced script that overlaps the one before it (tokenize.ts makes them in order). */
function continuesRun(previous: string, term: string): boolean {
  return term.length === 2 && previous.length === 2 && previous.charCodeAt(1) === term.charCodeAt(0) && term.charCodeAt(0) >= 0x3040;
}
