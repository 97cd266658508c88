// lib/core/card.ts
import { CORE_SCHEMA, load } from "../../vendor/js-yaml.js";
import { parseCardWith } from "./card-parse.js";
export * from "./card-parse.js";
function parseCard(text) {
  return parseCardWith(text, loadWithoutAliasBlowUp);
}
function loadWithoutAliasBlowUp(frontmatter) {
  const loaded = load(frontmatter, { schema: CORE_SCHEMA });
  if (aliasesExpand(loaded, frontmatter.length))
    throw new Error(
      "frontmatter names one list or mapping twice, or one value into more text than it holds, through YAML aliases (*name); write the values out (a few such lines can stand for billions of items)"
    );
  return loaded;
}
function aliasesExpand(root, textLength) {
  const seen = /* @__PURE__ */ new Set();
  const stack = [root];
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
export {
  parseCard
};
