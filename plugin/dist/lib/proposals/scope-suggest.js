// lib/proposals/scope-suggest.ts
import { scopeEntryProblem } from "../core/scope.js";
import { sourceFile } from "./trust.js";
function suggestScope(sources, repoRefs) {
  const files = [...sources.flatMap((s) => s.split(";")).map(fileOfSource), ...repoRefs.map(fileOfRef)].filter((f) => f !== void 0);
  if (files.length === 0) return null;
  let common;
  for (const file of files) {
    if (scopeEntryProblem(file) !== void 0) return null;
    const dir = file.split("/").slice(0, -1);
    common = common === void 0 ? dir : common.slice(0, prefixLength(common, dir));
    if (common.length === 0) return null;
  }
  return [common.join("/")];
}
function fileOfSource(source) {
  return sourceFile(source)?.replace(/:\d.*$/, "").replace(/#.*$/, "");
}
function fileOfRef(ref) {
  const m = /^(?:path|fn):([^#\s]+)/.exec(ref.trim());
  return m ? m[1] : void 0;
}
function prefixLength(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
export {
  suggestScope
};
