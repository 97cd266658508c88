// lib/compact/mentions.ts
var NAME_CHAR = String.raw`[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Nd}_-]`;
function mentionsWhole(text, name) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const glued = new RegExp(`^${NAME_CHAR}`, "u");
  const before = glued.test(name) ? `(?<!${NAME_CHAR})` : "";
  const after = glued.test([...name].at(-1) ?? "") ? `(?!${NAME_CHAR})` : "";
  return new RegExp(before + escaped + after, "u").test(text);
}
export {
  mentionsWhole
};
