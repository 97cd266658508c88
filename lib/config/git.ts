import path from "node:path";
import { exists, lstatIfExists, readUtf8, realpath, type FileStat } from "../store/checked-fs.js";
import { joinPath } from "../store/paths.js";

/** Where a directory sits in git: its worktree root and the repository every worktree shares. */
export interface RepoLocation {
  /** Root of the worktree containing the start directory. */
  worktreeRoot: string;
  /** The shared git directory (`git rev-parse --git-common-dir`), realpath'd. */
  commonDir: string;
  /** The main worktree's root: the same for every linked worktree of one repository. */
  canonicalRoot: string;
}

/**
 * Finds the git repository containing `start` by reading `.git` entries on disk, without spawning git:
 * the per-prompt hook calls this and a process spawn would cost more than the whole ranking.
 */
export function findRepo(start: string): RepoLocation | undefined {
  let dir = realpathOr(path.resolve(start));
  for (;;) {
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
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** A `.git` file holds `gitdir: <path>` (linked worktrees and submodules). */
function readGitFile(file: string, worktree: string): string | undefined {
  const text = readOrUndefined(file);
  const match = text?.match(/^gitdir:\s*(.+?)\s*$/m);
  return match ? path.resolve(worktree, match[1]!) : undefined;
}

/** Linked worktrees' git dirs carry a `commondir` file pointing at the shared repository. */
function readCommonDir(gitDir: string): string | undefined {
  const text = readOrUndefined(joinPath(gitDir, "commondir"))?.trim();
  return text ? path.resolve(gitDir, text) : undefined;
}

/** The main worktree is the parent of a `.git` common dir; a bare or submodule git dir keeps its worktree. */
function canonicalRootOf(commonDir: string, worktreeRoot: string): string {
  if (path.basename(commonDir) === ".git") return path.dirname(commonDir);
  return worktreeRoot;
}

function realpathOr(p: string): string {
  try {
    return realpath(p); // one realpath(3) call, not an lstat per path component
  } catch {
    return p;
  }
}

function lstatOrUndefined(p: string): FileStat | undefined {
  try {
    return lstatIfExists(p); // no thrown ENOENT per parent directory: the hook walks up on every prompt
  } catch {
    return undefined;
  }
}

function readOrUndefined(p: string): string | undefined {
  if (!exists(p)) return undefined;
  try {
    return readUtf8(p);
  } catch {
    return undefined;
  }
}
