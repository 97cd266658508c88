import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import { hardLinkRefusal, type SafePath } from "./safe-open.js";

export type { SafePath };
import { STATE_DIR } from "./read.js";
import { windowsPathProblem } from "../core/portable-name.js";

// The ONE resolver every file-tool path goes through. Nothing is cached: every call re-reads the
// filesystem, so a directory swapped for a symlink between two calls is caught on the second.

/** Agents trained on Anthropic's memory tool address the store as `/memories/...`; that root maps here. */
export const VIRTUAL_ROOT = "/memories";

/** Why a requested path is unsafe, or undefined; pure (no filesystem), used before any IO. */
export function lexicalProblem(requested: string): string | undefined {
  if (typeof requested !== "string") return "the path must be a string";
  if (requested.includes("\0")) return "the path contains a NUL byte";
  if (/[\u0001-\u001f\u007f]/.test(requested)) return "the path contains a control character";
  if (requested.includes("\\")) return "the path contains a backslash; use / between segments";
  const rest = stripVirtualRoot(requested);
  if (rest === undefined) return `the path is absolute; use a path relative to the memory directory (or under ${VIRTUAL_ROOT}/)`;
  if (rest.split("/").some((s) => s === "..")) return 'the path contains a ".." segment';
  return undefined;
}

/** The path's segments below the store root, or throws E_PATH_ESCAPE / E_PATH_RESERVED. Pure. */
export function pathSegments(requested: string): string[] {
  const problem = lexicalProblem(requested);
  if (problem) throw new MemctlError(ERROR_CODES.E_PATH_ESCAPE, `Error: ${problem}: ${JSON.stringify(requested)}`, { path: requested });
  const segments = stripVirtualRoot(requested)!
    .split("/")
    .filter((s) => s !== "" && s !== ".");
  if (segments[0] === STATE_DIR) {
    throw new MemctlError(ERROR_CODES.E_PATH_RESERVED, `Error: ${requested} is memctl's own state (${STATE_DIR}/), which no memory tool may read or change`, { path: requested });
  }
  // A synced store is a git work tree: its .git holds the remote URL (often with a token) and config and hooks git
  // runs at the owner's next sync; the files below steer what git does with the tree. Any case: a folding filesystem.
  // .gitignore and .gitattributes count at every depth (git reads them in each folder); the others only at the root,
  // and are refused anywhere all the same: no memory is kept under those names.
  if (segments.some((s) => s.toLowerCase() === ".git" || GIT_CONTROL_FILES.has(s.toLowerCase()))) {
    throw new MemctlError(ERROR_CODES.E_PATH_RESERVED, `Error: ${requested} is git's own (the store's repository), which no memory tool may read or change`, { path: requested });
  }
  return segments;
}

/** Throws E_PATH_NOT_PORTABLE for a new name Windows cannot hold: a synced store must check out there too. Existing files stay readable. */
export function assertPortable(requested: string, rel: string): void {
  const problem = windowsPathProblem(rel);
  if (problem)
    throw new MemctlError(ERROR_CODES.E_PATH_NOT_PORTABLE, `Error: ${problem}; a Windows checkout of a synced store could not hold ${JSON.stringify(requested)}`, {
      path: requested,
    });
}

const GIT_CONTROL_FILES = new Set([".gitattributes", ".gitignore", ".gitmodules", ".lfsconfig"]);

/**
 * Resolves `requested` inside `memoryDir`. Rejects `..`, NUL, absolute paths (other than /memories/…) and any
 * symlink between the store root and the target (the target included); then checks the real path of the
 * deepest existing ancestor is still inside the store's real path.
 */
export function resolveMemoryPath(memoryDir: string, requested: string): SafePath {
  const segments = pathSegments(requested);
  const base = fs.realpathSync(memoryDir);
  let current = base;
  let kind: SafePath["kind"] = "directory";
  for (let i = 0; i < segments.length; i++) {
    const next = path.join(current, segments[i]!);
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(next);
    } catch (err) {
      const code = systemCode(err);
      if (code === "ENOENT") {
        kind = "missing";
        current = path.join(next, ...segments.slice(i + 1));
        break;
      }
      if (code === "ENOTDIR") throw notADirectory(requested, segments.slice(0, i).join("/"));
      throw new MemctlError(ERROR_CODES.E_IO, `Error: cannot inspect ${requested}: ${(err as Error).message}`);
    }
    if (stat.isSymbolicLink()) {
      throw new MemctlError(
        ERROR_CODES.E_PATH_ESCAPE,
        `Error: ${requested} goes through a symlink (${segments.slice(0, i + 1).join("/")}); memory paths may not contain symlinks`,
        { path: requested },
      );
    }
    const last = i === segments.length - 1;
    if (!last && !stat.isDirectory()) throw notADirectory(requested, segments.slice(0, i + 1).join("/"));
    if (stat.isFile() && stat.nlink > 1) {
      // Another name for the same file may be outside the store: refused like a symlink, for reads and writes.
      throw hardLinkRefusal(requested, stat.nlink);
    }
    kind = stat.isDirectory() ? "directory" : stat.isFile() ? "file" : "other";
    current = next;
  }
  try {
    assertInside(base, kind === "missing" ? deepestExisting(current, base) : current, requested);
  } catch (err) {
    if (err instanceof MemctlError) throw err;
    // An entry that vanished or turned into a symlink between the checks: another program is changing it.
    throw new MemctlError(
      ERROR_CODES.E_PATH_ESCAPE,
      `Error: ${requested} changed while it was being checked; nothing was read or written. Find what else is changing the memory directory, then retry.`,
      { path: requested },
    );
  }
  return { abs: current, rel: segments.join("/"), segments, kind, base };
}

function stripVirtualRoot(requested: string): string | undefined {
  if (requested === VIRTUAL_ROOT || requested.startsWith(`${VIRTUAL_ROOT}/`)) return requested.slice(VIRTUAL_ROOT.length);
  if (path.posix.isAbsolute(requested) || path.win32.isAbsolute(requested) || /^[A-Za-z]:/.test(requested)) return undefined;
  return requested;
}

function deepestExisting(p: string, base: string): string {
  let dir = p;
  while (dir !== base && dir.startsWith(base)) {
    if (fs.existsSync(dir)) return dir;
    dir = path.dirname(dir);
  }
  return base;
}

function assertInside(base: string, p: string, requested: string): void {
  const real = fs.realpathSync(p);
  if (real !== base && !real.startsWith(base + path.sep)) {
    throw new MemctlError(ERROR_CODES.E_PATH_ESCAPE, `Error: ${requested} resolves outside the memory directory`, { path: requested });
  }
}

function notADirectory(requested: string, at: string): MemctlError {
  return new MemctlError(ERROR_CODES.E_IS_DIRECTORY, `Error: ${requested}: ${at} is a file, not a directory`, { path: requested });
}
