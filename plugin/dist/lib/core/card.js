// lib/core/card.ts
import { CORE_SCHEMA, load } from "../../vendor/js-yaml.js";
import { parseCardWith } from "./card-parse.js";
export * from "./card-parse.js";
function parseCard(text) {
  return parseCardWith(text, (frontmatter) => load(frontmatter, { schema: CORE_SCHEMA }));
}
export {
  parseCard
};
