import path from "node:path";
import { lstatIfExists, readRegularUtf8, realpathOr, type FileStat } from "../store/checked-fs.js";
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
    if (stat?.isDirectory()) return located(dir, dotGit, dotGit);
    if (stat?.isFile()) {
      const gitDir = readGitFile(dotGit, dir);
      if (gitDir) return located(dir, dotGit, gitDir);
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * Where a worktree's git dir says it belongs. Its `.git` (a file's `gitdir:`, a `commondir` file) is the project's
 * own content, so it could name any other repository and take that project's key, store and legacy memory; a
 * link to another repository is believed only when that repository lists this worktree back (git's own
 * `<common>/worktrees/<id>/gitdir`), which a directory cannot plant in a repository it does not contain.
 */
function located(worktreeRoot: string, dotGit: string, gitDir: string): RepoLocation {
  const ownDir = realpathOr(gitDir);
  const common = readCommonDir(gitDir);
  if (common !== undefined) {
    const commonDir = realpathOr(common);
    if (listsWorktree(commonDir, ownDir, dotGit)) return { worktreeRoot, commonDir, canonicalRoot: listedRootOf(commonDir, worktreeRoot) };
    return { worktreeRoot, commonDir: ownDir, canonicalRoot: worktreeRoot };
  }
  // No commondir: the git dir is this worktree's own (`.git`, a submodule's modules/<name>, a separate git dir).
  // One named `.git` inside another directory is that checkout's repository, not this one's.
  const canonicalRoot = path.basename(ownDir) === ".git" && path.dirname(ownDir) !== worktreeRoot ? worktreeRoot : canonicalRootOf(ownDir, worktreeRoot);
  return { worktreeRoot, commonDir: ownDir, canonicalRoot };
}

/**
 * True when the repository's git dir is its main checkout's own `.git` (this checkout's, or the main one a listed
 * worktree belongs to). False for a `.git` file naming a git dir elsewhere that does not list it back (another
 * checkout's `.git`, a bare repository): memctl writes nothing there and reads none of its other worktrees.
 */
export function ownsGitDir(repo: RepoLocation): boolean {
  if (repo.commonDir === realpathOr(joinPath(repo.canonicalRoot, ".git"))) return true;
  // A submodule's git dir (<super>/.git/modules/<name>) names its checkout back in its own config, which a
  // planted .git cannot write: one naming another checkout as its worktree is that checkout's.
  return configuredWorktree(repo.commonDir) === repo.canonicalRoot;
}

/** True when `ownDir` is `<commonDir>/worktrees/<id>` and its `gitdir` file names this worktree's `.git`. */
function listsWorktree(commonDir: string, ownDir: string, dotGit: string): boolean {
  if (path.dirname(ownDir) !== joinPath(commonDir, "worktrees")) return false;
  const back = readOrUndefined(joinPath(ownDir, "gitdir"))?.trim();
  return back !== undefined && back !== "" && realpathOr(path.resolve(ownDir, back)) === realpathOr(dotGit);
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

/** A listed worktree of a submodule belongs to the submodule's checkout, which its git dir's config names. */
function listedRootOf(commonDir: string, worktreeRoot: string): string {
  if (path.basename(commonDir) === ".git") return path.dirname(commonDir);
  return configuredWorktree(commonDir) ?? worktreeRoot;
}

/** `core.worktree` in a git dir's own config (set by git for submodules), realpath'd; relative paths are from the git dir. */
function configuredWorktree(gitDir: string): string | undefined {
  const text = readOrUndefined(joinPath(gitDir, "config"));
  if (text === undefined) return undefined;
  let inCore = false;
  let found: string | undefined;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    const section = line.match(/^\[\s*([A-Za-z0-9.-]+)\s*\]/);
    if (section) inCore = section[1]!.toLowerCase() === "core";
    const entry = inCore ? line.match(/^worktree\s*=\s*(.*)$/i) : null;
    if (entry) found = entry[1]!.replace(/^"(.*)"$/, "$1").trim(); // the last one wins, as in git
  }
  return found ? realpathOr(path.resolve(gitDir, found)) : undefined;
}

function lstatOrUndefined(p: string): FileStat | undefined {
  try {
    return lstatIfExists(p); // no thrown ENOENT per parent directory: the hook walks up on every prompt
  } catch {
    return undefined;
  }
}

/** A `.git` file, `commondir` or `gitdir` holds one path: more than this is not git's. */
const GIT_LINK_MAX_BYTES = 64 * 1024;

/** The text of a small regular file; undefined for anything else (a project's FIFO or link to /dev/zero would hold every prompt). */
function readOrUndefined(p: string): string | undefined {
  if (lstatOrUndefined(p) === undefined) return undefined; // the usual case (no commondir) throws nothing
  try {
    return readRegularUtf8(p, GIT_LINK_MAX_BYTES);
  } catch {
    return undefined;
  }
}
