// A card's recall keys as terms, as the rank index holds them (lib/rank-cache/card-fields.ts). Pure.
import { stopTestOf, tokenizeMarked } from "./tokenize.js";

/**
 * The terms of a card's recall keys, in order. A card's keys are written in every language its owner asks in
 * (lib/core/recall-keys.ts), so one card holds English keys and French ones: read only together, the majority
 * language decides the function words, and the minority's ("la", "de", "pour") stay terms that half the keyed
 * cards hold, met by any prompt whose own language is a tie. So a word is left out when it is a function word of
 * the key's own language or of the keys' together (which keeps a short key from being read as another language).
 */
export function recallTerms(keys: readonly string[]): string[] {
  if (keys.length === 0) return [];
  const together = stopTestOf(keys.join("\n"));
  const out: string[] = [];
  for (const key of keys) {
    const own = stopTestOf(key, 2);
    for (const term of tokenizeMarked(key, (w) => together(w) || own(w))) out.push(term);
  }
  return out;
}
