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
    // A `.git` directory is this repository's own: a `commondir` inside one (git follows it) is not how git lays
    // out a repository, and would let a planted directory choose another repository's store.
    if (stat?.isDirectory()) return { worktreeRoot: dir, commonDir: realpathOr(dotGit), canonicalRoot: dir };
    if (stat?.isFile()) {
      const gitDir = readGitFile(dotGit, dir);
      if (gitDir) return { worktreeRoot: dir, ...sharedRepo(gitDir, dotGit, dir) };
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * A `.git` file's repository: the main worktree's only for a linked worktree that repository lists, whose entry
 * (`<common>/worktrees/<name>/gitdir`) names this `.git` file back; anything else (a submodule, a separate git
 * dir, a planted `gitdir:` naming another repository or another worktree) is a repository of its own here.
 */
function sharedRepo(gitDir: string, dotGit: string, worktree: string): Pick<RepoLocation, "commonDir" | "canonicalRoot"> {
  const real = realpathOr(gitDir);
  const common = readCommonDir(real);
  if (common !== undefined) {
    const commonDir = realpathOr(common);
    const back = readOrUndefined(joinPath(real, "gitdir"))?.trim();
    const listed = path.dirname(real) === joinPath(commonDir, "worktrees") && back !== undefined && realpathOr(path.resolve(real, back)) === dotGit;
    if (listed) return { commonDir, canonicalRoot: canonicalRootOf(commonDir, worktree) };
  }
  return { commonDir: real, canonicalRoot: worktree };
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
