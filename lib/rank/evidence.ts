// Whether a prompt needs memory at all: some card must be about it (docs/ranking.md). Pure, like the ranker.
import { isCommonSpoken } from "./common-words.js";
import { FIELD_BIT, KEYED_BIT, PART_BIT, type PostingList } from "./postings.js";
import { BOUNDARY, continuesRun, continuesWord, evidenceNeeds } from "./word-evidence.js";

/**
 * Fields that say what a card is about: its title and topics (the file name's words are topics). A prompt needs
 * memory only when some card matches it in one of these, or matches two or more of its distinct terms: a lone
 * word met only in hooks or recall keys ("merge" in "…rebase, never merge") is how a prompt that needs no memory
 * ("looks good, merge it") meets a store, in every language (bench/history/2026-12.md, 2026-12-06). A word the card holds
 * only as a part of a compound identifier (postings.ts PART_BIT) is in no field for this purpose.
 */
export const SUBJECT_FIELDS = FIELD_BIT.title | FIELD_BIT.topics;

/** A query term and its postings, in query order (score.ts keeps them for `matches`). */
export type Matched = [term: string, list: PostingList];

/** Set in `pending` (hasEvidence) when a katakana word's 2-gram was met in a subject field. */
const SUBJECT_PENDING = 0x80;

/** evidenceOf: some card is about the prompt. */
export const ABOUT = -1;
/** evidenceOf: no card is about the prompt, and no card without keys meets one of its words on its own. */
export const NONE = -2;

/**
 * Whether some card (not pinned, in scope) is about the prompt: it matches a query word in its title or topics,
 * or two distinct query words (see SUBJECT_FIELDS); then ABOUT. A title or topics match is nearly always among the
 * first postings of a list, so it is looked for first, among the terms that are a word on their own; only a prompt
 * that has none counts words per card, a pass over its postings with three arrays the size of the index.
 *
 * When none is, the lone word: the id of the card of highest `relevance` (the lower id on a tie) that has no recall
 * keys and meets one word of the prompt on its own (not only inside an identifier, not a kanji stem, not a spoken
 * word, a katakana word met whole); it alone is relevant. Such a card has only its line, so one specific word is
 * the evidence there is; a keyed card has stated the ways people ask for it, in everyday words a chat reply meets
 * (bench/history/2026-12.md, issue 28). NONE when there is no such card.
 */
export function evidenceOf(
  query: ReadonlyMap<string, number>,
  matched: readonly Matched[],
  n: number,
  alwaysMask: Uint8Array,
  out: Uint8Array | undefined,
  relevance: Float64Array,
): number {
  const counts = (id: number) => alwaysMask[id] === 0 && (out === undefined || out[id] === 0);
  const terms = [...query.keys()];
  const needs = evidenceNeeds(terms);
  // `matched` holds the terms that have postings, in query order: walked beside `terms`.
  let next = 0;
  for (let at = 0; at < terms.length && next < matched.length; at++) {
    if (matched[next]![0] !== terms[at]) continue;
    const list = matched[next++]![1];
    const term = terms[at]!;
    // Only a term that is a word by itself makes a card its subject at once: not a spoken word, a 2-gram across a
    // word boundary or of a longer katakana word (met only with the next one), nor a kanji stem.
    if (needs[at] !== 0 || isCommonSpoken(term) || isMorpheme(term)) continue;
    const ids = list.id;
    const masks = list.mask;
    // A word met in this card only inside an identifier ("open" of `OpenApi`) does not make it the card's subject
    // ("ok, open the PR"); it is still one of two words ("casing" and "fields" of a camelCase-fields card).
    for (let k = 0; k < list.length; k++) if ((masks[k]! & SUBJECT_FIELDS) !== 0 && (masks[k]! & PART_BIT) === 0 && counts(ids[k]!)) return ABOUT;
  }
  // Evidence counts words, not 2-grams: 2-grams a card matches that overlap in the prompt ("確認", "認し") are one
  // word; two it matches apart in one unspaced run ("過去の日付": 過去, 日付) are two, as two words of a spaced prompt.
  // A katakana word's 2-grams count only together (word-evidence.ts): `pending` holds how many of them a card has
  // matched in a row (SUBJECT_PENDING: one was in a subject field) until there are enough.
  const lists = new Map(matched);
  const termHits = new Uint8Array(n);
  const lastAt = new Uint32Array(n);
  const pending = new Uint8Array(n);
  // The lone-word card so far, and per card the last position of the katakana word under way it met in a row.
  let lone = NONE;
  let loneRel = 0;
  const take = (id: number) => {
    const rel = relevance[id]!;
    if (rel > loneRel || (rel === loneRel && id < lone)) {
      lone = id;
      loneRel = rel;
    }
  };
  const kanaAt = new Map<number, number>();
  let wordStart = 0;
  for (let at = 1; at <= terms.length; at++) {
    const term = terms[at - 1]!;
    const need = needs[at - 1]!;
    const list = lists.get(term);
    // A most-frequent spoken word ("go", "one", "next") or a 2-gram across a word boundary scores but is no evidence.
    if (list === undefined || need === BOUNDARY || isCommonSpoken(term)) continue;
    const continues = at > 1 && continuesWord(terms[at - 2]!, term);
    // One CJK character (a kanji stem, tokenize.ts): one of two words, but alone it never makes a card the subject.
    const morpheme = isMorpheme(term);
    // A katakana word's 2-grams (need > 0): where the word began, and whether this is its last 2-gram.
    if (need !== 0 && !(at > 1 && needs[at - 2] !== 0 && needs[at - 2] !== BOUNDARY && continuesRun(terms[at - 2]!, term))) wordStart = at;
    const wordEnds = need !== 0 && !(at < terms.length && needs[at] !== 0 && needs[at] !== BOUNDARY && continuesRun(term, terms[at]!));
    const ids = list.id;
    const masks = list.mask;
    for (let k = 0; k < list.length; k++) {
      const id = ids[k]!;
      const mask = masks[k]!;
      const run = continues && lastAt[id] === at - 1;
      lastAt[id] = at;
      const about = !morpheme && (mask & SUBJECT_FIELDS) !== 0 && (mask & PART_BIT) === 0;
      if ((mask & KEYED_BIT) === 0 && counts(id)) {
        if (need === 0) {
          if (!morpheme && (mask & PART_BIT) === 0) take(id);
        } else if (at === wordStart || kanaAt.get(id) === at - 1) {
          kanaAt.set(id, at);
          if (wordEnds) take(id); // every 2-gram of the word, in a row: the word met whole
        }
      }
      if (need !== 0) {
        const soFar = run ? pending[id]! : 0;
        if (run && soFar === 0) continue; // the word was counted already
        const count = (soFar & ~SUBJECT_PENDING) + 1;
        const flags = (soFar & SUBJECT_PENDING) | (about ? SUBJECT_PENDING : 0);
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
      const hits = termHits[id]!;
      if (hits < 255) termHits[id] = hits + 1;
      if ((hits >= 1 || about) && counts(id)) return ABOUT;
    }
  }
  return lone;
}

/** One CJK character: a kanji stem tokenize.ts adds before hiragana (戻 of 戻して). */
const isMorpheme = (term: string) => term.length === 1 && term.charCodeAt(0) >= 0x3040;
