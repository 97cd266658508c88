// lib/core/instruction-imports.ts
import path from "node:path";
var FENCE = /^ {0,3}(`{3,}|~{3,})/;
var TOKEN = /(^|\s)@(\S+)/g;
var TRAILING = /[.,;:!?)\]}'"]+$/;
function parseImports(text) {
  const refs = [];
  let fence;
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const opened = FENCE.exec(line);
    if (fence !== void 0) {
      if (opened?.[1] && opened[1][0] === fence[0] && opened[1].length >= fence.length && line.trim() === opened[1]) fence = void 0;
      continue;
    }
    if (opened?.[1]) {
      fence = opened[1];
      continue;
    }
    for (const m of withoutCodeSpans(line).matchAll(TOKEN)) {
      const target = (m[2] ?? "").replace(TRAILING, "");
      if (looksLikePath(target)) refs.push({ target, line: i + 1 });
    }
  }
  return refs;
}
function withoutCodeSpans(line) {
  if (!line.includes("`")) return line;
  return line.replace(/(`+)[\s\S]*?\1/g, (span) => " ".repeat(span.length));
}
function looksLikePath(target) {
  if (target === "" || target.startsWith("@")) return false;
  if (/^(\.{1,2}\/|~\/|\/)/.test(target)) return true;
  if (target.includes("/")) return !target.includes("://");
  return /\.[A-Za-z0-9]{1,8}$/.test(target);
}
function resolveImport(target, importingFile, home) {
  if (target === "~" || target.startsWith("~/")) return path.resolve(home, target.slice(2));
  if (path.isAbsolute(target)) return path.resolve(target);
  return path.resolve(path.dirname(importingFile), target);
}
function isInside(file, root) {
  const rel = path.relative(root, file);
  return rel === "" || !rel.startsWith("..") && !path.isAbsolute(rel);
}
export {
  isInside,
  parseImports,
  resolveImport
};
