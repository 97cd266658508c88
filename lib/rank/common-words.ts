// The most frequent words of spoken English (SUBTLEX-US, common-words-data.ts): "go", "one", "look", "next", "run".
// On their own they are how a chat reply ("great, now the next one", "ok, go ahead") meets a store, so they never
// count as evidence that a card is about the prompt (score.ts); they still score when other words make the case.
import { COMMON_SPOKEN_WORDS } from "./common-words-data.js";

/** How many of the most frequent spoken words count as chat: 200 (200, 300 and 500 measured, bench/history/2026-12.md). */
export const COMMON_SPOKEN_COUNT = 200;

let common: Set<string> | undefined;

/** A ranking term (lower-cased, stemmed) that is one of the most frequent spoken English words. */
export function isCommonSpoken(term: string): boolean {
  return (common ??= new Set(COMMON_SPOKEN_WORDS.split(" "))).has(term);
}
