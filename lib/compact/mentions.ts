// Whether a summary names a card: used by the omission check (generate.ts) and to mark removed cards (assemble.ts).

// Characters that continue a name: "dec-10" is not a mention of "dec-1". CJK is left out on purpose: it is
// written without spaces, so a CJK title runs straight into the next word.
const NAME_CHAR = String.raw`[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Nd}_-]`;

/** True when `name` occurs in `text` with no name character glued to either end (pass both lower-cased). */
export function mentionsWhole(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const glued = new RegExp(`^${NAME_CHAR}`, "u");
  const before = glued.test(name) ? `(?<!${NAME_CHAR})` : "";
  const after = glued.test([...name].at(-1) ?? "") ? `(?!${NAME_CHAR})` : "";
  return new RegExp(before + escaped + after, "u").test(text);
}
