// Where a prompt is asked from, as scopes see it (lib/core/scope.ts): the working directory relative to the root
// of the worktree it is in, "/"-separated ("" at the root), or null outside any git repository (then no scoped
// card applies). One realpath: the worktree root is found from the real path, so the two compare.
import path from "node:path";
import type { Resolution } from "./resolve.js";
import { realpath } from "../store/checked-fs.js";

/** scopeAtFor the directory a command names (--repo-root, relative to cwd) or runs in. */
export function scopeAtOf(resolution: Pick<Resolution, "git" | "repo_root">, cwd: string, repoRoot?: string): string | null {
  return scopeAtFor(resolution, path.resolve(cwd, repoRoot ?? "."));
}

export function scopeAtFor(resolution: Pick<Resolution, "git" | "repo_root">, dir: string): string | null {
  if (!resolution.git) return null;
  let real: string;
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
