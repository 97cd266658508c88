// The card parser with js-yaml for the frontmatter the fast path cannot settle (lib/core/card-parse.ts holds the
// rest, and the prompt hook reads a saved card through it without loading js-yaml).
import { CORE_SCHEMA, load } from "js-yaml";
import { parseCardWith, type ParsedCard } from "./card-parse.js";

export * from "./card-parse.js";

/** Parses a card; never throws. Bad YAML or wrong field types are collected as problems. */
export function parseCard(text: string): ParsedCard {
  return parseCardWith(text, (frontmatter) => load(frontmatter, { schema: CORE_SCHEMA }))!;
}
