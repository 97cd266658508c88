// lib/config/git.ts
import path from "node:path";
import { exists, lstatIfExists, readUtf8, realpath } from "../store/checked-fs.js";
import { joinPath } from "../store/paths.js";
function findRepo(start) {
  let dir = realpathOr(path.resolve(start));
  for (; ; ) {
    const dotGit = joinPath(dir, ".git");
    const stat = lstatOrUndefined(dotGit);
    if (stat?.isDirectory()) {
      const commonDir = realpathOr(readCommonDir(dotGit) ?? dotGit);
      return { worktreeRoot: dir, commonDir, canonicalRoot: canonicalRootOf(commonDir, dir) };
    }
    if (stat?.isFile()) {
      const gitDir = readGitFile(dotGit, dir);
      if (gitDir) {
        const commonDir = realpathOr(readCommonDir(gitDir) ?? gitDir);
        return { worktreeRoot: dir, commonDir, canonicalRoot: canonicalRootOf(commonDir, dir) };
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return void 0;
    dir = parent;
  }
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
