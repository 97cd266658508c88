// lib/config/scope-at.ts
import path from "node:path";
import { realpath } from "../store/checked-fs.js";
function scopeAtOf(resolution, cwd, repoRoot) {
  return scopeAtFor(resolution, path.resolve(cwd, repoRoot ?? "."));
}
function scopeAtFor(resolution, dir) {
  if (!resolution.git) return null;
  let real;
  try {
    real = realpath(dir);
  } catch {
    return null;
  }
  const rel = path.relative(resolution.repo_root, real);
  if (rel === "") return "";
  if (rel === ".." || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return null;
  return rel.split(path.sep).join("/");
}
export {
  scopeAtFor,
  scopeAtOf
};
