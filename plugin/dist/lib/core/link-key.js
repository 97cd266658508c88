// lib/core/link-key.ts
import path from "node:path";
function linkKey(link) {
  return link.startsWith("./") ? link.slice(2) : link;
}
function cardPathKey(file) {
  return linkKey(path.posix.normalize(file.replace(/\\/g, "/")));
}
function foldedPath(rel) {
  return rel.normalize("NFD").toUpperCase().toLowerCase();
}
export {
  cardPathKey,
  foldedPath,
  linkKey
};
