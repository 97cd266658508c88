// The words full-text search matches on (lib/records/search.ts ranks them; lib/store/card-cache.ts keeps them
// per card so a query does not re-tokenize every body). Pure.

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]/;

/** Lowercase ASCII/Latin words of two or more characters, and 2-grams of CJK runs. */
export function terms(text: string): string[] {
  const out: string[] = [];
  // match(), not matchAll(): the words alone, without a match object each (a first build tokenizes every card).
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []) {
    if (CJK.test(word)) {
      const chars = [...word].filter((ch) => CJK.test(ch));
      if (chars.length === 1) out.push(chars[0]!);
      for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
    } else if (word.length >= 2) out.push(word);
  }
  return out;
}

/** How often each term occurs, in first-seen order. */
export function countTerms(list: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of list) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

/**
 * A card's search words as kept on disk: ` term:count` for each. A term is made of letters, digits and `_`
 * only, so ` term:` never matches inside another term and the text never holds a tab or a newline.
 */
export function encodeTermCounts(counts: ReadonlyMap<string, number>): string {
  let out = "";
  for (const [t, n] of counts) out += ` ${t}:${n}`;
  return out;
}

/** The text a card's name, description and topics are searched as (they count double). */
export function cardHead(meta: { name?: unknown; description?: unknown; topics: readonly unknown[] }): string {
  return `${meta.name ?? ""} ${meta.description ?? ""} ${meta.topics.join(" ")}`;
}
