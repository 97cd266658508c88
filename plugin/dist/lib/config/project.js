// lib/config/project.ts
import path from "node:path";
import { sha256Hex } from "../core/sha256.js";
var SLUG_MAX = 200;
function claudeSlug(absPath) {
  const slug = replaceOutside(absPath, false);
  if (slug.length <= SLUG_MAX) return slug;
  return `${slug.slice(0, SLUG_MAX)}-${javaStringHash(absPath)}`;
}
function javaStringHash(text) {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h << 5) - h + text.charCodeAt(i) | 0;
  return Math.abs(h).toString(36);
}
function projectKey(canonicalRoot) {
  const base = trimDashes(replaceOutside(path.basename(canonicalRoot), true)) || "root";
  const digest = sha256Hex(canonicalRoot).slice(0, 12);
  return `${base.slice(0, 48)}-${digest}`;
}
function replaceOutside(text, keepPunctuation) {
  let out = "";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const kept = c >= 48 && c <= 57 || c >= 65 && c <= 90 || c >= 97 && c <= 122 || keepPunctuation && (c === 46 || c === 95 || c === 45);
    if (kept) continue;
    out += `${text.slice(from, i)}-`;
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}
function trimDashes(text) {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === 45) start++;
  while (end > start && text.charCodeAt(end - 1) === 45) end--;
  return text.slice(start, end);
}
export {
  claudeSlug,
  projectKey
};
