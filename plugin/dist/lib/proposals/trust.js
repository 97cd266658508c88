// lib/proposals/trust.ts
import fs from "node:fs";
import path from "node:path";
var OWNER_ACTOR = "human";
function sourceFile(source) {
  const first = source.trim().split(/\s+/)[0] ?? "";
  const word = first.replace(/^path:/, "").replace(/[:;,.]+$/, "");
  if (word === "" || !/[./]/.test(word) || /^[a-z][a-z0-9+.-]*:/i.test(word)) return void 0;
  if (path.isAbsolute(word) || word.split(/[\\/]/).includes("..")) return void 0;
  return word;
}
function repoSourceChecker(repoRoot) {
  if (!repoRoot) return () => false;
  return (source) => {
    const rel = sourceFile(source);
    if (!rel) return false;
    try {
      return fs.lstatSync(path.join(repoRoot, rel)).isFile();
    } catch {
      return false;
    }
  };
}
export {
  OWNER_ACTOR,
  repoSourceChecker,
  sourceFile
};
