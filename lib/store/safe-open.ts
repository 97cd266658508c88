import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";

/** A path the resolver (lib/store/safe-path.ts) accepted, inside the store. */
export interface SafePath {
  /** Absolute path under the store's real path. */
  abs: string;
  /** Store-relative, `/`-separated; "" for the store root. */
  rel: string;
  segments: string[];
  kind: "file" | "directory" | "missing" | "other";
  /** The store's real path (symlinks in the store's own location are resolved once, here). */
  base: string;
}

// The file tools' reads and writes, closed against entries swapped between the resolver's check and the use.
// Node has no openat(2), so: every directory from the store root down is opened O_NOFOLLOW|O_DIRECTORY and its
// descriptor checked by identity (dev+ino) against the entry just looked up; the next lookup goes through
// that descriptor (/proc/self/fd/<fd>/<name> on Linux, which is openat), so a directory swapped for a symlink
// afterwards cannot redirect it. Without /proc, lookups go by path and every directory's identity is checked
// again after the work (narrows the window; the descriptor path closes it).

const { O_RDONLY, O_DIRECTORY, O_NOFOLLOW, O_NONBLOCK } = fs.constants;

let descriptorLookups: boolean | undefined;

/** Tests force the by-path fallback (what platforms without /proc/self/fd get); undefined detects again. */
export function useDescriptorLookups(on: boolean | undefined): void {
  descriptorLookups = on;
}

function viaDescriptors(): boolean {
  return (descriptorLookups ??= fs.existsSync("/proc/self/fd"));
}

type Identity = Pick<fs.BigIntStats, "dev" | "ino">;
const same = (a: Identity, b: Identity) => a.dev === b.dev && a.ino === b.ino;

interface OpenedDir {
  fd: number;
  /** The directory's path under the store's real path (what the fallback checks again). */
  abs: string;
  /** The prefix for lookups inside it: the descriptor's /proc path, or `abs`. */
  lookup: string;
  id: Identity;
}

/** A file tool's path with every directory above it held open and checked. Close it in a finally. */
export class OpenedParent {
  readonly dirs: OpenedDir[] = [];
  constructor(
    readonly requested: string,
    /** The last segment: the file or directory the tool acts on. */
    readonly name: string,
  ) {}

  /** The path that names the entry through the checked directory. */
  get entry(): string {
    return `${this.dirs[this.dirs.length - 1]!.lookup}/${this.name}`;
  }

  get dir(): string {
    return this.dirs[this.dirs.length - 1]!.lookup;
  }

  /** By-path fallback only: every directory is still the one that was opened, or a race is refused. */
  verify(): void {
    if (viaDescriptors()) return;
    for (const d of this.dirs) {
      const now = fs.lstatSync(d.abs, { bigint: true, throwIfNoEntry: false });
      if (!now || !now.isDirectory() || !same(now, d.id)) throw changedWhileUsed(this.requested);
    }
  }

  close(): void {
    for (const d of this.dirs.splice(0)) fs.closeSync(d.fd);
  }
}

/**
 * Opens the directories above `target` (making missing ones when `create`; `directory`: the target too, for
 * listing it), each checked by identity.
 */
export function openParent(target: SafePath, requested: string, options: { create?: boolean; directory?: boolean } = {}): OpenedParent {
  const dirSegments = options.directory ? target.segments : target.segments.slice(0, -1);
  const opened = new OpenedParent(requested, options.directory ? "" : (target.segments[target.segments.length - 1] ?? ""));
  try {
    const rootFd = fs.openSync(target.base, O_RDONLY | O_DIRECTORY);
    opened.dirs.push({ fd: rootFd, abs: target.base, lookup: viaDescriptors() ? `/proc/self/fd/${rootFd}` : target.base, id: fs.fstatSync(rootFd, { bigint: true }) });
    for (const segment of dirSegments) {
      const parent = opened.dirs[opened.dirs.length - 1]!;
      const lookup = `${parent.lookup}/${segment}`;
      if (options.create) mkdirIfMissing(lookup);
      const seen = fs.lstatSync(lookup, { bigint: true });
      if (seen.isSymbolicLink()) throw symlinkRefusal(requested);
      if (!seen.isDirectory()) throw new MemctlError(ERROR_CODES.E_IS_DIRECTORY, `Error: ${requested}: ${segment} is a file, not a directory`, { path: requested });
      const fd = fs.openSync(lookup, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
      const id = fs.fstatSync(fd, { bigint: true });
      opened.dirs.push({ fd, abs: path.join(parent.abs, segment), lookup: viaDescriptors() ? `/proc/self/fd/${fd}` : path.join(parent.abs, segment), id });
      if (!same(seen, id)) throw changedWhileUsed(requested);
    }
    opened.verify();
    return opened;
  } catch (err) {
    opened.close();
    throw asRefusal(err, requested);
  }
}

/**
 * Reads the entry as a regular file with one link: opened O_NOFOLLOW (a symlink is refused, never followed),
 * then the descriptor itself is checked, so what is read is what was checked.
 */
export function readEntry(at: OpenedParent): { bytes: Buffer; id: Identity } {
  let fd: number | undefined;
  try {
    fd = fs.openSync(at.entry, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
    const stat = fs.fstatSync(fd, { bigint: true });
    if (stat.isDirectory()) throw new MemctlError(ERROR_CODES.E_IS_DIRECTORY, `Error: ${at.requested} is a directory; this command needs a file`, { path: at.requested });
    if (!stat.isFile()) throw notFoundError(at.requested);
    if (stat.nlink > 1n) throw hardLinkRefusal(at.requested, Number(stat.nlink));
    if (!viaDescriptors()) assertEntry(at, stat);
    const bytes = fs.readFileSync(fd);
    at.verify();
    return { bytes, id: stat };
  } catch (err) {
    throw asRefusal(err, at.requested);
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** A file under a checked directory, read without following a symlink in its last segment. */
export function readNoFollow(file: string): Buffer {
  const fd = fs.openSync(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  try {
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** The entry is still the file that was read (nothing swapped in before the write replaces it). */
export function assertEntry(at: OpenedParent, id: Identity): void {
  const now = fs.lstatSync(at.entry, { bigint: true, throwIfNoEntry: false });
  if (!now || !now.isFile() || !same(now, id)) throw changedWhileUsed(at.requested);
}

/** Runs a write through the checked directory; races and vanished entries answer as refusals, never as bugs. */
export async function guarded<T>(at: OpenedParent, work: () => T | Promise<T>): Promise<T> {
  try {
    const result = await work();
    at.verify();
    return result;
  } catch (err) {
    throw asRefusal(err, at.requested);
  }
}

export function symlinkRefusal(requested: string): MemctlError {
  return new MemctlError(ERROR_CODES.E_PATH_ESCAPE, `Error: ${requested} goes through a symlink; memory paths may not contain symlinks`, { path: requested });
}

export function hardLinkRefusal(requested: string, links: number): MemctlError {
  return new MemctlError(
    ERROR_CODES.E_PATH_ESCAPE,
    `Error: ${requested} has ${links} hard links; memory files may have only one (another name for it may be outside the memory directory). Copy it to a new file and delete this one.`,
    { path: requested },
  );
}

export function notFoundError(requested: string): MemctlError {
  return new MemctlError(ERROR_CODES.E_NOT_FOUND, `The path ${requested} does not exist. Please provide a valid path.`, { path: requested });
}

function changedWhileUsed(requested: string): MemctlError {
  return new MemctlError(
    ERROR_CODES.E_PATH_ESCAPE,
    `Error: ${requested} changed while it was being used (a symlink or another file was swapped in); nothing was read or written through it. Find what else is changing the memory directory, then retry.`,
    { path: requested },
  );
}

function mkdirIfMissing(dir: string): void {
  try {
    fs.mkdirSync(dir);
  } catch (err) {
    if (systemCode(err) !== "EEXIST") throw err;
  }
}

/** System errors met mid-race (a symlink where a file was, an entry gone) as the memory tool's own refusals. */
export function asRefusal(err: unknown, requested: string): unknown {
  if (err instanceof MemctlError) return err;
  switch (systemCode(err)) {
    case "ELOOP":
      return symlinkRefusal(requested);
    case "ENOTDIR":
    case "EXDEV":
      return changedWhileUsed(requested);
    case "ENOENT":
      return notFoundError(requested);
    case "EEXIST":
      return new MemctlError(ERROR_CODES.E_EXISTS, `Error: File ${requested} already exists`, { path: requested });
    case "EISDIR":
      return new MemctlError(ERROR_CODES.E_IS_DIRECTORY, `Error: ${requested} is a directory; this command needs a file`, { path: requested });
    default:
      return err;
  }
}
