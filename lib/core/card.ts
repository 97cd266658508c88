// The card parser with js-yaml for the frontmatter the fast path cannot settle (lib/core/card-parse.ts holds the
// rest, and the prompt hook reads a saved card through it without loading js-yaml).
import { CORE_SCHEMA, load } from "js-yaml";
import { parseCardWith, type ParsedCard } from "./card-parse.js";

export * from "./card-parse.js";

/** Parses a card; never throws. Bad YAML or wrong field types are collected as problems. */
export function parseCard(text: string): ParsedCard {
  return parseCardWith(text, loadWithoutAliasBlowUp)!;
}

/** js-yaml's value of a frontmatter, refused (thrown, so it reads as E_CARD_FRONTMATTER) when aliases expand it. */
function loadWithoutAliasBlowUp(frontmatter: string): unknown {
  const loaded = load(frontmatter, { schema: CORE_SCHEMA });
  if (aliasesExpand(loaded, frontmatter.length))
    throw new Error(
      "frontmatter names one list or mapping twice, or one value into more text than it holds, through YAML aliases (*name); write the values out (a few such lines can stand for billions of items)",
    );
  return loaded;
}

/**
 * True when YAML aliases make the loaded value bigger than its text: one list or mapping reached twice (an alias
 * of a collection is the same object again, and nesting them, `b: [*a, *a, …]`, `c: [*b, *b, …]`, makes a few
 * hundred bytes a value with billions of items once anything walks it), or the strings (keys and values) longer
 * in all than twice the frontmatter: a string has no identity to see twice, and 30 KB named 10,000 times is 300 MB
 * of topics. Without aliases every string is text of the frontmatter (escapes only shorten it; `.inf` as a key is
 * the one that lengthens, 4 to 8). Linear in the loaded nodes, stopped at the budget. The fast reader
 * (frontmatter-fast.ts) knows no aliases, so only js-yaml's values are walked.
 */
function aliasesExpand(root: unknown, textLength: number): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  let budget = 2 * textLength + 64;
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "string") budget -= v.length;
    if (budget < 0) return true;
    if (v === null || typeof v !== "object") continue;
    if (seen.has(v)) return true;
    seen.add(v);
    if (Array.isArray(v)) for (const child of v) stack.push(child);
    else
      for (const [key, child] of Object.entries(v)) {
        budget -= key.length;
        stack.push(child);
      }
  }
  return false;
}
