// lib/core/link-key.ts
import path from "node:path";
import { ASCII_TEXT } from "./sanitize.js";
function linkKey(link) {
  return link.startsWith("./") ? link.slice(2) : link;
}
function cardPathKey(file) {
  if (file !== "" && !PLAIN_NOT.test(file)) return file;
  return linkKey(path.posix.normalize(file.replace(/\\/g, "/")));
}
var PLAIN_NOT = /\\|\/\/|(^|\/)\.\.?(\/|$)/;
function foldedPath(rel) {
  if (ASCII_TEXT.test(rel)) return rel.toLowerCase();
  return rel.normalize("NFD").toUpperCase().toLowerCase();
}
export {
  cardPathKey,
  foldedPath,
  linkKey
};
