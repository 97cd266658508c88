// lib/core/card-types.ts
var CARD_TYPES = ["feedback", "project", "reference", "user"];
var CARD_TYPE_PREFIX = new RegExp(`^(${CARD_TYPES.join("|")})_`);
function typeFromFileName(file) {
  return CARD_TYPE_PREFIX.exec(file.slice(file.lastIndexOf("/") + 1))?.[1];
}
function withoutTypePrefix(name) {
  return name.replace(CARD_TYPE_PREFIX, "");
}
var CARD_FILE = new RegExp(`${CARD_TYPE_PREFIX.source}[^/]+\\.md$`);
function isCardFile(rel) {
  return CARD_FILE.test(rel);
}
export {
  CARD_TYPES,
  CARD_TYPE_PREFIX,
  isCardFile,
  typeFromFileName,
  withoutTypePrefix
};
