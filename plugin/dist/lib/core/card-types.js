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
var INDEX_FILE = "MEMORY.md";
var EPISODES_SUMMARY_FILE = "episodes.summary.md";
var SEGMENT = String.raw`[^./\\\u0000-\u001f\u007f][^/\\\u0000-\u001f\u007f]*`;
var CARD_PATH = new RegExp(String.raw`^(?:${SEGMENT}/)*${SEGMENT}\.md$`);
var DIR_PATH = new RegExp(`^(?:${SEGMENT}/)*${SEGMENT}$`);
function isCardFileName(file) {
  return typeof file === "string" && CARD_PATH.test(file) && file !== INDEX_FILE && file !== EPISODES_SUMMARY_FILE;
}
function isCardDirName(dir) {
  return dir === "" || typeof dir === "string" && DIR_PATH.test(dir);
}
export {
  CARD_TYPES,
  CARD_TYPE_PREFIX,
  EPISODES_SUMMARY_FILE,
  INDEX_FILE,
  isCardDirName,
  isCardFile,
  isCardFileName,
  typeFromFileName,
  withoutTypePrefix
};
