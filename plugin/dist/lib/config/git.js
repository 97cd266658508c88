// lib/config/git.ts
import path from "node:path";
import { exists, lstatIfExists, readUtf8, realpath } from "../store/checked-fs.js";
import { joinPath } from "../store/paths.js";
function findRepo(start) {
  let dir = realpathOr(path.resolve(start));
  for (; ; ) {
    const dotGit = joinPath(dir, ".git");
    const stat = lstatOrUndefined(dotGit);
    if (stat?.isDirectory()) return { worktreeRoot: dir, commonDir: realpathOr(dotGit), canonicalRoot: dir };
    if (stat?.isFile()) {
      const gitDir = readGitFile(dotGit, dir);
      if (gitDir) return { worktreeRoot: dir, ...sharedRepo(gitDir, dotGit, dir) };
    }
    const parent = path.dirname(dir);
    if (parent === dir) return void 0;
    dir = parent;
  }
}
function sharedRepo(gitDir, dotGit, worktree) {
  const real = realpathOr(gitDir);
  const common = readCommonDir(real);
  if (common !== void 0) {
    const commonDir = realpathOr(common);
    const back = readOrUndefined(joinPath(real, "gitdir"))?.trim();
    const listed = path.dirname(real) === joinPath(commonDir, "worktrees") && back !== void 0 && realpathOr(path.resolve(real, back)) === dotGit;
    if (listed) return { commonDir, canonicalRoot: canonicalRootOf(commonDir, worktree) };
  }
  return { commonDir: real, canonicalRoot: worktree };
}
function readGitFile(file, worktree) {
  const text = readOrUndefined(file);
  const match = text?.match(/^gitdir:\s*(.+?)\s*$/m);
  return match ? path.resolve(worktree, match[1]) : void 0;
}
function readCommonDir(gitDir) {
  const text = readOrUndefined(joinPath(gitDir, "commondir"))?.trim();
  return text ? path.resolve(gitDir, text) : void 0;
}
function canonicalRootOf(commonDir, worktreeRoot) {
  if (path.basename(commonDir) === ".git") return path.dirname(commonDir);
  return worktreeRoot;
}
function realpathOr(p) {
  try {
    return realpath(p);
  } catch {
    return p;
  }
}
function lstatOrUndefined(p) {
  try {
    return lstatIfExists(p);
  } catch {
    return void 0;
  }
}
function readOrUndefined(p) {
  if (!exists(p)) return void 0;
  try {
    return readUtf8(p);
  } catch {
    return void 0;
  }
}
export {
  findRepo
};
