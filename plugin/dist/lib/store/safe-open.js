// lib/store/safe-open.ts
import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
var { O_RDONLY, O_DIRECTORY, O_NOFOLLOW, O_NONBLOCK } = fs.constants;
var descriptorLookups;
function useDescriptorLookups(on) {
  descriptorLookups = on;
}
function viaDescriptors() {
  return descriptorLookups ??= fs.existsSync("/proc/self/fd");
}
var same = (a, b) => a.dev === b.dev && a.ino === b.ino;
var OpenedParent = class {
  constructor(requested, name) {
    this.requested = requested;
    this.name = name;
    this.dirs = [];
  }
  /** The path that names the entry through the checked directory. */
  get entry() {
    return `${this.dirs[this.dirs.length - 1].lookup}/${this.name}`;
  }
  get dir() {
    return this.dirs[this.dirs.length - 1].lookup;
  }
  /** By-path fallback only: every directory is still the one that was opened, or a race is refused. */
  verify() {
    if (viaDescriptors()) return;
    for (const d of this.dirs) {
      const now = fs.lstatSync(d.abs, { bigint: true, throwIfNoEntry: false });
      if (!now || !now.isDirectory() || !same(now, d.id)) throw changedWhileUsed(this.requested);
    }
  }
  close() {
    for (const d of this.dirs.splice(0)) fs.closeSync(d.fd);
  }
};
function openParent(target, requested, options = {}) {
  const dirSegments = options.directory ? target.segments : target.segments.slice(0, -1);
  const opened = new OpenedParent(requested, options.directory ? "" : target.segments[target.segments.length - 1] ?? "");
  try {
    const rootFd = fs.openSync(target.base, O_RDONLY | O_DIRECTORY);
    opened.dirs.push({ fd: rootFd, abs: target.base, lookup: viaDescriptors() ? `/proc/self/fd/${rootFd}` : target.base, id: fs.fstatSync(rootFd, { bigint: true }) });
    for (const segment of dirSegments) {
      const parent = opened.dirs[opened.dirs.length - 1];
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
function readEntry(at) {
  let fd;
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
    if (fd !== void 0) fs.closeSync(fd);
  }
}
function readNoFollow(file) {
  const fd = fs.openSync(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  try {
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
function assertEntry(at, id) {
  const now = fs.lstatSync(at.entry, { bigint: true, throwIfNoEntry: false });
  if (!now || !now.isFile() || !same(now, id)) throw changedWhileUsed(at.requested);
}
async function guarded(at, work) {
  try {
    const result = await work();
    at.verify();
    return result;
  } catch (err) {
    throw asRefusal(err, at.requested);
  }
}
function symlinkRefusal(requested) {
  return new MemctlError(ERROR_CODES.E_PATH_ESCAPE, `Error: ${requested} goes through a symlink; memory paths may not contain symlinks`, { path: requested });
}
function hardLinkRefusal(requested, links) {
  return new MemctlError(
    ERROR_CODES.E_PATH_ESCAPE,
    `Error: ${requested} has ${links} hard links; memory files may have only one (another name for it may be outside the memory directory). Copy it to a new file and delete this one.`,
    { path: requested }
  );
}
function notFoundError(requested) {
  return new MemctlError(ERROR_CODES.E_NOT_FOUND, `The path ${requested} does not exist. Please provide a valid path.`, { path: requested });
}
function changedWhileUsed(requested) {
  return new MemctlError(
    ERROR_CODES.E_PATH_ESCAPE,
    `Error: ${requested} changed while it was being used (a symlink or another file was swapped in); nothing was read or written through it. Find what else is changing the memory directory, then retry.`,
    { path: requested }
  );
}
function mkdirIfMissing(dir) {
  try {
    fs.mkdirSync(dir);
  } catch (err) {
    if (systemCode(err) !== "EEXIST") throw err;
  }
}
function asRefusal(err, requested) {
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
export {
  OpenedParent,
  asRefusal,
  assertEntry,
  guarded,
  hardLinkRefusal,
  notFoundError,
  openParent,
  readEntry,
  readNoFollow,
  symlinkRefusal,
  useDescriptorLookups
};
