import { tokenize } from "../rank/tokenize.js";

// A simple term overlap between two short texts (index lines, candidate descriptions): the share of distinct
// terms they have in common (Jaccard). Used by distill (a candidate restating a card) and compress (cards that
// overlap within one metadata.type). Content-aware consolidation of proposals is issue 18 part 3, elsewhere.

const NOISE = new Set(["the", "and", "for", "are", "with", "that", "this", "from", "not", "but", "its", "our", "use", "one", "all", "any", "has", "have", "into", "only"]);

/** Distinct terms worth comparing: tokenizer terms of three or more characters, numbers and CJK 2-grams, minus filler words. */
export function termSet(text: string): Set<string> {
  return new Set(tokenize(text).filter((t) => (t.length >= 3 || /[\d\u0080-\uffff]/.test(t)) && !NOISE.has(t)));
}

/** |a ∩ b| / |a ∪ b|, 0 when both are empty. */
export function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.size + b.size - shared);
}

/** Cards whose text overlaps this much are treated as saying the same thing. */
export const RESTATES = 0.5;

/** The hook of an index line (the text after its link), so file names and link syntax do not count as shared terms. */
export function hookText(line: string): string {
  return line.replace(/^\s*[-*+]\s+\[(?:[^\]\\]|\\.)*\]\([^)]*\)\s*(?:—|–|--|-|:)?\s*/, "");
}
