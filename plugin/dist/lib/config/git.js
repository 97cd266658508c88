// lib/config/git.ts
import path from "node:path";
import { lstatIfExists, readRegularUtf8, realpathOr } from "../store/checked-fs.js";
import { joinPath } from "../store/paths.js";
function findRepo(start) {
  let dir = realpathOr(path.resolve(start));
  for (; ; ) {
    const dotGit = joinPath(dir, ".git");
    const stat = lstatOrUndefined(dotGit);
    if (stat?.isDirectory()) return located(dir, dotGit, dotGit);
    if (stat?.isFile()) {
      const gitDir = readGitFile(dotGit, dir);
      if (gitDir) return located(dir, dotGit, gitDir);
    }
    const parent = path.dirname(dir);
    if (parent === dir) return void 0;
    dir = parent;
  }
}
function located(worktreeRoot, dotGit, gitDir) {
  const ownDir = realpathOr(gitDir);
  const common = readCommonDir(gitDir);
  if (common !== void 0) {
    const commonDir = realpathOr(common);
    if (listsWorktree(commonDir, ownDir, dotGit)) return { worktreeRoot, commonDir, canonicalRoot: listedRootOf(commonDir, worktreeRoot) };
    return { worktreeRoot, commonDir: ownDir, canonicalRoot: worktreeRoot };
  }
  const canonicalRoot = path.basename(ownDir) === ".git" && path.dirname(ownDir) !== worktreeRoot ? worktreeRoot : canonicalRootOf(ownDir, worktreeRoot);
  return { worktreeRoot, commonDir: ownDir, canonicalRoot };
}
function ownsGitDir(repo) {
  if (repo.commonDir === realpathOr(joinPath(repo.canonicalRoot, ".git"))) return true;
  return configuredWorktree(repo.commonDir) === repo.canonicalRoot;
}
function listsWorktree(commonDir, ownDir, dotGit) {
  if (path.dirname(ownDir) !== joinPath(commonDir, "worktrees")) return false;
  const back = readOrUndefined(joinPath(ownDir, "gitdir"))?.trim();
  return back !== void 0 && back !== "" && realpathOr(path.resolve(ownDir, back)) === realpathOr(dotGit);
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
function listedRootOf(commonDir, worktreeRoot) {
  if (path.basename(commonDir) === ".git") return path.dirname(commonDir);
  return configuredWorktree(commonDir) ?? worktreeRoot;
}
function configuredWorktree(gitDir) {
  const text = readOrUndefined(joinPath(gitDir, "config"));
  if (text === void 0) return void 0;
  let inCore = false;
  let found;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    const section = line.match(/^\[\s*([A-Za-z0-9.-]+)\s*\]/);
    if (section) inCore = section[1].toLowerCase() === "core";
    const entry = inCore ? line.match(/^worktree\s*=\s*(.*)$/i) : null;
    if (entry) found = entry[1].replace(/^"(.*)"$/, "$1").trim();
  }
  return found ? realpathOr(path.resolve(gitDir, found)) : void 0;
}
function lstatOrUndefined(p) {
  try {
    return lstatIfExists(p);
  } catch {
    return void 0;
  }
}
var GIT_LINK_MAX_BYTES = 64 * 1024;
function readOrUndefined(p) {
  if (lstatOrUndefined(p) === void 0) return void 0;
  try {
    return readRegularUtf8(p, GIT_LINK_MAX_BYTES);
  } catch {
    return void 0;
  }
}
export {
  findRepo,
  ownsGitDir
};
