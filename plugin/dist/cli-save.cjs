"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __commonJS = (cb, mod) => function __require() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// builtin:node:fs
var m, node_fs_default;
var init_node_fs = __esm({
  "builtin:node:fs"() {
    m = process.getBuiltinModule("node:fs");
    node_fs_default = m;
  }
});

// builtin:node:path
var m2, node_path_default, isAbsolute, join, sep;
var init_node_path = __esm({
  "builtin:node:path"() {
    m2 = process.getBuiltinModule("node:path");
    node_path_default = m2;
    isAbsolute = m2.isAbsolute;
    join = m2.join;
    sep = m2.sep;
  }
});

// lib/core/bytes.ts
function bufferView(bytes) {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
function utf8Text(bytes, start = 0, end) {
  return bufferView(bytes).toString("utf8", start, end);
}
function encodeUtf8(text) {
  encoder ??= new TextEncoder();
  return encoder.encode(text);
}
var encoder;
var init_bytes = __esm({
  "lib/core/bytes.ts"() {
    "use strict";
  }
});

// lib/store/checked-fs.ts
function statIfExists(path) {
  return node_fs_default.statSync(path, { throwIfNoEntry: false });
}
function isDirectory(path) {
  try {
    return statIfExists(path)?.isDirectory() ?? false;
  } catch {
    return false;
  }
}
function stat(path) {
  return node_fs_default.statSync(path);
}
function lstatIfExists(path) {
  return node_fs_default.lstatSync(path, { throwIfNoEntry: false });
}
function fstat(fd) {
  return node_fs_default.fstatSync(fd);
}
function readAt(fd, buffer, offset, length, position) {
  return node_fs_default.readSync(fd, buffer, offset, length, position === -1 ? null : position);
}
function readFullyAt(fd, position, length, buf = Buffer.allocUnsafe(length)) {
  for (let got = 0; got < length; ) {
    const n = readAt(fd, buf, got, length - got, position + got);
    if (n === 0) throw new Error(`the file ended ${length - got} bytes early at ${position + got}`);
    got += n;
  }
  return buf;
}
function openForAppend(path, extraFlags = 0, readable = false) {
  const c = node_fs_default.constants;
  return node_fs_default.openSync(path, c.O_APPEND | c.O_CREAT | (readable ? c.O_RDWR : c.O_WRONLY) | (c.O_NONBLOCK ?? 0) | extraFlags, 438);
}
function writeBytes(fd, buffer, offset, length) {
  return node_fs_default.writeSync(fd, buffer, offset, length);
}
function writeAll(fd, data) {
  let written = 0;
  while (written < data.length) written += writeBytes(fd, data, written, data.length - written);
}
function readdirNames(path) {
  return node_fs_default.readdirSync(path);
}
function close(fd) {
  node_fs_default.closeSync(fd);
}
function exists(path) {
  return node_fs_default.existsSync(path);
}
function readUtf8(path) {
  return node_fs_default.readFileSync(path, "utf8");
}
function realpath(path) {
  return node_fs_default.realpathSync.native(path);
}
function realpathOr(path) {
  try {
    return node_fs_default.realpathSync.native(path);
  } catch {
    return node_path_default.resolve(path);
  }
}
function access(path, mode) {
  node_fs_default.accessSync(path, mode);
}
function refusedRead(err) {
  const code = err?.code;
  return code === "ELOOP" || code === NOT_REGULAR || code === TOO_LARGE;
}
function fileKind(mode) {
  const t = mode & S_IFMT;
  return t === S_IFIFO ? "a FIFO" : t === S_IFCHR ? "a character device" : t === S_IFBLK ? "a block device" : t === S_IFSOCK ? "a socket" : t === S_IFDIR ? "a directory" : t === S_IFREG ? "a regular file" : "not a regular file";
}
function notRegularError(path, mode) {
  return Object.assign(new Error(`${path} is not a regular file (it is ${fileKind(mode)})`), { code: NOT_REGULAR, path, mode });
}
function tooLargeError(path, size, cap) {
  return Object.assign(new Error(`${path} is ${size} bytes, over the ${cap}-byte read limit`), { code: TOO_LARGE, path });
}
function openRegular(path, options = {}) {
  const c = node_fs_default.constants;
  const flags = c.O_RDONLY | (c.O_NONBLOCK ?? 0) | (c.O_NOCTTY ?? 0) | (options.nofollow ? c.O_NOFOLLOW ?? 0 : 0);
  const fd = node_fs_default.openSync(path, flags);
  let st;
  try {
    st = fstat(fd);
  } catch (err) {
    close(fd);
    throw err;
  }
  if ((st.mode & S_IFMT) !== S_IFREG) {
    close(fd);
    throw notRegularError(path, st.mode);
  }
  return { fd, stat: st };
}
function readRegular(path, cap = DEFAULT_READ_CAP, options = {}) {
  const { fd, stat: st } = openRegular(path, options);
  try {
    if (st.size > cap) throw tooLargeError(path, st.size, cap);
    const buf = new Uint8Array(st.size);
    let length = 0;
    while (length < st.size) {
      const n = readAt(fd, buf, length, st.size - length, -1);
      if (n === 0) break;
      length += n;
    }
    return { bytes: length === st.size ? buf : buf.subarray(0, length), stat: st };
  } finally {
    close(fd);
  }
}
function fileStamp(st) {
  return st ? `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}` : "";
}
function readRegularMemo(path, cap = DEFAULT_READ_CAP, options = {}) {
  const now = node_fs_default.statSync(path, { bigint: true, throwIfNoEntry: false });
  const stamp = fileStamp(now);
  const seen = readByFile.get(path);
  if (seen && now?.isFile() && seen.stamp === stamp) return seen.bytes;
  const { bytes } = readRegular(path, cap, options);
  const buffer = bufferView(bytes);
  readByFile.delete(path);
  if (now?.isFile()) readByFile.set(path, { stamp, bytes: buffer });
  if (readByFile.size > READ_MEMO_FILES) readByFile.delete(readByFile.keys().next().value);
  return buffer;
}
function forgetReads() {
  readByFile.clear();
}
function readRegularTail(path, cap, options = {}) {
  const { fd, stat: st } = openRegular(path, options);
  try {
    const length = Math.min(st.size, cap);
    return { bytes: readFullyAt(fd, st.size - length, length), cut: length < st.size };
  } finally {
    close(fd);
  }
}
function readRegularBytes(path, cap = DEFAULT_READ_CAP, options = {}) {
  return readRegular(path, cap, options).bytes;
}
function readRegularUtf8(path, cap = DEFAULT_READ_CAP, options = {}) {
  return utf8Text(readRegularBytes(path, cap, options));
}
var S_IFMT, S_IFREG, S_IFDIR, S_IFIFO, S_IFCHR, S_IFBLK, S_IFSOCK, R_OK, NOT_REGULAR, TOO_LARGE, DEFAULT_READ_CAP, readByFile, READ_MEMO_FILES;
var init_checked_fs = __esm({
  "lib/store/checked-fs.ts"() {
    "use strict";
    init_node_fs();
    init_node_path();
    init_bytes();
    S_IFMT = 61440;
    S_IFREG = 32768;
    S_IFDIR = 16384;
    S_IFIFO = 4096;
    S_IFCHR = 8192;
    S_IFBLK = 24576;
    S_IFSOCK = 49152;
    R_OK = node_fs_default.constants.R_OK;
    NOT_REGULAR = "E_NOT_REGULAR";
    TOO_LARGE = "E_TOO_LARGE";
    DEFAULT_READ_CAP = 64 * 1024 * 1024;
    readByFile = /* @__PURE__ */ new Map();
    READ_MEMO_FILES = 4;
  }
});

// lib/store/monotonic.ts
function monotonicMs() {
  return Number(process.hrtime.bigint()) / 1e6;
}
var init_monotonic = __esm({
  "lib/store/monotonic.ts"() {
    "use strict";
  }
});

// lib/core/errors.ts
function usageError(message, data) {
  return new MemctlError(ERROR_CODES.E_USAGE, message, data);
}
function internalErrorText(detail) {
  return `memctl: internal error: ${detail}
This is a bug in memctl; please report it with the command you ran.
`;
}
function systemCode(err) {
  return typeof err === "object" && err !== null && "code" in err ? String(err.code) : void 0;
}
function environmentFault(err) {
  if (err instanceof MemctlError) return void 0;
  const code = systemCode(err);
  const e = err;
  const where = typeof e?.path === "string" ? ` on ${e.path}` : "";
  const call = `${code}${typeof e?.syscall === "string" ? `, ${e.syscall}` : ""}${where}`;
  const data = { errno: code, ...typeof e?.path === "string" ? { path: e.path } : {} };
  switch (code) {
    case "ENOSPC":
    case "EDQUOT":
      return new MemctlError(
        ERROR_CODES.E_DISK_FULL,
        `the disk is full (${call}${code === "EDQUOT" ? ": the disk quota is used up" : ""}); the command did not complete and left no partial file. Free some space and retry.`,
        data
      );
    case "EROFS":
      return new MemctlError(
        ERROR_CODES.E_NOT_WRITABLE,
        `the file system is read-only (${call}); the command did not complete. Remount it read-write, or point memctl at a writable store, and retry.`,
        data
      );
    case "EACCES":
    case "EPERM":
      return new MemctlError(
        ERROR_CODES.E_PERMISSION,
        `permission denied (${call}); the command did not complete. Fix the permissions (or run as the store's owner) and retry.`,
        data
      );
    // lib/store/checked-fs.ts: a FIFO, device or directory where a file belongs, or a file past its read cap.
    case "E_NOT_REGULAR":
    case "E_TOO_LARGE":
      return new MemctlError(
        ERROR_CODES.E_IO,
        `${err.message}; memctl reads only regular files of a bounded size in the store, so the command did not complete. Replace it with the file it should be (or remove it) and retry; "memctl doctor" lists such files.`,
        data
      );
    case "ELOOP":
      return new MemctlError(
        ERROR_CODES.E_PATH_ESCAPE,
        `a symlink where memctl does not follow one (${call}); the command did not complete. Replace the link with the file it points to and retry.`,
        data
      );
    default:
      return void 0;
  }
}
var ERROR_CODES, MemctlError, ExitError;
var init_errors = __esm({
  "lib/core/errors.ts"() {
    "use strict";
    ERROR_CODES = {
      /** Bad command line: unknown command or flag, missing or malformed value. */
      E_USAGE: "E_USAGE",
      /** An explicit memory selection (env or project config) is missing, not a directory, or unreadable. */
      E_INVALID_EXPLICIT: "E_INVALID_EXPLICIT",
      /** No memory store could be resolved for this project. */
      E_UNAVAILABLE: "E_UNAVAILABLE",
      /** The directory is not inside a git repository and --allow-non-git was not given. */
      E_NOT_GIT: "E_NOT_GIT",
      /** The user config file exists but does not parse; it is never overwritten. */
      E_CONFIG_PARSE: "E_CONFIG_PARSE",
      /** A value in the user config has the wrong type or shape. */
      E_CONFIG_INVALID: "E_CONFIG_INVALID",
      /** `init` found a store already there. */
      E_STORE_EXISTS: "E_STORE_EXISTS",
      /** A card's frontmatter does not parse. */
      E_CARD_FRONTMATTER: "E_CARD_FRONTMATTER",
      /** A path would leave the memory directory (.., absolute, NUL, symlink). */
      E_PATH_ESCAPE: "E_PATH_ESCAPE",
      /** A session-end payload names a transcript of the host's that is not that session's own project's (capture reads nothing). */
      E_TRANSCRIPT_NOT_SESSION: "E_TRANSCRIPT_NOT_SESSION",
      /** The store lock could not be taken in time. */
      E_LOCK_TIMEOUT: "E_LOCK_TIMEOUT",
      /** A filesystem operation failed (permission, missing parent, …). */
      E_IO: "E_IO",
      /** `install` would overwrite a file that memctl did not write (a user's own command, skill or plugin). */
      E_INSTALL_CONFLICT: "E_INSTALL_CONFLICT",
      /** An agent (a caller with a task id, or actor agent:*) tried to write; agents read and propose only. */
      E_READ_ONLY: "E_READ_ONLY",
      /** A path names memctl's own state (.memctl/), which no file tool may touch. */
      E_PATH_RESERVED: "E_PATH_RESERVED",
      /** A name Windows cannot hold (CON, aux.md, a:b, a trailing dot or space): refused so a synced store checks out anywhere. */
      E_PATH_NOT_PORTABLE: "E_PATH_NOT_PORTABLE",
      /** A write would exceed a guardrail (depth, segment length, file size, total bytes, file count). */
      E_GUARDRAIL: "E_GUARDRAIL",
      /** The named file, directory or card does not exist. */
      E_NOT_FOUND: "E_NOT_FOUND",
      /** The target already exists (create, rename never overwrite). */
      E_EXISTS: "E_EXISTS",
      /** str_replace: old_str does not occur in the file. */
      E_NO_MATCH: "E_NO_MATCH",
      /** str_replace: old_str occurs more than once. */
      E_MULTIPLE_MATCHES: "E_MULTIPLE_MATCHES",
      /** insert / view: a line number outside the file. */
      E_INVALID_LINE: "E_INVALID_LINE",
      /** A file operation met a directory where it needs a file, or the reverse. */
      E_IS_DIRECTORY: "E_IS_DIRECTORY",
      /** A card's recall keys are not a list of short one-line strings (too many, too long, not strings). */
      E_RECALL_KEYS: "E_RECALL_KEYS",
      /** A card's scope is not a list of repository-relative paths or globs (absolute, "..", too many). */
      E_SCOPE: "E_SCOPE",
      /** `memctl keys`: no model command is configured ([recall] or [compact] llm_command). */
      E_NO_MODEL: "E_NO_MODEL",
      /** An authored description is over 200 characters. */
      E_DESCRIPTION_TOO_LONG: "E_DESCRIPTION_TOO_LONG",
      /** A file named like a card (`<type>_<name>.md` at the store root) lacks frontmatter or required fields. */
      E_CARD_RULES: "E_CARD_RULES",
      /** The memory directory (or episodes file) cannot be written. */
      E_NOT_WRITABLE: "E_NOT_WRITABLE",
      /** A proposal names no source; a claim that cannot name its source is not staged. */
      E_NO_SOURCE: "E_NO_SOURCE",
      /** The card changed (or appeared, or went) since the proposal was made; accept --force overrides. */
      E_STALE_BASE: "E_STALE_BASE",
      /** The web view's Accept: the proposal's file changed (a sync, a consolidate) since the page showed it. */
      E_PROPOSAL_CHANGED: "E_PROPOSAL_CHANGED",
      /** A job's lease is held by another live holder. */
      E_JOB_LEASED: "E_JOB_LEASED",
      /** A candidate compact would not shrink the injected body (seed 000 rule 5); nothing was written. */
      E_COMPACT_GROWS: "E_COMPACT_GROWS",
      /** `memctl compact --llm` could not get a summary from the configured command. */
      E_COMPACT_LLM: "E_COMPACT_LLM",
      /** The disk (or the user's quota) is full: ENOSPC, EDQUOT. An environment fault, not a bug. */
      E_DISK_FULL: "E_DISK_FULL",
      /** The operating system denied access to a file (EACCES, EPERM). An environment fault, not a bug. */
      E_PERMISSION: "E_PERMISSION",
      /** An authored write holds what looks like a secret (a token, key, password URL); nothing was written. */
      E_SECRET: "E_SECRET",
      /** accept: a live card under another name says nearly the same or the opposite; --supersede or --keep-both decides. */
      E_SIMILAR_CARD: "E_SIMILAR_CARD",
      /** `memctl sync`: the store is not the top of a git work tree, or git is missing. */
      E_SYNC_NOT_REPO: "E_SYNC_NOT_REPO",
      /** `memctl sync`: the remote could not be reached (offline, DNS, auth); nothing was changed. */
      E_SYNC_OFFLINE: "E_SYNC_OFFLINE",
      /** `memctl sync`: a git step failed or ran past its time limit. */
      E_SYNC_GIT: "E_SYNC_GIT",
      /** `memctl sync`: the remote has branches but not this store's, and not exactly one to take instead; nothing was pushed. */
      E_SYNC_BRANCH: "E_SYNC_BRANCH",
      /** `memctl sync`: another sync of this store is running. */
      E_SYNC_BUSY: "E_SYNC_BUSY",
      /** A file a sync quarantined (a secret, a link, over a limit): not shown or injected; memctl review says why. */
      E_QUARANTINED: "E_QUARANTINED",
      /** A file a sync from a shared remote holds for the owner's review: an agent neither gets it injected nor reads it. */
      E_HELD: "E_HELD",
      /** A log (history.jsonl, an episodes file, the proposals log) is past the size memctl reads or merges whole (64 MiB). */
      E_LOG_TOO_LARGE: "E_LOG_TOO_LARGE",
      /** The per-machine hold list (.memctl/arrivals.json) cannot be read: what it held stays held; doctor says how to repair. */
      E_HOLD_DAMAGED: "E_HOLD_DAMAGED",
      /** The per-user session secret (`session-key` in memctl's state home) is not 64 hex digits: no session state until it is deleted. */
      E_SESSION_SECRET: "E_SESSION_SECRET"
    };
    MemctlError = class extends Error {
      constructor(code, message, data) {
        super(message);
        this.code = code;
        this.data = data;
        this.name = "MemctlError";
      }
    };
    ExitError = class extends Error {
      constructor(exitCode) {
        super(`exit ${exitCode}`);
        this.exitCode = exitCode;
        this.name = "ExitError";
      }
    };
  }
});

// lib/core/closest.ts
function closest(word, candidates) {
  let best;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = editDistance(word, c);
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : void 0;
}
function editDistance(a, b) {
  let before = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      row.push(d);
    }
    [before, prev] = [prev, row];
  }
  return prev[b.length];
}
var init_closest = __esm({
  "lib/core/closest.ts"() {
    "use strict";
  }
});

// node_modules/picocolors/picocolors.js
var require_picocolors = __commonJS({
  "node_modules/picocolors/picocolors.js"(exports2, module2) {
    var p = process || {};
    var argv = p.argv || [];
    var env = p.env || {};
    var isColorSupported = !(!!env.NO_COLOR || argv.includes("--no-color")) && (!!env.FORCE_COLOR || argv.includes("--color") || p.platform === "win32" || (p.stdout || {}).isTTY && env.TERM !== "dumb" || !!env.CI);
    var formatter = (open, close2, replace = open) => (input) => {
      let string = "" + input, index = string.indexOf(close2, open.length);
      return ~index ? open + replaceClose(string, close2, replace, index) + close2 : open + string + close2;
    };
    var replaceClose = (string, close2, replace, index) => {
      let result = "", cursor = 0;
      do {
        result += string.substring(cursor, index) + replace;
        cursor = index + close2.length;
        index = string.indexOf(close2, cursor);
      } while (~index);
      return result + string.substring(cursor);
    };
    var createColors = (enabled = isColorSupported) => {
      let f = enabled ? formatter : () => String;
      return {
        isColorSupported: enabled,
        reset: f("\x1B[0m", "\x1B[0m"),
        bold: f("\x1B[1m", "\x1B[22m", "\x1B[22m\x1B[1m"),
        dim: f("\x1B[2m", "\x1B[22m", "\x1B[22m\x1B[2m"),
        italic: f("\x1B[3m", "\x1B[23m"),
        underline: f("\x1B[4m", "\x1B[24m"),
        inverse: f("\x1B[7m", "\x1B[27m"),
        hidden: f("\x1B[8m", "\x1B[28m"),
        strikethrough: f("\x1B[9m", "\x1B[29m"),
        black: f("\x1B[30m", "\x1B[39m"),
        red: f("\x1B[31m", "\x1B[39m"),
        green: f("\x1B[32m", "\x1B[39m"),
        yellow: f("\x1B[33m", "\x1B[39m"),
        blue: f("\x1B[34m", "\x1B[39m"),
        magenta: f("\x1B[35m", "\x1B[39m"),
        cyan: f("\x1B[36m", "\x1B[39m"),
        white: f("\x1B[37m", "\x1B[39m"),
        gray: f("\x1B[90m", "\x1B[39m"),
        bgBlack: f("\x1B[40m", "\x1B[49m"),
        bgRed: f("\x1B[41m", "\x1B[49m"),
        bgGreen: f("\x1B[42m", "\x1B[49m"),
        bgYellow: f("\x1B[43m", "\x1B[49m"),
        bgBlue: f("\x1B[44m", "\x1B[49m"),
        bgMagenta: f("\x1B[45m", "\x1B[49m"),
        bgCyan: f("\x1B[46m", "\x1B[49m"),
        bgWhite: f("\x1B[47m", "\x1B[49m"),
        blackBright: f("\x1B[90m", "\x1B[39m"),
        redBright: f("\x1B[91m", "\x1B[39m"),
        greenBright: f("\x1B[92m", "\x1B[39m"),
        yellowBright: f("\x1B[93m", "\x1B[39m"),
        blueBright: f("\x1B[94m", "\x1B[39m"),
        magentaBright: f("\x1B[95m", "\x1B[39m"),
        cyanBright: f("\x1B[96m", "\x1B[39m"),
        whiteBright: f("\x1B[97m", "\x1B[39m"),
        bgBlackBright: f("\x1B[100m", "\x1B[49m"),
        bgRedBright: f("\x1B[101m", "\x1B[49m"),
        bgGreenBright: f("\x1B[102m", "\x1B[49m"),
        bgYellowBright: f("\x1B[103m", "\x1B[49m"),
        bgBlueBright: f("\x1B[104m", "\x1B[49m"),
        bgMagentaBright: f("\x1B[105m", "\x1B[49m"),
        bgCyanBright: f("\x1B[106m", "\x1B[49m"),
        bgWhiteBright: f("\x1B[107m", "\x1B[49m")
      };
    };
    module2.exports = createColors();
    module2.exports.createColors = createColors;
  }
});

// lib/core/sanitize.ts
function inertText(text) {
  if (!needsInerting(text)) return text;
  return text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`).replace(INVISIBLE_LAYOUT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).replace(TAG_CHARACTERS, (c) => `\\u{${c.codePointAt(0).toString(16)}}`);
}
function safeJson(value, indent = 2) {
  return escapeJsonUnsafe(JSON.stringify(value, null, indent));
}
function escapeJsonUnsafe(json) {
  return json.replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
function needsInerting(text) {
  return !PRINTABLE_ASCII.test(text) && NEEDS_INERTING.test(text);
}
var CONTROL, PRINTABLE_ASCII, ASCII_TEXT, INVISIBLE_LAYOUT, TAG_CHARACTER, TAG_CHARACTERS, JSON_UNSAFE, NEEDS_INERTING;
var init_sanitize = __esm({
  "lib/core/sanitize.ts"() {
    "use strict";
    CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
    PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
    ASCII_TEXT = /^[\x00-\x7f]*$/;
    INVISIBLE_LAYOUT = /[\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
    TAG_CHARACTER = /\uDB40[\uDC00-\uDC7F]/;
    TAG_CHARACTERS = new RegExp(TAG_CHARACTER.source, "g");
    JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
    NEEDS_INERTING = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\uDB40]/;
  }
});

// lib/core/shell-quote.ts
function shellQuote(word) {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
function shellWord(word) {
  return /^[A-Za-z0-9_./@:+-]+$/.test(word) ? word : shellQuote(word);
}
function pastedWord(word) {
  return shellWord(inertText(word));
}
var init_shell_quote = __esm({
  "lib/core/shell-quote.ts"() {
    "use strict";
    init_sanitize();
  }
});

// node_modules/js-yaml/dist/js-yaml.mjs
function defineScalarTag(tagName, options) {
  return {
    tagName,
    nodeKind: "scalar",
    implicit: options.implicit ?? false,
    matchByTagPrefix: options.matchByTagPrefix ?? false,
    implicitFirstChars: options.implicitFirstChars ?? null,
    resolve: options.resolve,
    identify: options.identify,
    represent: options.represent ?? ((data) => String(data)),
    representTagName: options.representTagName ?? (() => tagName)
  };
}
function defineSequenceTag(tagName, options) {
  const carrierIsResult = options.finalize === void 0;
  return {
    tagName,
    nodeKind: "sequence",
    implicit: false,
    matchByTagPrefix: options.matchByTagPrefix ?? false,
    create: options.create,
    addItem: options.addItem,
    finalize: options.finalize ?? ((carrier) => carrier),
    carrierIsResult,
    identify: options.identify,
    represent: options.represent ?? ((data) => data),
    representTagName: options.representTagName ?? (() => tagName)
  };
}
function defineMappingTag(tagName, options) {
  const carrierIsResult = options.finalize === void 0;
  return {
    tagName,
    nodeKind: "mapping",
    implicit: false,
    matchByTagPrefix: options.matchByTagPrefix ?? false,
    create: options.create,
    addPair: options.addPair,
    has: options.has,
    keys: options.keys,
    get: options.get,
    finalize: options.finalize ?? ((carrier) => carrier),
    carrierIsResult,
    identify: options.identify,
    represent: options.represent ?? ((data) => data),
    representTagName: options.representTagName ?? (() => tagName)
  };
}
function parseYamlInteger$2(source) {
  let value = source;
  let sign = 1;
  if (value[0] === "-" || value[0] === "+") {
    if (value[0] === "-") sign = -1;
    value = value.slice(1);
  }
  if (value.startsWith("0b")) return sign * parseInt(value.slice(2), 2);
  if (value.startsWith("0o")) return sign * parseInt(value.slice(2), 8);
  if (value.startsWith("0x")) return sign * parseInt(value.slice(2), 16);
  return sign * parseInt(value, 10);
}
function resolveYamlInteger$2(source, isExplicit) {
  if (isExplicit) {
    if (!YAML_INTEGER_EXPLICIT_PATTERN$1.test(source)) return NOT_RESOLVED;
  } else if (!YAML_INTEGER_IMPLICIT_PATTERN$1.test(source)) return NOT_RESOLVED;
  const result = parseYamlInteger$2(source);
  return Number.isFinite(result) ? result : NOT_RESOLVED;
}
function parseYamlInteger$1(source) {
  let value = source;
  let sign = 1;
  if (value[0] === "-" || value[0] === "+") {
    if (value[0] === "-") sign = -1;
    value = value.slice(1);
  }
  if (value.startsWith("0b")) return sign * parseInt(value.slice(2), 2);
  if (value.startsWith("0o")) return sign * parseInt(value.slice(2), 8);
  if (value.startsWith("0x")) return sign * parseInt(value.slice(2), 16);
  return sign * parseInt(value, 10);
}
function resolveYamlInteger$1(source, isExplicit) {
  if (isExplicit) {
    if (!YAML_INTEGER_EXPLICIT_PATTERN.test(source)) return NOT_RESOLVED;
  } else if (!YAML_INTEGER_IMPLICIT_PATTERN.test(source)) return NOT_RESOLVED;
  const result = parseYamlInteger$1(source);
  return Number.isFinite(result) ? result : NOT_RESOLVED;
}
function parseYamlInteger(source) {
  let value = source.replace(/_/g, "");
  let sign = 1;
  if (value[0] === "-" || value[0] === "+") {
    if (value[0] === "-") sign = -1;
    value = value.slice(1);
  }
  if (value.startsWith("0b")) return sign * parseInt(value.slice(2), 2);
  if (value.startsWith("0x")) return sign * parseInt(value.slice(2), 16);
  if (value.includes(":")) {
    let result = 0;
    for (const part of value.split(":")) result = result * 60 + Number(part);
    return sign * result;
  }
  if (value !== "0" && value[0] === "0") return sign * parseInt(value, 8);
  return sign * parseInt(value, 10);
}
function resolveYamlInteger(source) {
  if (!YAML_INTEGER_PATTERN.test(source)) return NOT_RESOLVED;
  const result = parseYamlInteger(source);
  return Number.isFinite(result) ? result : NOT_RESOLVED;
}
function resolveYamlFloat$2(source) {
  if (!YAML_FLOAT_PATTERN$1.test(source)) return NOT_RESOLVED;
  let value = source.toLowerCase();
  const sign = value[0] === "-" ? -1 : 1;
  if ("+-".includes(value[0])) value = value.slice(1);
  if (value === ".inf") return sign === 1 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  if (value === ".nan") return NaN;
  const result = sign * parseFloat(value);
  if (Number.isFinite(result) || YAML_FLOAT_SPECIAL_PATTERN$1.test(source)) return result;
  return NOT_RESOLVED;
}
function representYamlFloat$2(object) {
  if (isNaN(object)) return ".nan";
  if (object === Number.POSITIVE_INFINITY) return ".inf";
  if (object === Number.NEGATIVE_INFINITY) return "-.inf";
  if (Object.is(object, -0)) return "-0.0";
  const result = object.toString(10);
  return /^[-+]?[0-9]+e/.test(result) ? result.replace("e", ".e") : result;
}
function resolveYamlFloat$1(source, isExplicit) {
  if (isExplicit) {
    if (!YAML_FLOAT_EXPLICIT_PATTERN.test(source)) return NOT_RESOLVED;
    let value = source.toLowerCase();
    const sign = value[0] === "-" ? -1 : 1;
    if ("+-".includes(value[0])) value = value.slice(1);
    if (value === ".inf") return sign === 1 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
    if (value === ".nan") return NaN;
    const result2 = sign * parseFloat(value);
    return Number.isFinite(result2) ? result2 : NOT_RESOLVED;
  }
  if (!YAML_FLOAT_IMPLICIT_PATTERN.test(source)) return NOT_RESOLVED;
  const result = Number(source);
  if (Number.isFinite(result)) return result;
  return NOT_RESOLVED;
}
function representYamlFloat$1(object) {
  if (isNaN(object)) return ".nan";
  if (object === Number.POSITIVE_INFINITY) return ".inf";
  if (object === Number.NEGATIVE_INFINITY) return "-.inf";
  if (Object.is(object, -0)) return "-0.0";
  const result = object.toString(10);
  return /^[-+]?[0-9]+e/.test(result) ? result.replace("e", ".e") : result;
}
function resolveYamlFloat(source) {
  if (!YAML_FLOAT_PATTERN.test(source)) return NOT_RESOLVED;
  let value = source.toLowerCase().replace(/_/g, "");
  const sign = value[0] === "-" ? -1 : 1;
  if ("+-".includes(value[0])) value = value.slice(1);
  if (value === ".inf") return sign === 1 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  if (value === ".nan") return NaN;
  let result = 0;
  if (value.includes(":")) {
    for (const part of value.split(":")) result = result * 60 + Number(part);
    result *= sign;
  } else result = sign * parseFloat(value);
  if (Number.isFinite(result) || YAML_FLOAT_SPECIAL_PATTERN.test(source)) return result;
  return NOT_RESOLVED;
}
function representYamlFloat(object) {
  if (isNaN(object)) return ".nan";
  if (object === Number.POSITIVE_INFINITY) return ".inf";
  if (object === Number.NEGATIVE_INFINITY) return "-.inf";
  if (Object.is(object, -0)) return "-0.0";
  const result = object.toString(10);
  return /^[-+]?[0-9]+e/.test(result) ? result.replace("e", ".e") : result;
}
function resolveYamlBinary(source) {
  const input = source.replace(/\s/g, "");
  if (input.length % 4 !== 0 || !BASE64_PATTERN.test(input)) return NOT_RESOLVED;
  const binary = atob(input);
  const result = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) result[index] = binary.charCodeAt(index);
  return result;
}
function representYamlBinary(object) {
  let binary = "";
  for (let index = 0; index < object.length; index++) binary += String.fromCharCode(object[index]);
  return btoa(binary);
}
function makeUtcDate(year, month, day, hour = 0, minute = 0, second = 0, fraction = 0) {
  const date = new Date(Date.UTC(year, month, day, hour, minute, second, fraction));
  date.setUTCFullYear(year, month, day);
  return date;
}
function resolveYamlTimestamp(source) {
  let match = YAML_DATE_REGEXP.exec(source);
  if (match === null) match = YAML_TIMESTAMP_REGEXP.exec(source);
  if (match === null) return NOT_RESOLVED;
  const year = +match[1];
  const month = +match[2] - 1;
  const day = +match[3];
  if (!match[4]) {
    const date2 = makeUtcDate(year, month, day);
    if (date2.getUTCFullYear() !== year || date2.getUTCMonth() !== month || date2.getUTCDate() !== day) return NOT_RESOLVED;
    return date2;
  }
  const hour = +match[4];
  const minute = +match[5];
  const second = +match[6];
  let fraction = 0;
  if (hour > 23 || minute > 59 || second > 59) return NOT_RESOLVED;
  if (match[7]) {
    let value = match[7].slice(0, 3);
    while (value.length < 3) value += "0";
    fraction = +value;
  }
  const date = makeUtcDate(year, month, day, hour, minute, second, fraction);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month || date.getUTCDate() !== day) return NOT_RESOLVED;
  if (match[9]) {
    const offsetHour = +match[10];
    const offsetMinute = +(match[11] || 0);
    if (offsetHour > 23 || offsetMinute > 59) return NOT_RESOLVED;
    const offset = (offsetHour * 60 + offsetMinute) * 6e4;
    date.setTime(date.getTime() - (match[9] === "-" ? -offset : offset));
  }
  return date;
}
function isPlainObject(data) {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return false;
  const prototype = Object.getPrototypeOf(data);
  return prototype === null || prototype === Object.prototype;
}
function pick(object, keys) {
  const result = {};
  for (const key of keys) if (object[key] !== void 0) result[key] = object[key];
  return result;
}
function createTagDefinitionMap() {
  return {
    scalar: /* @__PURE__ */ Object.create(null),
    sequence: /* @__PURE__ */ Object.create(null),
    mapping: /* @__PURE__ */ Object.create(null)
  };
}
function createTagDefinitionListMap() {
  return {
    scalar: [],
    sequence: [],
    mapping: []
  };
}
function compileTags(tags) {
  const result = [];
  for (const tag of tags) {
    let index = result.length;
    for (let previousIndex = 0; previousIndex < result.length; previousIndex++) {
      const previous = result[previousIndex];
      if (previous.nodeKind === tag.nodeKind && previous.tagName === tag.tagName && previous.matchByTagPrefix === tag.matchByTagPrefix) {
        index = previousIndex;
        break;
      }
    }
    result[index] = tag;
  }
  return result;
}
function normalizeKey(key) {
  if (Array.isArray(key)) {
    const array = Array.prototype.slice.call(key);
    for (let index = 0; index < array.length; index++) {
      if (Array.isArray(array[index])) return null;
      if (typeof array[index] === "object" && Object.prototype.toString.call(array[index]) === "[object Object]") array[index] = "[object Object]";
    }
    return String(array);
  }
  if (typeof key === "object" && Object.prototype.toString.call(key) === "[object Object]") return "[object Object]";
  return String(key);
}
function getLine(buffer, lineStart2, lineEnd2, position, maxLineLength) {
  let head = "";
  let tail = "";
  const maxHalfLength = Math.floor(maxLineLength / 2) - 1;
  if (position - lineStart2 > maxHalfLength) {
    head = " ... ";
    lineStart2 = position - maxHalfLength + head.length;
  }
  if (lineEnd2 - position > maxHalfLength) {
    tail = " ...";
    lineEnd2 = position + maxHalfLength - tail.length;
  }
  return {
    str: head + buffer.slice(lineStart2, lineEnd2).replace(/\t/g, "\u2192") + tail,
    pos: position - lineStart2 + head.length
  };
}
function padStart(string, max) {
  return " ".repeat(Math.max(max - string.length, 0)) + string;
}
function makeSnippet(mark, options) {
  if (!mark.buffer) return null;
  const opts = {
    ...DEFAULT_SNIPPET_OPTIONS,
    ...options
  };
  const re = /\r?\n|\r|\0/g;
  const lineStarts = [0];
  const lineEnds = [];
  let match;
  let foundLineNo = -1;
  while (match = re.exec(mark.buffer)) {
    lineEnds.push(match.index);
    lineStarts.push(match.index + match[0].length);
    if (mark.position <= match.index && foundLineNo < 0) foundLineNo = lineStarts.length - 2;
  }
  if (foundLineNo < 0) foundLineNo = lineStarts.length - 1;
  let result = "";
  const lineNoLength = Math.min(mark.line + opts.linesAfter, lineEnds.length).toString().length;
  const maxLineLength = opts.maxLength - (opts.indent + lineNoLength + 3);
  for (let i = 1; i <= opts.linesBefore; i++) {
    if (foundLineNo - i < 0) break;
    const line2 = getLine(mark.buffer, lineStarts[foundLineNo - i], lineEnds[foundLineNo - i], mark.position - (lineStarts[foundLineNo] - lineStarts[foundLineNo - i]), maxLineLength);
    result = `${" ".repeat(opts.indent)}${padStart((mark.line - i + 1).toString(), lineNoLength)} | ${line2.str}
${result}`;
  }
  const line = getLine(mark.buffer, lineStarts[foundLineNo], lineEnds[foundLineNo], mark.position, maxLineLength);
  result += `${" ".repeat(opts.indent)}${padStart((mark.line + 1).toString(), lineNoLength)} | ${line.str}
`;
  result += `${"-".repeat(opts.indent + lineNoLength + 3 + line.pos)}^
`;
  for (let i = 1; i <= opts.linesAfter; i++) {
    if (foundLineNo + i >= lineEnds.length) break;
    const line2 = getLine(mark.buffer, lineStarts[foundLineNo + i], lineEnds[foundLineNo + i], mark.position - (lineStarts[foundLineNo] - lineStarts[foundLineNo + i]), maxLineLength);
    result += `${" ".repeat(opts.indent)}${padStart((mark.line + i + 1).toString(), lineNoLength)} | ${line2.str}
`;
  }
  return result.replace(/\n$/, "");
}
function formatError(exception, compact) {
  let where = "";
  if (!exception.mark) return exception.reason;
  if (exception.mark.name) where += `in "${exception.mark.name}" `;
  where += `(${exception.mark.line + 1}:${exception.mark.column + 1})`;
  if (!compact && exception.mark.snippet) where += `

${exception.mark.snippet}`;
  return `${exception.reason} ${where}`;
}
function simpleEscapeSequence(c) {
  switch (c) {
    case 48:
      return "\0";
    case 97:
      return "\x07";
    case 98:
      return "\b";
    case 116:
      return "	";
    case 9:
      return "	";
    case 110:
      return "\n";
    case 118:
      return "\v";
    case 102:
      return "\f";
    case 114:
      return "\r";
    case 101:
      return "\x1B";
    case 32:
      return " ";
    case 34:
      return '"';
    case 47:
      return "/";
    case 92:
      return "\\";
    case 78:
      return "\x85";
    case 95:
      return "\xA0";
    case 76:
      return "\u2028";
    case 80:
      return "\u2029";
    default:
      return "";
  }
}
function charFromCodepoint(c) {
  if (c <= 65535) return String.fromCharCode(c);
  return String.fromCharCode((c - 65536 >> 10) + 55296, (c - 65536 & 1023) + 56320);
}
function fromHexCode$1(c) {
  if (c >= 48 && c <= 57) return c - 48;
  return (c | 32) - 97 + 10;
}
function escapedHexLen$1(c) {
  if (c === 120) return 2;
  if (c === 117) return 4;
  return 8;
}
function skipFoldedBreaks(input, position, end) {
  let breaks = 0;
  while (position < end) {
    const ch = input.charCodeAt(position);
    if (ch === 10) {
      breaks++;
      position++;
    } else if (ch === 13) {
      breaks++;
      position++;
      if (input.charCodeAt(position) === 10) position++;
    } else if (ch === 32 || ch === 9) position++;
    else break;
  }
  return {
    position,
    breaks
  };
}
function foldedBreaks(count) {
  if (count === 1) return " ";
  return "\n".repeat(count - 1);
}
function getPlainValue(input, start, end) {
  let result = "";
  let position = start;
  let captureStart = start;
  let captureEnd = start;
  while (position < end) {
    const ch = input.charCodeAt(position);
    if (ch === 10 || ch === 13) {
      result += input.slice(captureStart, captureEnd);
      const fold = skipFoldedBreaks(input, position, end);
      result += foldedBreaks(fold.breaks);
      position = captureStart = captureEnd = fold.position;
    } else {
      position++;
      if (ch !== 32 && ch !== 9) captureEnd = position;
    }
  }
  return result + input.slice(captureStart, captureEnd);
}
function getSingleQuotedValue(input, start, end) {
  let result = "";
  let position = start;
  let captureStart = start;
  let captureEnd = start;
  while (position < end) {
    const ch = input.charCodeAt(position);
    if (ch === 39) {
      result += input.slice(captureStart, position) + "'";
      position += 2;
      captureStart = captureEnd = position;
    } else if (ch === 10 || ch === 13) {
      result += input.slice(captureStart, captureEnd);
      const fold = skipFoldedBreaks(input, position, end);
      result += foldedBreaks(fold.breaks);
      position = captureStart = captureEnd = fold.position;
    } else {
      position++;
      if (ch !== 32 && ch !== 9) captureEnd = position;
    }
  }
  return result + input.slice(captureStart, end);
}
function getDoubleQuotedValue(input, start, end) {
  let result = "";
  let position = start;
  let captureStart = start;
  let captureEnd = start;
  while (position < end) {
    const ch = input.charCodeAt(position);
    if (ch === 92) {
      result += input.slice(captureStart, position);
      position++;
      const escaped = input.charCodeAt(position);
      if (escaped === 10 || escaped === 13) position = skipFoldedBreaks(input, position, end).position;
      else if (escaped < 256 && simpleEscapeCheck[escaped]) {
        result += simpleEscapeMap[escaped];
        position++;
      } else {
        let hexLength = escapedHexLen$1(escaped);
        let hexResult = 0;
        for (; hexLength > 0; hexLength--) {
          position++;
          const digit = fromHexCode$1(input.charCodeAt(position));
          hexResult = (hexResult << 4) + digit;
        }
        result += charFromCodepoint(hexResult);
        position++;
      }
      captureStart = captureEnd = position;
    } else if (ch === 10 || ch === 13) {
      result += input.slice(captureStart, captureEnd);
      const fold = skipFoldedBreaks(input, position, end);
      result += foldedBreaks(fold.breaks);
      position = captureStart = captureEnd = fold.position;
    } else {
      position++;
      if (ch !== 32 && ch !== 9) captureEnd = position;
    }
  }
  return result + input.slice(captureStart, end);
}
function getBlockValue(input, start, end, indent, chomping, folded) {
  const textIndent = indent < 0 ? 0 : indent;
  const region = input.slice(start, end).replace(/\r\n?/g, "\n");
  const lines = region === "" ? [] : (region.endsWith("\n") ? region.slice(0, -1) : region).split("\n");
  let result = "";
  let didReadContent = false;
  let emptyLines = 0;
  let atMoreIndented = false;
  for (const line of lines) {
    let column = 0;
    while (column < textIndent && line.charCodeAt(column) === 32) column++;
    if (indent < 0 || column >= line.length) {
      emptyLines++;
      continue;
    }
    const content = line.slice(textIndent);
    const first = content.charCodeAt(0);
    if (folded) {
      if (first === 32 || first === 9) {
        atMoreIndented = true;
        result += "\n".repeat(didReadContent ? 1 + emptyLines : emptyLines);
      } else if (atMoreIndented) {
        atMoreIndented = false;
        result += "\n".repeat(emptyLines + 1);
      } else if (emptyLines === 0) {
        if (didReadContent) result += " ";
      } else result += "\n".repeat(emptyLines);
    } else result += "\n".repeat(didReadContent ? 1 + emptyLines : emptyLines);
    result += content;
    didReadContent = true;
    emptyLines = 0;
  }
  if (chomping === CHOMPING_MODE.KEEP) result += "\n".repeat(didReadContent ? 1 + emptyLines : emptyLines);
  else if (chomping !== CHOMPING_MODE.STRIP) {
    if (didReadContent) result += "\n";
  }
  return result;
}
function getScalarValue(input, scalar2) {
  if (scalar2.valueStart === NO_RANGE$3) return "";
  const { valueStart, valueEnd } = scalar2;
  if (scalar2.fast) return input.slice(valueStart, valueEnd);
  switch (scalar2.style) {
    case SCALAR_STYLE.SINGLE_QUOTED:
      return getSingleQuotedValue(input, valueStart, valueEnd);
    case SCALAR_STYLE.DOUBLE_QUOTED:
      return getDoubleQuotedValue(input, valueStart, valueEnd);
    case SCALAR_STYLE.LITERAL_BLOCK:
      return getBlockValue(input, valueStart, valueEnd, scalar2.indent, scalar2.chomping, false);
    case SCALAR_STYLE.FOLDED_BLOCK:
      return getBlockValue(input, valueStart, valueEnd, scalar2.indent, scalar2.chomping, true);
    default:
      return getPlainValue(input, valueStart, valueEnd);
  }
}
function percentByte(byte) {
  return "%" + HEX[byte >> 4] + HEX[byte & 15];
}
function tagPercentEncode(source, isSuffix) {
  const allowed = isSuffix ? TAG_SUFFIX_CHARS : TAG_URI_CHARS;
  let result = "";
  for (let index = 0; index < source.length; index++) {
    let ch = source.charCodeAt(index);
    if (ch >= 48 && ch <= 57 || ch >= 65 && ch <= 90 || ch >= 97 && ch <= 122 || allowed.includes(source[index])) {
      result += source[index];
      continue;
    }
    if (ch >= 55296 && ch <= 56319) ch = 65536 + ((ch & 1023) << 10) + (source.charCodeAt(++index) & 1023);
    if (ch < 128) result += percentByte(ch);
    else if (ch < 2048) result += percentByte(192 | ch >> 6) + percentByte(128 | ch & 63);
    else if (ch < 65536) result += percentByte(224 | ch >> 12) + percentByte(128 | ch >> 6 & 63) + percentByte(128 | ch & 63);
    else result += percentByte(240 | ch >> 18) + percentByte(128 | ch >> 12 & 63) + percentByte(128 | ch >> 6 & 63) + percentByte(128 | ch & 63);
  }
  return result;
}
function tagPercentDecode(source) {
  let result = "";
  let index = 0;
  while (index < source.length) {
    if (source.charCodeAt(index) !== 37) {
      result += source[index++];
      continue;
    }
    let ch = parseInt(source.slice(index + 1, index + 3), 16);
    index += 3;
    if (ch >= 192) {
      let remaining = ch < 224 ? 1 : ch < 240 ? 2 : 3;
      ch &= (1 << 6 - remaining) - 1;
      while (remaining-- > 0) {
        ch = ch << 6 | parseInt(source.slice(index + 1, index + 3), 16) & 63;
        index += 3;
      }
    }
    if (ch < 65536) result += String.fromCharCode(ch);
    else {
      ch -= 65536;
      result += String.fromCharCode(55296 | ch >> 10, 56320 | ch & 1023);
    }
  }
  return result;
}
function tagNameFull(rawTag, tagHandlers) {
  if (rawTag.startsWith("!<") && rawTag.endsWith(">")) return tagPercentDecode(rawTag.slice(2, -1));
  const handleEnd = rawTag.indexOf("!", 1);
  const handle = handleEnd === -1 ? "!" : rawTag.slice(0, handleEnd + 1);
  return tagPercentDecode(tagHandlers?.[handle] ?? DEFAULT_TAG_HANDLERS[handle] ?? handle) + tagPercentDecode(rawTag.slice(handle.length));
}
function tagNameShort(fullTag) {
  let tag = fullTag;
  if (tag.charCodeAt(0) === 33) {
    tag = tag.slice(1);
    return `!${tagPercentEncode(tag, true)}`;
  }
  if (tag.slice(0, 18) === "tag:yaml.org,2002:") return `!!${tagPercentEncode(tag.slice(18), true)}`;
  return `!<${tagPercentEncode(tag, false)}>`;
}
function eventPosition$1(event) {
  if ("tagStart" in event && event.tagStart !== NO_RANGE$2) return event.tagStart;
  if ("anchorStart" in event && event.anchorStart !== NO_RANGE$2) return event.anchorStart;
  if ("valueStart" in event && event.valueStart !== NO_RANGE$2) return event.valueStart;
  if ("start" in event) return event.start;
  return 0;
}
function throwError$1(state, message) {
  YAMLException.throwAt(state.source, state.position, message, state.filename);
}
function finalizeCollection(state, position, tag, carrier) {
  try {
    return tag.finalize(carrier);
  } catch (error) {
    if (error instanceof YAMLException) throw error;
    YAMLException.throwAt(state.source, position, error instanceof Error ? error.message : String(error), state.filename);
  }
}
function constructScalar(state, event) {
  const source = getScalarValue(state.source, event);
  const rawTag = event.tagStart === NO_RANGE$2 ? "" : state.source.slice(event.tagStart, event.tagEnd);
  const strTag2 = state.schema.defaultScalarTag;
  if (rawTag !== "") {
    if (rawTag === "!") return {
      value: source,
      tag: strTag2
    };
    const tagName = tagNameFull(rawTag, state.tagHandlers);
    const scalarTag = state.schema.lookupScalarTag(tagName);
    if (scalarTag) {
      const result = scalarTag.resolve(source, true, tagName);
      if (result === NOT_RESOLVED) throwError$1(state, `cannot resolve a node with !<${tagName}> explicit tag`);
      return {
        value: result,
        tag: scalarTag
      };
    }
    const collectionTagDef = state.schema.lookupMappingTag(tagName) ?? state.schema.lookupSequenceTag(tagName);
    if (collectionTagDef) {
      if (source !== "") throwError$1(state, `cannot resolve a node with !<${tagName}> explicit tag`);
      const carrier = collectionTagDef.create(tagName);
      return {
        value: collectionTagDef.carrierIsResult ? carrier : finalizeCollection(state, state.position, collectionTagDef, carrier),
        tag: collectionTagDef
      };
    }
    throwError$1(state, `unknown scalar tag !<${tagName}>`);
  }
  if (event.style === SCALAR_STYLE.PLAIN) return state.schema.resolveImplicitScalarTag(source);
  return {
    value: strTag2.resolve(source, false, strTag2.tagName),
    tag: strTag2
  };
}
function collectionTagName(state, event, defaultTagName) {
  const rawTag = event.tagStart === NO_RANGE$2 ? "" : state.source.slice(event.tagStart, event.tagEnd);
  return rawTag === "" || rawTag === "!" ? defaultTagName : tagNameFull(rawTag, state.tagHandlers);
}
function isMappingTag(tag) {
  return tag.nodeKind === "mapping";
}
function chargeMergeWork(state) {
  state.totalMergeKeys++;
  if (state.maxTotalMergeKeys !== -1 && state.totalMergeKeys > state.maxTotalMergeKeys) throwError$1(state, `merge keys exceeded maxTotalMergeKeys (${state.maxTotalMergeKeys})`);
}
function mergeKeys(state, frame, source, sourceTag) {
  chargeMergeWork(state);
  for (const sourceKey of sourceTag.keys(source)) {
    chargeMergeWork(state);
    if (frame.tag.has(frame.value, sourceKey)) continue;
    const err = frame.tag.addPair(frame.value, sourceKey, sourceTag.get(source, sourceKey));
    if (err) throwError$1(state, err);
    frame.overridable ??= /* @__PURE__ */ new Set();
    frame.overridable.add(sourceKey);
  }
}
function mergeSource(state, frame, source, sourceTag) {
  state.position = frame.keyPosition;
  if (isMappingTag(sourceTag)) mergeKeys(state, frame, source, sourceTag);
  else if (sourceTag.nodeKind === "sequence" && Array.isArray(source)) {
    if (source.length > 100) throwError$1(state, "abnormal merge sequence size");
    for (const element of source) {
      const elementTag = state.nodeTags.get(element);
      if (!elementTag) throwError$1(state, "cannot merge mappings; the provided source object is unacceptable");
      mergeKeys(state, frame, element, elementTag);
    }
  } else throwError$1(state, "cannot merge mappings; the provided source object is unacceptable");
}
function addMappingValue(state, frame, key, value, tag) {
  state.position = frame.keyPosition;
  if (frame.keyIsMerge) {
    mergeSource(state, frame, value, tag);
    return;
  }
  if (!state.json && frame.tag.has(frame.value, key) && !frame.overridable?.has(key)) throwError$1(state, "duplicated mapping key");
  const err = frame.tag.addPair(frame.value, key, value);
  if (err) throwError$1(state, err);
  frame.overridable?.delete(key);
}
function addValue(state, value, tag) {
  const frame = state.frames[state.frames.length - 1];
  if (frame.kind === "document") {
    frame.value = value;
    frame.hasValue = true;
  } else if (frame.kind === "sequence") {
    if (isMappingTag(tag)) state.nodeTags.set(value, tag);
    const err = frame.tag.addItem(frame.value, value, frame.index++);
    if (err) throwError$1(state, err);
  } else if (frame.hasKey) {
    const key = frame.key;
    frame.key = void 0;
    frame.hasKey = false;
    addMappingValue(state, frame, key, value, tag);
  } else {
    frame.key = value;
    frame.keyPosition = state.position;
    frame.hasKey = true;
    frame.keyIsMerge = tag.tagName === MERGE_TAG_NAME;
  }
}
function storeAnchor(state, event, value, tag, isValueFinal) {
  if (event.anchorStart !== NO_RANGE$2) {
    const anchor = {
      value,
      tag,
      isValueFinal
    };
    state.anchors.set(state.source.slice(event.anchorStart, event.anchorEnd), anchor);
    return anchor;
  }
  return null;
}
function constructFromEvents(events, options) {
  const state = {
    ...DEFAULT_CONSTRUCTOR_OPTIONS,
    ...options,
    events,
    documents: [],
    eventIndex: 0,
    position: 0,
    frames: [],
    anchors: /* @__PURE__ */ new Map(),
    nodeTags: /* @__PURE__ */ new Map(),
    tagHandlers: /* @__PURE__ */ Object.create(null),
    totalMergeKeys: 0,
    aliasCount: 0
  };
  while (state.eventIndex < state.events.length) {
    const event = state.events[state.eventIndex++];
    state.position = eventPosition$1(event);
    switch (event.type) {
      case EVENT_ID.DOCUMENT:
        state.anchors = /* @__PURE__ */ new Map();
        state.nodeTags = /* @__PURE__ */ new Map();
        state.aliasCount = 0;
        state.tagHandlers = /* @__PURE__ */ Object.create(null);
        for (const directive of event.directives) if (directive.kind === "tag") state.tagHandlers[directive.handle] = directive.prefix;
        state.frames.push({
          kind: "document",
          position: state.position,
          value: void 0,
          hasValue: false
        });
        break;
      case EVENT_ID.SCALAR: {
        const { value, tag } = constructScalar(state, event);
        storeAnchor(state, event, value, tag, true);
        addValue(state, value, tag);
        break;
      }
      case EVENT_ID.SEQUENCE: {
        const tagName = collectionTagName(state, event, "tag:yaml.org,2002:seq");
        const tag = state.schema.lookupSequenceTag(tagName);
        if (!tag) throwError$1(state, `unknown sequence tag !<${tagName}>`);
        const value = tag.create(tagName);
        const anchor = storeAnchor(state, event, value, tag, tag.carrierIsResult);
        state.frames.push({
          kind: "sequence",
          position: state.position,
          value,
          tag,
          anchor,
          index: 0
        });
        break;
      }
      case EVENT_ID.MAPPING: {
        const tagName = collectionTagName(state, event, "tag:yaml.org,2002:map");
        const tag = state.schema.lookupMappingTag(tagName);
        if (!tag) throwError$1(state, `unknown mapping tag !<${tagName}>`);
        const value = tag.create(tagName);
        const anchor = storeAnchor(state, event, value, tag, tag.carrierIsResult);
        state.frames.push({
          kind: "mapping",
          position: state.position,
          value,
          tag,
          anchor,
          key: void 0,
          keyPosition: state.position,
          hasKey: false,
          keyIsMerge: false,
          overridable: null
        });
        break;
      }
      case EVENT_ID.ALIAS: {
        if (state.maxAliases !== -1 && ++state.aliasCount > state.maxAliases) throwError$1(state, `aliases exceeded maxAliases (${state.maxAliases})`);
        const name = state.source.slice(event.anchorStart, event.anchorEnd);
        const anchor = state.anchors.get(name);
        if (!anchor) throwError$1(state, `unidentified alias "${name}"`);
        if (!anchor.isValueFinal) throwError$1(state, `recursive alias "${name}" is not supported for tag ${anchor.tag.tagName} because it uses finalize()`);
        addValue(state, anchor.value, anchor.tag);
        break;
      }
      case EVENT_ID.POP: {
        const frame = state.frames.pop();
        if (frame.kind === "mapping" && frame.hasKey) {
          state.position = frame.keyPosition;
          throwError$1(state, "incomplete mapping pair in event stream");
        }
        if (frame.kind === "document") state.documents.push(frame.value);
        else {
          const value = frame.tag.carrierIsResult ? frame.value : finalizeCollection(state, frame.position, frame.tag, frame.value);
          if (frame.anchor) {
            frame.anchor.value = value;
            frame.anchor.isValueFinal = true;
          }
          addValue(state, value, frame.tag);
        }
        break;
      }
    }
  }
  return state.documents;
}
function addDocumentEvent(state, explicitStart, explicitEnd) {
  state.events.push({
    type: EVENT_ID.DOCUMENT,
    explicitStart,
    explicitEnd,
    directives: state.directives
  });
}
function addSequenceEvent(state, start, anchorStart, anchorEnd, tagStart, tagEnd, style) {
  state.events.push({
    type: EVENT_ID.SEQUENCE,
    start,
    anchorStart,
    anchorEnd,
    tagStart,
    tagEnd,
    style
  });
}
function addMappingEvent(state, start, anchorStart, anchorEnd, tagStart, tagEnd, style) {
  state.events.push({
    type: EVENT_ID.MAPPING,
    start,
    anchorStart,
    anchorEnd,
    tagStart,
    tagEnd,
    style
  });
}
function insertFlowPairMappingEvent(state, snapshot) {
  state.events.splice(snapshot.eventsLength, 0, {
    type: EVENT_ID.MAPPING,
    start: snapshot.position,
    anchorStart: NO_RANGE$1,
    anchorEnd: NO_RANGE$1,
    tagStart: NO_RANGE$1,
    tagEnd: NO_RANGE$1,
    style: COLLECTION_STYLE.FLOW
  });
}
function addScalarEvent(state, valueStart, valueEnd, anchorStart, anchorEnd, tagStart, tagEnd, style, chomping = CHOMPING_MODE.CLIP, indent = -1, fast = false) {
  state.events.push({
    type: EVENT_ID.SCALAR,
    valueStart,
    valueEnd,
    anchorStart,
    anchorEnd,
    tagStart,
    tagEnd,
    style,
    chomping,
    indent,
    fast
  });
}
function addAliasEvent(state, anchorStart, anchorEnd) {
  state.events.push({
    type: EVENT_ID.ALIAS,
    anchorStart,
    anchorEnd
  });
}
function addPopEvent(state) {
  state.events.push({ type: EVENT_ID.POP });
}
function addEmptyScalarEvent(state) {
  addScalarEvent(state, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, SCALAR_STYLE.PLAIN);
}
function emptyProperties() {
  return {
    anchorStart: NO_RANGE$1,
    anchorEnd: NO_RANGE$1,
    tagStart: NO_RANGE$1,
    tagEnd: NO_RANGE$1
  };
}
function snapshotState(state) {
  return {
    position: state.position,
    line: state.line,
    lineStart: state.lineStart,
    lineIndent: state.lineIndent,
    firstTabInLine: state.firstTabInLine,
    eventsLength: state.events.length
  };
}
function restoreState(state, snapshot) {
  state.position = snapshot.position;
  state.line = snapshot.line;
  state.lineStart = snapshot.lineStart;
  state.lineIndent = snapshot.lineIndent;
  state.firstTabInLine = snapshot.firstTabInLine;
  state.events.length = snapshot.eventsLength;
}
function throwError(state, message) {
  YAMLException.throwAt(state.input.slice(0, state.length), state.position, message, state.filename);
}
function isEol(c) {
  return c === 10 || c === 13;
}
function isWhiteSpace(c) {
  return c === 9 || c === 32;
}
function isWsOrEol(c) {
  return isWhiteSpace(c) || isEol(c);
}
function isWsOrEolOrEnd(c) {
  return c === 0 || isWsOrEol(c);
}
function isFlowIndicator(c) {
  return c === 44 || c === 91 || c === 93 || c === 123 || c === 125;
}
function fromDecimalCode(c) {
  return c >= 48 && c <= 57 ? c - 48 : -1;
}
function fromHexCode(c) {
  if (c >= 48 && c <= 57) return c - 48;
  const lc = c | 32;
  if (lc >= 97 && lc <= 102) return lc - 97 + 10;
  return -1;
}
function escapedHexLen(c) {
  if (c === 120) return 2;
  if (c === 117) return 4;
  if (c === 85) return 8;
  return 0;
}
function isSimpleEscape(c) {
  return c === 48 || c === 97 || c === 98 || c === 116 || c === 9 || c === 110 || c === 118 || c === 102 || c === 114 || c === 101 || c === 32 || c === 34 || c === 47 || c === 92 || c === 78 || c === 95 || c === 76 || c === 80;
}
function consumeLineBreak(state) {
  if (state.input.charCodeAt(state.position) === 10) state.position++;
  else {
    state.position++;
    if (state.input.charCodeAt(state.position) === 10) state.position++;
  }
  state.line++;
  state.lineStart = state.position;
  state.lineIndent = 0;
  state.firstTabInLine = -1;
}
function skipSeparationSpace(state, allowComments) {
  let lineBreaks = 0;
  let ch = state.input.charCodeAt(state.position);
  let hasSeparation = state.position === state.lineStart || isWsOrEol(state.input.charCodeAt(state.position - 1));
  while (ch !== 0) {
    while (isWhiteSpace(ch)) {
      hasSeparation = true;
      if (ch === 9 && state.firstTabInLine === -1) state.firstTabInLine = state.position;
      ch = state.input.charCodeAt(++state.position);
    }
    if (allowComments && hasSeparation && ch === 35) do
      ch = state.input.charCodeAt(++state.position);
    while (!isEol(ch) && ch !== 0);
    if (!isEol(ch)) break;
    consumeLineBreak(state);
    lineBreaks++;
    hasSeparation = true;
    ch = state.input.charCodeAt(state.position);
    while (ch === 32) {
      state.lineIndent++;
      ch = state.input.charCodeAt(++state.position);
    }
  }
  return lineBreaks;
}
function testDocumentSeparator(state, position = state.position) {
  const ch = state.input.charCodeAt(position);
  if ((ch === 45 || ch === 46) && ch === state.input.charCodeAt(position + 1) && ch === state.input.charCodeAt(position + 2)) {
    const following = state.input.charCodeAt(position + 3);
    return following === 0 || isWsOrEol(following);
  }
  return false;
}
function skipByteOrderMark(state) {
  if (state.position === state.lineStart && state.input.charCodeAt(state.position) === 65279) {
    state.position++;
    state.lineStart = state.position;
  }
}
function testDocumentBoundary(state) {
  if (state.position !== state.lineStart) return false;
  if (testDocumentSeparator(state)) return true;
  if (state.input.charCodeAt(state.position) !== 65279) return false;
  const snapshot = snapshotState(state);
  skipByteOrderMark(state);
  skipSeparationSpace(state, true);
  const ch = state.input.charCodeAt(state.position);
  const result = state.position === state.lineStart && (ch === 37 || ch === 45 && testDocumentSeparator(state));
  restoreState(state, snapshot);
  return result;
}
function skipUntilLineEnd(state) {
  let ch = state.input.charCodeAt(state.position);
  while (ch !== 0 && !isEol(ch)) ch = state.input.charCodeAt(++state.position);
}
function checkPrintable(state, start, end) {
  const match = PATTERN_NON_PRINTABLE.exec(state.input.slice(start, end));
  if (match !== null) {
    state.position = start + match.index + match[0].length - 1;
    throwError(state, "the stream contains non-printable characters");
  }
}
function readTagProperty(state, props, inFlow) {
  if (state.input.charCodeAt(state.position) !== 33) return false;
  if (props.tagStart !== NO_RANGE$1) throwError(state, "duplication of a tag property");
  const start = state.position;
  let isVerbatim = false;
  let isNamed = false;
  let tagHandle = "!";
  let ch = state.input.charCodeAt(++state.position);
  if (ch === 60) {
    isVerbatim = true;
    ch = state.input.charCodeAt(++state.position);
  } else if (ch === 33) {
    isNamed = true;
    tagHandle = "!!";
    ch = state.input.charCodeAt(++state.position);
  }
  let suffixStart = state.position;
  let tagName;
  if (isVerbatim) {
    while (ch !== 0 && ch !== 62) ch = state.input.charCodeAt(++state.position);
    if (ch !== 62) throwError(state, "unexpected end of the stream within a verbatim tag");
    tagName = state.input.slice(suffixStart, state.position);
    state.position++;
  } else {
    while (ch !== 0 && !isWsOrEol(ch) && !(inFlow && isFlowIndicator(ch))) {
      if (ch === 33) {
        if (!isNamed) {
          tagHandle = state.input.slice(suffixStart - 1, state.position + 1);
          if (!PATTERN_TAG_HANDLE.test(tagHandle)) throwError(state, "named tag handle cannot contain such characters");
          isNamed = true;
          suffixStart = state.position + 1;
        } else throwError(state, "tag suffix cannot contain exclamation marks");
      }
      ch = state.input.charCodeAt(++state.position);
    }
    tagName = state.input.slice(suffixStart, state.position);
    if (PATTERN_FLOW_INDICATORS.test(tagName)) throwError(state, "tag suffix cannot contain flow indicator characters");
  }
  if (tagName && !(isVerbatim ? PATTERN_TAG_URI.test(tagName) : PATTERN_TAG_SUFFIX.test(tagName))) throwError(state, `tag name cannot contain such characters: ${tagName}`);
  if (!isVerbatim && tagHandle !== "!" && tagHandle !== "!!" && !HAS_OWN.call(state.tagHandlers, tagHandle)) throwError(state, `undeclared tag handle "${tagHandle}"`);
  props.tagStart = start;
  props.tagEnd = state.position;
  return true;
}
function readAnchorProperty(state, props) {
  if (state.input.charCodeAt(state.position) !== 38) return false;
  if (props.anchorStart !== NO_RANGE$1) throwError(state, "duplication of an anchor property");
  state.position++;
  const start = state.position;
  while (state.input.charCodeAt(state.position) !== 0 && !isWsOrEol(state.input.charCodeAt(state.position)) && !isFlowIndicator(state.input.charCodeAt(state.position))) state.position++;
  if (state.position === start) throwError(state, "name of an anchor node must contain at least one character");
  props.anchorStart = start;
  props.anchorEnd = state.position;
  return true;
}
function readAlias(state, props) {
  if (state.input.charCodeAt(state.position) !== 42) return false;
  if (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1) throwError(state, "alias node should not have any properties");
  state.position++;
  const start = state.position;
  while (state.input.charCodeAt(state.position) !== 0 && !isWsOrEol(state.input.charCodeAt(state.position)) && !isFlowIndicator(state.input.charCodeAt(state.position))) state.position++;
  if (state.position === start) throwError(state, "name of an alias node must contain at least one character");
  addAliasEvent(state, start, state.position);
  return true;
}
function readFlowScalarBreak(state, nodeIndent) {
  skipSeparationSpace(state, false);
  if (state.lineIndent < nodeIndent) throwError(state, "deficient indentation");
}
function readSingleQuotedScalar(state, nodeIndent, props) {
  if (state.input.charCodeAt(state.position) !== 39) return false;
  state.position++;
  const start = state.position;
  let simple = true;
  while (state.input.charCodeAt(state.position) !== 0) {
    const ch = state.input.charCodeAt(state.position);
    if (ch === 39) {
      if (state.input.charCodeAt(state.position + 1) === 39) {
        simple = false;
        state.position += 2;
        continue;
      }
      const end = state.position;
      state.position++;
      addScalarEvent(state, start, end, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.SINGLE_QUOTED, CHOMPING_MODE.CLIP, -1, simple);
      return true;
    }
    if (isEol(ch)) {
      simple = false;
      readFlowScalarBreak(state, nodeIndent);
    } else if (state.position === state.lineStart && testDocumentSeparator(state)) throwError(state, "unexpected end of the document within a single quoted scalar");
    else if (ch !== 9 && ch < 32) throwError(state, "expected valid JSON character");
    else state.position++;
  }
  throwError(state, "unexpected end of the stream within a single quoted scalar");
}
function readDoubleQuotedScalar(state, nodeIndent, props) {
  if (state.input.charCodeAt(state.position) !== 34) return false;
  state.position++;
  const start = state.position;
  let simple = true;
  while (state.input.charCodeAt(state.position) !== 0) {
    const ch = state.input.charCodeAt(state.position);
    if (ch === 34) {
      const end = state.position;
      state.position++;
      addScalarEvent(state, start, end, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.DOUBLE_QUOTED, CHOMPING_MODE.CLIP, -1, simple);
      return true;
    }
    if (ch === 92) {
      simple = false;
      const escaped = state.input.charCodeAt(++state.position);
      if (isEol(escaped)) readFlowScalarBreak(state, nodeIndent);
      else if (isSimpleEscape(escaped)) state.position++;
      else {
        let hexLength = escapedHexLen(escaped);
        if (hexLength === 0) throwError(state, "unknown escape sequence");
        while (hexLength-- > 0) {
          state.position++;
          if (fromHexCode(state.input.charCodeAt(state.position)) < 0) throwError(state, "expected hexadecimal character");
        }
        state.position++;
      }
    } else if (isEol(ch)) {
      simple = false;
      readFlowScalarBreak(state, nodeIndent);
    } else if (state.position === state.lineStart && testDocumentSeparator(state)) throwError(state, "unexpected end of the document within a double quoted scalar");
    else if (ch !== 9 && ch < 32) throwError(state, "expected valid JSON character");
    else state.position++;
  }
  throwError(state, "unexpected end of the stream within a double quoted scalar");
}
function readBlockScalar(state, parentIndent, props) {
  const ch = state.input.charCodeAt(state.position);
  let chomping = CHOMPING_MODE.CLIP;
  let indent = -1;
  let detectedIndent = false;
  if (ch !== 124 && ch !== 62) return false;
  const style = ch === 124 ? SCALAR_STYLE.LITERAL_BLOCK : SCALAR_STYLE.FOLDED_BLOCK;
  state.position++;
  while (state.input.charCodeAt(state.position) !== 0) {
    const current = state.input.charCodeAt(state.position);
    const digit = fromDecimalCode(current);
    if (current === 43 || current === 45) {
      if (chomping !== CHOMPING_MODE.CLIP) throwError(state, "repeat of a chomping mode identifier");
      chomping = current === 43 ? CHOMPING_MODE.KEEP : CHOMPING_MODE.STRIP;
      state.position++;
    } else if (digit >= 0) {
      if (digit === 0) throwError(state, "bad explicit indentation width of a block scalar; it cannot be less than one");
      if (detectedIndent) throwError(state, "repeat of an indentation width identifier");
      indent = parentIndent + digit - 1;
      detectedIndent = true;
      state.position++;
    } else break;
  }
  let hadWhitespace = false;
  while (isWhiteSpace(state.input.charCodeAt(state.position))) {
    hadWhitespace = true;
    state.position++;
  }
  if (hadWhitespace && state.input.charCodeAt(state.position) === 35) skipUntilLineEnd(state);
  if (isEol(state.input.charCodeAt(state.position))) consumeLineBreak(state);
  else if (state.input.charCodeAt(state.position) !== 0) throwError(state, "a line break is expected");
  let contentIndent = detectedIndent ? indent : -1;
  let maxLeadingIndent = 0;
  const valueStart = state.position;
  let valueEnd = state.position;
  while (state.input.charCodeAt(state.position) !== 0) {
    const linePosition = state.position;
    let column = 0;
    while (state.input.charCodeAt(linePosition + column) === 32) column++;
    const first = state.input.charCodeAt(linePosition + column);
    if (first === 0) {
      if (contentIndent >= 0) {
        if (column > contentIndent) valueEnd = linePosition + column;
      } else if (column > 0) valueEnd = linePosition + column;
      break;
    }
    if (testDocumentBoundary(state)) break;
    if (!detectedIndent && contentIndent === -1 && isEol(first)) maxLeadingIndent = Math.max(maxLeadingIndent, column);
    if (!detectedIndent && contentIndent === -1 && !isEol(first)) {
      if (first === 9 && column < parentIndent) {
        state.position = linePosition + column;
        throwError(state, "tab characters must not be used in indentation");
      }
      if (column >= parentIndent && column < maxLeadingIndent) {
        state.position = linePosition + column;
        throwError(state, "bad indentation of a mapping entry");
      }
    }
    if (contentIndent === -1 && first !== 0 && !isEol(first) && column < parentIndent) {
      state.lineIndent = column;
      state.position = linePosition + column;
      break;
    }
    if (!detectedIndent && first !== 0 && !isEol(first) && contentIndent === -1) contentIndent = column;
    const requiredIndent = contentIndent === -1 ? parentIndent + 1 : contentIndent;
    if (first !== 0 && !isEol(first) && column < requiredIndent) {
      state.lineIndent = column;
      state.position = linePosition + column;
      break;
    }
    skipUntilLineEnd(state);
    valueEnd = state.position;
    if (isEol(state.input.charCodeAt(state.position))) {
      consumeLineBreak(state);
      valueEnd = state.position;
    }
  }
  checkPrintable(state, valueStart, valueEnd);
  addScalarEvent(state, valueStart, valueEnd, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, style, chomping, contentIndent);
  return true;
}
function canStartPlainScalar(state, nodeContext) {
  const ch = state.input.charCodeAt(state.position);
  const inFlow = nodeContext === CONTEXT_FLOW_IN;
  if (ch === 0 || isWsOrEol(ch) || ch === 35 || ch === 38 || ch === 42 || ch === 33 || ch === 124 || ch === 62 || ch === 39 || ch === 34 || ch === 37 || ch === 64 || ch === 96 || isFlowIndicator(ch)) return false;
  if (ch === 63 || ch === 45) {
    const following = state.input.charCodeAt(state.position + 1);
    if (isWsOrEolOrEnd(following) || inFlow && isFlowIndicator(following)) return false;
  }
  return true;
}
function readPlainScalar(state, nodeIndent, nodeContext, props) {
  if (!canStartPlainScalar(state, nodeContext)) return false;
  const start = state.position;
  let end = state.position;
  let ch = state.input.charCodeAt(state.position);
  const inFlow = nodeContext === CONTEXT_FLOW_IN;
  let multiline = false;
  while (ch !== 0) {
    if (testDocumentBoundary(state)) break;
    if (ch === 58) {
      const following = state.input.charCodeAt(state.position + 1);
      if (isWsOrEolOrEnd(following) || inFlow && isFlowIndicator(following)) break;
    } else if (ch === 35) {
      if (isWsOrEol(state.input.charCodeAt(state.position - 1))) break;
    } else if (inFlow && isFlowIndicator(ch)) break;
    else if (isEol(ch)) {
      const savedPosition = state.position;
      const savedLine = state.line;
      const savedLineStart = state.lineStart;
      const savedLineIndent = state.lineIndent;
      skipSeparationSpace(state, false);
      if (state.lineIndent >= nodeIndent) {
        multiline = true;
        ch = state.input.charCodeAt(state.position);
        continue;
      }
      state.position = savedPosition;
      state.line = savedLine;
      state.lineStart = savedLineStart;
      state.lineIndent = savedLineIndent;
      break;
    }
    if (!isWhiteSpace(ch)) end = state.position + 1;
    ch = state.input.charCodeAt(++state.position);
  }
  if (end === start) return false;
  checkPrintable(state, start, end);
  addScalarEvent(state, start, end, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.PLAIN, CHOMPING_MODE.CLIP, -1, !multiline);
  return true;
}
function skipFlowSeparationSpace(state, nodeIndent) {
  const startLine = state.line;
  skipSeparationSpace(state, true);
  if (state.line > startLine && state.lineIndent < nodeIndent || state.firstTabInLine !== -1 && state.lineIndent < nodeIndent) throwError(state, "deficient indentation");
}
function readFlowCollection(state, nodeIndent, props) {
  const ch = state.input.charCodeAt(state.position);
  const isMapping = ch === 123;
  const start = state.position;
  let readNext = true;
  if (ch !== 91 && ch !== 123) return false;
  const terminator = isMapping ? 125 : 93;
  if (isMapping) addMappingEvent(state, start, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.FLOW);
  else addSequenceEvent(state, start, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.FLOW);
  state.position++;
  while (state.input.charCodeAt(state.position) !== 0) {
    skipFlowSeparationSpace(state, nodeIndent);
    let ch2 = state.input.charCodeAt(state.position);
    if (ch2 === terminator) {
      state.position++;
      addPopEvent(state);
      return true;
    } else if (!readNext) throwError(state, "missed comma between flow collection entries");
    else if (ch2 === 44) throwError(state, "expected the node content, but found ','");
    let isPair = false;
    let isExplicitPair = false;
    if (ch2 === 63 && isWsOrEol(state.input.charCodeAt(state.position + 1))) {
      isPair = isExplicitPair = true;
      state.position += 1;
      skipFlowSeparationSpace(state, nodeIndent);
    }
    const entryLine = state.line;
    const entryStart = snapshotState(state);
    const keyWasRead = parseNode(state, nodeIndent, CONTEXT_FLOW_IN, false, true);
    skipFlowSeparationSpace(state, nodeIndent);
    ch2 = state.input.charCodeAt(state.position);
    if ((isMapping || isExplicitPair || state.line === entryLine) && ch2 === 58) {
      isPair = true;
      state.position++;
      skipFlowSeparationSpace(state, nodeIndent);
      if (!isMapping) {
        insertFlowPairMappingEvent(state, entryStart);
        if (!keyWasRead) addEmptyScalarEvent(state);
      } else if (!keyWasRead) addEmptyScalarEvent(state);
      if (!parseNode(state, nodeIndent, CONTEXT_FLOW_IN, false, true)) addEmptyScalarEvent(state);
      skipFlowSeparationSpace(state, nodeIndent);
      if (!isMapping) addPopEvent(state);
    } else if (isMapping && isPair) {
      if (!keyWasRead) addEmptyScalarEvent(state);
      addEmptyScalarEvent(state);
    } else if (isMapping) addEmptyScalarEvent(state);
    else if (isPair) {
      insertFlowPairMappingEvent(state, entryStart);
      if (!keyWasRead) addEmptyScalarEvent(state);
      addEmptyScalarEvent(state);
      addPopEvent(state);
    }
    ch2 = state.input.charCodeAt(state.position);
    if (ch2 === 44) {
      readNext = true;
      state.position++;
    } else readNext = false;
  }
  throwError(state, "unexpected end of the stream within a flow collection");
}
function readBlockSequence(state, nodeIndent, props) {
  if (state.firstTabInLine !== -1 || state.input.charCodeAt(state.position) !== 45 || !isWsOrEolOrEnd(state.input.charCodeAt(state.position + 1))) return false;
  addSequenceEvent(state, state.position, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.BLOCK);
  while (state.input.charCodeAt(state.position) === 45 && isWsOrEolOrEnd(state.input.charCodeAt(state.position + 1))) {
    if (state.firstTabInLine !== -1) {
      state.position = state.firstTabInLine;
      throwError(state, "tab characters must not be used in indentation");
    }
    const entryLine = state.line;
    state.position++;
    const hadBreak = skipSeparationSpace(state, true) > 0;
    if (state.firstTabInLine !== -1 && state.input.charCodeAt(state.position) === 45 && isWsOrEolOrEnd(state.input.charCodeAt(state.position + 1))) throwError(state, "bad indentation of a sequence entry");
    if (hadBreak && state.lineIndent <= nodeIndent) addEmptyScalarEvent(state);
    else parseNode(state, nodeIndent, CONTEXT_BLOCK_IN, false, true);
    skipSeparationSpace(state, true);
    if (state.lineIndent < nodeIndent || state.position >= state.length) break;
    if (state.lineIndent > nodeIndent) throwError(state, "bad indentation of a sequence entry");
    if (state.line === entryLine && state.input.charCodeAt(state.position) === 45 && isWsOrEolOrEnd(state.input.charCodeAt(state.position + 1))) throwError(state, "bad indentation of a sequence entry");
  }
  addPopEvent(state);
  return true;
}
function readBlockMapping(state, nodeIndent, flowIndent, props) {
  let atExplicitKey = false;
  let detected = false;
  let mappingOpened = false;
  let pendingExplicitKey = false;
  if (state.firstTabInLine !== -1) return false;
  let ch = state.input.charCodeAt(state.position);
  while (ch !== 0) {
    if (!atExplicitKey && state.firstTabInLine !== -1) {
      state.position = state.firstTabInLine;
      throwError(state, "tab characters must not be used in indentation");
    }
    const following = state.input.charCodeAt(state.position + 1);
    const entryLine = state.line;
    if ((ch === 63 || ch === 58) && isWsOrEolOrEnd(following)) {
      if (!mappingOpened) {
        addMappingEvent(state, state.position, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.BLOCK);
        mappingOpened = true;
      }
      if (ch === 63) {
        if (atExplicitKey) addEmptyScalarEvent(state);
        detected = true;
        atExplicitKey = true;
      } else if (atExplicitKey) atExplicitKey = false;
      else {
        addEmptyScalarEvent(state);
        detected = true;
        atExplicitKey = false;
      }
      state.position += 1;
      pendingExplicitKey = true;
    } else {
      if (atExplicitKey) {
        addEmptyScalarEvent(state);
        atExplicitKey = false;
      }
      const beforeKey = snapshotState(state);
      if (!parseNode(state, flowIndent, CONTEXT_FLOW_OUT, false, true)) break;
      if (state.line === entryLine) {
        ch = state.input.charCodeAt(state.position);
        while (isWhiteSpace(ch)) ch = state.input.charCodeAt(++state.position);
        if (ch === 58) {
          ch = state.input.charCodeAt(++state.position);
          if (!isWsOrEolOrEnd(ch)) throwError(state, "a whitespace character is expected after the key-value separator within a block mapping");
          if (!mappingOpened) {
            state.events.splice(beforeKey.eventsLength, 0, {
              type: EVENT_ID.MAPPING,
              start: beforeKey.position,
              anchorStart: props.anchorStart,
              anchorEnd: props.anchorEnd,
              tagStart: props.tagStart,
              tagEnd: props.tagEnd,
              style: COLLECTION_STYLE.BLOCK
            });
            mappingOpened = true;
          }
          detected = true;
          atExplicitKey = false;
          pendingExplicitKey = false;
        } else if (detected) throwError(state, "expected ':' after a mapping key");
        else {
          if (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1) {
            restoreState(state, beforeKey);
            return false;
          }
          return true;
        }
      } else if (detected) throwError(state, "can not read a block mapping entry; a multiline key may not be an implicit key");
      else {
        if (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1) {
          restoreState(state, beforeKey);
          return false;
        }
        return true;
      }
    }
    if (parseNode(state, nodeIndent, CONTEXT_BLOCK_OUT, true, pendingExplicitKey)) pendingExplicitKey = false;
    if (!atExplicitKey) {
      if (pendingExplicitKey) {
        addEmptyScalarEvent(state);
        pendingExplicitKey = false;
      }
    }
    skipSeparationSpace(state, true);
    ch = state.input.charCodeAt(state.position);
    if ((state.line === entryLine || state.lineIndent > nodeIndent) && ch !== 0) throwError(state, "bad indentation of a mapping entry");
    else if (state.lineIndent < nodeIndent) break;
  }
  if (!detected) return false;
  if (atExplicitKey) addEmptyScalarEvent(state);
  if (mappingOpened) addPopEvent(state);
  return true;
}
function parseNode(state, parentIndent, nodeContext, allowToSeek, allowCompact, allowPropertyMapping = true) {
  if (state.depth >= state.maxDepth) throwError(state, `nesting exceeded maxDepth (${state.maxDepth})`);
  state.depth++;
  let indentStatus = 1;
  let atNewLine = false;
  let hasContent = false;
  let propertyStart = null;
  const props = emptyProperties();
  let allowBlockScalars = nodeContext === CONTEXT_BLOCK_OUT || nodeContext === CONTEXT_BLOCK_IN;
  let allowBlockCollections = allowBlockScalars;
  const allowBlockStyles = allowBlockScalars;
  if (allowToSeek && skipSeparationSpace(state, true)) {
    atNewLine = true;
    if (state.lineIndent > parentIndent) indentStatus = 1;
    else if (state.lineIndent === parentIndent) indentStatus = 0;
    else indentStatus = -1;
  }
  if (indentStatus === 1) while (true) {
    const ch = state.input.charCodeAt(state.position);
    const propertyState = snapshotState(state);
    if (atNewLine && indentStatus !== 1 && (ch === 33 || ch === 38)) break;
    if (atNewLine && allowBlockStyles && (props.tagStart !== NO_RANGE$1 || props.anchorStart !== NO_RANGE$1) && (ch === 33 || ch === 38)) {
      const fallbackState = snapshotState(state);
      const flowIndent = parentIndent + 1;
      if (readBlockMapping(state, state.position - state.lineStart, flowIndent, props) && state.events[fallbackState.eventsLength]?.type === EVENT_ID.MAPPING) {
        state.depth--;
        return true;
      }
      restoreState(state, fallbackState);
    }
    if (atNewLine && (ch === 33 && props.tagStart !== NO_RANGE$1 || ch === 38 && props.anchorStart !== NO_RANGE$1)) break;
    if (!readTagProperty(state, props, nodeContext === CONTEXT_FLOW_IN) && !readAnchorProperty(state, props)) break;
    if (propertyStart === null) propertyStart = propertyState;
    if (skipSeparationSpace(state, true)) {
      atNewLine = true;
      allowBlockCollections = allowBlockStyles;
      if (state.lineIndent > parentIndent) indentStatus = 1;
      else if (state.lineIndent === parentIndent) indentStatus = 0;
      else indentStatus = -1;
    } else allowBlockCollections = false;
  }
  if (allowBlockCollections) allowBlockCollections = atNewLine || allowCompact;
  if (indentStatus === 1 || nodeContext === CONTEXT_BLOCK_OUT) {
    const flowIndent = nodeContext === CONTEXT_FLOW_IN || nodeContext === CONTEXT_FLOW_OUT ? parentIndent : parentIndent + 1;
    const blockIndent = state.position - state.lineStart;
    if (indentStatus === 1) {
      if (allowBlockCollections && (readBlockSequence(state, blockIndent, props) || readBlockMapping(state, blockIndent, flowIndent, props)) || readFlowCollection(state, flowIndent, props)) hasContent = true;
      else {
        const ch = state.input.charCodeAt(state.position);
        if (propertyStart !== null && allowPropertyMapping && allowBlockStyles && !allowBlockCollections && ch !== 124 && ch !== 62) {
          const fallbackState = snapshotState(state);
          const propertyIndent = propertyStart.position - propertyStart.lineStart;
          restoreState(state, propertyStart);
          if (readBlockMapping(state, propertyIndent, flowIndent, emptyProperties()) && state.events[fallbackState.eventsLength]?.type === EVENT_ID.MAPPING) hasContent = true;
          else restoreState(state, fallbackState);
        }
        if (!hasContent && (allowBlockScalars && readBlockScalar(state, flowIndent, props) || readSingleQuotedScalar(state, flowIndent, props) || readDoubleQuotedScalar(state, flowIndent, props) || readAlias(state, props) || readPlainScalar(state, flowIndent, nodeContext, props))) hasContent = true;
      }
    } else if (indentStatus === 0) hasContent = allowBlockCollections && readBlockSequence(state, blockIndent, props);
  }
  allowBlockScalars = allowBlockScalars && !hasContent;
  if (!hasContent && (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1 || allowBlockScalars)) {
    addScalarEvent(state, NO_RANGE$1, NO_RANGE$1, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.PLAIN);
    hasContent = true;
  }
  state.depth--;
  return hasContent || props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1;
}
function readDirective(state) {
  if (state.lineIndent > 0 || state.input.charCodeAt(state.position) !== 37) return false;
  state.position++;
  const nameStart = state.position;
  while (state.input.charCodeAt(state.position) !== 0 && !isWsOrEol(state.input.charCodeAt(state.position))) state.position++;
  const name = state.input.slice(nameStart, state.position);
  const args = [];
  if (name.length === 0) throwError(state, "directive name must not be less than one character in length");
  while (state.input.charCodeAt(state.position) !== 0 && !isEol(state.input.charCodeAt(state.position))) {
    while (isWhiteSpace(state.input.charCodeAt(state.position))) state.position++;
    if (state.input.charCodeAt(state.position) === 35 || isEol(state.input.charCodeAt(state.position)) || state.input.charCodeAt(state.position) === 0) break;
    const start = state.position;
    while (state.input.charCodeAt(state.position) !== 0 && !isWsOrEol(state.input.charCodeAt(state.position))) state.position++;
    args.push(state.input.slice(start, state.position));
  }
  if (isEol(state.input.charCodeAt(state.position))) consumeLineBreak(state);
  if (name === "YAML") {
    if (state.directives.some((directive) => directive.kind === "yaml")) throwError(state, "duplication of %YAML directive");
    if (args.length !== 1) throwError(state, "YAML directive accepts exactly one argument");
    const match = /^([0-9]+)\.([0-9]+)$/.exec(args[0]);
    if (match === null) throwError(state, "ill-formed argument of the YAML directive");
    if (parseInt(match[1], 10) !== 1) throwError(state, "unacceptable YAML version of the document");
    state.directives.push({
      kind: "yaml",
      version: args[0]
    });
  } else if (name === "TAG") {
    if (args.length !== 2) throwError(state, "TAG directive accepts exactly two arguments");
    const [handle, prefix] = args;
    if (!PATTERN_TAG_HANDLE.test(handle)) throwError(state, "ill-formed tag handle (first argument) of the TAG directive");
    if (HAS_OWN.call(state.tagHandlers, handle)) throwError(state, `there is a previously declared suffix for "${handle}" tag handle`);
    if (!PATTERN_TAG_PREFIX.test(prefix)) throwError(state, "ill-formed tag prefix (second argument) of the TAG directive");
    state.tagHandlers[handle] = prefix;
    state.directives.push({
      kind: "tag",
      handle,
      prefix
    });
  }
  return true;
}
function readDocument(state) {
  state.directives = [];
  state.tagHandlers = /* @__PURE__ */ Object.create(null);
  let hasDirectives = false;
  skipSeparationSpace(state, true);
  while (readDirective(state)) {
    hasDirectives = true;
    skipSeparationSpace(state, true);
  }
  let explicitStart = false;
  let explicitEnd = false;
  let allowCompact = true;
  if (state.lineIndent === 0 && state.input.charCodeAt(state.position) === 45 && state.input.charCodeAt(state.position + 1) === 45 && state.input.charCodeAt(state.position + 2) === 45 && isWsOrEolOrEnd(state.input.charCodeAt(state.position + 3))) {
    explicitStart = true;
    const markerLine = state.line;
    state.position += 3;
    skipSeparationSpace(state, true);
    allowCompact = state.line > markerLine;
  } else if (hasDirectives) throwError(state, "directives end mark is expected");
  const documentEventIndex = state.events.length;
  if (!explicitStart && state.position === state.lineStart && state.input.charCodeAt(state.position) === 46 && testDocumentSeparator(state)) {
    state.position += 3;
    skipSeparationSpace(state, true);
    return;
  }
  addDocumentEvent(state, explicitStart, false);
  if (!parseNode(state, state.lineIndent - 1, CONTEXT_BLOCK_OUT, false, allowCompact, allowCompact)) addEmptyScalarEvent(state);
  skipSeparationSpace(state, true);
  if (state.position === state.lineStart && testDocumentSeparator(state)) {
    explicitEnd = state.input.charCodeAt(state.position) === 46;
    if (explicitEnd) {
      const markerLine = state.line;
      state.position += 3;
      skipSeparationSpace(state, true);
      if (state.line === markerLine && state.position < state.length) throwError(state, "end of the stream or a document separator is expected");
    }
  }
  const documentEvent = state.events[documentEventIndex];
  if (documentEvent?.type === EVENT_ID.DOCUMENT) documentEvent.explicitEnd = explicitEnd;
  addPopEvent(state);
  if (!explicitEnd && state.position < state.length && !testDocumentBoundary(state)) throwError(state, "end of the stream or a document separator is expected");
}
function parseEvents(input, options) {
  const length = input.length;
  const state = {
    ...DEFAULT_PARSER_OPTIONS,
    ...options,
    input: `${input}\0`,
    length,
    position: 0,
    line: 0,
    lineStart: 0,
    lineIndent: 0,
    firstTabInLine: -1,
    depth: 0,
    directives: [],
    tagHandlers: /* @__PURE__ */ Object.create(null),
    events: []
  };
  const nullpos = input.indexOf("\0");
  if (nullpos !== -1) YAMLException.throwAt(input, nullpos, "null byte is not allowed in input", state.filename);
  while (state.position < state.length) {
    skipByteOrderMark(state);
    skipSeparationSpace(state, true);
    if (state.position >= state.length) break;
    const documentStart = state.position;
    readDocument(state);
    if (state.position === documentStart)
      throwError(state, "can not read a document");
  }
  return state.events;
}
function loadDocuments(input, options = {}) {
  const opts = {
    ...DEFAULT_LOAD_OPTIONS,
    ...options
  };
  const source = String(input);
  const PARSER_OPT_KEYS = Object.keys(DEFAULT_PARSER_OPTIONS);
  const CONSTRUCTOR_OPT_KEYS = Object.keys(DEFAULT_CONSTRUCTOR_OPTIONS);
  return constructFromEvents(parseEvents(source, pick(opts, PARSER_OPT_KEYS)), {
    ...pick(opts, CONSTRUCTOR_OPT_KEYS),
    source
  });
}
function load(input, options) {
  const documents = loadDocuments(input, options);
  if (documents.length === 0) throw new YAMLException("expected a document, but the input is empty");
  if (documents.length === 1) return documents[0];
  throw new YAMLException("expected a single document in the stream, but found more");
}
function buildRepresentTypes(schema) {
  const defaultTags = new Set([
    schema.defaultScalarTag,
    schema.defaultSequenceTag,
    schema.defaultMappingTag
  ].filter((t) => t !== void 0));
  const implicitScalars = schema.implicitScalarTags;
  const explicitTags = schema.tags.filter((t) => !(t.nodeKind === "scalar" && t.implicit) && !defaultTags.has(t));
  const defaultTagsLast = schema.tags.filter((t) => defaultTags.has(t));
  return [
    ...implicitScalars.map((tag) => ({
      tag,
      implicitTag: true
    })),
    ...explicitTags.map((tag) => ({
      tag,
      implicitTag: false
    })),
    ...defaultTagsLast.map((tag) => ({
      tag,
      implicitTag: true
    }))
  ];
}
function matchTag(state, object) {
  for (let index = 0, length = state.representTypes.length; index < length; index += 1) {
    const { tag, implicitTag } = state.representTypes[index];
    if (tag.identify(object)) {
      let tagName;
      if (tag.matchByTagPrefix) tagName = tag.representTagName(object);
      else tagName = tag.tagName;
      return {
        tag,
        tagName,
        implicitTag
      };
    }
  }
  return null;
}
function build(state, object) {
  if (!state.noRefs && object !== null && typeof object === "object") {
    const existing = state.refs.get(object);
    if (existing) {
      if (existing.anchor === void 0) existing.anchor = `ref_${state.refCounter++}`;
      return {
        kind: "alias",
        anchor: existing.anchor
      };
    }
  }
  const matched = matchTag(state, object);
  if (!matched) {
    if (object === void 0) return INVALID;
    if (state.skipInvalid) return INVALID;
    throw new YAMLException(`unacceptable kind of an object to dump ${Object.prototype.toString.call(object)}`);
  }
  const { tag, tagName, implicitTag } = matched;
  const nodeTagName = implicitTag ? tagName : tagNameShort(tagName);
  if (tag.nodeKind === "scalar") return {
    kind: "scalar",
    tag: nodeTagName,
    tagged: !implicitTag,
    style: SCALAR_STYLE.PLAIN,
    value: tag.represent(object)
  };
  if (tag.nodeKind === "sequence") {
    const container = tag.represent(object);
    const node2 = {
      kind: "sequence",
      tag: nodeTagName,
      tagged: !implicitTag,
      style: COLLECTION_STYLE.BLOCK,
      items: []
    };
    if (!state.noRefs) state.refs.set(object, node2);
    for (let index = 0, length = container.length; index < length; index += 1) {
      let item = build(state, container[index]);
      if (item === INVALID && container[index] === void 0) item = build(state, null);
      if (item === INVALID) continue;
      node2.items.push(item);
    }
    return node2;
  }
  const map = tag.represent(object);
  const node = {
    kind: "mapping",
    tag: nodeTagName,
    tagged: !implicitTag,
    style: COLLECTION_STYLE.BLOCK,
    items: []
  };
  if (!state.noRefs) state.refs.set(object, node);
  for (const [objectKey, objectValue] of map) {
    const key = build(state, objectKey);
    if (key === INVALID) continue;
    const value = build(state, objectValue);
    if (value === INVALID) continue;
    node.items.push({
      key,
      value
    });
  }
  return node;
}
function jsToAst(input, schema, options = {}) {
  const root = build({
    representTypes: buildRepresentTypes(schema),
    noRefs: options.noRefs ?? false,
    skipInvalid: options.skipInvalid ?? false,
    refs: /* @__PURE__ */ new Map(),
    refCounter: 0
  }, input);
  return [{
    contents: root === INVALID ? null : root,
    directives: []
  }];
}
function visitNode(node, visitor, ctx) {
  const control = visitor(node, ctx);
  if (control === VISIT_BREAK) return true;
  if (control === VISIT_SKIP) return false;
  const depth = ctx.depth + 1;
  switch (node.kind) {
    case "sequence":
      for (const item of node.items) if (visitNode(item, visitor, {
        depth,
        parent: node,
        isKey: false
      })) return true;
      break;
    case "mapping":
      for (const { key, value } of node.items) {
        if (visitNode(key, visitor, {
          depth,
          parent: node,
          isKey: true
        })) return true;
        if (visitNode(value, visitor, {
          depth,
          parent: node,
          isKey: false
        })) return true;
      }
  }
  return false;
}
function visit(documents, visitor) {
  for (const doc of documents) if (doc.contents && visitNode(doc.contents, visitor, {
    depth: 0,
    parent: null,
    isKey: false
  })) return;
}
function hasBit(mask, bit) {
  return (mask & 1 << bit) !== 0;
}
function _preferredQuotedStyle(layout) {
  if (layout.presenterOptions.quoteStyle === "single" && hasBit(layout.allowedStylesMask, SCALAR_STYLE.SINGLE_QUOTED)) return SCALAR_STYLE.SINGLE_QUOTED;
  return SCALAR_STYLE.DOUBLE_QUOTED;
}
function applyQuoteFlowKeysOption(layout) {
  if (!layout.presenterOptions.quoteFlowKeys) return;
  if (!layout.isKey || !layout.flowOnly || layout.style !== SCALAR_STYLE.PLAIN) return;
  layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
}
function doubleQuoteForInvisibles(layout) {
  if (layout.style === SCALAR_STYLE.PLAIN && /[\t\x7F-\xA0\u2028\u2029\uFEFF\uFFFE\uFFFF]/.test(layout.node.value)) layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
}
function doubleQuoteWhitespaceOnly(layout) {
  if (layout.style === SCALAR_STYLE.PLAIN && /^\s+$/.test(layout.node.value)) layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
}
function applyForceQuotesOption(layout) {
  if (!layout.presenterOptions.forceQuotes) return;
  if (layout.isKey || layout.style !== SCALAR_STYLE.PLAIN) return;
  if (layout.node.tag !== layout.presenterOptions.schema.defaultScalarTag.tagName) return;
  layout.style = layout.node.value.includes("\n") ? SCALAR_STYLE.DOUBLE_QUOTED : _preferredQuotedStyle(layout);
}
function tryLongOrMultilineAsBlock(layout) {
  if (layout.style !== SCALAR_STYLE.PLAIN || layout.isKey) return;
  const value = layout.node.value;
  const multiline = value.indexOf("\n") !== -1;
  if (!hasBit(layout.allowedStylesMask, SCALAR_STYLE.LITERAL_BLOCK)) {
    if (multiline) layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
    return;
  }
  const w = layout.presenterOptions.lineWidth;
  if (w === -1) {
    if (multiline) layout.style = SCALAR_STYLE.LITERAL_BLOCK;
    return;
  }
  const availableWidth = Math.max(Math.min(w, 40), w - layout.shiftOfContent);
  let position = 0;
  let shouldFold = false;
  while (position <= value.length) {
    let lineEnd2 = value.length;
    const nextLineBreak = value.indexOf("\n", position);
    if (nextLineBreak !== -1) lineEnd2 = nextLineBreak;
    const line = value.slice(position, lineEnd2);
    if (line.length > availableWidth && line[0] !== " " && / [^ \t]/.test(line)) shouldFold = true;
    if (nextLineBreak === -1) break;
    position = nextLineBreak + 1;
  }
  if (shouldFold) layout.style = SCALAR_STYLE.FOLDED_BLOCK;
  else if (multiline) layout.style = SCALAR_STYLE.LITERAL_BLOCK;
}
function quoteInvalidPlain(layout) {
  if (layout.style === SCALAR_STYLE.PLAIN && !hasBit(layout.allowedStylesMask, SCALAR_STYLE.PLAIN)) layout.style = _preferredQuotedStyle(layout);
}
function fallbackToDoubleQuoted(layout) {
  if (!hasBit(layout.allowedStylesMask, layout.style)) layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
}
function setBit(mask, bit) {
  return mask | 1 << bit;
}
function canUsePlain(layout) {
  const str4 = layout.node.value;
  if (str4 !== "") {
    if (!(layout.isKey ? layout.flowOnly ? NS_PLAIN_FLOW_KEY : NS_PLAIN_BLOCK_KEY : layout.flowOnly ? NS_PLAIN_FLOW_IN : NS_PLAIN_FLOW_OUT).test(str4)) return false;
    if (layout.shiftOfFirstLine === 0 && C_FORBIDDEN_FIRST_LINE.test(str4)) return false;
    if (layout.shiftOfContent === 0) {
      const firstLineBreak = str4.indexOf("\n");
      if (firstLineBreak !== -1) {
        const content = str4.slice(firstLineBreak + 1);
        if (C_FORBIDDEN_CONTENT.test(content)) return false;
      }
    }
  }
  const resolvedTag = layout.presenterOptions.schema.resolveImplicitScalarTag(str4).tag.tagName;
  if (!layout.node.tagged && resolvedTag !== layout.node.tag) return false;
  if (!layout.node.tagged && str4 === "=" && resolvedTag === layout.presenterOptions.schema.defaultScalarTag.tagName) return false;
  return true;
}
function canUseSingleQuoted(layout) {
  const str4 = layout.node.value;
  if (!(layout.isKey ? NB_SINGLE_ONE_LINE : NB_SINGLE_MULTI_LINE).test(str4)) return false;
  if (/[ \t]\n|\n[ \t]/.test(str4)) return false;
  if (!layout.isKey && layout.shiftOfContent === 0) {
    const firstLineBreak = str4.indexOf("\n");
    if (firstLineBreak !== -1 && C_FORBIDDEN_CONTENT.test(str4.slice(firstLineBreak + 1))) return false;
  }
  return true;
}
function canUseBlock(layout) {
  if (layout.flowOnly || !BLOCK_SCALAR_CONTENT.test(layout.node.value)) return false;
  const contentIndent = layout.shiftOfContent - layout.shiftOfParent;
  if (contentIndent < 1) return false;
  if (contentIndent > 9 && /^\n* /.test(layout.node.value)) return false;
  if (layout.shiftOfContent === 0 && C_FORBIDDEN_CONTENT.test(layout.node.value)) return false;
  return true;
}
function detectAllowedStyles(layout) {
  let mask = setBit(0, SCALAR_STYLE.DOUBLE_QUOTED);
  if (canUsePlain(layout)) mask = setBit(mask, SCALAR_STYLE.PLAIN);
  if (canUseSingleQuoted(layout)) mask = setBit(mask, SCALAR_STYLE.SINGLE_QUOTED);
  if (canUseBlock(layout)) mask = setBit(setBit(mask, SCALAR_STYLE.LITERAL_BLOCK), SCALAR_STYLE.FOLDED_BLOCK);
  layout.allowedStylesMask = mask;
}
function renderScalar(layout) {
  switch (layout.style) {
    case SCALAR_STYLE.PLAIN:
      return renderPlain(layout);
    case SCALAR_STYLE.SINGLE_QUOTED:
      return renderSingleQuoted(layout);
    case SCALAR_STYLE.LITERAL_BLOCK:
      return renderLiteralBlock(layout);
    case SCALAR_STYLE.FOLDED_BLOCK:
      return renderFoldedBlock(layout);
    case SCALAR_STYLE.DOUBLE_QUOTED:
      return renderDoubleQuoted(layout);
  }
}
function renderPlain(layout) {
  return encodeFlowBreaks(layout.node.value, layout.shiftOfContent);
}
function renderSingleQuoted(layout) {
  return `'${encodeFlowBreaks(layout.node.value, layout.shiftOfContent).replace(/'/g, "''")}'`;
}
function renderLiteralBlock(layout) {
  const value = layout.node.value;
  return "|" + blockHeader(value, layout.shiftOfParent, layout.shiftOfContent) + dropEndingNewline(indentString(value, layout.shiftOfContent));
}
function renderFoldedBlock(layout) {
  const value = layout.node.value;
  const w = layout.presenterOptions.lineWidth;
  let availableWidth = Infinity;
  if (w !== -1) availableWidth = Math.max(Math.min(w, 40), w - layout.shiftOfContent);
  return ">" + blockHeader(value, layout.shiftOfParent, layout.shiftOfContent) + dropEndingNewline(indentString(foldBlockScalar(value, availableWidth), layout.shiftOfContent));
}
function renderDoubleQuoted(layout) {
  return `"${escapeString(layout.node.value)}"`;
}
function encodeFlowBreaks(string, shiftOfContent) {
  let nextLF = string.indexOf("\n");
  if (nextLF === -1) return string;
  const pad = " ".repeat(shiftOfContent);
  let result = string.slice(0, nextLF);
  const lineRe = /(\n+)([^\n]*)/g;
  lineRe.lastIndex = nextLF;
  let match;
  while (match = lineRe.exec(string)) {
    const breaks = match[1].length;
    const line = match[2];
    result += "\n".repeat(breaks + 1) + pad + line;
  }
  return result;
}
function indentString(string, spaces) {
  const indent = " ".repeat(spaces);
  let position = 0;
  let result = "";
  const length = string.length;
  while (position < length) {
    let line;
    const next = string.indexOf("\n", position);
    if (next === -1) {
      line = string.slice(position);
      position = length;
    } else {
      line = string.slice(position, next + 1);
      position = next + 1;
    }
    if (line.length && line !== "\n") result += indent;
    result += line;
  }
  return result;
}
function needIndentIndicator(string) {
  return /^\n* /.test(string);
}
function blockHeader(string, shiftOfParent, shiftOfContent) {
  const indentIndicator = needIndentIndicator(string) ? String(shiftOfContent - shiftOfParent) : "";
  const clip = string[string.length - 1] === "\n";
  return `${indentIndicator}${clip && (string[string.length - 2] === "\n" || string === "\n") ? "+" : clip ? "" : "-"}
`;
}
function dropEndingNewline(string) {
  return string[string.length - 1] === "\n" ? string.slice(0, -1) : string;
}
function isMoreIndented(char) {
  return char === " " || char === "	";
}
function foldLine(line, width) {
  if (line === "" || isMoreIndented(line[0])) return line;
  const breakRe = / [^ \t]/g;
  let match;
  let start = 0;
  let end;
  let curr = 0;
  let next = 0;
  let result = "";
  while (match = breakRe.exec(line)) {
    next = match.index;
    if (next - start > width) {
      end = curr > start ? curr : next;
      result += `
${line.slice(start, end)}`;
      start = end + 1;
    }
    curr = next;
  }
  result += "\n";
  if (line.length - start > width && curr > start) result += `${line.slice(start, curr)}
${line.slice(curr + 1)}`;
  else result += line.slice(start);
  return result.slice(1);
}
function foldBlockScalar(string, width) {
  const lineRe = /(\n+)([^\n]*)/g;
  let nextLF = string.indexOf("\n");
  if (nextLF === -1) nextLF = string.length;
  lineRe.lastIndex = nextLF;
  let result = foldLine(string.slice(0, nextLF), width);
  let prevMoreIndented = string[0] === "\n" || isMoreIndented(string[0]);
  let moreIndented;
  let match;
  while (match = lineRe.exec(string)) {
    const prefix = match[1];
    const line = match[2];
    moreIndented = line !== "" && isMoreIndented(line[0]);
    result += prefix + (!prevMoreIndented && !moreIndented && line !== "" ? "\n" : "") + foldLine(line, width);
    prevMoreIndented = moreIndented;
  }
  return result;
}
function escapeCharacter(character) {
  switch (character) {
    case "\0":
      return "\\0";
    case "\x07":
      return "\\a";
    case "\b":
      return "\\b";
    case "	":
      return "\\t";
    case "\n":
      return "\\n";
    case "\v":
      return "\\v";
    case "\f":
      return "\\f";
    case "\r":
      return "\\r";
    case "\x1B":
      return "\\e";
    case '"':
      return '\\"';
    case "\\":
      return "\\\\";
    case "\x85":
      return "\\N";
    case "\xA0":
      return "\\_";
    case "\u2028":
      return "\\L";
    case "\u2029":
      return "\\P";
  }
  const code = character.charCodeAt(0);
  const hex = code.toString(16).toUpperCase();
  if (code <= 255) return `\\x${"0".repeat(2 - hex.length)}${hex}`;
  return `\\u${"0".repeat(4 - hex.length)}${hex}`;
}
function escapeString(string) {
  return string.replace(CHARACTERS_TO_ESCAPE, escapeCharacter);
}
function nodeTagShort(node) {
  return node.tagged ? node.tag : tagNameShort(node.tag);
}
function createPresenterState(options) {
  const opts = {
    ...DEFAULT_PRESENTER_OPTIONS,
    ...options
  };
  if (opts.flowSkipColonSpace) opts.quoteFlowKeys = true;
  return {
    ...opts,
    defaultScalarTagName: opts.schema.defaultScalarTag.tagName,
    openEnded: false
  };
}
function generateNextLine(state, level) {
  return `
${" ".repeat(state.indent * level)}`;
}
function scalarLayout(state, node, parent, level, isKey, flowOnly) {
  return {
    node,
    parent,
    level,
    isKey,
    flowOnly,
    shiftOfParent: level === 0 ? -1 : state.indent * (level - 1),
    shiftOfContent: state.indent * Math.max(1, level),
    shiftOfFirstLine: level === 0 ? 0 : state.indent * level,
    presenterOptions: state,
    allowedStylesMask: 0,
    style: node.style
  };
}
function writeFlowSequence(state, level, node) {
  let result = "";
  for (let index = 0, length = node.items.length; index < length; index += 1) {
    const item = writeNode(state, level, node.items[index], node, {}).text;
    if (index > 0) result += `,${!state.flowSkipCommaSpace ? " " : ""}`;
    result += item;
  }
  const pad = state.flowBracketPadding && node.items.length > 0 ? " " : "";
  return `[${pad}${result}${pad}]`;
}
function writeBlockSequence(state, level, node, compact) {
  let result = "";
  for (let index = 0, length = node.items.length; index < length; index += 1) {
    const item = writeNode(state, level + 1, node.items[index], node, {
      block: true,
      compact: state.seqInlineFirst,
      isblockseq: true
    }).text;
    if (!compact || result !== "") result += generateNextLine(state, level);
    if (item === "" || CHAR_LINE_FEED === item.charCodeAt(0)) result += "-";
    else result += "- ";
    result += item;
  }
  return result;
}
function writeFlowMapping(state, level, node) {
  let result = "";
  for (const { key, value } of node.items) {
    let pairBuffer = "";
    if (result !== "") pairBuffer += `,${!state.flowSkipCommaSpace ? " " : ""}`;
    const keyRender = writeNode(state, level, key, node, { iskey: true });
    const keyText = keyRender.text;
    const valueText = writeNode(state, level, value, node, {}).text;
    const sep2 = state.flowSkipColonSpace || valueText === "" ? "" : " ";
    const keyIsBareProps = key.kind === "scalar" && keyRender.noBody && (key.tagged || key.anchor !== void 0);
    const keyColonSep = key.kind === "alias" || keyIsBareProps ? " " : "";
    pairBuffer += `${keyText}${keyColonSep}:${sep2}${valueText}`;
    result += pairBuffer;
  }
  const pad = state.flowBracketPadding && result !== "" ? " " : "";
  return `{${pad}${result}${pad}}`;
}
function writeBlockMapping(state, level, node, compact) {
  let result = "";
  for (let index = 0, length = node.items.length; index < length; index += 1) {
    let pairBuffer = "";
    if (!compact || result !== "") pairBuffer += generateNextLine(state, level);
    const { key, value } = node.items[index];
    const keyIsBlock = (key.kind === "mapping" || key.kind === "sequence") && key.style === COLLECTION_STYLE.BLOCK && key.items.length !== 0 || key.kind === "scalar" && (key.style === SCALAR_STYLE.LITERAL_BLOCK || key.style === SCALAR_STYLE.FOLDED_BLOCK);
    const keyRender = keyIsBlock ? writeNode(state, level + 1, key, node, {
      block: true,
      compact: true,
      isblockseq: !cannotBeCompact(state, key, level + 1)
    }) : writeNode(state, level + 1, key, node, {
      block: true,
      compact: true,
      iskey: true
    });
    const keyText = keyRender.text;
    const keyHasLineBreak = key.kind === "scalar" && key.value.indexOf("\n") !== -1;
    const keyIsTooLong = keyText.length > 1024 && /^[\s\S]{1025}/u.test(keyText);
    const explicitPair = keyIsBlock || keyHasLineBreak || keyIsTooLong;
    if (explicitPair) {
      if (keyText && CHAR_LINE_FEED === keyText.charCodeAt(0)) pairBuffer += "?";
      else pairBuffer += "? ";
    }
    pairBuffer += keyText;
    if (explicitPair) pairBuffer += generateNextLine(state, level);
    const valueText = writeNode(state, level + 1, value, node, {
      block: true,
      compact: explicitPair,
      isblockseq: explicitPair && !cannotBeCompact(state, value, level + 1)
    }).text;
    const keyIsBareProps = key.kind === "scalar" && keyRender.noBody && (key.tagged || key.anchor !== void 0);
    const keyColonSep = !explicitPair && (key.kind === "alias" || keyIsBareProps) ? " " : "";
    if (valueText === "" || CHAR_LINE_FEED === valueText.charCodeAt(0)) pairBuffer += `${keyColonSep}:`;
    else pairBuffer += `${keyColonSep}: `;
    pairBuffer += valueText;
    result += pairBuffer;
  }
  return result;
}
function cannotBeCompact(state, node, level) {
  if (node.kind === "alias") return true;
  return node.tagged || node.anchor !== void 0 || state.indent < 2 && level > 0;
}
function writeNode(state, level, node, parent, ctx) {
  if (node.kind === "alias") {
    state.openEnded = false;
    return {
      text: `*${node.anchor}`,
      noBody: false
    };
  }
  const { block = false, iskey = false, isblockseq = false } = ctx;
  let compact = ctx.compact ?? false;
  const hasAnchor = node.anchor !== void 0;
  if (cannotBeCompact(state, node, level)) compact = false;
  let body;
  let shouldPrintTag = node.tagged;
  const useBlockCollection = block && (node.kind === "mapping" || node.kind === "sequence") && node.style === COLLECTION_STYLE.BLOCK && node.items.length !== 0;
  if (node.kind === "mapping") {
    if (useBlockCollection) body = writeBlockMapping(state, level, node, compact);
    else body = writeFlowMapping(state, level, node);
  } else if (node.kind === "sequence") {
    if (useBlockCollection) {
      if (state.seqNoIndent && !isblockseq && level > 0) body = writeBlockSequence(state, level - 1, node, compact);
      else body = writeBlockSequence(state, level, node, compact);
    } else body = writeFlowSequence(state, level, node);
  } else {
    const layout = scalarLayout(state, node, parent, level, iskey, !block);
    detectAllowedStyles(layout);
    for (const rule of state.scalarStyleRules) rule(layout);
    body = renderScalar(layout);
    state.openEnded = (layout.style === SCALAR_STYLE.LITERAL_BLOCK || layout.style === SCALAR_STYLE.FOLDED_BLOCK) && (node.value === "\n" || node.value.endsWith("\n\n"));
    shouldPrintTag = node.tagged || body === "" && layout.flowOnly && parent?.kind === "sequence" && !hasAnchor || layout.style !== SCALAR_STYLE.PLAIN && node.tag !== state.defaultScalarTagName;
  }
  if ((node.kind === "mapping" || node.kind === "sequence") && !useBlockCollection) state.openEnded = false;
  if (useBlockCollection && compact && level > 0 && state.indent > 2) body = `${" ".repeat(state.indent - 2)}${body}`;
  const noBody = body === "";
  let text = body;
  if (shouldPrintTag || hasAnchor) {
    const props = [];
    const tag = shouldPrintTag ? nodeTagShort(node) : null;
    const anchor = hasAnchor ? `&${node.anchor}` : null;
    if (state.tagBeforeAnchor) {
      if (tag !== null) props.push(tag);
      if (anchor !== null) props.push(anchor);
    } else {
      if (anchor !== null) props.push(anchor);
      if (tag !== null) props.push(tag);
    }
    const sep2 = body === "" || body.charCodeAt(0) === CHAR_LINE_FEED ? "" : " ";
    text = `${props.join(" ")}${sep2}${body}`;
  }
  return {
    text,
    noBody
  };
}
function rootStartsOwnLine(node) {
  return (node.kind === "sequence" || node.kind === "mapping") && node.style === COLLECTION_STYLE.BLOCK && node.items.length !== 0 && !node.tagged && node.anchor === void 0;
}
function writeDocumentDirectives(doc) {
  let result = "";
  for (const directive of doc.directives) {
    if (directive.kind === "yaml") {
      result += `%YAML ${directive.version}
`;
      continue;
    }
    const { handle, prefix } = directive;
    result += `%TAG ${handle} ${prefix}
`;
  }
  return result;
}
function present(documents, options) {
  const state = createPresenterState(options);
  let result = "";
  let previousEnded = false;
  for (let index = 0; index < documents.length; index += 1) {
    const doc = documents[index];
    state.openEnded = false;
    const directives = writeDocumentDirectives(doc);
    const hasDirectives = directives !== "";
    const marker = doc.explicitStart || hasDirectives || index > 0 && !previousEnded;
    result += directives;
    if (doc.contents === null) {
      if (marker) result += "---\n";
    } else if (marker) {
      const body = writeNode(state, 0, doc.contents, null, {
        block: true,
        compact: true
      }).text;
      const sep2 = body === "" ? "" : hasDirectives || rootStartsOwnLine(doc.contents) ? "\n" : " ";
      result += `---${sep2}${body}
`;
    } else result += writeNode(state, 0, doc.contents, null, {
      block: true,
      compact: true
    }).text + "\n";
    previousEnded = doc.explicitEnd || state.openEnded;
    if (previousEnded) result += "...\n";
  }
  return result;
}
function defaultCompareFn(a, b) {
  const x = String(a);
  const y = String(b);
  if (x < y) return -1;
  if (x > y) return 1;
  return 0;
}
function dump(input, options = {}) {
  const opts = {
    ...DEFAULT_DUMP_OPTIONS,
    ...options
  };
  const documents = jsToAst(input, opts.schema, {
    noRefs: opts.noRefs,
    skipInvalid: opts.skipInvalid
  });
  if (opts.flowLevel >= 0) visit(documents, (node, ctx) => {
    if (ctx.depth < opts.flowLevel) return;
    if (node.kind === "sequence" || node.kind === "mapping") node.style = COLLECTION_STYLE.FLOW;
    return VISIT_SKIP;
  });
  if (opts.sortKeys) {
    const compareFn = opts.sortKeys === true ? defaultCompareFn : opts.sortKeys;
    visit(documents, (node) => {
      if (node.kind !== "mapping") return;
      node.items.sort((a, b) => compareFn(a.key.kind === "scalar" ? a.key.value : "", b.key.kind === "scalar" ? b.key.value : ""));
    });
  }
  opts.transform(documents);
  return present(documents, {
    ...pick(opts, Object.keys(DEFAULT_PRESENTER_OPTIONS)),
    schema: opts.schema
  });
}
var NOT_RESOLVED, strTag, NULL_VALUES$1, nullCoreTag, nullJsonTag, NULL_VALUES, nullYaml11Tag, TRUE_VALUES$2, FALSE_VALUES$2, boolCoreTag, TRUE_VALUES$1, FALSE_VALUES$1, boolJsonTag, TRUE_VALUES, FALSE_VALUES, boolYaml11Tag, YAML_INTEGER_IMPLICIT_PATTERN$1, YAML_INTEGER_EXPLICIT_PATTERN$1, intCoreTag, YAML_INTEGER_IMPLICIT_PATTERN, YAML_INTEGER_EXPLICIT_PATTERN, intJsonTag, YAML_INTEGER_PATTERN, intYaml11Tag, YAML_FLOAT_PATTERN$1, YAML_FLOAT_SPECIAL_PATTERN$1, floatCoreTag, YAML_FLOAT_IMPLICIT_PATTERN, YAML_FLOAT_EXPLICIT_PATTERN, floatJsonTag, YAML_FLOAT_PATTERN, YAML_FLOAT_SPECIAL_PATTERN, floatYaml11Tag, mergeTag, BASE64_PATTERN, binaryTag, YAML_DATE_REGEXP, YAML_TIMESTAMP_REGEXP, timestampTag, seqTag, omapTag, pairsTag, mapTag, setTag, Schema, FAILSAFE_SCHEMA, JSON_SCHEMA, CORE_SCHEMA, YAML11_SCHEMA, DUMP_SCHEMA, realMapTag, legacyMapTag, DEFAULT_SNIPPET_OPTIONS, YAMLException, EVENT_ID, SCALAR_STYLE, COLLECTION_STYLE, CHOMPING_MODE, NO_RANGE$3, simpleEscapeCheck, simpleEscapeMap, DEFAULT_TAG_HANDLERS, TAG_SUFFIX_CHARS, TAG_URI_CHARS, HEX, NO_RANGE$2, MERGE_TAG_NAME, DEFAULT_CONSTRUCTOR_OPTIONS, NO_RANGE$1, HAS_OWN, CONTEXT_FLOW_IN, CONTEXT_FLOW_OUT, CONTEXT_BLOCK_IN, CONTEXT_BLOCK_OUT, PATTERN_NON_PRINTABLE, PATTERN_FLOW_INDICATORS, PATTERN_TAG_HANDLE, NS_URI_CHAR, NS_TAG_CHAR, PATTERN_TAG_URI, PATTERN_TAG_SUFFIX, PATTERN_TAG_PREFIX, DEFAULT_PARSER_OPTIONS, DEFAULT_LOAD_OPTIONS, INVALID, VISIT_BREAK, VISIT_SKIP, DEFAULT_SCALAR_STYLE_RULES, SRC_C_PRINTABLE, SRC_B_CHAR, SRC_C_BYTE_ORDER_MARK, SRC_S_WHITE, SRC_NB_CHAR, SRC_NS_CHAR, SRC_NB_JSON, SRC_C_INDICATOR, SRC_C_FLOW_INDICATOR, SRC_NS_PLAIN_SAFE_FLOW_OUT, SRC_NS_PLAIN_SAFE_FLOW_IN, SRC_NS_PLAIN_FIRST_FLOW_OUT, SRC_NS_PLAIN_FIRST_FLOW_IN, SRC_NS_PLAIN_CHAR_FLOW_OUT, SRC_NS_PLAIN_CHAR_FLOW_IN, SRC_NB_NS_PLAIN_IN_LINE_FLOW_OUT, SRC_NB_NS_PLAIN_IN_LINE_FLOW_IN, SRC_NS_PLAIN_ONE_LINE_FLOW_OUT, SRC_NS_PLAIN_ONE_LINE_FLOW_IN, SRC_NS_PLAIN_ONE_LINE_BLOCK_KEY, SRC_NS_PLAIN_ONE_LINE_FLOW_KEY, SRC_S_NS_PLAIN_NEXT_LINE_FLOW_OUT, SRC_S_NS_PLAIN_NEXT_LINE_FLOW_IN, SRC_NS_PLAIN_MULTI_LINE_FLOW_OUT, SRC_NS_PLAIN_MULTI_LINE_FLOW_IN, NS_PLAIN_FLOW_OUT, NS_PLAIN_FLOW_IN, NS_PLAIN_BLOCK_KEY, NS_PLAIN_FLOW_KEY, NB_SINGLE_ONE_LINE, NB_SINGLE_MULTI_LINE, BLOCK_SCALAR_CONTENT, C_FORBIDDEN_FIRST_LINE, C_FORBIDDEN_CONTENT, CHARACTERS_TO_ESCAPE, CHAR_LINE_FEED, DEFAULT_PRESENTER_OPTIONS, DEFAULT_DUMP_OPTIONS, EVENT_DOCUMENT, EVENT_SEQUENCE, EVENT_MAPPING, EVENT_SCALAR, EVENT_ALIAS, EVENT_POP, SCALAR_STYLE_PLAIN, SCALAR_STYLE_SINGLE_QUOTED, SCALAR_STYLE_DOUBLE_QUOTED, SCALAR_STYLE_LITERAL_BLOCK, SCALAR_STYLE_FOLDED_BLOCK, COLLECTION_STYLE_BLOCK, COLLECTION_STYLE_FLOW, CHOMPING_CLIP, CHOMPING_STRIP, CHOMPING_KEEP;
var init_js_yaml = __esm({
  "node_modules/js-yaml/dist/js-yaml.mjs"() {
    NOT_RESOLVED = /* @__PURE__ */ Symbol("NOT_RESOLVED");
    strTag = defineScalarTag("tag:yaml.org,2002:str", {
      resolve: (source) => source,
      identify: (data) => typeof data === "string"
    });
    NULL_VALUES$1 = [
      "",
      "~",
      "null",
      "Null",
      "NULL"
    ];
    nullCoreTag = defineScalarTag("tag:yaml.org,2002:null", {
      implicit: true,
      implicitFirstChars: [
        "",
        "~",
        "n",
        "N"
      ],
      resolve: (source) => {
        if (NULL_VALUES$1.indexOf(source) !== -1) return null;
        return NOT_RESOLVED;
      },
      identify: (object) => object === null,
      represent: () => "null"
    });
    nullJsonTag = defineScalarTag("tag:yaml.org,2002:null", {
      implicit: true,
      implicitFirstChars: ["n"],
      resolve: (source, isExplicit) => {
        if (source === "null" || isExplicit && source === "") return null;
        return NOT_RESOLVED;
      },
      identify: (object) => object === null,
      represent: () => "null"
    });
    NULL_VALUES = [
      "",
      "~",
      "null",
      "Null",
      "NULL"
    ];
    nullYaml11Tag = defineScalarTag("tag:yaml.org,2002:null", {
      implicit: true,
      implicitFirstChars: [
        "",
        "~",
        "n",
        "N"
      ],
      resolve: (source) => {
        if (NULL_VALUES.indexOf(source) !== -1) return null;
        return NOT_RESOLVED;
      },
      identify: (object) => object === null,
      represent: () => "null"
    });
    TRUE_VALUES$2 = [
      "true",
      "True",
      "TRUE"
    ];
    FALSE_VALUES$2 = [
      "false",
      "False",
      "FALSE"
    ];
    boolCoreTag = defineScalarTag("tag:yaml.org,2002:bool", {
      implicit: true,
      implicitFirstChars: [
        "t",
        "T",
        "f",
        "F"
      ],
      resolve: (source) => {
        if (TRUE_VALUES$2.indexOf(source) !== -1) return true;
        if (FALSE_VALUES$2.indexOf(source) !== -1) return false;
        return NOT_RESOLVED;
      },
      identify: (object) => Object.prototype.toString.call(object) === "[object Boolean]",
      represent: (object) => object ? "true" : "false"
    });
    TRUE_VALUES$1 = ["true"];
    FALSE_VALUES$1 = ["false"];
    boolJsonTag = defineScalarTag("tag:yaml.org,2002:bool", {
      implicit: true,
      implicitFirstChars: ["t", "f"],
      resolve: (source) => {
        if (TRUE_VALUES$1.indexOf(source) !== -1) return true;
        if (FALSE_VALUES$1.indexOf(source) !== -1) return false;
        return NOT_RESOLVED;
      },
      identify: (object) => Object.prototype.toString.call(object) === "[object Boolean]",
      represent: (object) => object ? "true" : "false"
    });
    TRUE_VALUES = [
      "true",
      "True",
      "TRUE",
      "y",
      "Y",
      "yes",
      "Yes",
      "YES",
      "on",
      "On",
      "ON"
    ];
    FALSE_VALUES = [
      "false",
      "False",
      "FALSE",
      "n",
      "N",
      "no",
      "No",
      "NO",
      "off",
      "Off",
      "OFF"
    ];
    boolYaml11Tag = defineScalarTag("tag:yaml.org,2002:bool", {
      implicit: true,
      implicitFirstChars: [
        "y",
        "Y",
        "n",
        "N",
        "t",
        "T",
        "f",
        "F",
        "o",
        "O"
      ],
      resolve: (source) => {
        if (TRUE_VALUES.indexOf(source) !== -1) return true;
        if (FALSE_VALUES.indexOf(source) !== -1) return false;
        return NOT_RESOLVED;
      },
      identify: (object) => Object.prototype.toString.call(object) === "[object Boolean]",
      represent: (object) => object ? "true" : "false"
    });
    YAML_INTEGER_IMPLICIT_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:0o[0-7]+|0x[0-9a-fA-F]+|[-+]?[0-9]+)$");
    YAML_INTEGER_EXPLICIT_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:[-+]?0b[0-1]+|[-+]?0o[0-7]+|[-+]?0x[0-9a-fA-F]+|[-+]?[0-9]+)$");
    intCoreTag = defineScalarTag("tag:yaml.org,2002:int", {
      implicit: true,
      implicitFirstChars: [
        "-",
        "+",
        ..."0123456789"
      ],
      resolve: resolveYamlInteger$2,
      identify: (object) => Number.isInteger(object) && !Object.is(object, -0) && object.toString(10).indexOf("e") < 0,
      represent: (object) => object.toString(10)
    });
    YAML_INTEGER_IMPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^-?(?:0|[1-9][0-9]*)$");
    YAML_INTEGER_EXPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?0b[0-1]+|[-+]?0o[0-7]+|[-+]?0x[0-9a-fA-F]+|[-+]?[0-9]+)$");
    intJsonTag = defineScalarTag("tag:yaml.org,2002:int", {
      implicit: true,
      implicitFirstChars: ["-", ..."0123456789"],
      resolve: resolveYamlInteger$1,
      identify: (object) => Number.isInteger(object) && !Object.is(object, -0) && object.toString(10).indexOf("e") < 0,
      represent: (object) => object.toString(10)
    });
    YAML_INTEGER_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?0x[0-9a-fA-F_]+|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+|[-+]?(?:0|[1-9][0-9_]*))$");
    intYaml11Tag = defineScalarTag("tag:yaml.org,2002:int", {
      implicit: true,
      implicitFirstChars: [
        "-",
        "+",
        ..."0123456789"
      ],
      resolve: resolveYamlInteger,
      identify: (object) => Number.isInteger(object) && !Object.is(object, -0) && object.toString(10).indexOf("e") < 0,
      represent: (object) => object.toString(10)
    });
    YAML_FLOAT_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:[-+]?[0-9]+(?:\\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|[-+]?\\.[0-9]+(?:[eE][-+]?[0-9]+)?|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
    YAML_FLOAT_SPECIAL_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
    floatCoreTag = defineScalarTag("tag:yaml.org,2002:float", {
      implicit: true,
      implicitFirstChars: [
        "-",
        "+",
        ".",
        ..."0123456789"
      ],
      resolve: resolveYamlFloat$2,
      identify: (object) => typeof object === "number" && (!Number.isInteger(object) || Object.is(object, -0) || object.toString(10).indexOf("e") >= 0),
      represent: representYamlFloat$2
    });
    YAML_FLOAT_IMPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^-?(?:0|[1-9][0-9]*)(?:\\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$");
    YAML_FLOAT_EXPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?[0-9]+(?:\\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|[-+]?\\.[0-9]+(?:[eE][-+]?[0-9]+)?|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
    floatJsonTag = defineScalarTag("tag:yaml.org,2002:float", {
      implicit: true,
      implicitFirstChars: ["-", ..."0123456789"],
      resolve: resolveYamlFloat$1,
      identify: (object) => typeof object === "number" && (!Number.isInteger(object) || Object.is(object, -0) || object.toString(10).indexOf("e") >= 0),
      represent: representYamlFloat$1
    });
    YAML_FLOAT_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?(?:(?:[0-9][0-9_]*)?\\.[0-9_]*)(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\\.[0-9_]*|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
    YAML_FLOAT_SPECIAL_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
    floatYaml11Tag = defineScalarTag("tag:yaml.org,2002:float", {
      implicit: true,
      implicitFirstChars: [
        "-",
        "+",
        ".",
        ..."0123456789"
      ],
      resolve: resolveYamlFloat,
      identify: (object) => typeof object === "number" && (!Number.isInteger(object) || Object.is(object, -0) || object.toString(10).indexOf("e") >= 0),
      represent: representYamlFloat
    });
    mergeTag = defineScalarTag("tag:yaml.org,2002:merge", {
      implicit: true,
      implicitFirstChars: ["<"],
      resolve: (source, isExplicit) => {
        if (source === "<<" || isExplicit && source === "") return "<<";
        return NOT_RESOLVED;
      },
      identify: () => false
    });
    BASE64_PATTERN = /^[A-Za-z0-9+/]*={0,2}$/;
    binaryTag = defineScalarTag("tag:yaml.org,2002:binary", {
      resolve: resolveYamlBinary,
      identify: (object) => Object.prototype.toString.call(object) === "[object Uint8Array]",
      represent: representYamlBinary
    });
    YAML_DATE_REGEXP = /* @__PURE__ */ new RegExp("^([0-9][0-9][0-9][0-9])-([0-9][0-9])-([0-9][0-9])$");
    YAML_TIMESTAMP_REGEXP = /* @__PURE__ */ new RegExp("^([0-9][0-9][0-9][0-9])-([0-9][0-9]?)-([0-9][0-9]?)(?:[Tt]|[ \\t]+)([0-9][0-9]?):([0-9][0-9]):([0-9][0-9])(?:\\.([0-9]*))?(?:[ \\t]*(Z|([-+])([0-9][0-9]?)(?::([0-9][0-9]))?))?$");
    timestampTag = defineScalarTag("tag:yaml.org,2002:timestamp", {
      implicit: true,
      implicitFirstChars: [..."0123456789"],
      resolve: resolveYamlTimestamp,
      identify: (object) => object instanceof Date,
      represent: (object) => object.toISOString()
    });
    seqTag = defineSequenceTag("tag:yaml.org,2002:seq", {
      create: () => [],
      addItem: (container, item) => {
        container.push(item);
      },
      identify: Array.isArray
    });
    omapTag = defineSequenceTag("tag:yaml.org,2002:omap", {
      create: () => ({
        list: [],
        seen: /* @__PURE__ */ new Set()
      }),
      addItem: (carrier, item) => {
        let key;
        if (item instanceof Map) {
          if (item.size !== 1) return "cannot resolve an ordered map item";
          key = item.keys().next().value;
        } else if (isPlainObject(item)) {
          const itemKeys = Object.keys(item);
          if (itemKeys.length !== 1) return "cannot resolve an ordered map item";
          key = itemKeys[0];
        } else return "cannot resolve an ordered map item";
        if (carrier.seen.has(key)) return "duplicate key in ordered map";
        carrier.seen.add(key);
        carrier.list.push(item);
        return "";
      },
      finalize: (carrier) => carrier.list,
      identify: () => false
    });
    pairsTag = defineSequenceTag("tag:yaml.org,2002:pairs", {
      create: () => [],
      addItem: (container, item) => {
        if (item instanceof Map) {
          if (item.size !== 1) return "cannot resolve a pairs item";
          container.push(item.entries().next().value);
          return "";
        }
        if (Object.prototype.toString.call(item) !== "[object Object]") return "cannot resolve a pairs item";
        const object = item;
        const keys = Object.keys(object);
        if (keys.length !== 1) return "cannot resolve a pairs item";
        container.push([keys[0], object[keys[0]]]);
        return "";
      },
      identify: () => false
    });
    mapTag = defineMappingTag("tag:yaml.org,2002:map", {
      create: () => ({}),
      identify: isPlainObject,
      represent: (o) => {
        const map = /* @__PURE__ */ new Map();
        for (const key of Object.keys(o)) map.set(key, o[key]);
        return map;
      },
      addPair: (container, key, value) => {
        if (key !== null && typeof key === "object") return "object-based map does not support complex keys";
        const normalizedKey = String(key);
        if (normalizedKey === "__proto__") Object.defineProperty(container, normalizedKey, {
          value,
          enumerable: true,
          configurable: true,
          writable: true
        });
        else container[normalizedKey] = value;
        return "";
      },
      has: (container, key) => {
        if (key !== null && typeof key === "object") return false;
        return Object.prototype.hasOwnProperty.call(container, String(key));
      },
      keys: (container) => Object.keys(container),
      get: (container, key) => {
        const normalizedKey = String(key);
        if (!Object.prototype.hasOwnProperty.call(container, normalizedKey)) return null;
        return container[normalizedKey];
      }
    });
    setTag = defineMappingTag("tag:yaml.org,2002:set", {
      create: () => /* @__PURE__ */ new Set(),
      identify: (data) => data instanceof Set,
      represent: (data) => {
        const map = /* @__PURE__ */ new Map();
        for (const key of data) map.set(key, null);
        return map;
      },
      addPair: (container, key, value) => {
        if (value !== null) return "cannot resolve a set item";
        container.add(key);
        return "";
      },
      has: (container, key) => container.has(key),
      keys: (container) => container.keys(),
      get: () => null
    });
    Schema = class Schema2 {
      tags;
      /** @internal */
      implicitScalarTags;
      /**
      * Dispatch implicit scalar resolvers by `source.charAt(0)`. Each bucket holds
      * the resolvers that may match that key, in schema order; a key absent from
      * the map uses
      * {@link Schema.implicitScalarAnyFirstChar}
      * (resolvers that declared no first-char constraint, so they apply to any
      * first character).
      */
      implicitScalarByFirstChar;
      implicitScalarAnyFirstChar;
      /**
      * The default scalar tag (`!!str`), resolved once so the composer's fallback
      * for unresolved plain scalars avoids a keyed lookup per scalar.
      *
      * @internal
      */
      defaultScalarTag;
      /**
      * The default container tags (`!!seq` / `!!map`), used by the dumper: when a
      * value is identified by its default tag, the tag is implicit and not
      * printed. Undefined if the schema does not define them (then such values
      * can't be dumped).
      *
      * @internal
      */
      defaultSequenceTag;
      /** @internal */
      defaultMappingTag;
      exact;
      prefix;
      constructor(tags) {
        const compiledTags = compileTags(tags);
        const implicitScalarTags = [];
        const exact = createTagDefinitionMap();
        const prefix = createTagDefinitionListMap();
        for (const tag of compiledTags) {
          if (tag.nodeKind === "scalar" && tag.implicit) {
            if (tag.matchByTagPrefix) throw new Error("Implicit scalar tags cannot match by tag prefix");
            implicitScalarTags.push(tag);
          }
          switch (tag.nodeKind) {
            case "scalar":
              if (tag.matchByTagPrefix) prefix.scalar.push(tag);
              else exact.scalar[tag.tagName] = tag;
              break;
            case "sequence":
              if (tag.matchByTagPrefix) prefix.sequence.push(tag);
              else exact.sequence[tag.tagName] = tag;
              break;
            case "mapping":
              if (tag.matchByTagPrefix) prefix.mapping.push(tag);
              else exact.mapping[tag.tagName] = tag;
          }
        }
        const implicitScalarAnyFirstChar = implicitScalarTags.filter((tag) => tag.implicitFirstChars === null);
        const keys = /* @__PURE__ */ new Set();
        for (const tag of implicitScalarTags) if (tag.implicitFirstChars !== null) for (const key of tag.implicitFirstChars) keys.add(key);
        const implicitScalarByFirstChar = /* @__PURE__ */ new Map();
        for (const key of keys) implicitScalarByFirstChar.set(key, implicitScalarTags.filter((tag) => tag.implicitFirstChars === null || tag.implicitFirstChars.indexOf(key) !== -1));
        const defaultScalarTag = exact.scalar["tag:yaml.org,2002:str"];
        if (!defaultScalarTag) throw new Error("schema does not define the default scalar tag (tag:yaml.org,2002:str)");
        this.tags = compiledTags;
        this.implicitScalarTags = implicitScalarTags;
        this.implicitScalarByFirstChar = implicitScalarByFirstChar;
        this.implicitScalarAnyFirstChar = implicitScalarAnyFirstChar;
        this.defaultScalarTag = defaultScalarTag;
        this.defaultSequenceTag = exact.sequence["tag:yaml.org,2002:seq"];
        this.defaultMappingTag = exact.mapping["tag:yaml.org,2002:map"];
        this.exact = exact;
        this.prefix = prefix;
      }
      /** @internal */
      lookupScalarTag(tagName) {
        const exactTag = this.exact.scalar[tagName];
        if (exactTag) return exactTag;
        for (const tag of this.prefix.scalar) if (tagName.startsWith(tag.tagName)) return tag;
      }
      /** @internal */
      lookupSequenceTag(tagName) {
        const exactTag = this.exact.sequence[tagName];
        if (exactTag) return exactTag;
        for (const tag of this.prefix.sequence) if (tagName.startsWith(tag.tagName)) return tag;
      }
      /** @internal */
      lookupMappingTag(tagName) {
        const exactTag = this.exact.mapping[tagName];
        if (exactTag) return exactTag;
        for (const tag of this.prefix.mapping) if (tagName.startsWith(tag.tagName)) return tag;
      }
      /** @internal */
      resolveImplicitScalarTag(source) {
        const candidates = this.implicitScalarByFirstChar.get(source.charAt(0)) ?? this.implicitScalarAnyFirstChar;
        for (const tag2 of candidates) {
          const value = tag2.resolve(source, false, tag2.tagName);
          if (value !== NOT_RESOLVED) return {
            value,
            tag: tag2
          };
        }
        const tag = this.defaultScalarTag;
        return {
          value: tag.resolve(source, false, tag.tagName),
          tag
        };
      }
      /**
      * Creates a new schema with the specified tags added. If a tag already
      * exists, it is replaced by the specified tag.
      *
      * @example
      *
      * ```javascript
      * import { CORE_SCHEMA, mergeTag, realMapTag } from 'js-yaml'
      *
      * const schema = CORE_SCHEMA.withTags(mergeTag, realMapTag)
      * ```
      */
      withTags(...tags) {
        let flatTags = [];
        for (const tag of tags) flatTags = flatTags.concat(tag);
        return new Schema2([...this.tags, ...flatTags]);
      }
    };
    FAILSAFE_SCHEMA = new Schema([
      strTag,
      seqTag,
      mapTag
    ]);
    JSON_SCHEMA = new Schema([
      ...FAILSAFE_SCHEMA.tags,
      nullJsonTag,
      boolJsonTag,
      intJsonTag,
      floatJsonTag
    ]);
    CORE_SCHEMA = new Schema([
      ...FAILSAFE_SCHEMA.tags,
      nullCoreTag,
      boolCoreTag,
      intCoreTag,
      floatCoreTag
    ]);
    YAML11_SCHEMA = new Schema([
      ...FAILSAFE_SCHEMA.tags,
      nullYaml11Tag,
      boolYaml11Tag,
      intYaml11Tag,
      floatYaml11Tag,
      timestampTag,
      mergeTag,
      binaryTag,
      omapTag,
      pairsTag,
      setTag
    ]);
    DUMP_SCHEMA = YAML11_SCHEMA.withTags({
      ...intYaml11Tag,
      resolve: (source, isExplicit, tagName) => {
        const result = intYaml11Tag.resolve(source, isExplicit, tagName);
        return result === NOT_RESOLVED ? intCoreTag.resolve(source, isExplicit, tagName) : result;
      }
    }, {
      ...floatYaml11Tag,
      resolve: (source, isExplicit, tagName) => {
        const result = floatYaml11Tag.resolve(source, isExplicit, tagName);
        return result === NOT_RESOLVED ? floatCoreTag.resolve(source, isExplicit, tagName) : result;
      }
    });
    realMapTag = defineMappingTag("tag:yaml.org,2002:map", {
      create: () => /* @__PURE__ */ new Map(),
      addPair: (container, key, value) => {
        container.set(key, value);
        return "";
      },
      has: (container, key) => container.has(key),
      keys: (container) => container.keys(),
      get: (container, key) => container.get(key),
      identify: (data) => data instanceof Map || isPlainObject(data),
      represent: (data) => {
        if (data instanceof Map) return data;
        const map = /* @__PURE__ */ new Map();
        const obj = data;
        for (const key of Object.keys(obj)) map.set(key, obj[key]);
        return map;
      }
    });
    legacyMapTag = defineMappingTag("tag:yaml.org,2002:map", {
      create: () => ({}),
      identify: isPlainObject,
      represent: (o) => {
        const map = /* @__PURE__ */ new Map();
        for (const key of Object.keys(o)) map.set(key, o[key]);
        return map;
      },
      addPair: (container, key, value) => {
        const normalizedKey = normalizeKey(key);
        if (normalizedKey === null) return "nested arrays are not supported inside keys";
        if (normalizedKey === "__proto__") Object.defineProperty(container, normalizedKey, {
          value,
          enumerable: true,
          configurable: true,
          writable: true
        });
        else container[normalizedKey] = value;
        return "";
      },
      has: (container, key) => {
        const normalizedKey = normalizeKey(key);
        return normalizedKey !== null && Object.prototype.hasOwnProperty.call(container, normalizedKey);
      },
      keys: (container) => Object.keys(container),
      get: (container, key) => {
        const normalizedKey = String(key);
        if (!Object.prototype.hasOwnProperty.call(container, normalizedKey)) return null;
        return container[normalizedKey];
      }
    });
    DEFAULT_SNIPPET_OPTIONS = {
      maxLength: 79,
      indent: 1,
      linesBefore: 3,
      linesAfter: 2
    };
    YAMLException = class YAMLException2 extends Error {
      reason;
      mark;
      /**
      * Optional `mark` contains source snippet data. Usually, use
      * {@link YAMLException.throwAt} instead of passing it directly.
      */
      constructor(reason, mark) {
        super();
        this.name = "YAMLException";
        this.reason = reason;
        this.mark = mark;
        this.message = formatError(this, false);
        if (Error.captureStackTrace) Error.captureStackTrace(this, this.constructor);
      }
      /**
      * Returns the formatted error, omitting the source snippet in compact mode.
      */
      toString(compact) {
        return `${this.name}: ${formatError(this, compact)}`;
      }
      /**
      * Builds a YAMLException with a source snippet and throws it. `source` is
      * the raw input text; `position` is an offset into it.
      */
      static throwAt(source, position, message, filename = "") {
        let line = 0;
        let lineStart2 = 0;
        for (let index = 0; index < position; index++) {
          const ch = source.charCodeAt(index);
          if (ch === 10) {
            line++;
            lineStart2 = index + 1;
          } else if (ch === 13) {
            line++;
            if (source.charCodeAt(index + 1) === 10) index++;
            lineStart2 = index + 1;
          }
        }
        const mark = {
          name: filename,
          buffer: source,
          position,
          line,
          column: position - lineStart2
        };
        mark.snippet = makeSnippet(mark);
        throw new YAMLException2(message, mark);
      }
    };
    EVENT_ID = {
      DOCUMENT: 1,
      SEQUENCE: 2,
      MAPPING: 3,
      SCALAR: 4,
      ALIAS: 5,
      POP: 6
    };
    SCALAR_STYLE = {
      PLAIN: 1,
      SINGLE_QUOTED: 2,
      DOUBLE_QUOTED: 3,
      LITERAL_BLOCK: 4,
      FOLDED_BLOCK: 5
    };
    COLLECTION_STYLE = {
      BLOCK: 1,
      FLOW: 2
    };
    CHOMPING_MODE = {
      CLIP: 1,
      STRIP: 2,
      KEEP: 3
    };
    NO_RANGE$3 = -1;
    simpleEscapeCheck = new Array(256);
    simpleEscapeMap = new Array(256);
    for (let i = 0; i < 256; i++) {
      simpleEscapeCheck[i] = simpleEscapeSequence(i) ? 1 : 0;
      simpleEscapeMap[i] = simpleEscapeSequence(i);
    }
    DEFAULT_TAG_HANDLERS = Object.assign(/* @__PURE__ */ Object.create(null), {
      "!": "!",
      "!!": "tag:yaml.org,2002:"
    });
    TAG_SUFFIX_CHARS = "-#;/?:@&=+$_.~*'()";
    TAG_URI_CHARS = TAG_SUFFIX_CHARS + "!,[]";
    HEX = "0123456789ABCDEF";
    NO_RANGE$2 = -1;
    MERGE_TAG_NAME = "tag:yaml.org,2002:merge";
    DEFAULT_CONSTRUCTOR_OPTIONS = {
      filename: "",
      schema: CORE_SCHEMA,
      json: false,
      maxTotalMergeKeys: 1e4,
      maxAliases: -1
    };
    NO_RANGE$1 = -1;
    HAS_OWN = Object.prototype.hasOwnProperty;
    CONTEXT_FLOW_IN = 1;
    CONTEXT_FLOW_OUT = 2;
    CONTEXT_BLOCK_IN = 3;
    CONTEXT_BLOCK_OUT = 4;
    PATTERN_NON_PRINTABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
    PATTERN_FLOW_INDICATORS = /[,\[\]{}]/;
    PATTERN_TAG_HANDLE = /^(?:!|!!|![0-9A-Za-z-]+!)$/;
    NS_URI_CHAR = String.raw`(?:%[0-9A-Fa-f]{2}|[0-9A-Za-z\-#;/?:@&=+$,_.!~*'()\[\]])`;
    NS_TAG_CHAR = String.raw`(?:%[0-9A-Fa-f]{2}|[0-9A-Za-z\-#;/?:@&=+$.~*'()_])`;
    PATTERN_TAG_URI = new RegExp(`^(?:${NS_URI_CHAR})*$`);
    PATTERN_TAG_SUFFIX = new RegExp(`^(?:${NS_TAG_CHAR})+$`);
    PATTERN_TAG_PREFIX = new RegExp(`^(?:!(?:${NS_URI_CHAR})*|${NS_TAG_CHAR}(?:${NS_URI_CHAR})*)$`);
    DEFAULT_PARSER_OPTIONS = {
      filename: "",
      maxDepth: 100
    };
    DEFAULT_LOAD_OPTIONS = {
      ...DEFAULT_PARSER_OPTIONS,
      ...DEFAULT_CONSTRUCTOR_OPTIONS
    };
    INVALID = /* @__PURE__ */ Symbol("INVALID");
    VISIT_BREAK = /* @__PURE__ */ Symbol("visit:break");
    VISIT_SKIP = /* @__PURE__ */ Symbol("visit:skip");
    DEFAULT_SCALAR_STYLE_RULES = {
      applyQuoteFlowKeysOption,
      doubleQuoteForInvisibles,
      doubleQuoteWhitespaceOnly,
      applyForceQuotesOption,
      tryLongOrMultilineAsBlock,
      quoteInvalidPlain,
      fallbackToDoubleQuoted
    };
    SRC_C_PRINTABLE = "[\\x09\\x0A\\x0D\\x20-\\x7E\\x85\\xA0-\\uD7FF\\uE000-\\uFFFD\\u{10000}-\\u{10FFFF}]";
    SRC_B_CHAR = "[\\n\\r]";
    SRC_C_BYTE_ORDER_MARK = "\\uFEFF";
    SRC_S_WHITE = "[ \\t]";
    SRC_NB_CHAR = `(?:(?!(?:${SRC_B_CHAR}|${SRC_C_BYTE_ORDER_MARK}))${SRC_C_PRINTABLE})`;
    SRC_NS_CHAR = `(?:(?!${SRC_S_WHITE})${SRC_NB_CHAR})`;
    SRC_NB_JSON = "[\\x09\\x20-\\uD7FF\\uE000-\\uFFFF\\u{10000}-\\u{10FFFF}]";
    SRC_C_INDICATOR = "[-?:,\\[\\]{}#&*!|>'\"%@`]";
    SRC_C_FLOW_INDICATOR = "[,\\[\\]{}]";
    SRC_NS_PLAIN_SAFE_FLOW_OUT = SRC_NS_CHAR;
    SRC_NS_PLAIN_SAFE_FLOW_IN = `(?:(?!${SRC_C_FLOW_INDICATOR})${SRC_NS_CHAR})`;
    SRC_NS_PLAIN_FIRST_FLOW_OUT = `(?:(?:(?!${SRC_C_INDICATOR})${SRC_NS_CHAR})|[?:-](?=${SRC_NS_PLAIN_SAFE_FLOW_OUT}))`;
    SRC_NS_PLAIN_FIRST_FLOW_IN = `(?:(?:(?!${SRC_C_INDICATOR})${SRC_NS_CHAR})|[?:-](?=${SRC_NS_PLAIN_SAFE_FLOW_IN}))`;
    SRC_NS_PLAIN_CHAR_FLOW_OUT = `(?:(?:(?![:#])${SRC_NS_PLAIN_SAFE_FLOW_OUT})|:(?=${SRC_NS_PLAIN_SAFE_FLOW_OUT}))#*`;
    SRC_NS_PLAIN_CHAR_FLOW_IN = `(?:(?:(?![:#])${SRC_NS_PLAIN_SAFE_FLOW_IN})|:(?=${SRC_NS_PLAIN_SAFE_FLOW_IN}))#*`;
    SRC_NB_NS_PLAIN_IN_LINE_FLOW_OUT = `(?:${SRC_S_WHITE}*${SRC_NS_PLAIN_CHAR_FLOW_OUT})*`;
    SRC_NB_NS_PLAIN_IN_LINE_FLOW_IN = `(?:${SRC_S_WHITE}*${SRC_NS_PLAIN_CHAR_FLOW_IN})*`;
    SRC_NS_PLAIN_ONE_LINE_FLOW_OUT = `${SRC_NS_PLAIN_FIRST_FLOW_OUT}#*${SRC_NB_NS_PLAIN_IN_LINE_FLOW_OUT}`;
    SRC_NS_PLAIN_ONE_LINE_FLOW_IN = `${SRC_NS_PLAIN_FIRST_FLOW_IN}#*${SRC_NB_NS_PLAIN_IN_LINE_FLOW_IN}`;
    SRC_NS_PLAIN_ONE_LINE_BLOCK_KEY = SRC_NS_PLAIN_ONE_LINE_FLOW_OUT;
    SRC_NS_PLAIN_ONE_LINE_FLOW_KEY = SRC_NS_PLAIN_ONE_LINE_FLOW_IN;
    SRC_S_NS_PLAIN_NEXT_LINE_FLOW_OUT = `\\n+${SRC_NS_PLAIN_CHAR_FLOW_OUT}${SRC_NB_NS_PLAIN_IN_LINE_FLOW_OUT}`;
    SRC_S_NS_PLAIN_NEXT_LINE_FLOW_IN = `\\n+${SRC_NS_PLAIN_CHAR_FLOW_IN}${SRC_NB_NS_PLAIN_IN_LINE_FLOW_IN}`;
    SRC_NS_PLAIN_MULTI_LINE_FLOW_OUT = `${SRC_NS_PLAIN_ONE_LINE_FLOW_OUT}(?:${SRC_S_NS_PLAIN_NEXT_LINE_FLOW_OUT})*`;
    SRC_NS_PLAIN_MULTI_LINE_FLOW_IN = `${SRC_NS_PLAIN_ONE_LINE_FLOW_IN}(?:${SRC_S_NS_PLAIN_NEXT_LINE_FLOW_IN})*`;
    NS_PLAIN_FLOW_OUT = new RegExp(`^(?:${SRC_NS_PLAIN_MULTI_LINE_FLOW_OUT})$`, "u");
    NS_PLAIN_FLOW_IN = new RegExp(`^(?:${SRC_NS_PLAIN_MULTI_LINE_FLOW_IN})$`, "u");
    NS_PLAIN_BLOCK_KEY = new RegExp(`^(?:${SRC_NS_PLAIN_ONE_LINE_BLOCK_KEY})$`, "u");
    NS_PLAIN_FLOW_KEY = new RegExp(`^(?:${SRC_NS_PLAIN_ONE_LINE_FLOW_KEY})$`, "u");
    NB_SINGLE_ONE_LINE = new RegExp(`^(?:${SRC_NB_JSON})*$`, "u");
    NB_SINGLE_MULTI_LINE = new RegExp(`^(?:${SRC_NB_JSON}|\\n)*$`, "u");
    BLOCK_SCALAR_CONTENT = new RegExp(`^(?:${SRC_NB_CHAR}|\\n)*$`, "u");
    C_FORBIDDEN_FIRST_LINE = /^(?:---|\.\.\.)(?=$|[ \t\n\r])/;
    C_FORBIDDEN_CONTENT = /^(?:---|\.\.\.)(?=$|[ \t\n\r])/m;
    CHARACTERS_TO_ESCAPE = /["\\\x00-\x1F\x7F-\xA0\u2028\u2029\uD800-\uDFFF\uFEFF\uFFFE\uFFFF]/gu;
    CHAR_LINE_FEED = 10;
    DEFAULT_PRESENTER_OPTIONS = {
      indent: 2,
      seqNoIndent: false,
      seqInlineFirst: true,
      lineWidth: 80,
      flowBracketPadding: false,
      flowSkipCommaSpace: false,
      flowSkipColonSpace: false,
      quoteFlowKeys: false,
      quoteStyle: "single",
      forceQuotes: false,
      scalarStyleRules: Object.keys(DEFAULT_SCALAR_STYLE_RULES).map((name) => Reflect.get(DEFAULT_SCALAR_STYLE_RULES, name)),
      tagBeforeAnchor: false
    };
    DEFAULT_DUMP_OPTIONS = {
      ...DEFAULT_PRESENTER_OPTIONS,
      schema: DUMP_SCHEMA,
      skipInvalid: false,
      noRefs: false,
      flowLevel: -1,
      sortKeys: false,
      transform: () => {
      }
    };
    EVENT_DOCUMENT = EVENT_ID.DOCUMENT;
    EVENT_SEQUENCE = EVENT_ID.SEQUENCE;
    EVENT_MAPPING = EVENT_ID.MAPPING;
    EVENT_SCALAR = EVENT_ID.SCALAR;
    EVENT_ALIAS = EVENT_ID.ALIAS;
    EVENT_POP = EVENT_ID.POP;
    SCALAR_STYLE_PLAIN = SCALAR_STYLE.PLAIN;
    SCALAR_STYLE_SINGLE_QUOTED = SCALAR_STYLE.SINGLE_QUOTED;
    SCALAR_STYLE_DOUBLE_QUOTED = SCALAR_STYLE.DOUBLE_QUOTED;
    SCALAR_STYLE_LITERAL_BLOCK = SCALAR_STYLE.LITERAL_BLOCK;
    SCALAR_STYLE_FOLDED_BLOCK = SCALAR_STYLE.FOLDED_BLOCK;
    COLLECTION_STYLE_BLOCK = COLLECTION_STYLE.BLOCK;
    COLLECTION_STYLE_FLOW = COLLECTION_STYLE.FLOW;
    CHOMPING_CLIP = CHOMPING_MODE.CLIP;
    CHOMPING_STRIP = CHOMPING_MODE.STRIP;
    CHOMPING_KEEP = CHOMPING_MODE.KEEP;
  }
});

// lib/core/frontmatter-fast.ts
function scalar(raw, flow) {
  const v = trimSpaces(raw);
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) {
    const inner = v.slice(1, -1);
    return /["\\]/.test(inner) || flow && inner.includes(",") || QUOTED_UNSAFE.test(inner) ? NOT_SIMPLE : inner;
  }
  if (v.length >= 2 && v.startsWith("'") && v.endsWith("'")) {
    const inner = v.slice(1, -1);
    return inner.includes("'") || flow && inner.includes(",") || QUOTED_UNSAFE.test(inner) ? NOT_SIMPLE : inner;
  }
  const first = PLAIN_FIRST.test(v) || DIGIT_STRING.test(v) && !/^[0-9]*[eE]-[0-9]*$/.test(v);
  if (v === "" || !first || CORE_WORDS.has(v) || !PLAIN_BODY.test(v)) return NOT_SIMPLE;
  if (v.includes(": ") || v.includes(" #") || v.endsWith(":") || flow && FLOW_UNSAFE.test(v)) return NOT_SIMPLE;
  return v;
}
function flowList(raw) {
  const inner = trimSpaces(raw.slice(1, -1));
  if (inner === "") return [];
  const items = [];
  for (const part of inner.split(",")) {
    const s = scalar(part, true);
    if (s === NOT_SIMPLE || s === null) return NOT_SIMPLE;
    items.push(s);
  }
  return items;
}
function inline(raw) {
  const v = trimSpaces(raw);
  if (v.startsWith("[") && v.endsWith("]")) return flowList(v);
  return scalar(v, false);
}
function fastLoadFrontmatter(text) {
  if (trimSpaces(text.replace(/\n/g, " ")) === "" || /[\t\r\u2028\u2029\ufeff]/.test(text)) return void 0;
  const lines = text.split("\n").map((l) => l.replace(/ +$/, ""));
  const out = {};
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line === "") {
      i++;
      continue;
    }
    const m4 = KEY.exec(line);
    if (!m4 || m4[1] in out || m4[1] === "__proto__") return void 0;
    const key = m4[1];
    i++;
    if (m4[2] !== void 0 && trimSpaces(m4[2]) !== "") {
      const value = inline(m4[2]);
      if (value === NOT_SIMPLE) return void 0;
      out[key] = value;
      continue;
    }
    const block = [];
    while (i < lines.length && lines[i] !== "" && (lines[i].startsWith(" ") || lines[i].startsWith("- "))) block.push(lines[i++]);
    if (block.length === 0) {
      if (i < lines.length && lines[i] === "" && lines.slice(i).some((l) => l.startsWith(" ") || l.startsWith("- "))) return void 0;
      out[key] = null;
      continue;
    }
    const parsed = ITEM.test(block[0]) ? blockList(block) : nestedMap(block);
    if (parsed === void 0) return void 0;
    out[key] = parsed;
  }
  return out;
}
function blockList(block) {
  const indent = ITEM.exec(block[0])[1];
  const items = [];
  for (const line of block) {
    const m4 = ITEM.exec(line);
    if (!m4 || m4[1] !== indent) return void 0;
    const s = scalar(m4[2], false);
    if (s === NOT_SIMPLE || s === null || s.startsWith("- ")) return void 0;
    items.push(s);
  }
  return items;
}
function nestedMap(block) {
  const indent = NESTED.exec(block[0])?.[1];
  if (indent === void 0) return void 0;
  const map = {};
  for (const line of block) {
    const m4 = NESTED.exec(line);
    if (!m4 || m4[1] !== indent || m4[2] in map || m4[2] === "__proto__") return void 0;
    if (m4[3] === void 0 || trimSpaces(m4[3]) === "") return void 0;
    const value = inline(m4[3]);
    if (value === NOT_SIMPLE) return void 0;
    map[m4[2]] = value;
  }
  return map;
}
var KEY, ITEM, NESTED, PLAIN_FIRST, PLAIN_BODY, DIGIT_STRING, FLOW_UNSAFE, QUOTED_UNSAFE, trimSpaces, CORE_WORDS, NOT_SIMPLE;
var init_frontmatter_fast = __esm({
  "lib/core/frontmatter-fast.ts"() {
    "use strict";
    KEY = /^([A-Za-z_][A-Za-z0-9_-]*):(?: (.*))?$/;
    ITEM = /^( *)- (.*)$/;
    NESTED = /^( +)([A-Za-z_][A-Za-z0-9_-]*):(?: (.*))?$/;
    PLAIN_FIRST = /^[A-Za-z_\u00a0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd]/;
    PLAIN_BODY = /^[A-Za-z0-9 _\-./()@+=?!%$^&*~;:#<>`'"\u00a0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd,[\]{}]*$/;
    DIGIT_STRING = /^[0-9][0-9A-Za-z]*-[0-9A-Za-z-]*$/;
    FLOW_UNSAFE = /[,[\]{}]/;
    QUOTED_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]/;
    trimSpaces = (s) => s.replace(/^ +| +$/g, "");
    CORE_WORDS = /* @__PURE__ */ new Set(["null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE"]);
    NOT_SIMPLE = /* @__PURE__ */ Symbol("not simple");
  }
});

// lib/core/card-types.ts
function withoutTypePrefix(name) {
  return name.replace(CARD_TYPE_PREFIX, "");
}
function isCardFile(rel) {
  return CARD_FILE.test(rel);
}
var CARD_TYPES, CARD_TYPE_PREFIX, CARD_FILE, INDEX_FILE, EPISODES_SUMMARY_FILE, SEGMENT, CARD_PATH, DIR_PATH;
var init_card_types = __esm({
  "lib/core/card-types.ts"() {
    "use strict";
    CARD_TYPES = ["feedback", "project", "reference", "user"];
    CARD_TYPE_PREFIX = new RegExp(`^(${CARD_TYPES.join("|")})_`);
    CARD_FILE = new RegExp(`${CARD_TYPE_PREFIX.source}[^/]+\\.md$`);
    INDEX_FILE = "MEMORY.md";
    EPISODES_SUMMARY_FILE = "episodes.summary.md";
    SEGMENT = String.raw`[^./\\\u0000-\u001f\u007f][^/\\\u0000-\u001f\u007f]*`;
    CARD_PATH = new RegExp(String.raw`^(?:${SEGMENT}/)*${SEGMENT}\.md$`);
    DIR_PATH = new RegExp(`^(?:${SEGMENT}/)*${SEGMENT}$`);
  }
});

// lib/core/recall-keys.ts
function recallKeyProblems(value) {
  if (value === void 0 || value === null) return [];
  const problem = (message) => ({ code: "E_RECALL_KEYS", message });
  if (!Array.isArray(value)) return [problem("recall must be a list of strings (one way people would ask for this card per item)")];
  const problems = [];
  if (value.length > MAX_RECALL_KEYS) problems.push(problem(`recall has ${value.length} keys; at most ${MAX_RECALL_KEYS} are allowed`));
  value.forEach((k, i) => {
    if (typeof k !== "string" || k.trim() === "") problems.push(problem(`recall[${i}] must be a non-empty string`));
    else if (/[\u0000-\u001f\u007f]/.test(k)) problems.push(problem(`recall[${i}] must be one line with no control characters`));
    else if ([...k].length > MAX_RECALL_KEY_CHARS) problems.push(problem(`recall[${i}] is ${[...k].length} characters; at most ${MAX_RECALL_KEY_CHARS} are allowed`));
  });
  return problems;
}
function recallKeysOf(frontmatter) {
  const v = frontmatter.recall;
  if (!Array.isArray(v)) return [];
  return v.filter((k) => typeof k === "string" && k.trim() !== "").slice(0, MAX_RECALL_KEYS);
}
function recallKeysPrompt(card, languages, ownerLanguages2 = []) {
  const body = card.body.trim();
  const clipped = body.length > PROMPT_BODY_CHARS ? `${body.slice(0, PROMPT_BODY_CHARS)}
[\u2026]` : body;
  const written = languages.length > 0 ? languages.join(", ") : "English";
  const langs = ownerLanguages2.length > 0 ? `${written}; and the ones its owner types prompts in: ${ownerLanguages2.join(", ")}` : written;
  return [
    "You write recall keys for one memory card of a developer's coding-agent memory.",
    "A recall key is a short line a developer might type to an agent when this card is what the agent needs,",
    `even though they do not know the card exists. Write ${RECALL_KEYS_ASKED} keys:`,
    "- symptoms they would describe when they hit the problem the card prevents (what they see, not the rule);",
    "- questions they would ask whose answer is in the card;",
    "- synonyms, broader and narrower terms, and names of related tools the card does not spell out;",
    `- at least three of the above in each of these languages, the ones this store is written in: ${langs}.`,
    "Write as that developer would, in everyday words, not in the card's own terms; vary the words from key to key",
    "so that together the keys cover the many ways of saying it, since a key only helps when it shares a word with",
    "what they type. Keep each key under 100 characters. Do not repeat the card's title. Do not add facts the card",
    "does not state.",
    "Answer with the keys only, one per line: no numbering, no bullets, no quotes, no other text.",
    "",
    "<card>",
    `name: ${card.name}`,
    `title: ${card.title}`,
    ...card.description ? [`description: ${card.description}`] : [],
    ...card.topics.length > 0 ? [`topics: ${card.topics.join(", ")}`] : [],
    "",
    clipped,
    "</card>"
  ].join("\n");
}
function parseRecallKeys(answer, title = "") {
  const seen = /* @__PURE__ */ new Set([title.trim().toLowerCase()]);
  const keys = [];
  for (const raw of answer.split(/\r?\n/)) {
    if (/^\s*```/.test(raw)) continue;
    const line = raw.replace(LIST_MARK, "").trim().replace(QUOTES, "").trim();
    if (line === "" || line.endsWith(":") || /[\u0000-\u001f\u007f]/.test(line)) continue;
    if ([...line].length > MAX_RECALL_KEY_CHARS) continue;
    const fold = line.toLowerCase();
    if (seen.has(fold)) continue;
    seen.add(fold);
    keys.push(line);
    if (keys.length === MAX_RECALL_KEYS) break;
  }
  if (keys.length === 0) return { ok: false, reason: "the model's answer held no usable key (one short line per key was expected)" };
  return { ok: true, keys };
}
var MAX_RECALL_KEYS, MAX_RECALL_KEY_CHARS, RECALL_KEYS_ASKED, PROMPT_BODY_CHARS, LIST_MARK, QUOTES;
var init_recall_keys = __esm({
  "lib/core/recall-keys.ts"() {
    "use strict";
    MAX_RECALL_KEYS = 16;
    MAX_RECALL_KEY_CHARS = 120;
    RECALL_KEYS_ASKED = "12 to 16";
    PROMPT_BODY_CHARS = 2e3;
    LIST_MARK = /^\s*(?:[-*•·]|\d{1,2}[.)]|[（(]?\d{1,2}[)）])\s+/;
    QUOTES = /^["'“”‘’「『]+|["'“”‘’」』]+$/g;
  }
});

// lib/core/scope.ts
function scopeProblems(value) {
  if (value === void 0 || value === null) return [];
  const problem = (message) => ({ code: "E_SCOPE", message });
  if (!Array.isArray(value)) return [problem("scope must be a list of repository paths or globs (packages/api/**, services/billing)")];
  const problems = [];
  if (value.length > MAX_SCOPES) problems.push(problem(`scope has ${value.length} entries; at most ${MAX_SCOPES} are allowed`));
  value.forEach((s, i) => {
    const why = typeof s === "string" ? scopeEntryProblem(s) : "must be a string";
    if (why) problems.push(problem(`scope[${i}]${typeof s === "string" ? ` ${JSON.stringify(s)}` : ""} ${why}`));
  });
  return problems;
}
function scopeEntryProblem(s) {
  if (s.trim() === "") return "is empty";
  if (/[\u0000-\u001f\u007f]/.test(s)) return "must be one line with no control characters";
  if ([...s].length > MAX_SCOPE_CHARS) return `is over ${MAX_SCOPE_CHARS} characters`;
  if (s.startsWith("/") || /^[A-Za-z]:/.test(s) || s.startsWith("~")) return "is absolute: write it relative to the repository root (packages/api, not /home/\u2026/packages/api)";
  if (s.includes("\\")) return 'uses "\\": separate directories with "/"';
  const segments = normalizeScope(s).split("/");
  if (segments.includes("..")) return 'climbs out with "..": a scope stays inside the repository';
  if (segments.some((seg) => seg === "" || seg === ".")) return "has an empty or '.' segment (a//b, a/./b)";
  return void 0;
}
function normalizeScope(s) {
  let out = s.trim();
  while (out.startsWith("./")) out = out.slice(2);
  while (out.length > 1 && out.endsWith("/")) out = out.slice(0, -1);
  return out === "." || out === "" ? "**" : out;
}
function scopesOf(frontmatter) {
  const v = frontmatter.scope;
  const list = typeof v === "string" ? [v] : Array.isArray(v) ? v : [];
  return list.filter((s) => s !== null && s !== void 0).map((s) => typeof s === "string" && scopeEntryProblem(s) === void 0 ? normalizeScope(s) : String(s)).slice(0, MAX_SCOPES);
}
var MAX_SCOPES, MAX_SCOPE_CHARS;
var init_scope = __esm({
  "lib/core/scope.ts"() {
    "use strict";
    MAX_SCOPES = 16;
    MAX_SCOPE_CHARS = 200;
  }
});

// lib/core/card-parse.ts
function parseCardWith(text, loadYaml) {
  const match = FRONTMATTER.exec(text);
  if (!match) return { frontmatter: {}, meta: { topics: [] }, frontmatterText: "", body: text, hasFrontmatter: false, errors: [], warnings: [] };
  const frontmatterText = match[1];
  const body = text.slice(match[0].length);
  const errors = [];
  const warnings = [];
  let loaded;
  try {
    const fast = frontmatterText.trim() === "" ? {} : fastLoadFrontmatter(frontmatterText);
    if (fast === void 0 && !loadYaml) return void 0;
    loaded = fast ?? loadYaml(frontmatterText);
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).split("\n")[0];
    errors.push({ code: "E_CARD_FRONTMATTER", message: `frontmatter is not valid YAML: ${message}` });
    return { frontmatter: {}, meta: { topics: [] }, frontmatterText, body, hasFrontmatter: true, errors, warnings };
  }
  if (loaded === null || typeof loaded !== "object" || Array.isArray(loaded)) {
    errors.push({ code: "E_CARD_FRONTMATTER", message: "frontmatter must be a YAML mapping (key: value lines)" });
    return { frontmatter: {}, meta: { topics: [] }, frontmatterText, body, hasFrontmatter: true, errors, warnings };
  }
  const fm = loaded;
  return { frontmatter: fm, meta: toMeta(fm, warnings), frontmatterText, body, hasFrontmatter: true, errors, warnings };
}
function toMeta(fm, warnings) {
  const meta = { topics: [] };
  const warn = (field, expected) => warnings.push({ code: "W_FIELD_TYPE", message: `${field} should be ${expected}`, field });
  const text = (field) => {
    const v = fm[field];
    if (v === void 0 || v === null) return void 0;
    if (typeof v === "string") return v;
    if (typeof v === "number" || typeof v === "boolean") return String(v);
    warn(field, "a string");
    return void 0;
  };
  meta.name = text("name");
  meta.description = text("description");
  meta.status = text("status");
  meta.updated_at = text("updated_at");
  meta.expires_at = text("expires_at");
  if (meta.status !== void 0 && !CARD_STATUSES.includes(meta.status)) warn("status", `one of ${CARD_STATUSES.join(", ")}`);
  for (const field of ["updated_at", "expires_at"]) {
    const value = meta[field];
    if (value !== void 0 && !isCalendarDate(value)) warn(field, "a real date, YYYY-MM-DD");
  }
  if (fm.metadata !== void 0) {
    if (fm.metadata && typeof fm.metadata === "object" && !Array.isArray(fm.metadata)) meta.metadata = fm.metadata;
    else warn("metadata", "a mapping");
  }
  const topics = fm.topics;
  if (Array.isArray(topics)) meta.topics = topics.filter((t) => t !== null && t !== void 0).map(String);
  else if (typeof topics === "string")
    meta.topics = topics.split(",").map((t) => t.trim()).filter(Boolean);
  else if (topics !== void 0 && topics !== null) warn("topics", "a list");
  if (fm.recall !== void 0 && fm.recall !== null) {
    if (Array.isArray(fm.recall)) meta.recall = recallKeysOf(fm);
    else warn("recall", "a list");
  }
  if (fm.scope !== void 0 && fm.scope !== null) {
    if (Array.isArray(fm.scope) || typeof fm.scope === "string") meta.scope = scopesOf(fm);
    else warn("scope", "a list");
  }
  const priority = text("priority");
  if (priority === "always" || priority === "normal" || priority === "low") meta.priority = priority;
  else if (priority !== void 0) warn("priority", "one of always, normal, low");
  if ("repo_refs" in fm) {
    const refs = fm.repo_refs;
    if (Array.isArray(refs)) meta.repo_refs = refs.map(String);
    else if (refs === null || refs === void 0) meta.repo_refs = [];
    else {
      warn("repo_refs", "a list");
      meta.repo_refs = [String(refs)];
    }
  }
  if (fm.provenance && typeof fm.provenance === "object" && !Array.isArray(fm.provenance)) {
    const p = fm.provenance;
    meta.provenance = {
      kind: p.kind === "fact" || p.kind === "inference" || p.kind === "unverified" ? p.kind : void 0,
      confidence: typeof p.confidence === "number" ? p.confidence : void 0,
      source: typeof p.source === "string" ? p.source : void 0
    };
  }
  return meta;
}
function isCalendarDate(value) {
  const m4 = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m4) return false;
  const [y, mo, d] = [Number(m4[1]), Number(m4[2]), Number(m4[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}
function missingFields(card) {
  return REQUIRED_FIELDS.filter((f) => !(f in card.frontmatter));
}
var REQUIRED_FIELDS, FRONTMATTER, CARD_STATUSES;
var init_card_parse = __esm({
  "lib/core/card-parse.ts"() {
    "use strict";
    init_frontmatter_fast();
    init_card_types();
    init_recall_keys();
    init_scope();
    REQUIRED_FIELDS = ["topics", "priority", "status", "updated_at", "repo_refs"];
    FRONTMATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;
    CARD_STATUSES = ["active", "stale", "superseded"];
  }
});

// lib/core/card.ts
function parseCard(text) {
  return parseCardWith(text, loadWithoutAliasBlowUp);
}
function loadWithoutAliasBlowUp(frontmatter) {
  const loaded = load(frontmatter, { schema: CORE_SCHEMA });
  if (aliasesExpand(loaded, frontmatter.length))
    throw new Error(
      "frontmatter names one list or mapping twice, or one value into more text than it holds, through YAML aliases (*name); write the values out (a few such lines can stand for billions of items)"
    );
  return loaded;
}
function aliasesExpand(root, textLength) {
  const seen = /* @__PURE__ */ new Set();
  const stack = [root];
  let budget = 2 * textLength + 64;
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "string") budget -= v.length;
    if (budget < 0) return true;
    if (v === null || typeof v !== "object") continue;
    if (seen.has(v)) return true;
    seen.add(v);
    if (Array.isArray(v)) for (const child of v) stack.push(child);
    else
      for (const [key, child] of Object.entries(v)) {
        budget -= key.length;
        stack.push(child);
      }
  }
  return false;
}
var init_card = __esm({
  "lib/core/card.ts"() {
    "use strict";
    init_js_yaml();
    init_card_parse();
    init_card_parse();
  }
});

// lib/core/card-rules.ts
function descriptionProblem(description) {
  const length = [...description].length;
  if (length > DESCRIPTION_MAX)
    return `the description is ${length} characters; the limit is ${DESCRIPTION_MAX} when authoring. Keep the injected line short and put the detail in the body (--body-file FILE or - for stdin).`;
  if (description.trim() === "") return "the description is empty; say in one line what the card is for";
  return void 0;
}
function hiddenTextProblem(text) {
  if (!TAG_CHARACTER.test(text)) return void 0;
  const n = text.match(new RegExp(TAG_CHARACTER.source, "g")).length;
  return `it holds ${n} invisible Unicode tag characters (U+E0000\u2013U+E007F): text a model reads and no person sees in review; remove them`;
}
function assertCardText(file, text, previous, fix = 'write it with "memctl save", or give it the full frontmatter') {
  const { problems, tooLong } = check(text, previous);
  if (problems.length === 0) return;
  const code = tooLong && problems.length === 1 ? ERROR_CODES.E_DESCRIPTION_TOO_LONG : ERROR_CODES.E_CARD_RULES;
  const named = problems.join("; ").replace(/\.$/, "");
  throw new MemctlError(code, `${file} is named like a card, so it must be one: ${named}. Nothing was written; ${fix}.`, { file, problems, limit: DESCRIPTION_MAX });
}
function check(text, previous) {
  const hidden = hiddenTextProblem(text);
  const checked = checkCard(text, previous);
  return hidden ? { problems: [...checked.problems, hidden], tooLong: false } : checked;
}
function checkCard(text, previous) {
  const card = parseCard(text);
  if (!card.hasFrontmatter) return { problems: [`it has no frontmatter block (--- \u2026 ---); a card starts with the fields ${CARD_REQUIRED.join(", ")}`], tooLong: false };
  if (card.errors.length > 0) return { problems: card.errors.map((e) => e.message), tooLong: false };
  const problems = [];
  const missing = CARD_REQUIRED.filter((f) => !(f in card.frontmatter));
  if (missing.length > 0) problems.push(`it lacks the required field${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`);
  const prior = previous === void 0 ? void 0 : parseCard(previous);
  for (const w of card.warnings) {
    if (w.field && prior && JSON.stringify(prior.frontmatter[w.field]) === JSON.stringify(card.frontmatter[w.field])) continue;
    problems.push(w.message);
  }
  const description = card.meta.description ?? ("description" in card.frontmatter ? "" : void 0);
  let tooLong = false;
  if (description !== void 0 && (prior === void 0 || prior.meta.description !== card.meta.description)) {
    const problem = descriptionProblem(description);
    if (problem) problems.push(problem);
    tooLong = [...description].length > DESCRIPTION_MAX;
  }
  return { problems, tooLong };
}
var DESCRIPTION_MAX, CARD_REQUIRED;
var init_card_rules = __esm({
  "lib/core/card-rules.ts"() {
    "use strict";
    init_errors();
    init_card();
    init_card_types();
    init_sanitize();
    init_card_types();
    DESCRIPTION_MAX = 200;
    CARD_REQUIRED = ["description", ...REQUIRED_FIELDS];
  }
});

// lib/config/agent-env.ts
function detectAgentShells(env) {
  const found = [];
  for (const mark of MARKS) {
    const value = env[mark.variable];
    if (value === void 0 || !mark.matches(value, env) || found.some((f) => f.host === mark.host)) continue;
    found.push({ host: mark.host, evidence: `${mark.variable}=${value.length > 40 ? `${value.slice(0, 40)}\u2026` : value}` });
  }
  return found;
}
function describeAgentShells(shells) {
  return shells.map((s) => `${s.host}'s agent shell (${s.evidence})`).join(" and ");
}
var MARKS, AGENT_ENV_VARIABLES;
var init_agent_env = __esm({
  "lib/config/agent-env.ts"() {
    "use strict";
    MARKS = [
      { host: "claude", variable: "CLAUDECODE", matches: (v) => v === "1" },
      { host: "codex", variable: "CODEX_THREAD_ID", matches: (v) => v.trim() !== "" },
      { host: "opencode", variable: "OPENCODE", matches: (v, env) => v === "1" && env.OPENCODE_TERMINAL !== "1" },
      { host: "grok", variable: "GROK_AGENT", matches: (v) => v === "1" },
      { host: "grok", variable: "GROK_SESSION_ID", matches: (v) => v.trim() !== "" }
    ];
    AGENT_ENV_VARIABLES = [.../* @__PURE__ */ new Set([...MARKS.map((m4) => m4.variable), "AI_AGENT", "OPENCODE_TERMINAL"])];
  }
});

// node_modules/smol-toml/dist/error.js
function getLineColFromPtr(string, ptr) {
  let lines = string.slice(0, ptr).split(/\r?\n/);
  return [lines.length, lines.pop().length + 1];
}
function makeCodeBlock(string, line, column) {
  let lines = string.split(/\r?\n/);
  let codeblock = "";
  let numberLen = (Math.log10(line + 1) | 0) + 1;
  for (let i = line - 1; i <= line + 1; i++) {
    let l = lines[i - 1];
    if (!l)
      continue;
    codeblock += i.toString().padEnd(numberLen, " ");
    codeblock += ":  ";
    codeblock += l;
    codeblock += "\n";
    if (i === line) {
      codeblock += " ".repeat(numberLen + column + 2);
      codeblock += "^\n";
    }
  }
  return codeblock;
}
var TomlError;
var init_error = __esm({
  "node_modules/smol-toml/dist/error.js"() {
    TomlError = class _TomlError extends Error {
      line;
      column;
      codeblock;
      constructor(message, options) {
        const [line, column] = getLineColFromPtr(options.toml, options.ptr);
        const codeblock = makeCodeBlock(options.toml, line, column);
        super(`Invalid TOML document: ${message}

${codeblock}`, options);
        this.line = line;
        this.column = column;
        this.codeblock = codeblock;
      }
      /** @internal */
      static x(message, ctx, ptr) {
        throw new _TomlError(message, { toml: ctx.s, ptr: ptr ?? ctx.p });
      }
    };
  }
});

// node_modules/smol-toml/dist/primitive.js
function parseString(ctx) {
  let startPtr = ctx.p;
  let c = ctx.s.charCodeAt(ctx.p++);
  let first = c;
  let isLiteral = c === 39;
  let isMultiline = c === ctx.s.charCodeAt(ctx.p) && c === ctx.s.charCodeAt(ctx.p + 1);
  if (isMultiline) {
    if ((c = ctx.s.charCodeAt(ctx.p += 2)) === 10)
      ctx.p++;
    else if (c === 13 && ctx.s.charCodeAt(ctx.p + 1) === 10)
      ctx.p += 2;
  }
  let parsed = "";
  let sliceStart = ctx.p;
  let state = 0;
  for (; ctx.p < ctx.s.length; ctx.p++) {
    c = ctx.s.charCodeAt(ctx.p);
    if (isMultiline && (c === 10 || c === 13 && ctx.s.charCodeAt(ctx.p + 1) === 10)) {
      state = state && 3;
    } else if (c < 32 && c !== 9 || c === 127) {
      TomlError.x("control characters are not allowed in strings", ctx);
    } else if ((!state || state === 3) && c === first && (!isMultiline || ctx.s.charCodeAt(ctx.p + 1) === first && ctx.s.charCodeAt(ctx.p + 2) === first)) {
      if (isMultiline) {
        if (ctx.s.charCodeAt(ctx.p + 3) === first)
          ctx.p++;
        if (ctx.s.charCodeAt(ctx.p + 3) === first)
          ctx.p++;
      }
      if (!state) {
        let s = ctx.s.slice(sliceStart, ctx.p);
        parsed = parsed ? parsed + s : s;
      }
      ctx.p += isMultiline ? 3 : 1;
      return parsed;
    } else if (!state) {
      if (!isLiteral && c === 92) {
        parsed += ctx.s.slice(sliceStart, sliceStart = ctx.p);
        state = 1;
      }
    } else if (state === 1) {
      if (c === 120 || c === 117 || c === 85) {
        let errPtr = ctx.p++ - 1;
        let value = 0;
        let len = c === 120 ? 2 : c === 117 ? 4 : 8;
        for (let j = 0; j < len; j++, ctx.p++) {
          let hex = ctx.s.charCodeAt(ctx.p);
          let digit = (
            /* 0-9 */
            hex >= 48 && hex <= 57 ? hex - 48 : (
              /* A-F */
              hex >= 65 && hex <= 70 ? hex - 65 + 10 : (
                /* a-f */
                hex >= 97 && hex <= 102 ? hex - 97 + 10 : -1
              )
            )
          );
          if (digit < 0)
            TomlError.x("invalid non-hex character in unicode escape", ctx);
          value = value << 4 | digit;
        }
        if (value < 0 || value > 1114111 || value >= 55296 && value <= 57343) {
          TomlError.x("invalid unicode escape", ctx, errPtr);
        }
        parsed += String.fromCodePoint(value);
        sliceStart = ctx.p--;
        state = 0;
      } else if (isMultiline && (c === 32 || c === 9)) {
        state = 2;
      } else {
        if (c === 98)
          parsed += "\b";
        else if (c === 116)
          parsed += "	";
        else if (c === 110)
          parsed += "\n";
        else if (c === 102)
          parsed += "\f";
        else if (c === 114)
          parsed += "\r";
        else if (c === 101)
          parsed += "\x1B";
        else if (c === 34)
          parsed += '"';
        else if (c === 92)
          parsed += "\\";
        else
          TomlError.x("unrecognised escape sequence", ctx);
        sliceStart = ctx.p + 1;
        state = 0;
      }
    } else if (c !== 32 && c !== 9) {
      if (state === 2)
        TomlError.x("invalid escape: only line-ending whitespace may be escaped", ctx, sliceStart);
      state = !isLiteral && c === 92 ? 1 : 0;
      sliceStart = ctx.p;
    }
  }
  TomlError.x("unfinished string", ctx, startPtr);
}
var init_primitive = __esm({
  "node_modules/smol-toml/dist/primitive.js"() {
    init_error();
  }
});

// node_modules/smol-toml/dist/date.js
var DATE_TIME_RE, TomlDate;
var init_date = __esm({
  "node_modules/smol-toml/dist/date.js"() {
    DATE_TIME_RE = /^(\d{4}-\d{2}-\d{2})?[Tt ]?(?:(\d{2}):\d{2}(?::\d{2}(?:\.\d+)?)?)?(Z|z|[-+]\d{2}:\d{2})?$/i;
    TomlDate = class _TomlDate extends Date {
      #hasDate = false;
      #hasTime = false;
      #offset = null;
      constructor(date, fasttype, unsafeDelim) {
        let hasDate = true;
        let hasTime = true;
        let offset = "Z";
        let c;
        if (typeof date === "string") {
          if (fasttype)
            prep: {
              if (fasttype < 3) {
                if (+date.slice(11, 13) > 23) {
                  date = "";
                  break prep;
                }
                if (fasttype === 2) {
                  offset = null;
                  date += "Z";
                } else if ((c = date.charCodeAt(date.length - 1)) !== 90 && c !== 122) {
                  offset = date.slice(date.length - 6);
                }
                if (unsafeDelim)
                  date = date.slice(0, 10) + "T" + date.slice(11);
              } else if (fasttype === 4) {
                date = +date.slice(0, 2) > 23 ? "" : `0000-01-01T${date}Z`;
              }
              hasDate = fasttype !== 4;
              hasTime = fasttype !== 3;
            }
          else {
            let match = date.match(DATE_TIME_RE);
            if (match) {
              if (!match[1]) {
                hasDate = false;
                date = `0000-01-01T${date}`;
              }
              hasTime = !!match[2];
              hasTime && date[10] === " " && (date = date.replace(" ", "T"));
              if (match[2] && +match[2] > 23) {
                date = "";
              } else {
                offset = match[3] || null;
                if (!offset && hasTime)
                  date += "Z";
              }
            } else {
              date = "";
            }
          }
        }
        super(date);
        if (!isNaN(this.getTime())) {
          this.#hasDate = hasDate;
          this.#hasTime = hasTime;
          this.#offset = offset;
        }
      }
      isDateTime() {
        return this.#hasDate && this.#hasTime;
      }
      isLocal() {
        return !this.#hasDate || !this.#hasTime || !this.#offset;
      }
      isDate() {
        return this.#hasDate && !this.#hasTime;
      }
      isTime() {
        return this.#hasTime && !this.#hasDate;
      }
      isValid() {
        return this.#hasDate || this.#hasTime;
      }
      toISOString() {
        let iso = super.toISOString();
        if (this.isDate())
          return iso.slice(0, 10);
        if (this.isTime())
          return iso.slice(11, 23);
        if (this.#offset === null)
          return iso.slice(0, -1);
        if (this.#offset === "Z" || this.#offset === "z")
          return iso;
        let offset = +this.#offset.slice(1, 3) * 60 + +this.#offset.slice(4, 6);
        offset = this.#offset[0] === "-" ? offset : -offset;
        let offsetDate = new Date(this.getTime() - offset * 6e4);
        return offsetDate.toISOString().slice(0, -1) + this.#offset;
      }
      static wrapAsOffsetDateTime(jsDate, offset = "Z") {
        let date = new _TomlDate(jsDate);
        date.#offset = offset;
        return date;
      }
      static wrapAsLocalDateTime(jsDate) {
        let date = new _TomlDate(jsDate);
        date.#offset = null;
        return date;
      }
      static wrapAsLocalDate(jsDate) {
        let date = new _TomlDate(jsDate);
        date.#hasTime = false;
        date.#offset = null;
        return date;
      }
      static wrapAsLocalTime(jsDate) {
        let date = new _TomlDate(jsDate);
        date.#hasDate = false;
        date.#offset = null;
        return date;
      }
    };
  }
});

// node_modules/smol-toml/dist/extract.js
function isDigit(char, base = 10) {
  return base === 16 ? char > 47 && char < 58 || char > 64 && char < 71 || char > 96 && char < 103 : char > 47 && char < 48 + base;
}
function isEndOfValue(char, delim) {
  return char === 32 || char === 9 || char === 10 || char === 13 || // Structure end or next value delimiter
  delim && (char === delim || char === 44) || // Comment
  char === 35;
}
function extractValue(ctx, end) {
  let errPtr = ctx.p;
  let c = ctx.s.charCodeAt(ctx.p);
  if (c === 91 || c === 123) {
    ctx.d-- || TomlError.x("document contains excessively nested structures. aborting.", ctx);
    let value = c === 91 ? parseArray(ctx) : parseInlineTable(ctx);
    ctx.d++;
    return value;
  }
  if (c === 34 || c === 39) {
    return parseString(ctx);
  }
  if (c === 116) {
    if (ctx.s.charCodeAt(++ctx.p) !== 114 || ctx.s.charCodeAt(++ctx.p) !== 117 || ctx.s.charCodeAt(++ctx.p) !== 101)
      TomlError.x("invalid value", ctx, errPtr);
    return ctx.p++, true;
  }
  if (c === 102) {
    if (ctx.s.charCodeAt(++ctx.p) !== 97 || ctx.s.charCodeAt(++ctx.p) !== 108 || ctx.s.charCodeAt(++ctx.p) !== 115 || ctx.s.charCodeAt(++ctx.p) !== 101)
      TomlError.x("invalid value", ctx, errPtr);
    return ctx.p++, false;
  }
  if (c === 43 || c === 45) {
    return parseNumber(ctx, ctx.p, ctx.s.charCodeAt(++ctx.p), 44 - c, end);
  }
  if (ctx.s.charCodeAt(ctx.p + 4) === 45 && ctx.s.charCodeAt(ctx.p + 7) === 45) {
    return parseDate(ctx, c, end);
  }
  if (ctx.s.charCodeAt(ctx.p + 2) === 58) {
    return parseTime(ctx, c, end);
  }
  return parseNumber(ctx, ctx.p, c, 0, end);
}
function parseNumber(ctx, startPtr, startChr, sign, endChr) {
  let c = startChr;
  let state = 0;
  let hasUnderscores = false;
  if (c === 105) {
    if (ctx.s.charCodeAt(++ctx.p) !== 110 || ctx.s.charCodeAt(++ctx.p) !== 102)
      TomlError.x("invalid value", ctx, startPtr);
    return ctx.p++, (sign || 1) / 0;
  }
  if (c === 110) {
    if (ctx.s.charCodeAt(++ctx.p) !== 97 || ctx.s.charCodeAt(++ctx.p) !== 110)
      TomlError.x("invalid value", ctx, startPtr);
    return ctx.p++, NaN;
  }
  if (c === 48) {
    if (++ctx.p >= ctx.s.length || isEndOfValue(c = ctx.s.charCodeAt(ctx.p), endChr))
      return ctx.bi === true ? 0n : 0;
    if (!sign) {
      if (c === 120)
        return parseIntegerBaseN(ctx, startPtr, 16, endChr);
      else if (c === 98)
        return parseIntegerBaseN(ctx, startPtr, 2, endChr);
      else if (c === 111)
        return parseIntegerBaseN(ctx, startPtr, 8, endChr);
    }
    if (c === 46)
      state = 2;
    else if (c === 101 || c === 69)
      state = 4;
    else
      TomlError.x("illegal leading zero", ctx, startPtr);
  } else if (!isDigit(c))
    TomlError.x("invalid value", ctx, startPtr);
  while (++ctx.p < ctx.s.length && (c = ctx.s.charCodeAt(ctx.p), !isEndOfValue(c, endChr))) {
    if (!state)
      state = 1;
    if (c === 95) {
      if (!(state & 1))
        TomlError.x("illegal underscore", ctx);
      state += 11;
      hasUnderscores = true;
    } else if (state === 1 && c === 46)
      state = 2;
    else if ((state === 1 || state === 3) && (c === 101 || c === 69))
      state = 4;
    else if (state === 4 && (c === 43 || c === 45)) {
      state = 6;
    } else if (!isDigit(c))
      TomlError.x(`illegal character in numeric literal`, ctx);
    else if (state > 9)
      state -= 11;
    else if (!(state & 1))
      state++;
  }
  if (!state) {
    let val = (startChr - 48) * (sign || 1);
    return ctx.bi === true ? BigInt(val) : val;
  }
  if (!(state & 1))
    TomlError.x("unfinished numeric value", ctx, startPtr);
  let str4 = ctx.s.slice(startPtr, ctx.p);
  if (hasUnderscores)
    str4 = str4.replaceAll("_", "");
  return state > 1 ? parseFloat(str4) : parseInteger(ctx, str4, 10, startPtr);
}
function parseIntegerBaseN(ctx, startPtr, base, endChr) {
  let c, underscore = 1;
  while (++ctx.p < ctx.s.length && (c = ctx.s.charCodeAt(ctx.p), !isEndOfValue(c, endChr))) {
    if (c === 95) {
      if (underscore & 1)
        TomlError.x("illegal underscore", ctx);
      underscore = 3;
    } else if (!isDigit(c, base))
      TomlError.x(`illegal character in numeric literal`, ctx);
    else if (underscore & 1)
      underscore--;
  }
  if (underscore & 1)
    TomlError.x("unfinished numeric value", ctx);
  let str4 = ctx.s.slice(startPtr + 2, ctx.p);
  if (underscore)
    str4 = str4.replaceAll("_", "");
  return parseInteger(ctx, str4, base, startPtr);
}
function parseInteger(ctx, str4, base, startPtr) {
  if (ctx.bi !== true)
    int: {
      let val = parseInt(str4, base);
      if (!Number.isSafeInteger(val)) {
        if (ctx.bi)
          break int;
        TomlError.x("integer value cannot be represented losslessly", ctx, startPtr);
      }
      return val;
    }
  return base === 10 ? BigInt(str4) : BigInt((base === 2 ? "0b" : base === 8 ? "0o" : "0x") + str4);
}
function parseDate(ctx, c, endChr) {
  let startPtr = ctx.p++, unsafeSeparator;
  if (!isDigit(c) || !isDigit(ctx.s.charCodeAt(ctx.p++)) || !isDigit(ctx.s.charCodeAt(ctx.p++)) || !isDigit(ctx.s.charCodeAt(ctx.p++))) {
    return parseNumber(ctx, ctx.p = startPtr, c, 0, endChr);
  }
  ctx.p += 5;
  if (!isDigit(ctx.s.charCodeAt(ctx.p++)))
    TomlError.x("invalid date-time: date part is malformed", ctx, startPtr);
  if (ctx.p >= ctx.s.length || ((c = ctx.s.charCodeAt(ctx.p)) !== 32 || (unsafeSeparator = true, !isDigit(ctx.s.charCodeAt(ctx.p + 1)))) && c !== 84 && c !== 116) {
    let t2 = ctx.s.slice(startPtr, ctx.p);
    return readDate(ctx, t2, 3, false, startPtr);
  }
  if (ctx.s.charCodeAt(ctx.p += 3) !== 58)
    TomlError.x("invalid date-time: time part is malformed", ctx, startPtr);
  if (ctx.s.charCodeAt(ctx.p += 3) === 58)
    ctx.p += 3;
  if (ctx.s.charCodeAt(ctx.p) === 46)
    while (isDigit(ctx.s.charCodeAt(++ctx.p)))
      ;
  if (c = ctx.s.charCodeAt(ctx.p)) {
    if (c === 90 || c === 122) {
      let t2 = ctx.s.slice(startPtr, ++ctx.p);
      return readDate(ctx, t2, 1, unsafeSeparator, startPtr, "[+00:00]");
    }
    if (c === 43 || c === 45) {
      let t2 = ctx.s.slice(startPtr, ctx.p += 6);
      return readDate(ctx, t2, 1, unsafeSeparator, startPtr, !ctx.ld && "[" + ctx.s.slice(ctx.p - 6, ctx.p) + "]");
    }
  }
  let t = ctx.s.slice(startPtr, ctx.p);
  return readDate(ctx, t, 2, unsafeSeparator, startPtr);
}
function parseTime(ctx, c, endChr) {
  let start = ctx.p;
  if (!isDigit(c) || !isDigit(ctx.s.charCodeAt(++ctx.p))) {
    return parseNumber(ctx, --ctx.p, c, 0, endChr);
  }
  if (ctx.s.charCodeAt(ctx.p += 4) === 58)
    ctx.p += 3;
  if (ctx.s.charCodeAt(ctx.p) === 46)
    while (isDigit(ctx.s.charCodeAt(++ctx.p)))
      ;
  let t = ctx.s.slice(start, ctx.p);
  return readDate(ctx, t, 4, false, start);
}
function readDate(ctx, str4, type, unsafeDelim, errPtr, temporalSuffix) {
  if (ctx.ld) {
    let date = new TomlDate(str4, type, unsafeDelim);
    if (!date.isValid())
      TomlError.x("invalid date", ctx, errPtr);
    return date;
  }
  try {
    if (temporalSuffix)
      str4 += temporalSuffix;
    switch (type) {
      case 1:
        return Temporal.ZonedDateTime.from(str4);
      case 2:
        return Temporal.PlainDateTime.from(str4);
      case 3:
        return Temporal.PlainDate.from(str4);
      case 4:
        return Temporal.PlainTime.from(str4);
    }
  } catch (e) {
    TomlError.x(e instanceof Error ? e.message : "" + e, ctx, errPtr);
  }
}
var init_extract = __esm({
  "node_modules/smol-toml/dist/extract.js"() {
    init_primitive();
    init_struct();
    init_error();
    init_date();
  }
});

// node_modules/smol-toml/dist/util.js
function skipComment(ctx) {
  for (; ctx.p < ctx.s.length; ctx.p++) {
    let c = ctx.s.charCodeAt(ctx.p);
    if (c === 10)
      break;
    if (c === 13 && ctx.s.charCodeAt(ctx.p + 1) === 10) {
      ctx.p++;
      break;
    }
    if (c < 32 && c !== 9 || c === 127) {
      TomlError.x("control characters are not allowed in comments", ctx);
    }
  }
}
function skipVoid(ctx, banNewLines, banComments) {
  let c;
  while (ctx.p < ctx.s.length) {
    while (ctx.p < ctx.s.length && ((c = ctx.s.charCodeAt(ctx.p)) === 32 || c === 9 || !banNewLines && (c === 10 || c === 13 && ctx.s.charCodeAt(ctx.p + 1) === 10)))
      ctx.p++;
    if (banComments || c !== 35)
      break;
    skipComment(ctx);
  }
}
var init_util = __esm({
  "node_modules/smol-toml/dist/util.js"() {
    init_error();
  }
});

// node_modules/smol-toml/dist/struct.js
function parseKey(ctx, end = 61) {
  let startPtr;
  let state = 0;
  let parsed = [];
  let sliceStart;
  let c = ctx.s.charCodeAt(startPtr = ctx.p);
  do {
    if (c === end) {
      if (!state)
        TomlError.x("unexpected end of key", ctx);
      if (state === 1)
        parsed.push(ctx.s.slice(sliceStart, ctx.p));
      return ctx.p++, parsed;
    } else if (c === 46) {
      if (!state)
        TomlError.x("illegal empty bare key", ctx);
      if (state === 1)
        parsed.push(ctx.s.slice(sliceStart, ctx.p));
      state = 0;
    } else if (!state && (c === 34 || c === 39)) {
      if (c === ctx.s.charCodeAt(ctx.p + 1) && c === ctx.s.charCodeAt(ctx.p + 2))
        TomlError.x("illegal quoted key: multiline strings are not allowed", ctx);
      parsed.push(parseString(ctx));
      state = 2;
      ctx.p--;
    } else if (c === 32 || c === 9) {
      if (state === 1) {
        parsed.push(ctx.s.slice(sliceStart, ctx.p));
        state = 2;
      }
    } else if (state === 2 || c < 48 && c !== 45 || c > 57 && c < 65 || c > 90 && c < 97 && c !== 95 || c > 122) {
      TomlError.x("illegal character in key", ctx);
    } else if (!state) {
      state = 1;
      sliceStart = ctx.p;
    }
  } while (c = ctx.s.charCodeAt(++ctx.p));
  TomlError.x("incomplete key-value: cannot find end of key", ctx, startPtr);
}
function parseInlineTable(ctx) {
  let startPtr = ctx.p++;
  let res = /* @__PURE__ */ Object.create(null);
  let seen = /* @__PURE__ */ new Set();
  let c;
  while (ctx.p < ctx.s.length) {
    skipVoid(ctx);
    if ((c = ctx.s.charCodeAt(ctx.p)) === 125) {
      ctx.p++;
      return res;
    }
    let k;
    let t = res;
    let hasOwn = false;
    let errPtr = ctx.p;
    let key = parseKey(ctx);
    for (let i = 0; i < key.length; i++) {
      if (i)
        t = hasOwn ? t[k] : t[k] = /* @__PURE__ */ Object.create(null);
      k = key[i];
      if ((hasOwn = Object.hasOwn(t, k)) && (typeof t[k] !== "object" || seen.has(t[k]))) {
        TomlError.x("trying to redefine an already defined value", ctx, errPtr);
      }
      let unsafe = k === "__proto__";
      if (ctx.uk && (unsafe || k === "constructor")) {
        t = ctx.uk !== 1 && TomlError.x("document contains an unsafe property", ctx, errPtr);
        break;
      }
      if (!hasOwn && unsafe) {
        Object.defineProperty(t, k, { enumerable: true, configurable: true, writable: true });
      }
    }
    if (hasOwn) {
      TomlError.x("trying to redefine an already defined value", ctx, errPtr);
    }
    skipVoid(ctx, true, true);
    let value = extractValue(
      ctx,
      125
      /* } */
    );
    if (t && typeof (t[k] = value) === "object")
      seen.add(value);
    skipVoid(ctx);
    if ((c = ctx.s.charCodeAt(ctx.p++)) === 125) {
      return res;
    }
    if (c !== 44)
      TomlError.x("expected comma or end of structure", ctx, ctx.p - 1);
  }
  TomlError.x("unfinished table", ctx, startPtr);
}
function parseArray(ctx) {
  let startPtr = ctx.p++;
  let res = [];
  let c;
  while (ctx.p < ctx.s.length) {
    skipVoid(ctx);
    if ((c = ctx.s.charCodeAt(ctx.p)) === 93) {
      ctx.p++;
      return res;
    }
    res.push(extractValue(
      ctx,
      93
      /* ] */
    ));
    skipVoid(ctx);
    if ((c = ctx.s.charCodeAt(ctx.p++)) === 93) {
      return res;
    }
    if (c !== 44)
      TomlError.x("expected comma or end of structure", ctx, ctx.p - 1);
  }
  TomlError.x("unfinished array", ctx, startPtr);
}
var init_struct = __esm({
  "node_modules/smol-toml/dist/struct.js"() {
    init_primitive();
    init_extract();
    init_util();
    init_error();
  }
});

// node_modules/smol-toml/dist/parse.js
function peekTable(ctx, key, table, meta, type) {
  let t = table;
  let m4 = meta;
  let k;
  let hasOwn = false;
  let state;
  for (let i = 0; i < key.length; i++) {
    if (i) {
      t = hasOwn ? t[k] : t[k] = /* @__PURE__ */ Object.create(null);
      m4 = (state = m4[k]).c;
      if (type === 0 && (state.t === 1 || state.t === 2)) {
        return null;
      }
      if (state.t === 2) {
        let l = t.length - 1;
        t = t[l];
        m4 = m4[l].c;
      }
    }
    k = key[i];
    if ((hasOwn = Object.hasOwn(t, k)) && m4[k]?.t === 0 && m4[k]?.d) {
      return null;
    }
    if (!hasOwn) {
      let unsafe = k === "__proto__";
      if (ctx.uk && (unsafe || k === "constructor"))
        return false;
      if (unsafe) {
        Object.defineProperty(t, k, { enumerable: true, configurable: true, writable: true });
        Object.defineProperty(m4, k, { enumerable: true, configurable: true, writable: true });
      }
      m4[k] = {
        t: i < key.length - 1 && type === 2 ? 3 : type,
        d: false,
        i: 0,
        c: /* @__PURE__ */ Object.create(null)
      };
    }
  }
  state = m4[k];
  if (state.t !== type && !(type === 1 && state.t === 3)) {
    return null;
  }
  if (type === 2) {
    if (!state.d) {
      state.d = true;
      t[k] = [];
    }
    t[k].push(t = /* @__PURE__ */ Object.create(null));
    state.c[state.i++] = state = { t: 1, d: false, i: 0, c: /* @__PURE__ */ Object.create(null) };
  }
  if (state.d) {
    return null;
  }
  state.d = true;
  if (type === 1) {
    t = hasOwn ? t[k] : t[k] = /* @__PURE__ */ Object.create(null);
  } else if (type === 0 && hasOwn) {
    return null;
  }
  return [k, t, state.c];
}
function validateTablePeek(ctx, peek, ptr) {
  if (peek === null || ctx.uk === 2)
    TomlError.x(peek === null ? "trying to redefine an already defined table or value" : "document contains an unsafe property", ctx, ptr);
}
function parse(toml, options = {}) {
  let ctx = {
    s: toml,
    p: 0,
    d: options.maxDepth ?? 1e3,
    bi: options.integersAsBigInt ?? false,
    ld: options.useLegacyDate ?? true,
    uk: options.unsafeKeyBehaviour === "throw" ? 2 : options.unsafeKeyBehaviour === "drop" ? 1 : 0
  };
  let res = /* @__PURE__ */ Object.create(null);
  let meta = /* @__PURE__ */ Object.create(null);
  let tmp;
  let skipping = false;
  let tbl = res;
  let m4 = meta;
  if (toml.charCodeAt(0) === 65279)
    ctx.p++;
  skipVoid(ctx);
  while (ctx.p < toml.length) {
    if (toml.charCodeAt(ctx.p) === 91) {
      let isTableArray = toml.charCodeAt(++ctx.p) === 91;
      tmp = ctx.p += +isTableArray;
      skipping = false;
      let k = parseKey(
        ctx,
        93
        /* ] */
      );
      if (isTableArray) {
        if (toml.charCodeAt(ctx.p) !== 93) {
          TomlError.x("expected end of table array declaration", ctx);
        }
        ctx.p++;
      }
      let p = peekTable(
        ctx,
        k,
        res,
        meta,
        isTableArray ? 2 : 1
        /* Type.EXPLICIT */
      );
      if (!p) {
        validateTablePeek(ctx, p, tmp);
        skipping = true;
      } else {
        m4 = p[2];
        tbl = p[1];
      }
    } else {
      tmp = ctx.p;
      let k = parseKey(ctx);
      let p = peekTable(
        ctx,
        k,
        tbl,
        m4,
        0
        /* Type.DOTTED */
      );
      if (!p && !skipping)
        validateTablePeek(ctx, p, tmp);
      skipVoid(ctx, true, true);
      let v = extractValue(ctx, void 0);
      if (p && !skipping)
        p[1][p[0]] = v;
    }
    skipVoid(ctx, true);
    if (ctx.p < toml.length && (tmp = toml.charCodeAt(ctx.p)) !== 10 && (tmp !== 13 || toml.charCodeAt(ctx.p + 1) !== 10)) {
      TomlError.x("each key-value declaration must be followed by an end-of-line", ctx);
    }
    skipVoid(ctx);
  }
  return res;
}
var init_parse = __esm({
  "node_modules/smol-toml/dist/parse.js"() {
    init_struct();
    init_extract();
    init_util();
    init_error();
  }
});

// node_modules/smol-toml/dist/stringify.js
var HAS_WELLFORMED;
var init_stringify = __esm({
  "node_modules/smol-toml/dist/stringify.js"() {
    HAS_WELLFORMED = !!"".isWellFormed;
  }
});

// node_modules/smol-toml/dist/index.js
var init_dist = __esm({
  "node_modules/smol-toml/dist/index.js"() {
    init_parse();
    init_stringify();
    init_date();
    init_error();
  }
});

// lib/core/toml-lines.ts
function splitLines(text) {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}
function stripEol(line) {
  return line.replace(/\r?\n$/, "");
}
function splitDottedKey(key) {
  const parts = [];
  const re = /\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(\.|$)/gy;
  let m4;
  while (re.lastIndex < key.length && (m4 = re.exec(key))) {
    parts.push(m4[1] !== void 0 ? JSON.parse(`"${m4[1]}"`) : m4[2] ?? m4[3]);
    if (m4[4] === "") break;
  }
  return parts;
}
var HEADER;
var init_toml_lines = __esm({
  "lib/core/toml-lines.ts"() {
    "use strict";
    init_dist();
    init_errors();
    HEADER = /^\s*\[(\[)?\s*(.+?)\s*\]\]?\s*(#.*)?$/;
  }
});

// lib/core/toml-error.ts
function describeTomlError(text, err) {
  const grammar = err instanceof Error ? (err.message.split("\n")[0] ?? "").replace(/^Invalid TOML document: /, "") : String(err);
  if (!(err instanceof TomlError)) return { message: `invalid TOML: ${grammar}` };
  const lines = splitLines(text).map(stripEol);
  const where = `column ${err.column}`;
  let table = [];
  let key;
  for (let i = 0; i < Math.min(err.line, lines.length); i++) {
    const header = HEADER.exec(lines[i]);
    if (header) {
      table = splitDottedKey(header[2]);
      key = void 0;
      continue;
    }
    const m4 = KEY_LINE.exec(lines[i]);
    if (m4) key = { path: [...table, ...splitDottedKey(m4[1])], value: m4[2].trim(), assign: m4[1].trim() };
  }
  if (!key) return { line: err.line, message: `${where}: ${grammar}` };
  const name = key.path.map((p) => /^[A-Za-z0-9_-]+$/.test(p) ? p : JSON.stringify(p)).join(".");
  const bare = key.value !== "" && !VALUE_START.test(key.value) && !key.value.startsWith("#");
  return { line: err.line, message: `${where}, at ${name}: ${grammar}${bare ? `; text needs quotes: ${key.assign} = "\u2026"` : ""}` };
}
var KEY_LINE, VALUE_START, TOML_EDIT_MAX_BYTES;
var init_toml_error = __esm({
  "lib/core/toml-error.ts"() {
    "use strict";
    init_dist();
    init_errors();
    init_toml_lines();
    KEY_LINE = /^\s*((?:"(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)(?:\s*\.\s*(?:"(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+))*)\s*=\s*(.*)$/;
    VALUE_START = /^(?:["'[{0-9+\-.]|true\b|false\b|inf\b|nan\b)/;
    TOML_EDIT_MAX_BYTES = 2 * 1024 * 1024;
  }
});

// lib/config/hosts.ts
function validateHostsTable(raw, invalid, warn) {
  const hosts = {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw) || raw instanceof Date) {
    invalid("hosts must be a table of [hosts.<name>] entries, e.g. [hosts.claude] with write = true");
    return hosts;
  }
  for (const [name, entry] of Object.entries(raw)) {
    const where = HOST_POLICY_NAME.test(name) ? `hosts.${name}` : `hosts.${JSON.stringify(name)}`;
    if (!HOST_POLICY_NAME.test(name)) {
      invalid(`${where} is not a host name (lowercase letters, digits, . _ -, as in host:claude); it grants nothing`);
      continue;
    }
    if (typeof entry !== "object" || entry === null || Array.isArray(entry) || entry instanceof Date) {
      invalid(`${where} must be a table, e.g. [${where}] with write = true`);
      continue;
    }
    const table = entry;
    for (const key of Object.keys(table)) if (!KNOWN_HOST_KEYS.has(key)) warn(`unknown key "${key}" in [${where}] (kept as is; the only key is write)`);
    if (table.write !== void 0 && typeof table.write !== "boolean") {
      invalid(`${where}.write must be true or false, got ${JSON.stringify(table.write)}; until it is fixed host:${name} may not write directly`);
      continue;
    }
    hosts[name] = { write: table.write === true };
  }
  return hosts;
}
function hostOf(actor) {
  return actor.startsWith("host:") ? actor.slice("host:".length) : void 0;
}
function hostOptInText(host) {
  return `[hosts.${host}]
write = true`;
}
var HOST_POLICY_NAME, KNOWN_HOST_KEYS;
var init_hosts = __esm({
  "lib/config/hosts.ts"() {
    "use strict";
    HOST_POLICY_NAME = /^[a-z][a-z0-9._-]{0,31}$/;
    KNOWN_HOST_KEYS = /* @__PURE__ */ new Set(["write"]);
  }
});

// lib/core/secret-rules.ts
function anyCase(word) {
  return [...word].map((c) => /[a-z]/i.test(c) ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("");
}
function extraRules() {
  return extraRulesBuilt ??= buildExtraRules();
}
function buildExtraRules() {
  const NAME_WORDS = SECRET_NAMES.map(anyCase).join("|");
  return [
    // Stripe API keys (docs.stripe.com/keys): secret sk_ and restricted rk_, live or test mode; publishable pk_ keys are public.
    {
      kind: "stripe-secret-key",
      source: String.raw`${NOT_TOKEN_BEFORE}[sr]k_(?:live|test|prod)_[A-Za-z0-9]{20,247}${NOT_TOKEN_AFTER}`,
      gate: String.raw`[sr]k_(?:live|test|prod)_`,
      hook: true
    },
    // Stripe webhook signing secret (docs.stripe.com/webhooks#verify-events): whsec_ then base64.
    { kind: "stripe-webhook-secret", source: String.raw`${NOT_TOKEN_BEFORE}whsec_[A-Za-z0-9+/=]{32,100}${NOT_TOKEN_AFTER}`, gate: "whsec_", hook: true },
    // JSON Web Token, RFC 7519 compact serialization: base64url header and claims (both JSON objects, so "eyJ"), signed.
    {
      kind: "json-web-token",
      source: String.raw`(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}(?![A-Za-z0-9_-])`,
      gate: String.raw`eyJ[A-Za-z0-9_-]+\.eyJ`,
      hook: true
    },
    // Google API key (cloud.google.com/docs/authentication/api-keys): AIza and 35 url-safe characters.
    { kind: "gcp-api-key", source: String.raw`(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])`, gate: "AIza", hook: true },
    // Google OAuth client secret, the GOCSPX- form Google issues since 2021.
    { kind: "google-oauth-client-secret", source: String.raw`(?<![A-Za-z0-9_-])GOCSPX-[A-Za-z0-9_-]{28}(?![A-Za-z0-9_-])`, gate: "GOCSPX-", hook: true },
    // A password in any URL's userinfo (RFC 3986 §3.2.1, deprecated for this): redis://, amqp://, smtp://, … (the
    // preset covers http(s), ftp and the database schemes); the password alone is the secret.
    {
      kind: "url-password",
      source: String.raw`(?<=\b[A-Za-z][A-Za-z0-9+.-]{1,20}://[^:/\s@"'<>]{0,256}:)[^@/\s"'<>]{3,256}(?=@[A-Za-z0-9\[])`,
      gate: URL_USERINFO,
      hook: true
    },
    // A PEM private key block (RFC 7468), any algorithm (PKCS#1, SEC1, PKCS#8, ENCRYPTED, OPENSSH), from BEGIN to
    // END, its body on one line or many (also JSON-escaped \n); a block cut short ends where base64 does.
    {
      kind: "private-key",
      source: String.raw`-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----(?:[A-Za-z0-9+/=:,. \t\r\n-]|\\[nr])*?(?:-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|(?=[^A-Za-z0-9+/=:,. \t\r\n\\-])|$)`,
      gate: "PRIVATE KEY",
      hook: true
    },
    // age encryption secret key (age-encryption.org/v1): Bech32, HRP AGE-SECRET-KEY-.
    { kind: "age-secret-key", source: "AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}", gate: "AGE-SECRET-KEY-1", hook: true },
    // Azure Storage account key / Service Bus shared access key inside a connection string (learn.microsoft.com, "Configure Azure Storage connection strings").
    { kind: "azure-storage-key", source: String.raw`(?<=(?:AccountKey|SharedAccessKey)=)[A-Za-z0-9+/]{40,100}={0,2}`, gate: "(?:AccountKey|SharedAccessKey)=", hook: true },
    // Azure SAS token signature (learn.microsoft.com, "Create a service SAS"): the sig= query parameter.
    { kind: "azure-sas-signature", source: String.raw`(?<=[?&]sig=)[A-Za-z0-9%+/]{40,120}(?:%3D|=){0,2}`, gate: "sig=", hook: true },
    // Microsoft Entra (Azure AD) client secret: three characters, a digit, Q~, then 31-34 (gitleaks azure-ad-client-secret).
    { kind: "azure-ad-client-secret", source: String.raw`(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])`, gate: "Q~", hook: true },
    // SendGrid API key (docs.sendgrid.com, "API keys"): SG., a 22-character id, ".", a 43-character secret, both
    // base64url; the preset's shape misses those with a "-" inside.
    { kind: "sendgrid-key", source: String.raw`(?<![A-Za-z0-9_])SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])`, gate: String.raw`SG\.`, hook: true },
    // Twilio API key SID (twilio.com/docs/iam/api-keys): SK and 32 hex. The auth token is caught as an assignment.
    { kind: "twilio-api-key", source: String.raw`(?<![A-Za-z0-9])SK[0-9a-fA-F]{32}(?![A-Za-z0-9])`, gate: "SK[0-9a-fA-F]{32}", hook: true },
    // DigitalOcean personal, OAuth and refresh tokens (docs.digitalocean.com, "Personal access tokens").
    { kind: "digitalocean-token", source: String.raw`${NOT_TOKEN_BEFORE}do[opr]_v1_[a-f0-9]{64}(?![a-f0-9])`, gate: "do[opr]_v1_", hook: true },
    // PyPI API token (pypi.org/help/#apitoken): a macaroon whose first bytes encode "pypi.org".
    { kind: "pypi-token", source: String.raw`pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}`, gate: "pypi-AgEIcHlwaS5vcmc", hook: true },
    // Postman API key (learning.postman.com, "Generate a Postman API key").
    { kind: "postman-api-key", source: String.raw`PMAK-[a-f0-9]{24}-[a-f0-9]{34}`, gate: "PMAK-", hook: true },
    // Doppler tokens (docs.doppler.com, "Token formats"): dp.st., dp.ct., dp.sa., dp.scim., dp.audit.
    {
      kind: "doppler-token",
      source: String.raw`dp\.(?:st|ct|sa|scim|audit)\.(?:[a-z0-9_-]{2,35}\.)?[A-Za-z0-9]{40,44}`,
      gate: String.raw`dp\.(?:st|ct|sa|scim|audit)\.`,
      hook: true
    },
    // Telegram bot token (core.telegram.org/bots/api#authorizing-your-bot): bot id, colon, 35 characters starting AA.
    { kind: "telegram-bot-token", source: String.raw`(?<![0-9])[0-9]{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])`, gate: ":AA", hook: true },
    // Mailgun private API key (key- and 32 hex) and Mailchimp API key (32 hex, -us and the data centre).
    { kind: "mailgun-api-key", source: String.raw`(?<![A-Za-z0-9_-])key-[0-9a-f]{32}(?![0-9a-zA-Z])`, gate: "key-", hook: true },
    { kind: "mailchimp-api-key", source: String.raw`(?<![0-9a-f])[0-9a-f]{32}-us[0-9]{1,2}(?![0-9])`, gate: String.raw`-us[0-9]`, hook: true },
    // Discord webhook URL (discord.com/developers/docs/resources/webhook): id and token in the path.
    {
      kind: "discord-webhook",
      source: String.raw`https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/[0-9]{17,20}/[A-Za-z0-9_-]{60,68}`,
      gate: "discord",
      hook: true
    },
    // Sentry auth tokens (docs.sentry.io, "Auth tokens"): sntrys_ (organization) and sntryu_ (user).
    { kind: "sentry-token", source: String.raw`${NOT_TOKEN_BEFORE}sntry[su]_[A-Za-z0-9+/=_]{40,}`, gate: "sntry[su]_", hook: true },
    // Atlassian API token (support.atlassian.com, "Manage API tokens"): ATATT3 and ~186 characters.
    { kind: "atlassian-api-token", source: String.raw`${NOT_TOKEN_BEFORE}ATATT3[A-Za-z0-9_=-]{150,250}`, gate: "ATATT3", hook: true },
    // mysql / mysqldump with the password glued to -p (dev.mysql.com, "End-User Guidelines for Password Security").
    { kind: "mysql-cli-password", source: String.raw`(?<=\bmysql(?:dump|admin)?\b[^\n]{0,80}\s-p)[^\s'"]{4,128}`, gate: "mysql", hook: true },
    // .npmrc credentials for any registry (docs.npmjs.com/cli/configuring-npm/npmrc#auth-related-configuration).
    { kind: "npmrc-auth", source: String.raw`(?<=:_(?:authToken|auth|password)\s*=\s*)(?![$"'<{])[^\s"']{8,}`, gate: ":_(?:authToken|auth|password)", hook: true },
    // An HTTP Authorization header's credentials (RFC 9110 §11.6.2): any scheme (Bearer, Basic, Token, SSWS, …).
    {
      kind: "authorization-header",
      source: String.raw`(?<=${anyCase("authorization")}["']?\s*[:=]\s*["']?[A-Za-z][A-Za-z0-9-]{1,20}\s+)[A-Za-z0-9._~+/=-]{16,}`,
      gate: String.raw`(?:[Aa]uthorization|AUTHORIZATION)["']?\s*[:=]`,
      hook: true
    },
    // A credential-named assignment with a literal value: .env lines (DB_PASSWORD=…), YAML, JSON, code. The value
    // must look like one (8+ characters, a digit or a symbol); templates, placeholders and URLs (their passwords are
    // url-password's) are not reported. Quotes may come escaped or doubled (the text as a YAML or JSON string).
    {
      kind: "credential-assignment",
      source: String.raw`(?<=(?:${NAME_WORDS})(?:[_-][A-Za-z0-9]+)*(?:\\?["'*]){0,3}\s{0,4}(?::=|=>|=|:)\s{0,4}(?:\\?["'\x60]){0,2})(?![$<{%(\[]|process\.env|os\.environ|ENV\[|[A-Za-z][A-Za-z0-9+.-]{0,20}://)(?=[^\s"'\x60;,\\]{0,200}[0-9!@#%^&*+=~?])[^\s"'\x60;,\\]{8,200}`,
      gate: String.raw`(?:${NAME_WORDS})(?:[_-][A-Za-z0-9]+)*(?:\\?["'*]){0,3}\s{0,4}(?::=|=>|=|:)`,
      hook: true
    }
  ];
}
function isPlaceholderSecret(secret, kind, loneHeaderIsKey = false) {
  if (kind === "private-key") {
    const body2 = secret.replace(/-----[^-]*-----|\\[nr]|[^A-Za-z0-9+/]/g, "").length;
    return body2 < 40 && !(loneHeaderIsKey && !secret.includes("-----END"));
  }
  if (PLACEHOLDER_WORDS.test(secret) || TEMPLATE.test(secret) || FILE_PATH.test(secret) || CAPS_WORDS.test(secret)) return true;
  if (QUERY_PARAM.test(secret) && secret.split(QUERY_PARAM).every((v) => v.length < 8 || CAPS_WORDS.test(v))) return true;
  if (DEFAULT_PASSWORDS.has(secret.toLowerCase())) return true;
  const body = secret.replace(/^(?:[A-Za-z]{1,10}[_.-]){1,3}/, "");
  const counts = /* @__PURE__ */ new Map();
  for (const c of body) counts.set(c, (counts.get(c) ?? 0) + 1);
  const top = Math.max(0, ...counts.values());
  return body.length >= 8 && (counts.size <= 2 || top >= body.length * 0.6);
}
var URL_USERINFO, NOT_TOKEN_BEFORE, NOT_TOKEN_AFTER, SECRET_NAMES, extraRulesBuilt, PLACEHOLDER_WORDS, TEMPLATE, FILE_PATH, CAPS_WORDS, QUERY_PARAM, DEFAULT_PASSWORDS;
var init_secret_rules = __esm({
  "lib/core/secret-rules.ts"() {
    "use strict";
    URL_USERINFO = String.raw`://[^\s/@]{0,256}:[^\s/@]{0,256}@`;
    NOT_TOKEN_BEFORE = "(?<![A-Za-z0-9_])";
    NOT_TOKEN_AFTER = "(?![A-Za-z0-9_])";
    SECRET_NAMES = [
      "password",
      "passwd",
      "passphrase",
      "secret",
      "token",
      "api_key",
      "api-key",
      "apikey",
      "access_key",
      "private_key",
      "auth_key",
      "client_secret",
      "credentials",
      "credential"
    ];
    PLACEHOLDER_WORDS = /EXAMPLE|[Ee]xample|[Pp]laceholder|PLACEHOLDER|[Cc]hange_?me|CHANGE_?ME|REDACTED|[Rr]edacted|[Yy]our[-_][A-Za-z]|YOUR[-_][A-Z]|[Dd]ummy|DUMMY|[Ff]ake[-_]|FAKE[-_]|\.\.\./;
    TEMPLATE = /^(?:\$|<|\{\{|%|@\w+@$)|\$\{|\{\{|process\.env|os\.environ|getenv\(|ENV\[|secrets\.|vars\./;
    FILE_PATH = /^(?:[A-Za-z]:[\\/]|~[\\/]|\.{1,2}[\\/]|\/)(?:[\w.@+-]+[\\/])+[\w@+-][\w.@+-]*\.[A-Za-z][A-Za-z0-9]{0,4}$/;
    CAPS_WORDS = /^[A-Z]{2,}(?:_[A-Z]+)*(?:[|:][A-Z]{2,}(?:_[A-Z]+)*)*$/;
    QUERY_PARAM = /&[A-Za-z_][\w.-]*=/;
    DEFAULT_PASSWORDS = /* @__PURE__ */ new Set(["password", "passwd", "pass", "pwd", "secret", "postgres", "root", "admin", "guest", "test", "user", "mysql", "redis", "example"]);
  }
});

// lib/core/secret-patterns.ts
function mayHoldSecret(text) {
  scanGate ??= new RegExp([triggers().source, ...extraRules().map((r) => r.gate), "ccount|CCOUNT|_authToken"].join("|"));
  return scanGate.test(text);
}
function isRegexEntry(entry) {
  return /^\/.+\/[a-z]*$/s.test(entry);
}
function allowRegex(entry) {
  const close2 = entry.lastIndexOf("/");
  return new RegExp(entry.slice(1, close2), entry.slice(close2 + 1).replace(/g/g, ""));
}
function allowEntryProblem(entry) {
  if (!isRegexEntry(entry)) return void 0;
  try {
    allowRegex(entry);
    return void 0;
  } catch (err) {
    return err.message;
  }
}
var PRESET_SHAPES, PRESET_TRIGGERS, triggerPattern, hookRules, triggers, GATED_RULES, scanGate;
var init_secret_patterns = __esm({
  "lib/core/secret-patterns.ts"() {
    "use strict";
    init_secret_rules();
    PRESET_SHAPES = [
      // AWS's documentation example is not a key (secretlint ignores it the same way).
      ["aws-access-key-id", String.raw`\b(?!AKIAIOSFODNN7EXAMPLE)(?:A3T[A-Z0-9]|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA)[A-Z0-9]{16}\b`],
      [
        "aws-secret-access-key",
        String.raw`(?<=(?:AWS|aws|Aws)?_?(?:SECRET|secret|Secret)_?(?:ACCESS|access|Access)_?(?:KEY|key|Key)["']?\s*(?::|=>|=)\s*["']?)[A-Za-z0-9/+=]{40}(?![A-Za-z0-9/+=])`
      ],
      ["github-token", String.raw`(?<![A-Za-z0-9_])(?:(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9_]{36}|github_pat_[A-Za-z0-9_]{82})(?![A-Za-z0-9_])`],
      ["slack-token", String.raw`\b(?:xoxb|xoxp|xapp|xoxa|xoxo|xoxr)-(?:\d-)?(?:[a-zA-Z0-9]{1,40}-)+[a-zA-Z0-9]{1,40}\b`],
      ["incoming-webhook", String.raw`https://hooks\.slack\.com/services/T[a-zA-Z0-9]{1,40}/B[a-zA-Z0-9]{1,40}/[a-zA-Z0-9]{1,40}`],
      ["npm-access-token", String.raw`(?<![A-Za-z])npm_[A-Za-z0-9_]{36}(?![A-Za-z0-9_])`],
      ["openai-token", String.raw`sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{58,74}T3BlbkFJ[A-Za-z0-9_-]{58,74}|sk-[a-zA-Z0-9]{20}T3BlbkFJ[a-zA-Z0-9]{20}`],
      ["anthropic-api-key", String.raw`(?<![A-Za-z])sk-ant-api0\d-[A-Za-z0-9_-]{90,128}AA(?![A-Za-z0-9_-])`],
      ["linear-api-token", String.raw`(?<![A-Za-z])lin_api_[a-zA-Z0-9_]{32,128}(?![a-zA-Z0-9_])`],
      ["sendgrid-key", String.raw`(?<![A-Za-z])SG\.\w{1,128}\.\w{1,128}[-_]?\w{1,128}(?!\w)`],
      ["shopify-key", String.raw`(?<![A-Za-z])(?:shppa|shpca|shpat|shpss)_[a-zA-Z0-9]{32,64}(?![a-zA-Z0-9])`],
      ["ops-token", String.raw`(?<![A-Za-z])ops_ey[A-Za-z0-9+/=]{100,1280}fQ={0,2}(?![A-Za-z0-9+/=])`],
      // A password in a URL (basic auth, database connection strings): the password alone is redacted.
      ["basic-auth", String.raw`(?<=\b(?:https?|ftps?|mongodb(?:\+srv)?|mysqlx?|postgres(?:ql)?)://[^:/\s@]{1,256}:)[^@/\s]{1,256}(?=@)`],
      // secretlint 12's newer rules, their token shapes as the preset writes them.
      ["gitlab-personal-access-token", String.raw`(?<![A-Za-z])glpat-[A-Za-z0-9_-]{20,128}(?![A-Za-z0-9_-])`],
      ["huggingface-token", String.raw`(?<![A-Za-z])hf_[a-zA-Z]{34}(?![a-zA-Z])`],
      ["groq-api-key", String.raw`(?<![A-Za-z])gsk_[a-zA-Z0-9]{52}(?![a-zA-Z0-9])`],
      ["grafana-token", String.raw`(?<![A-Za-z])(?:glc_[A-Za-z0-9+/]{32,400}={0,2}(?![A-Za-z0-9+/=])|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}(?![A-Fa-f0-9]))`],
      ["hashicorp-vault-token", String.raw`(?<![A-Za-z])(?:hv[sr]\.[A-Za-z0-9_-]{90,120}|hvb\.[A-Za-z0-9_-]{138,300})(?![A-Za-z0-9_-])`],
      ["notion-integration-token", String.raw`(?<![A-Za-z])ntn_[0-9]{11}[A-Za-z0-9]{35}(?![A-Za-z0-9])`],
      ["vercel-token", String.raw`(?<![A-Za-z])(?:vcp|vci|vca|vcr|vck)_[A-Za-z0-9]{20,60}(?![A-Za-z0-9])`],
      ["databricks-token", String.raw`(?<![A-Za-z])dapi[A-Fa-f0-9]{32}(?:-[0-9])?(?![A-Fa-f0-9])`],
      ["docker-personal-access-token", String.raw`(?<![A-Za-z])dckr_pat_[a-zA-Z0-9_-]{27}(?![a-zA-Z0-9_-])`],
      ["figma-token", String.raw`(?<![A-Za-z])figd_[A-Za-z0-9_-]{40,200}(?![A-Za-z0-9_-])`]
    ];
    PRESET_TRIGGERS = String.raw`A3T|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA|[Ss]ecret_?[Aa]ccess|SECRET_?ACCESS|gh[pousr]_|github_pat_|xox[bparo]-|xapp-|hooks\.slack|npm_|sk-|lin_api_|SG\.|shp(?:pa|ca|at|ss)_|ops_ey|glpat-|hf_|gsk_|gl(?:c|sa)_|hv[sbr]\.|ntn_|vc[piark]_|dapi|dckr_pat_|figd_`;
    hookRules = () => extraRules().filter((r) => r.hook);
    triggers = () => triggerPattern ??= new RegExp([PRESET_TRIGGERS, URL_USERINFO, ...hookRules().map((r) => r.gate)].join("|"));
    GATED_RULES = [
      "aws",
      "gcp",
      "npm",
      "slack",
      "basicauth",
      "openai",
      "anthropic",
      "linear",
      "privatekey",
      "sendgrid",
      "shopify",
      "github",
      "1password",
      "database-connection-string",
      "filter-comments",
      "databricks",
      "docker",
      "figma",
      "gitlab",
      "grafana",
      "groq",
      "hashicorp-vault",
      "huggingface",
      "notion",
      "vercel"
    ].map((r) => `@secretlint/secretlint-rule-${r}`);
  }
});

// lib/store/paths.ts
function joinPath(dir, ...names) {
  if (sep !== "/" || !isNormalAbsolute(dir)) return join(dir, ...names);
  let out = dir === "/" ? "" : dir;
  for (let i = 0; i < names.length; i++) {
    if (names[i] === "") continue;
    if (!isPlainName(names[i])) return join(dir, ...names);
    out += "/" + names[i];
  }
  return out === "" ? dir : out;
}
function isNormalAbsolute(p) {
  return typeof p === "string" && p.charCodeAt(0) === 47 && (p.length === 1 || p.charCodeAt(p.length - 1) !== 47) && !p.includes("//") && !p.includes("/./") && !p.includes("/../") && !p.endsWith("/.") && !p.endsWith("/..");
}
function isPlainName(n) {
  if (typeof n !== "string" || n === "." || n === ".." || n.charCodeAt(0) === 47 || n.charCodeAt(n.length - 1) === 47) return false;
  return !n.includes("//") && !n.startsWith("./") && !n.startsWith("../") && !n.includes("/./") && !n.includes("/../") && !n.endsWith("/.") && !n.endsWith("/..");
}
var EPISODES_SHARD, STATE_DIR;
var init_paths = __esm({
  "lib/store/paths.ts"() {
    "use strict";
    init_node_path();
    init_card_types();
    EPISODES_SHARD = /^episodes\.(\d{4}-\d{2})\.jsonl$/;
    STATE_DIR = ".memctl";
  }
});

// lib/config/recall.ts
function validateRecallTable(raw, invalid, unknown) {
  const out = {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw) || raw instanceof Date) {
    invalid('recall must be a table, e.g. [recall] llm_command = ["claude", "-p"]');
    return out;
  }
  const r = raw;
  for (const key of Object.keys(r)) if (!KEYS.includes(key)) unknown(`unknown key "recall.${key}" (ignored); the known keys are ${KEYS.join(", ")}`);
  if (r.llm_command !== void 0) {
    const cmd = r.llm_command;
    if (!Array.isArray(cmd) || cmd.length === 0 || !cmd.every((a) => typeof a === "string") || cmd[0] === "")
      invalid('recall.llm_command must be a non-empty list of strings, e.g. ["claude", "-p"]');
    else out.llm_command = cmd;
  }
  if (r.timeout_seconds !== void 0) {
    if (typeof r.timeout_seconds !== "number" || !(r.timeout_seconds > 0)) invalid("recall.timeout_seconds must be a positive number");
    else out.timeout_seconds = r.timeout_seconds;
  }
  if (r.on_save !== void 0) {
    if (typeof r.on_save !== "boolean") invalid("recall.on_save must be true or false (it stays off until it is)");
    else out.on_save = r.on_save;
  }
  if (r.languages !== void 0) {
    const langs = r.languages;
    if (!Array.isArray(langs) || !langs.every((l) => typeof l === "string" && l.trim() !== "" && l.length <= 40) || langs.length > 12)
      invalid('recall.languages must be a list of at most 12 language names, e.g. ["Chinese", "French"]');
    else out.languages = langs.map((l) => l.trim());
  }
  return out;
}
function recallModel(config) {
  const own = config.recall?.llm_command;
  const command = own ?? config.compact?.llm_command;
  if (!command || command.length === 0) return void 0;
  const seconds = config.recall?.timeout_seconds ?? DEFAULT_RECALL_TIMEOUT_SECONDS;
  return {
    command,
    timeoutMs: seconds * 1e3,
    from: own ? "[recall] llm_command" : "[compact] llm_command",
    actor: `model:${modelName(command[0])}`,
    ...config.recall?.languages !== void 0 ? { languages: config.recall.languages } : {}
  };
}
function modelName(cmd) {
  const base = node_path_default.basename(cmd).replace(/[^A-Za-z0-9._@-]/g, "-").replace(/^[^A-Za-z0-9]+/, "");
  return (base || "command").slice(0, 128);
}
var DEFAULT_RECALL_TIMEOUT_SECONDS, KEYS;
var init_recall = __esm({
  "lib/config/recall.ts"() {
    "use strict";
    init_node_path();
    DEFAULT_RECALL_TIMEOUT_SECONDS = 60;
    KEYS = ["llm_command", "timeout_seconds", "on_save", "languages"];
  }
});

// lib/config/instructions-config.ts
function validateInstructions(raw, invalid, unknown) {
  const out = {};
  if (!isTable(raw)) {
    invalid('instructions must be a table, e.g. [instructions] files = ["AGENTS.md", "CLAUDE.md"]');
    return out;
  }
  for (const key of Object.keys(raw))
    if (!["files", "max_bytes", "user_dir"].includes(key)) unknown(`unknown key "instructions.${key}" (ignored); the known keys are files, max_bytes, user_dir`);
  const { files, max_bytes: maxBytes, user_dir: userDir } = raw;
  if (files !== void 0) {
    if (!Array.isArray(files) || files.length === 0 || !files.every((f) => typeof f === "string" && f !== "" && !/[\\/]/.test(f) && f !== "." && f !== ".."))
      invalid('instructions.files must be a non-empty list of file names (no slashes), e.g. ["AGENTS.md", "CLAUDE.md"]');
    else out.files = files;
  }
  if (maxBytes !== void 0) {
    if (typeof maxBytes !== "number" || !Number.isSafeInteger(maxBytes) || maxBytes < 1)
      invalid(`instructions.max_bytes must be a positive integer, got ${JSON.stringify(maxBytes)}`);
    else out.max_bytes = maxBytes;
  }
  if (userDir !== void 0) {
    if (typeof userDir !== "string" || !(node_path_default.isAbsolute(userDir) || userDir.startsWith("~/")))
      invalid('instructions.user_dir must be an absolute path or start with ~/, e.g. "~/.claude"');
    else out.user_dir = userDir;
  }
  return out;
}
function isTable(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);
}
var init_instructions_config = __esm({
  "lib/config/instructions-config.ts"() {
    "use strict";
    init_node_path();
  }
});

// hosts/deliver.ts
function asAdditionalContext(text) {
  return {
    stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: text } }) + "\n",
    stderr: "",
    exitCode: 0
  };
}
function asSessionStartContext(text) {
  return asJson(text, (context) => ({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: context } }));
}
function asSessionStartWithNotice(text, notice) {
  if (!notice) return asSessionStartContext(text);
  return asJson(text, (context) => ({ systemMessage: notice, hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: context } }));
}
function asPlainText(text) {
  return typeof text === "string" ? { stdout: text, stderr: "", exitCode: 0 } : chunked(text.utf8());
}
function asJson(text, shape) {
  if (typeof text === "string") return { stdout: JSON.stringify(shape(text)) + "\n", stderr: "", exitCode: 0 };
  const whole = JSON.stringify(shape(MARK));
  const at = whole.lastIndexOf(MARK_JSON);
  return chunked([Buffer.from(`${whole.slice(0, at)}"`, "utf8"), ...text.json(), Buffer.from(`"${whole.slice(at + MARK_JSON.length)}
`, "utf8")]);
}
function chunked(chunks) {
  let stdout;
  return {
    chunks,
    get stdout() {
      stdout ??= Buffer.concat(chunks).toString("utf8");
      return stdout;
    },
    stderr: "",
    exitCode: 0
  };
}
function unavailableVia(deliver) {
  return (text, reason) => ({ ...deliver(text), stderr: `memctl: memory index unavailable: ${reason}
` });
}
var SHARED_BUDGET, HARD_CEILING_BYTES, MARK, MARK_JSON;
var init_deliver = __esm({
  "hosts/deliver.ts"() {
    "use strict";
    SHARED_BUDGET = Object.freeze({ maxBytes: 3e3, maxEntries: 20 });
    HARD_CEILING_BYTES = 8e3;
    MARK = "\0memctl-text\0";
    MARK_JSON = JSON.stringify(MARK);
  }
});

// node_modules/jsonc-parser/lib/esm/impl/scanner.js
function createScanner(text, ignoreTrivia = false) {
  const len = text.length;
  let pos = 0, value = "", tokenOffset = 0, token = 16, lineNumber = 0, lineStartOffset = 0, tokenLineStartOffset = 0, prevTokenLineStartOffset = 0, scanError = 0;
  function scanHexDigits(count, exact) {
    let digits = 0;
    let value2 = 0;
    while (digits < count || !exact) {
      let ch = text.charCodeAt(pos);
      if (ch >= 48 && ch <= 57) {
        value2 = value2 * 16 + ch - 48;
      } else if (ch >= 65 && ch <= 70) {
        value2 = value2 * 16 + ch - 65 + 10;
      } else if (ch >= 97 && ch <= 102) {
        value2 = value2 * 16 + ch - 97 + 10;
      } else {
        break;
      }
      pos++;
      digits++;
    }
    if (digits < count) {
      value2 = -1;
    }
    return value2;
  }
  function setPosition(newPosition) {
    pos = newPosition;
    value = "";
    tokenOffset = 0;
    token = 16;
    scanError = 0;
  }
  function scanNumber() {
    let start = pos;
    if (text.charCodeAt(pos) === 48) {
      pos++;
    } else {
      pos++;
      while (pos < text.length && isDigit2(text.charCodeAt(pos))) {
        pos++;
      }
    }
    if (pos < text.length && text.charCodeAt(pos) === 46) {
      pos++;
      if (pos < text.length && isDigit2(text.charCodeAt(pos))) {
        pos++;
        while (pos < text.length && isDigit2(text.charCodeAt(pos))) {
          pos++;
        }
      } else {
        scanError = 3;
        return text.substring(start, pos);
      }
    }
    let end = pos;
    if (pos < text.length && (text.charCodeAt(pos) === 69 || text.charCodeAt(pos) === 101)) {
      pos++;
      if (pos < text.length && text.charCodeAt(pos) === 43 || text.charCodeAt(pos) === 45) {
        pos++;
      }
      if (pos < text.length && isDigit2(text.charCodeAt(pos))) {
        pos++;
        while (pos < text.length && isDigit2(text.charCodeAt(pos))) {
          pos++;
        }
        end = pos;
      } else {
        scanError = 3;
      }
    }
    return text.substring(start, end);
  }
  function scanString() {
    let result = "", start = pos;
    while (true) {
      if (pos >= len) {
        result += text.substring(start, pos);
        scanError = 2;
        break;
      }
      const ch = text.charCodeAt(pos);
      if (ch === 34) {
        result += text.substring(start, pos);
        pos++;
        break;
      }
      if (ch === 92) {
        result += text.substring(start, pos);
        pos++;
        if (pos >= len) {
          scanError = 2;
          break;
        }
        const ch2 = text.charCodeAt(pos++);
        switch (ch2) {
          case 34:
            result += '"';
            break;
          case 92:
            result += "\\";
            break;
          case 47:
            result += "/";
            break;
          case 98:
            result += "\b";
            break;
          case 102:
            result += "\f";
            break;
          case 110:
            result += "\n";
            break;
          case 114:
            result += "\r";
            break;
          case 116:
            result += "	";
            break;
          case 117:
            const ch3 = scanHexDigits(4, true);
            if (ch3 >= 0) {
              result += String.fromCharCode(ch3);
            } else {
              scanError = 4;
            }
            break;
          default:
            scanError = 5;
        }
        start = pos;
        continue;
      }
      if (ch >= 0 && ch <= 31) {
        if (isLineBreak(ch)) {
          result += text.substring(start, pos);
          scanError = 2;
          break;
        } else {
          scanError = 6;
        }
      }
      pos++;
    }
    return result;
  }
  function scanNext() {
    value = "";
    scanError = 0;
    tokenOffset = pos;
    lineStartOffset = lineNumber;
    prevTokenLineStartOffset = tokenLineStartOffset;
    if (pos >= len) {
      tokenOffset = len;
      return token = 17;
    }
    let code = text.charCodeAt(pos);
    if (isWhiteSpace2(code)) {
      do {
        pos++;
        value += String.fromCharCode(code);
        code = text.charCodeAt(pos);
      } while (isWhiteSpace2(code));
      return token = 15;
    }
    if (isLineBreak(code)) {
      pos++;
      value += String.fromCharCode(code);
      if (code === 13 && text.charCodeAt(pos) === 10) {
        pos++;
        value += "\n";
      }
      lineNumber++;
      tokenLineStartOffset = pos;
      return token = 14;
    }
    switch (code) {
      // tokens: []{}:,
      case 123:
        pos++;
        return token = 1;
      case 125:
        pos++;
        return token = 2;
      case 91:
        pos++;
        return token = 3;
      case 93:
        pos++;
        return token = 4;
      case 58:
        pos++;
        return token = 6;
      case 44:
        pos++;
        return token = 5;
      // strings
      case 34:
        pos++;
        value = scanString();
        return token = 10;
      // comments
      case 47:
        const start = pos - 1;
        if (text.charCodeAt(pos + 1) === 47) {
          pos += 2;
          while (pos < len) {
            if (isLineBreak(text.charCodeAt(pos))) {
              break;
            }
            pos++;
          }
          value = text.substring(start, pos);
          return token = 12;
        }
        if (text.charCodeAt(pos + 1) === 42) {
          pos += 2;
          const safeLength = len - 1;
          let commentClosed = false;
          while (pos < safeLength) {
            const ch = text.charCodeAt(pos);
            if (ch === 42 && text.charCodeAt(pos + 1) === 47) {
              pos += 2;
              commentClosed = true;
              break;
            }
            pos++;
            if (isLineBreak(ch)) {
              if (ch === 13 && text.charCodeAt(pos) === 10) {
                pos++;
              }
              lineNumber++;
              tokenLineStartOffset = pos;
            }
          }
          if (!commentClosed) {
            pos++;
            scanError = 1;
          }
          value = text.substring(start, pos);
          return token = 13;
        }
        value += String.fromCharCode(code);
        pos++;
        return token = 16;
      // numbers
      case 45:
        value += String.fromCharCode(code);
        pos++;
        if (pos === len || !isDigit2(text.charCodeAt(pos))) {
          return token = 16;
        }
      // found a minus, followed by a number so
      // we fall through to proceed with scanning
      // numbers
      case 48:
      case 49:
      case 50:
      case 51:
      case 52:
      case 53:
      case 54:
      case 55:
      case 56:
      case 57:
        value += scanNumber();
        return token = 11;
      // literals and unknown symbols
      default:
        while (pos < len && isUnknownContentCharacter(code)) {
          pos++;
          code = text.charCodeAt(pos);
        }
        if (tokenOffset !== pos) {
          value = text.substring(tokenOffset, pos);
          switch (value) {
            case "true":
              return token = 8;
            case "false":
              return token = 9;
            case "null":
              return token = 7;
          }
          return token = 16;
        }
        value += String.fromCharCode(code);
        pos++;
        return token = 16;
    }
  }
  function isUnknownContentCharacter(code) {
    if (isWhiteSpace2(code) || isLineBreak(code)) {
      return false;
    }
    switch (code) {
      case 125:
      case 93:
      case 123:
      case 91:
      case 34:
      case 58:
      case 44:
      case 47:
        return false;
    }
    return true;
  }
  function scanNextNonTrivia() {
    let result;
    do {
      result = scanNext();
    } while (result >= 12 && result <= 15);
    return result;
  }
  return {
    setPosition,
    getPosition: () => pos,
    scan: ignoreTrivia ? scanNextNonTrivia : scanNext,
    getToken: () => token,
    getTokenValue: () => value,
    getTokenOffset: () => tokenOffset,
    getTokenLength: () => pos - tokenOffset,
    getTokenStartLine: () => lineStartOffset,
    getTokenStartCharacter: () => tokenOffset - prevTokenLineStartOffset,
    getTokenError: () => scanError
  };
}
function isWhiteSpace2(ch) {
  return ch === 32 || ch === 9;
}
function isLineBreak(ch) {
  return ch === 10 || ch === 13;
}
function isDigit2(ch) {
  return ch >= 48 && ch <= 57;
}
var CharacterCodes;
var init_scanner = __esm({
  "node_modules/jsonc-parser/lib/esm/impl/scanner.js"() {
    "use strict";
    (function(CharacterCodes2) {
      CharacterCodes2[CharacterCodes2["lineFeed"] = 10] = "lineFeed";
      CharacterCodes2[CharacterCodes2["carriageReturn"] = 13] = "carriageReturn";
      CharacterCodes2[CharacterCodes2["space"] = 32] = "space";
      CharacterCodes2[CharacterCodes2["_0"] = 48] = "_0";
      CharacterCodes2[CharacterCodes2["_1"] = 49] = "_1";
      CharacterCodes2[CharacterCodes2["_2"] = 50] = "_2";
      CharacterCodes2[CharacterCodes2["_3"] = 51] = "_3";
      CharacterCodes2[CharacterCodes2["_4"] = 52] = "_4";
      CharacterCodes2[CharacterCodes2["_5"] = 53] = "_5";
      CharacterCodes2[CharacterCodes2["_6"] = 54] = "_6";
      CharacterCodes2[CharacterCodes2["_7"] = 55] = "_7";
      CharacterCodes2[CharacterCodes2["_8"] = 56] = "_8";
      CharacterCodes2[CharacterCodes2["_9"] = 57] = "_9";
      CharacterCodes2[CharacterCodes2["a"] = 97] = "a";
      CharacterCodes2[CharacterCodes2["b"] = 98] = "b";
      CharacterCodes2[CharacterCodes2["c"] = 99] = "c";
      CharacterCodes2[CharacterCodes2["d"] = 100] = "d";
      CharacterCodes2[CharacterCodes2["e"] = 101] = "e";
      CharacterCodes2[CharacterCodes2["f"] = 102] = "f";
      CharacterCodes2[CharacterCodes2["g"] = 103] = "g";
      CharacterCodes2[CharacterCodes2["h"] = 104] = "h";
      CharacterCodes2[CharacterCodes2["i"] = 105] = "i";
      CharacterCodes2[CharacterCodes2["j"] = 106] = "j";
      CharacterCodes2[CharacterCodes2["k"] = 107] = "k";
      CharacterCodes2[CharacterCodes2["l"] = 108] = "l";
      CharacterCodes2[CharacterCodes2["m"] = 109] = "m";
      CharacterCodes2[CharacterCodes2["n"] = 110] = "n";
      CharacterCodes2[CharacterCodes2["o"] = 111] = "o";
      CharacterCodes2[CharacterCodes2["p"] = 112] = "p";
      CharacterCodes2[CharacterCodes2["q"] = 113] = "q";
      CharacterCodes2[CharacterCodes2["r"] = 114] = "r";
      CharacterCodes2[CharacterCodes2["s"] = 115] = "s";
      CharacterCodes2[CharacterCodes2["t"] = 116] = "t";
      CharacterCodes2[CharacterCodes2["u"] = 117] = "u";
      CharacterCodes2[CharacterCodes2["v"] = 118] = "v";
      CharacterCodes2[CharacterCodes2["w"] = 119] = "w";
      CharacterCodes2[CharacterCodes2["x"] = 120] = "x";
      CharacterCodes2[CharacterCodes2["y"] = 121] = "y";
      CharacterCodes2[CharacterCodes2["z"] = 122] = "z";
      CharacterCodes2[CharacterCodes2["A"] = 65] = "A";
      CharacterCodes2[CharacterCodes2["B"] = 66] = "B";
      CharacterCodes2[CharacterCodes2["C"] = 67] = "C";
      CharacterCodes2[CharacterCodes2["D"] = 68] = "D";
      CharacterCodes2[CharacterCodes2["E"] = 69] = "E";
      CharacterCodes2[CharacterCodes2["F"] = 70] = "F";
      CharacterCodes2[CharacterCodes2["G"] = 71] = "G";
      CharacterCodes2[CharacterCodes2["H"] = 72] = "H";
      CharacterCodes2[CharacterCodes2["I"] = 73] = "I";
      CharacterCodes2[CharacterCodes2["J"] = 74] = "J";
      CharacterCodes2[CharacterCodes2["K"] = 75] = "K";
      CharacterCodes2[CharacterCodes2["L"] = 76] = "L";
      CharacterCodes2[CharacterCodes2["M"] = 77] = "M";
      CharacterCodes2[CharacterCodes2["N"] = 78] = "N";
      CharacterCodes2[CharacterCodes2["O"] = 79] = "O";
      CharacterCodes2[CharacterCodes2["P"] = 80] = "P";
      CharacterCodes2[CharacterCodes2["Q"] = 81] = "Q";
      CharacterCodes2[CharacterCodes2["R"] = 82] = "R";
      CharacterCodes2[CharacterCodes2["S"] = 83] = "S";
      CharacterCodes2[CharacterCodes2["T"] = 84] = "T";
      CharacterCodes2[CharacterCodes2["U"] = 85] = "U";
      CharacterCodes2[CharacterCodes2["V"] = 86] = "V";
      CharacterCodes2[CharacterCodes2["W"] = 87] = "W";
      CharacterCodes2[CharacterCodes2["X"] = 88] = "X";
      CharacterCodes2[CharacterCodes2["Y"] = 89] = "Y";
      CharacterCodes2[CharacterCodes2["Z"] = 90] = "Z";
      CharacterCodes2[CharacterCodes2["asterisk"] = 42] = "asterisk";
      CharacterCodes2[CharacterCodes2["backslash"] = 92] = "backslash";
      CharacterCodes2[CharacterCodes2["closeBrace"] = 125] = "closeBrace";
      CharacterCodes2[CharacterCodes2["closeBracket"] = 93] = "closeBracket";
      CharacterCodes2[CharacterCodes2["colon"] = 58] = "colon";
      CharacterCodes2[CharacterCodes2["comma"] = 44] = "comma";
      CharacterCodes2[CharacterCodes2["dot"] = 46] = "dot";
      CharacterCodes2[CharacterCodes2["doubleQuote"] = 34] = "doubleQuote";
      CharacterCodes2[CharacterCodes2["minus"] = 45] = "minus";
      CharacterCodes2[CharacterCodes2["openBrace"] = 123] = "openBrace";
      CharacterCodes2[CharacterCodes2["openBracket"] = 91] = "openBracket";
      CharacterCodes2[CharacterCodes2["plus"] = 43] = "plus";
      CharacterCodes2[CharacterCodes2["slash"] = 47] = "slash";
      CharacterCodes2[CharacterCodes2["formFeed"] = 12] = "formFeed";
      CharacterCodes2[CharacterCodes2["tab"] = 9] = "tab";
    })(CharacterCodes || (CharacterCodes = {}));
  }
});

// node_modules/jsonc-parser/lib/esm/impl/parser.js
function parseTree(text, errors = [], options = ParseOptions.DEFAULT) {
  let currentParent = { type: "array", offset: -1, length: -1, children: [], parent: void 0 };
  function ensurePropertyComplete(endOffset) {
    if (currentParent.type === "property") {
      currentParent.length = endOffset - currentParent.offset;
      currentParent = currentParent.parent;
    }
  }
  function onValue(valueNode) {
    currentParent.children.push(valueNode);
    return valueNode;
  }
  const visitor = {
    onObjectBegin: (offset) => {
      currentParent = onValue({ type: "object", offset, length: -1, parent: currentParent, children: [] });
    },
    onObjectProperty: (name, offset, length) => {
      currentParent = onValue({ type: "property", offset, length: -1, parent: currentParent, children: [] });
      currentParent.children.push({ type: "string", value: name, offset, length, parent: currentParent });
    },
    onObjectEnd: (offset, length) => {
      ensurePropertyComplete(offset + length);
      currentParent.length = offset + length - currentParent.offset;
      currentParent = currentParent.parent;
      ensurePropertyComplete(offset + length);
    },
    onArrayBegin: (offset, length) => {
      currentParent = onValue({ type: "array", offset, length: -1, parent: currentParent, children: [] });
    },
    onArrayEnd: (offset, length) => {
      currentParent.length = offset + length - currentParent.offset;
      currentParent = currentParent.parent;
      ensurePropertyComplete(offset + length);
    },
    onLiteralValue: (value, offset, length) => {
      onValue({ type: getNodeType(value), offset, length, parent: currentParent, value });
      ensurePropertyComplete(offset + length);
    },
    onSeparator: (sep2, offset, length) => {
      if (currentParent.type === "property") {
        if (sep2 === ":") {
          currentParent.colonOffset = offset;
        } else if (sep2 === ",") {
          ensurePropertyComplete(offset);
        }
      }
    },
    onError: (error, offset, length) => {
      errors.push({ error, offset, length });
    }
  };
  visit2(text, visitor, options);
  const result = currentParent.children[0];
  if (result) {
    delete result.parent;
  }
  return result;
}
function visit2(text, visitor, options = ParseOptions.DEFAULT) {
  const _scanner = createScanner(text, false);
  const _jsonPath = [];
  let suppressedCallbacks = 0;
  function toNoArgVisit(visitFunction) {
    return visitFunction ? () => suppressedCallbacks === 0 && visitFunction(_scanner.getTokenOffset(), _scanner.getTokenLength(), _scanner.getTokenStartLine(), _scanner.getTokenStartCharacter()) : () => true;
  }
  function toOneArgVisit(visitFunction) {
    return visitFunction ? (arg) => suppressedCallbacks === 0 && visitFunction(arg, _scanner.getTokenOffset(), _scanner.getTokenLength(), _scanner.getTokenStartLine(), _scanner.getTokenStartCharacter()) : () => true;
  }
  function toOneArgVisitWithPath(visitFunction) {
    return visitFunction ? (arg) => suppressedCallbacks === 0 && visitFunction(arg, _scanner.getTokenOffset(), _scanner.getTokenLength(), _scanner.getTokenStartLine(), _scanner.getTokenStartCharacter(), () => _jsonPath.slice()) : () => true;
  }
  function toBeginVisit(visitFunction) {
    return visitFunction ? () => {
      if (suppressedCallbacks > 0) {
        suppressedCallbacks++;
      } else {
        let cbReturn = visitFunction(_scanner.getTokenOffset(), _scanner.getTokenLength(), _scanner.getTokenStartLine(), _scanner.getTokenStartCharacter(), () => _jsonPath.slice());
        if (cbReturn === false) {
          suppressedCallbacks = 1;
        }
      }
    } : () => true;
  }
  function toEndVisit(visitFunction) {
    return visitFunction ? () => {
      if (suppressedCallbacks > 0) {
        suppressedCallbacks--;
      }
      if (suppressedCallbacks === 0) {
        visitFunction(_scanner.getTokenOffset(), _scanner.getTokenLength(), _scanner.getTokenStartLine(), _scanner.getTokenStartCharacter());
      }
    } : () => true;
  }
  const onObjectBegin = toBeginVisit(visitor.onObjectBegin), onObjectProperty = toOneArgVisitWithPath(visitor.onObjectProperty), onObjectEnd = toEndVisit(visitor.onObjectEnd), onArrayBegin = toBeginVisit(visitor.onArrayBegin), onArrayEnd = toEndVisit(visitor.onArrayEnd), onLiteralValue = toOneArgVisitWithPath(visitor.onLiteralValue), onSeparator = toOneArgVisit(visitor.onSeparator), onComment = toNoArgVisit(visitor.onComment), onError = toOneArgVisit(visitor.onError);
  const disallowComments = options && options.disallowComments;
  const allowTrailingComma = options && options.allowTrailingComma;
  function scanNext() {
    while (true) {
      const token = _scanner.scan();
      switch (_scanner.getTokenError()) {
        case 4:
          handleError(
            14
            /* ParseErrorCode.InvalidUnicode */
          );
          break;
        case 5:
          handleError(
            15
            /* ParseErrorCode.InvalidEscapeCharacter */
          );
          break;
        case 3:
          handleError(
            13
            /* ParseErrorCode.UnexpectedEndOfNumber */
          );
          break;
        case 1:
          if (!disallowComments) {
            handleError(
              11
              /* ParseErrorCode.UnexpectedEndOfComment */
            );
          }
          break;
        case 2:
          handleError(
            12
            /* ParseErrorCode.UnexpectedEndOfString */
          );
          break;
        case 6:
          handleError(
            16
            /* ParseErrorCode.InvalidCharacter */
          );
          break;
      }
      switch (token) {
        case 12:
        case 13:
          if (disallowComments) {
            handleError(
              10
              /* ParseErrorCode.InvalidCommentToken */
            );
          } else {
            onComment();
          }
          break;
        case 16:
          handleError(
            1
            /* ParseErrorCode.InvalidSymbol */
          );
          break;
        case 15:
        case 14:
          break;
        default:
          return token;
      }
    }
  }
  function handleError(error, skipUntilAfter = [], skipUntil = []) {
    onError(error);
    if (skipUntilAfter.length + skipUntil.length > 0) {
      let token = _scanner.getToken();
      while (token !== 17) {
        if (skipUntilAfter.indexOf(token) !== -1) {
          scanNext();
          break;
        } else if (skipUntil.indexOf(token) !== -1) {
          break;
        }
        token = scanNext();
      }
    }
  }
  function parseString2(isValue) {
    const value = _scanner.getTokenValue();
    if (isValue) {
      onLiteralValue(value);
    } else {
      onObjectProperty(value);
      _jsonPath.push(value);
    }
    scanNext();
    return true;
  }
  function parseLiteral() {
    switch (_scanner.getToken()) {
      case 11:
        const tokenValue = _scanner.getTokenValue();
        let value = Number(tokenValue);
        if (isNaN(value)) {
          handleError(
            2
            /* ParseErrorCode.InvalidNumberFormat */
          );
          value = 0;
        }
        onLiteralValue(value);
        break;
      case 7:
        onLiteralValue(null);
        break;
      case 8:
        onLiteralValue(true);
        break;
      case 9:
        onLiteralValue(false);
        break;
      default:
        return false;
    }
    scanNext();
    return true;
  }
  function parseProperty() {
    if (_scanner.getToken() !== 10) {
      handleError(3, [], [
        2,
        5
        /* SyntaxKind.CommaToken */
      ]);
      return false;
    }
    parseString2(false);
    if (_scanner.getToken() === 6) {
      onSeparator(":");
      scanNext();
      if (!parseValue()) {
        handleError(4, [], [
          2,
          5
          /* SyntaxKind.CommaToken */
        ]);
      }
    } else {
      handleError(5, [], [
        2,
        5
        /* SyntaxKind.CommaToken */
      ]);
    }
    _jsonPath.pop();
    return true;
  }
  function parseObject() {
    onObjectBegin();
    scanNext();
    let needsComma = false;
    while (_scanner.getToken() !== 2 && _scanner.getToken() !== 17) {
      if (_scanner.getToken() === 5) {
        if (!needsComma) {
          handleError(4, [], []);
        }
        onSeparator(",");
        scanNext();
        if (_scanner.getToken() === 2 && allowTrailingComma) {
          break;
        }
      } else if (needsComma) {
        handleError(6, [], []);
      }
      if (!parseProperty()) {
        handleError(4, [], [
          2,
          5
          /* SyntaxKind.CommaToken */
        ]);
      }
      needsComma = true;
    }
    onObjectEnd();
    if (_scanner.getToken() !== 2) {
      handleError(7, [
        2
        /* SyntaxKind.CloseBraceToken */
      ], []);
    } else {
      scanNext();
    }
    return true;
  }
  function parseArray2() {
    onArrayBegin();
    scanNext();
    let isFirstElement = true;
    let needsComma = false;
    while (_scanner.getToken() !== 4 && _scanner.getToken() !== 17) {
      if (_scanner.getToken() === 5) {
        if (!needsComma) {
          handleError(4, [], []);
        }
        onSeparator(",");
        scanNext();
        if (_scanner.getToken() === 4 && allowTrailingComma) {
          break;
        }
      } else if (needsComma) {
        handleError(6, [], []);
      }
      if (isFirstElement) {
        _jsonPath.push(0);
        isFirstElement = false;
      } else {
        _jsonPath[_jsonPath.length - 1]++;
      }
      if (!parseValue()) {
        handleError(4, [], [
          4,
          5
          /* SyntaxKind.CommaToken */
        ]);
      }
      needsComma = true;
    }
    onArrayEnd();
    if (!isFirstElement) {
      _jsonPath.pop();
    }
    if (_scanner.getToken() !== 4) {
      handleError(8, [
        4
        /* SyntaxKind.CloseBracketToken */
      ], []);
    } else {
      scanNext();
    }
    return true;
  }
  function parseValue() {
    switch (_scanner.getToken()) {
      case 3:
        return parseArray2();
      case 1:
        return parseObject();
      case 10:
        return parseString2(true);
      default:
        return parseLiteral();
    }
  }
  scanNext();
  if (_scanner.getToken() === 17) {
    if (options.allowEmptyContent) {
      return true;
    }
    handleError(4, [], []);
    return false;
  }
  if (!parseValue()) {
    handleError(4, [], []);
    return false;
  }
  if (_scanner.getToken() !== 17) {
    handleError(9, [], []);
  }
  return true;
}
function getNodeType(value) {
  switch (typeof value) {
    case "boolean":
      return "boolean";
    case "number":
      return "number";
    case "string":
      return "string";
    case "object": {
      if (!value) {
        return "null";
      } else if (Array.isArray(value)) {
        return "array";
      }
      return "object";
    }
    default:
      return "null";
  }
}
var ParseOptions;
var init_parser = __esm({
  "node_modules/jsonc-parser/lib/esm/impl/parser.js"() {
    "use strict";
    init_scanner();
    (function(ParseOptions2) {
      ParseOptions2.DEFAULT = {
        allowTrailingComma: false
      };
    })(ParseOptions || (ParseOptions = {}));
  }
});

// node_modules/jsonc-parser/lib/esm/main.js
function printParseErrorCode(code) {
  switch (code) {
    case 1:
      return "InvalidSymbol";
    case 2:
      return "InvalidNumberFormat";
    case 3:
      return "PropertyNameExpected";
    case 4:
      return "ValueExpected";
    case 5:
      return "ColonExpected";
    case 6:
      return "CommaExpected";
    case 7:
      return "CloseBraceExpected";
    case 8:
      return "CloseBracketExpected";
    case 9:
      return "EndOfFileExpected";
    case 10:
      return "InvalidCommentToken";
    case 11:
      return "UnexpectedEndOfComment";
    case 12:
      return "UnexpectedEndOfString";
    case 13:
      return "UnexpectedEndOfNumber";
    case 14:
      return "InvalidUnicode";
    case 15:
      return "InvalidEscapeCharacter";
    case 16:
      return "InvalidCharacter";
  }
  return "<unknown ParseErrorCode>";
}
var ScanError, SyntaxKind, parseTree2, ParseErrorCode;
var init_main = __esm({
  "node_modules/jsonc-parser/lib/esm/main.js"() {
    "use strict";
    init_parser();
    (function(ScanError2) {
      ScanError2[ScanError2["None"] = 0] = "None";
      ScanError2[ScanError2["UnexpectedEndOfComment"] = 1] = "UnexpectedEndOfComment";
      ScanError2[ScanError2["UnexpectedEndOfString"] = 2] = "UnexpectedEndOfString";
      ScanError2[ScanError2["UnexpectedEndOfNumber"] = 3] = "UnexpectedEndOfNumber";
      ScanError2[ScanError2["InvalidUnicode"] = 4] = "InvalidUnicode";
      ScanError2[ScanError2["InvalidEscapeCharacter"] = 5] = "InvalidEscapeCharacter";
      ScanError2[ScanError2["InvalidCharacter"] = 6] = "InvalidCharacter";
    })(ScanError || (ScanError = {}));
    (function(SyntaxKind2) {
      SyntaxKind2[SyntaxKind2["OpenBraceToken"] = 1] = "OpenBraceToken";
      SyntaxKind2[SyntaxKind2["CloseBraceToken"] = 2] = "CloseBraceToken";
      SyntaxKind2[SyntaxKind2["OpenBracketToken"] = 3] = "OpenBracketToken";
      SyntaxKind2[SyntaxKind2["CloseBracketToken"] = 4] = "CloseBracketToken";
      SyntaxKind2[SyntaxKind2["CommaToken"] = 5] = "CommaToken";
      SyntaxKind2[SyntaxKind2["ColonToken"] = 6] = "ColonToken";
      SyntaxKind2[SyntaxKind2["NullKeyword"] = 7] = "NullKeyword";
      SyntaxKind2[SyntaxKind2["TrueKeyword"] = 8] = "TrueKeyword";
      SyntaxKind2[SyntaxKind2["FalseKeyword"] = 9] = "FalseKeyword";
      SyntaxKind2[SyntaxKind2["StringLiteral"] = 10] = "StringLiteral";
      SyntaxKind2[SyntaxKind2["NumericLiteral"] = 11] = "NumericLiteral";
      SyntaxKind2[SyntaxKind2["LineCommentTrivia"] = 12] = "LineCommentTrivia";
      SyntaxKind2[SyntaxKind2["BlockCommentTrivia"] = 13] = "BlockCommentTrivia";
      SyntaxKind2[SyntaxKind2["LineBreakTrivia"] = 14] = "LineBreakTrivia";
      SyntaxKind2[SyntaxKind2["Trivia"] = 15] = "Trivia";
      SyntaxKind2[SyntaxKind2["Unknown"] = 16] = "Unknown";
      SyntaxKind2[SyntaxKind2["EOF"] = 17] = "EOF";
    })(SyntaxKind || (SyntaxKind = {}));
    parseTree2 = parseTree;
    (function(ParseErrorCode2) {
      ParseErrorCode2[ParseErrorCode2["InvalidSymbol"] = 1] = "InvalidSymbol";
      ParseErrorCode2[ParseErrorCode2["InvalidNumberFormat"] = 2] = "InvalidNumberFormat";
      ParseErrorCode2[ParseErrorCode2["PropertyNameExpected"] = 3] = "PropertyNameExpected";
      ParseErrorCode2[ParseErrorCode2["ValueExpected"] = 4] = "ValueExpected";
      ParseErrorCode2[ParseErrorCode2["ColonExpected"] = 5] = "ColonExpected";
      ParseErrorCode2[ParseErrorCode2["CommaExpected"] = 6] = "CommaExpected";
      ParseErrorCode2[ParseErrorCode2["CloseBraceExpected"] = 7] = "CloseBraceExpected";
      ParseErrorCode2[ParseErrorCode2["CloseBracketExpected"] = 8] = "CloseBracketExpected";
      ParseErrorCode2[ParseErrorCode2["EndOfFileExpected"] = 9] = "EndOfFileExpected";
      ParseErrorCode2[ParseErrorCode2["InvalidCommentToken"] = 10] = "InvalidCommentToken";
      ParseErrorCode2[ParseErrorCode2["UnexpectedEndOfComment"] = 11] = "UnexpectedEndOfComment";
      ParseErrorCode2[ParseErrorCode2["UnexpectedEndOfString"] = 12] = "UnexpectedEndOfString";
      ParseErrorCode2[ParseErrorCode2["UnexpectedEndOfNumber"] = 13] = "UnexpectedEndOfNumber";
      ParseErrorCode2[ParseErrorCode2["InvalidUnicode"] = 14] = "InvalidUnicode";
      ParseErrorCode2[ParseErrorCode2["InvalidEscapeCharacter"] = 15] = "InvalidEscapeCharacter";
      ParseErrorCode2[ParseErrorCode2["InvalidCharacter"] = 16] = "InvalidCharacter";
    })(ParseErrorCode || (ParseErrorCode = {}));
  }
});

// lib/core/jsonc.ts
function parseJsoncRoot(text, file = "the file") {
  const errors = [];
  const root = parseTree2(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0 || !root) {
    const first = errors[0];
    const where = first ? ` at line ${lineOf(text, first.offset)} (${printParseErrorCode(first.error)})` : "";
    throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, `${file} is not valid JSON${where}; it was left untouched \u2014 fix it by hand, then run the command again`, { file });
  }
  if (root.type !== "object") {
    throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, `${file} must hold a JSON object at the top level; it was left untouched`, { file });
  }
  return root;
}
function readJsonc(text, file) {
  return nodeValue(parseJsoncRoot(text, file));
}
function nodeValue(node) {
  if (!node) return void 0;
  switch (node.type) {
    case "object":
      return Object.fromEntries((node.children ?? []).map((p) => [p.children[0].value, nodeValue(p.children[1])]));
    case "array":
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value;
  }
}
function lineOf(text, offset) {
  return text.slice(0, offset).split("\n").length;
}
var init_jsonc = __esm({
  "lib/core/jsonc.ts"() {
    "use strict";
    init_main();
    init_errors();
  }
});

// lib/core/host-dirs.ts
function hostDirFromEnv(env, name) {
  const value = env[name];
  return value && node_path_default.isAbsolute(value) ? node_path_default.resolve(value) : void 0;
}
function hostDir(env, home, name) {
  return hostDirFromEnv(env, name) ?? node_path_default.join(home, HOST_DIR_VARS[name]);
}
var HOST_DIR_VARS;
var init_host_dirs = __esm({
  "lib/core/host-dirs.ts"() {
    "use strict";
    init_node_path();
    HOST_DIR_VARS = { CLAUDE_CONFIG_DIR: ".claude", CODEX_HOME: ".codex", XDG_CONFIG_HOME: ".config" };
  }
});

// hosts/claude/auto-memory.ts
function claudeLoadsStoreNatively(q) {
  if (node_path_default.resolve(q.memoryDir) !== node_path_default.resolve(q.autoMemoryDir)) return false;
  return claudeAutoMemoryOn(q);
}
function claudeAutoMemoryOn(q) {
  const off = q.env.CLAUDE_CODE_DISABLE_AUTO_MEMORY;
  if (off !== void 0 && off !== "" && off !== "0" && off.toLowerCase() !== "false") return false;
  const userDir = hostDir(q.env, q.home, "CLAUDE_CONFIG_DIR");
  for (const file of [node_path_default.join(q.projectRoot, ".claude", "settings.local.json"), node_path_default.join(q.projectRoot, ".claude", "settings.json"), node_path_default.join(userDir, "settings.json")]) {
    const value = settingOf(file, q.readSettings);
    if (typeof value === "boolean") return value;
  }
  return true;
}
function settingOf(file, read2) {
  let text;
  try {
    text = read2(file);
  } catch {
    return void 0;
  }
  if (!text.includes("autoMemoryEnabled")) return void 0;
  try {
    return JSON.parse(text).autoMemoryEnabled;
  } catch {
  }
  try {
    return readJsonc(text).autoMemoryEnabled;
  } catch {
    return void 0;
  }
}
var init_auto_memory = __esm({
  "hosts/claude/auto-memory.ts"() {
    "use strict";
    init_node_fs();
    init_node_path();
    init_jsonc();
    init_host_dirs();
  }
});

// hosts/payload.ts
function normalizePayload(raw) {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return void 0;
  const o = raw;
  const prompt = firstString(o.prompt, o.user_prompt, o.userPrompt, o.message);
  if (prompt === void 0) return void 0;
  const cwd = firstString(o.cwd, o.workspaceRoot, o.workspace_root);
  const sessionId = firstString(o.session_id, o.sessionId);
  return { prompt, ...cwd ? { cwd } : {}, ...sessionId ? { sessionId } : {} };
}
function firstString(...values) {
  for (const v of values) if (typeof v === "string") return v;
  return void 0;
}
var init_payload = __esm({
  "hosts/payload.ts"() {
    "use strict";
  }
});

// hosts/claude/adapter.ts
var claude;
var init_adapter = __esm({
  "hosts/claude/adapter.ts"() {
    "use strict";
    init_deliver();
    init_auto_memory();
    init_payload();
    claude = {
      name: "claude",
      budget: { maxBytes: 1500, maxEntries: 10 },
      budgetWithoutNativeIndex: SHARED_BUDGET,
      loadsIndexNatively: claudeLoadsStoreNatively,
      hardCeilingBytes: HARD_CEILING_BYTES,
      nativeMemory: "auxiliary",
      logCommand: "/mem-log",
      normalize: normalizePayload,
      injectsContext: true,
      keepsContext: true,
      context: asAdditionalContext,
      sessionContext: asSessionStartWithNotice,
      unavailable: unavailableVia(asAdditionalContext)
    };
  }
});

// hosts/codex/adapter.ts
var codex;
var init_adapter2 = __esm({
  "hosts/codex/adapter.ts"() {
    "use strict";
    init_deliver();
    init_payload();
    codex = {
      name: "codex",
      budget: SHARED_BUDGET,
      hardCeilingBytes: HARD_CEILING_BYTES,
      nativeMemory: "auxiliary",
      logCommand: "$mem-log",
      normalize: normalizePayload,
      injectsContext: true,
      keepsContext: true,
      context: asAdditionalContext,
      sessionContext: asSessionStartContext,
      unavailable: unavailableVia(asAdditionalContext)
    };
  }
});

// hosts/generic/adapter.ts
var generic;
var init_adapter3 = __esm({
  "hosts/generic/adapter.ts"() {
    "use strict";
    init_deliver();
    init_payload();
    generic = {
      name: "generic",
      budget: SHARED_BUDGET,
      hardCeilingBytes: HARD_CEILING_BYTES,
      nativeMemory: "unknown",
      logCommand: "memctl log",
      normalize: normalizePayload,
      injectsContext: true,
      keepsContext: false,
      context: asPlainText,
      sessionContext: asPlainText,
      unavailable: unavailableVia(asPlainText)
    };
  }
});

// hosts/grok/adapter.ts
var grok;
var init_adapter4 = __esm({
  "hosts/grok/adapter.ts"() {
    "use strict";
    init_deliver();
    init_payload();
    grok = {
      name: "grok",
      budget: SHARED_BUDGET,
      hardCeilingBytes: HARD_CEILING_BYTES,
      nativeMemory: "unknown",
      logCommand: "/mem-log",
      normalize: normalizePayload,
      injectsContext: false,
      keepsContext: false,
      context: asPlainText,
      sessionContext: asPlainText,
      unavailable: unavailableVia(asPlainText)
    };
  }
});

// hosts/opencode/adapter.ts
var opencode;
var init_adapter5 = __esm({
  "hosts/opencode/adapter.ts"() {
    "use strict";
    init_deliver();
    init_payload();
    opencode = {
      name: "opencode",
      budget: SHARED_BUDGET,
      hardCeilingBytes: HARD_CEILING_BYTES,
      nativeMemory: "unknown",
      logCommand: "/mem-log",
      normalize: normalizePayload,
      injectsContext: true,
      keepsContext: false,
      context: asPlainText,
      sessionContext: asPlainText,
      unavailable: unavailableVia(asPlainText)
    };
  }
});

// hosts/types.ts
var HOST_NAMES;
var init_types = __esm({
  "hosts/types.ts"() {
    "use strict";
    HOST_NAMES = ["claude", "codex", "opencode", "grok", "generic"];
  }
});

// hosts/index.ts
var init_hosts2 = __esm({
  "hosts/index.ts"() {
    "use strict";
    init_adapter();
    init_adapter2();
    init_adapter3();
    init_adapter4();
    init_adapter5();
    init_types();
    init_types();
    init_payload();
  }
});

// lib/config/config-keys.ts
function unknownKeyWarnings(raw) {
  const out = [];
  for (const key of Object.keys(raw)) {
    if (!KNOWN_TOP_LEVEL.includes(key)) out.push(`unknown top-level key "${key}" (kept as is${hint(key, KNOWN_TOP_LEVEL)})`);
  }
  const hook = raw.hook;
  if (isTable2(hook)) {
    for (const [key, v] of Object.entries(hook)) {
      if (isTable2(v)) {
        if (!HOOK_TABLES.includes(key))
          out.push(`unknown table [hook.${key}] (ignored${hint(key, HOOK_TABLES)}); a host's own budget is [hook.<host>] for ${HOST_NAMES.join(", ")}`);
        else for (const k of Object.keys(v)) if (!HOOK_BUDGET_KEYS.includes(k)) out.push(unknownKey(`hook.${key}`, k, HOOK_BUDGET_KEYS));
      } else if (!HOOK_KEYS.includes(key)) out.push(unknownKey("hook", key, HOOK_KEYS));
    }
  }
  for (const [table, keys] of Object.entries(FLAT_TABLES)) {
    const t = raw[table];
    if (isTable2(t)) {
      for (const key of Object.keys(t)) if (!keys.includes(key)) out.push(unknownKey(table, key, keys));
    }
  }
  if (isTable2(raw.projects)) {
    for (const [project, entry] of Object.entries(raw.projects)) {
      if (isTable2(entry)) {
        for (const key of Object.keys(entry)) if (!PROJECT_KEYS.includes(key)) out.push(unknownKey(`projects."${project}"`, key, PROJECT_KEYS));
      }
    }
  }
  return out;
}
function unknownKey(table, key, known) {
  return `unknown key "${key}" in [${table}] (ignored${hint(key, known)}); the known keys are ${known.join(", ")}`;
}
function hint(word, known) {
  const guess = closest(word, known);
  return guess ? `; did you mean "${guess}"?` : "";
}
function isTable2(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);
}
var KNOWN_TOP_LEVEL, HOOK_BUDGET_KEYS, HOOK_KEYS, HOOK_TABLES, FLAT_TABLES, PROJECT_KEYS;
var init_config_keys = __esm({
  "lib/config/config-keys.ts"() {
    "use strict";
    init_closest();
    init_hosts2();
    KNOWN_TOP_LEVEL = ["memory_dir", "projects", "hook", "doctor", "compact", "capture", "recall", "hosts", "guardrails", "secrets", "instructions"];
    HOOK_BUDGET_KEYS = ["max_bytes", "max_entries"];
    HOOK_KEYS = [...HOOK_BUDGET_KEYS, "log_prompts", "keeper"];
    HOOK_TABLES = [...HOST_NAMES, "default"];
    FLAT_TABLES = {
      doctor: ["warn_bytes"],
      compact: ["llm_command", "timeout_seconds"],
      secrets: ["allow"]
    };
    PROJECT_KEYS = ["memory_dir", "repo_root"];
  }
});

// lib/config/capture-config.ts
function captureSettings(c, invalid, unknown) {
  const capture = {};
  for (const key of Object.keys(c))
    if (!["enabled", "llm_command", "timeout_seconds", "max_proposals", "verify"].includes(key))
      unknown(`unknown key "capture.${key}" (ignored); the known keys are enabled, llm_command, timeout_seconds, max_proposals, verify`);
  if (c.enabled !== void 0) {
    if (typeof c.enabled !== "boolean") {
      invalid("capture.enabled must be true or false (capture stays off until it is)");
      capture.enabled = false;
    } else capture.enabled = c.enabled;
  }
  if (c.llm_command !== void 0) {
    if (!Array.isArray(c.llm_command) || c.llm_command.length === 0 || !c.llm_command.every((a) => typeof a === "string") || c.llm_command[0] === "")
      invalid('capture.llm_command must be a non-empty list of strings, e.g. ["claude", "-p"]');
    else capture.llm_command = c.llm_command;
  }
  if (c.timeout_seconds !== void 0) {
    if (typeof c.timeout_seconds !== "number" || !(c.timeout_seconds > 0)) invalid("capture.timeout_seconds must be a positive number");
    else capture.timeout_seconds = c.timeout_seconds;
  }
  if (c.max_proposals !== void 0) {
    if (typeof c.max_proposals !== "number" || !Number.isInteger(c.max_proposals) || c.max_proposals < 0 || c.max_proposals > 20)
      invalid("capture.max_proposals must be an integer from 0 to 20");
    else capture.max_proposals = c.max_proposals;
  }
  if (c.verify !== void 0) {
    if (typeof c.verify !== "boolean") invalid("capture.verify must be true or false (the verify pass stays on until it is)");
    else capture.verify = c.verify;
  }
  return capture;
}
var init_capture_config = __esm({
  "lib/config/capture-config.ts"() {
    "use strict";
  }
});

// lib/config/config.ts
function configFilePath(io) {
  if (io.env.MEMCTL_CONFIG_FILE) return node_path_default.resolve(io.env.MEMCTL_CONFIG_FILE);
  return joinPath(hostDir(io.env, io.home, "XDG_CONFIG_HOME"), "memctl", "config.toml");
}
function validateConfig(raw) {
  const value = emptyConfig();
  value.raw = raw;
  const errors = [];
  const warnings = [];
  const invalid = (message) => errors.push({ code: ERROR_CODES.E_CONFIG_INVALID, message, scope: "file" });
  const invalidEntry = (project, message) => errors.push({ code: ERROR_CODES.E_CONFIG_INVALID, message, scope: "project", project });
  const invalidSetting = (message) => errors.push({ code: ERROR_CODES.E_CONFIG_INVALID, message, scope: "setting" });
  if ("memory_dir" in raw) {
    if (typeof raw.memory_dir === "string") value.legacyGlobalDir = raw.memory_dir;
    else invalid("memory_dir must be a string");
  }
  for (const message of unknownKeyWarnings(raw)) warnings.push({ code: "W_UNKNOWN_KEY", message });
  if (raw.projects !== void 0) {
    if (!isTable3(raw.projects)) invalid('projects must be a table of [projects."<project_key>"] entries');
    else {
      for (const [key, entry] of Object.entries(raw.projects)) {
        const out = {};
        value.projects[key] = out;
        if (!isTable3(entry)) {
          invalidEntry(key, `projects."${key}" must be a table`);
          continue;
        }
        for (const field of ["memory_dir", "repo_root"]) {
          const v = entry[field];
          if (v === void 0) continue;
          if (typeof v !== "string") invalidEntry(key, `projects."${key}".${field} must be a string`);
          else if (!node_path_default.isAbsolute(v)) invalidEntry(key, `projects."${key}".${field} must be an absolute path, got "${v}"`);
          else out[field] = v;
        }
        if (entry.memory_dir === void 0) invalidEntry(key, `projects."${key}" has no memory_dir`);
      }
    }
  }
  if (raw.hook !== void 0) {
    if (!isTable3(raw.hook)) invalidSetting("hook must be a table");
    else {
      const hosts = { default: raw.hook, ...Object.fromEntries(Object.entries(raw.hook).filter(([, v]) => isTable3(v))) };
      for (const [host, table] of Object.entries(hosts)) {
        const budget = {};
        for (const field of ["max_bytes", "max_entries"]) {
          const v = table[field];
          if (v === void 0) continue;
          if (typeof v !== "number" || !Number.isInteger(v) || v < 0) invalidSetting(`hook${host === "default" ? "" : "." + host}.${field} must be a non-negative integer`);
          else budget[field] = v;
        }
        if (Object.keys(budget).length > 0) value.hook[host] = budget;
      }
      const logPrompts = raw.hook.log_prompts;
      if (logPrompts !== void 0) {
        if (typeof logPrompts !== "boolean") invalidSetting("hook.log_prompts must be true or false");
        else value.logPrompts = logPrompts;
      }
      const keeper = raw.hook.keeper;
      if (keeper !== void 0) {
        if (typeof keeper !== "boolean") invalidSetting("hook.keeper must be true or false");
        else value.keeper = keeper;
      }
    }
  }
  if (raw.compact !== void 0) {
    if (!isTable3(raw.compact)) invalidSetting("compact must be a table");
    else {
      const compact = {};
      const cmd = raw.compact.llm_command;
      if (cmd !== void 0) {
        if (!Array.isArray(cmd) || cmd.length === 0 || !cmd.every((a) => typeof a === "string") || cmd[0] === "")
          invalidSetting('compact.llm_command must be a non-empty list of strings, e.g. ["claude", "-p"]');
        else compact.llm_command = cmd;
      }
      const timeout = raw.compact.timeout_seconds;
      if (timeout !== void 0) {
        if (typeof timeout !== "number" || !(timeout > 0)) invalidSetting("compact.timeout_seconds must be a positive number");
        else compact.timeout_seconds = timeout;
      }
      value.compact = compact;
    }
  }
  if (raw.capture !== void 0) {
    if (!isTable3(raw.capture)) invalidSetting("capture must be a table, e.g. [capture] enabled = false");
    else value.capture = captureSettings(raw.capture, invalidSetting, (message) => warnings.push({ code: "W_UNKNOWN_KEY", message }));
  }
  if (raw.recall !== void 0) value.recall = validateRecallTable(raw.recall, invalidSetting, (message) => warnings.push({ code: "W_UNKNOWN_KEY", message }));
  if (raw.hosts !== void 0) value.hosts = validateHostsTable(raw.hosts, invalidSetting, (message) => warnings.push({ code: "W_UNKNOWN_KEY", message }));
  if (raw.guardrails !== void 0) {
    if (!isTable3(raw.guardrails)) invalidSetting("guardrails must be a table, e.g. [guardrails] max_files = 20000");
    else {
      for (const [key, v] of Object.entries(raw.guardrails)) {
        if (!GUARDRAIL_KEYS.includes(key)) {
          warnings.push({ code: "W_UNKNOWN_KEY", message: `unknown key "guardrails.${key}" (ignored); the known limits are ${GUARDRAIL_KEYS.join(", ")}` });
        } else if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 1) invalidSetting(`guardrails.${key} must be a positive integer, got ${JSON.stringify(v)}`);
        else value.guardrails[key] = v;
      }
    }
  }
  if (raw.secrets !== void 0) {
    const allow = isTable3(raw.secrets) ? raw.secrets.allow : void 0;
    if (!isTable3(raw.secrets) || allow !== void 0 && (!Array.isArray(allow) || !allow.every((a) => typeof a === "string" && a !== ""))) {
      invalidSetting('secrets.allow must be a list of non-empty strings: exact false positives or "/regex/", e.g. [secrets] allow = ["AKIA0000000000000000"]');
    } else {
      const bad = (allow ?? []).map((a) => [a, allowEntryProblem(a)]).filter(([, p]) => p);
      for (const [a, p] of bad) invalidSetting(`secrets.allow entry ${JSON.stringify(a)} is not a valid /regex/: ${p}`);
      value.secrets = { allow: allow ?? [] };
    }
  }
  if (raw.instructions !== void 0) value.instructions = validateInstructions(raw.instructions, invalidSetting, (message) => warnings.push({ code: "W_UNKNOWN_KEY", message }));
  return { value, errors, warnings };
}
function parseConfigText(text) {
  let raw;
  try {
    raw = parse(text);
  } catch (err) {
    const { line, message } = describeTomlError(text, err);
    return { value: emptyConfig(), errors: [{ code: ERROR_CODES.E_CONFIG_PARSE, message, line, scope: "file" }], warnings: [] };
  }
  return validateConfig(raw);
}
function readConfig(io) {
  const file = configFilePath(io);
  let text;
  if (!exists(file)) return { file, exists: false, text: "", value: emptyConfig(), errors: [], warnings: [] };
  try {
    text = readUtf8(file);
  } catch (err) {
    if (systemCode(err) === "ENOENT") return { file, exists: false, text: "", value: emptyConfig(), errors: [], warnings: [] };
    return {
      file,
      exists: true,
      text: "",
      value: emptyConfig(),
      errors: [{ code: ERROR_CODES.E_IO, message: `cannot read: ${err.message}`, scope: "file" }],
      warnings: []
    };
  }
  return { file, exists: true, text, ...parseConfigText(text) };
}
function fileProblems(read2) {
  return read2.errors.filter((p) => (p.scope ?? "file") === "file");
}
function projectProblems(read2, key) {
  return read2.errors.filter((p) => p.scope === "project" && p.project === key);
}
function isTable3(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);
}
var GUARDRAIL_KEYS, emptyConfig;
var init_config = __esm({
  "lib/config/config.ts"() {
    "use strict";
    init_node_path();
    init_dist();
    init_toml_error();
    init_errors();
    init_hosts();
    init_checked_fs();
    init_secret_patterns();
    init_paths();
    init_recall();
    init_instructions_config();
    init_config_keys();
    init_capture_config();
    init_host_dirs();
    GUARDRAIL_KEYS = [
      "max_depth",
      "max_segment_bytes",
      "max_file_bytes",
      "max_total_bytes",
      "max_files",
      "max_trash_files",
      "max_trash_bytes",
      "max_episodes_bytes",
      "max_episodes_lines",
      "max_revisions_per_card",
      "max_revision_bytes"
    ];
    emptyConfig = () => ({ projects: {}, hook: {}, hosts: {}, guardrails: {}, raw: {} });
  }
});

// lib/store/safe-write.ts
function notRealError(file, expected, mode) {
  const what2 = mode !== void 0 && (mode & S_IFMT2) === S_IFLNK ? "a symlink" : expected === "file" ? "not a regular file" : "not a directory";
  return new MemctlError(
    ERROR_CODES.E_PATH_ESCAPE,
    `${file} is ${what2}; memctl writes its state only to real files and directories inside the store, never through a link \u2014 remove it and retry (nothing was written)`,
    { file }
  );
}
function assertIndexRegular(memoryDir) {
  const file = joinPath(memoryDir, INDEX_FILE);
  const stat2 = node_fs_default.statSync(file, { throwIfNoEntry: false });
  if (stat2 && !stat2.isFile()) throw notRealError(file, "file", stat2.mode);
  if (!stat2 || !node_fs_default.lstatSync(file).isSymbolicLink()) return;
  const target = realpathOr(file);
  const store = realpathOr(memoryDir);
  if (target.startsWith(store + node_path_default.sep)) return;
  throw new MemctlError(
    ERROR_CODES.E_PATH_ESCAPE,
    `${file} is a link to ${target}, outside the store; a write replaces MEMORY.md with the store's own file and would copy what the link leads to into it. Replace the link with the index it should be (a copy of the file, or remove it and follow "memctl doctor"), then retry (nothing was written)`,
    { file, target }
  );
}
function realDir(root, ...segments) {
  let dir = root;
  for (const segment of segments.flatMap((s) => s.split("/"))) {
    const parent = dir;
    dir = joinPath(dir, segment);
    let stat2 = lstatIfExists(dir);
    if (stat2 === void 0) {
      try {
        node_fs_default.mkdirSync(dir);
        const after = lstatIfExists(parent)?.mtimeMs;
        if (after !== void 0) madeHere.set(dir, after);
      } catch (err) {
        if (systemCode(err) !== "EEXIST") throw err;
      }
      stat2 = lstatIfExists(dir);
    }
    if (!stat2?.isDirectory()) throw notRealError(dir, "directory", stat2?.mode);
  }
  return dir;
}
function openAppend(file, readable = false) {
  const c = node_fs_default.constants;
  let fd;
  try {
    fd = openForAppend(file, c.O_NOFOLLOW | c.O_NONBLOCK, readable);
  } catch (err) {
    const code = systemCode(err);
    if (code === "ELOOP" || code === "EMLINK") throw notRealError(file, "file", S_IFLNK);
    if (code === "ENXIO") throw notRealError(file, "file");
    throw err;
  }
  let ok = false;
  try {
    const stat2 = fstat(fd);
    if (!stat2.isFile()) throw notRealError(file, "file", stat2.mode);
    ok = true;
    return fd;
  } finally {
    if (!ok) close(fd);
  }
}
function appendBytes(file, data, options = {}) {
  const fd = openAppend(file, options.dropTornTail === true);
  try {
    if (options.expect && !options.expect(fd)) return void 0;
    if (options.dropTornTail) cutTornTail(fd);
    const start = options.rollback ? fstat(fd).size : 0;
    try {
      writeAll(fd, data);
      if (options.fsync) node_fs_default.fsyncSync(fd);
    } catch (err) {
      if (options.rollback) {
        try {
          node_fs_default.ftruncateSync(fd, start);
        } catch {
        }
      }
      throw err;
    }
    return fstat(fd).size;
  } finally {
    close(fd);
  }
}
function cutTornTail(fd) {
  const size = fstat(fd).size;
  const last = Buffer.alloc(1);
  if (size === 0 || readAt(fd, last, 0, 1, size - 1) === 1 && last[0] === 10) return;
  const from = lastLineStart(fd, size);
  if (size - from <= WHOLE_TAIL_MAX) {
    const tail = Buffer.alloc(size - from);
    readAt(fd, tail, 0, tail.length, from);
    if (isJsonRecord(tail.toString("utf8"))) {
      writeBytes(fd, Buffer.from("\n"), 0, 1);
      return;
    }
  }
  node_fs_default.ftruncateSync(fd, from);
}
function lastLineStart(fd, size) {
  const chunk = Buffer.alloc(Math.min(size, 64 * 1024));
  for (let end = size; end > 0; ) {
    const start = Math.max(0, end - chunk.length);
    const n = readAt(fd, chunk, 0, end - start, start);
    const newline = chunk.subarray(0, n).lastIndexOf(10);
    if (newline >= 0) return start + newline + 1;
    end = start;
  }
  return 0;
}
function isJsonRecord(text) {
  try {
    const v = JSON.parse(text);
    return typeof v === "object" && v !== null;
  } catch {
    return false;
  }
}
function writeNewFile(file, data, options = {}) {
  const c = node_fs_default.constants;
  const fd = node_fs_default.openSync(file, c.O_WRONLY | c.O_CREAT | c.O_EXCL | c.O_NOFOLLOW, options.mode ?? 438);
  let open = true;
  try {
    const pieces = typeof data === "string" ? [Buffer.from(data, "utf8")] : data instanceof Uint8Array ? [data] : data;
    for (const bytes of pieces) {
      let written = 0;
      while (written < bytes.length) written += node_fs_default.writeSync(fd, bytes, written, bytes.length - written);
    }
    if (options.fsync) node_fs_default.fsyncSync(fd);
    open = false;
    node_fs_default.closeSync(fd);
  } catch (err) {
    if (open) node_fs_default.closeSync(fd);
    node_fs_default.rmSync(file, { force: true });
    throw err;
  }
}
function replaceFile(file, data, temp) {
  writeNewFile(temp, data);
  try {
    node_fs_default.renameSync(temp, file);
  } catch (err) {
    node_fs_default.rmSync(temp, { force: true });
    throw err;
  }
}
var S_IFMT2, S_IFLNK, madeHere, WHOLE_TAIL_MAX;
var init_safe_write = __esm({
  "lib/store/safe-write.ts"() {
    "use strict";
    init_node_fs();
    init_node_path();
    init_errors();
    init_checked_fs();
    init_paths();
    S_IFMT2 = 61440;
    S_IFLNK = 40960;
    madeHere = /* @__PURE__ */ new Map();
    WHOLE_TAIL_MAX = 1024 * 1024;
  }
});

// lib/core/sha256.ts
function sha256Hex(content, jsMax = SHORT) {
  if (typeof content === "string" && content.length <= jsMax) return sha256Js(content);
  createHash ??= process.getBuiltinModule("node:crypto").createHash;
  return createHash("sha256").update(content).digest("hex");
}
function sha256Js(text) {
  const bytes = encodeUtf8(text);
  const bitLength = bytes.length * 8;
  const padded = new Uint8Array(Math.ceil((bytes.length + 9) / 64) * 64);
  padded.set(bytes);
  padded[bytes.length] = 128;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 2 ** 32));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const h = Int32Array.from([1779033703, 3144134277, 1013904242, 2773480762, 1359893119, 2600822924, 528734635, 1541459225]);
  const w = new Int32Array(64);
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getInt32(block + 4 * i);
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15];
      const y = w[i - 2];
      const s0 = (x >>> 7 | x << 25) ^ (x >>> 18 | x << 14) ^ x >>> 3;
      const s1 = (y >>> 17 | y << 15) ^ (y >>> 19 | y << 13) ^ y >>> 10;
      w[i] = w[i - 16] + s0 + w[i - 7] + s1 | 0;
    }
    let a = h[0];
    let b = h[1];
    let c = h[2];
    let d = h[3];
    let e = h[4];
    let f = h[5];
    let g = h[6];
    let hh = h[7];
    for (let i = 0; i < 64; i++) {
      const s1 = (e >>> 6 | e << 26) ^ (e >>> 11 | e << 21) ^ (e >>> 25 | e << 7);
      const t1 = hh + s1 + (e & f ^ ~e & g) + K[i] + w[i] | 0;
      const s0 = (a >>> 2 | a << 30) ^ (a >>> 13 | a << 19) ^ (a >>> 22 | a << 10);
      const t2 = s0 + (a & b ^ a & c ^ b & c) | 0;
      hh = g;
      g = f;
      f = e;
      e = d + t1 | 0;
      d = c;
      c = b;
      b = a;
      a = t1 + t2 | 0;
    }
    h[0] = h[0] + a | 0;
    h[1] = h[1] + b | 0;
    h[2] = h[2] + c | 0;
    h[3] = h[3] + d | 0;
    h[4] = h[4] + e | 0;
    h[5] = h[5] + f | 0;
    h[6] = h[6] + g | 0;
    h[7] = h[7] + hh | 0;
  }
  return Array.from(h, (x) => (x >>> 0).toString(16).padStart(8, "0")).join("");
}
var SHORT, createHash, K;
var init_sha256 = __esm({
  "lib/core/sha256.ts"() {
    "use strict";
    init_bytes();
    SHORT = 256;
    K = Int32Array.from([
      1116352408,
      1899447441,
      3049323471,
      3921009573,
      961987163,
      1508970993,
      2453635748,
      2870763221,
      3624381080,
      310598401,
      607225278,
      1426881987,
      1925078388,
      2162078206,
      2614888103,
      3248222580,
      3835390401,
      4022224774,
      264347078,
      604807628,
      770255983,
      1249150122,
      1555081692,
      1996064986,
      2554220882,
      2821834349,
      2952996808,
      3210313671,
      3336571891,
      3584528711,
      113926993,
      338241895,
      666307205,
      773529912,
      1294757372,
      1396182291,
      1695183700,
      1986661051,
      2177026350,
      2456956037,
      2730485921,
      2820302411,
      3259730800,
      3345764771,
      3516065817,
      3600352804,
      4094571909,
      275423344,
      430227734,
      506948616,
      659060556,
      883997877,
      958139571,
      1322822218,
      1537002063,
      1747873779,
      1955562222,
      2024104815,
      2227730452,
      2361852424,
      2428436474,
      2756734187,
      3204031479,
      3329325298
    ]);
  }
});

// lib/store/history.ts
function isValidActor(actor) {
  return ACTOR.test(actor);
}
function isAgentActor(actor) {
  return actor.startsWith("agent:") || actor.startsWith("model:");
}
function historyPath(memoryDir) {
  return node_path_default.join(memoryDir, ...HISTORY_RELPATH.split("/"));
}
function unreadable(err) {
  return systemCode(err) === "ELOOP" ? "it is a symlink; memctl reads its history only from a real file in the store" : err.message;
}
function readHistory(memoryDir, cap = Number.POSITIVE_INFINITY) {
  let text;
  try {
    const { fd, stat: stat2 } = openRegular(historyPath(memoryDir), { nofollow: true });
    try {
      if (stat2.size > cap) return { entries: [], malformed: 0, error: tooLarge(stat2.size, cap), errorCode: ERROR_CODES.E_LOG_TOO_LARGE };
      text = readFullyAt(fd, 0, stat2.size).toString("utf8");
    } finally {
      close(fd);
    }
  } catch (err) {
    if (systemCode(err) === "ENOENT") return { entries: [], malformed: 0 };
    return { entries: [], malformed: 0, error: `cannot read ${HISTORY_RELPATH}: ${unreadable(err)}` };
  }
  return parseHistory(text);
}
function readCardHistory(memoryDir, cards) {
  let bytes;
  try {
    bytes = readRegularMemo(historyPath(memoryDir), Number.POSITIVE_INFINITY, { nofollow: true });
  } catch (err) {
    if (systemCode(err) === "ENOENT") return { entries: [], malformed: 0 };
    return { entries: [], malformed: 0, error: `cannot read ${HISTORY_RELPATH}: ${unreadable(err)}` };
  }
  const key = cards.join("\n");
  const found = searched.get(bytes)?.get(key);
  if (found) return { entries: [...found.entries], malformed: found.malformed };
  const result = searchCardHistory(bytes, cards);
  searched.set(bytes, (searched.get(bytes) ?? /* @__PURE__ */ new Map()).set(key, { entries: [...result.entries], malformed: result.malformed }));
  return result;
}
function searchCardHistory(bytes, cards) {
  const starts = /* @__PURE__ */ new Set();
  for (const needle of [...needlesFor(cards), 92]) {
    if (typeof needle !== "number" && needle.length === 0) continue;
    for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1)) starts.add(at === 0 ? 0 : bytes.lastIndexOf(10, at - 1) + 1);
  }
  const wanted = new Set(cards);
  const entries = [];
  let malformed = 0;
  for (const start of [...starts].sort((a, b) => a - b)) {
    const nl = bytes.indexOf(10, start);
    const line = bytes.toString("utf8", start, nl === -1 ? bytes.length : nl);
    if (line.trim() === "") continue;
    const entry = parseHistoryLine(line);
    if (!entry) malformed++;
    else if (wanted.has(entry.card)) entries.push(entry);
  }
  return inSequence(entries, malformed);
}
function needlesFor(cards) {
  const names = cards.map((c) => Buffer.from(c, "utf8")).filter((b) => b.length > 0);
  if (names.length < 2) return names;
  let shared = names[0].length;
  for (const name of names) {
    const first = names[0];
    let n = 0;
    while (n < shared && n < name.length && name[name.length - 1 - n] === first[first.length - 1 - n]) n++;
    shared = n;
  }
  return shared >= SHARED_MIN ? [names[0].subarray(names[0].length - shared)] : names;
}
function parseHistory(text) {
  const entries = [];
  let malformed = 0;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const entry = parseHistoryLine(line);
    if (entry) entries.push(entry);
    else malformed++;
  }
  return inSequence(entries, malformed);
}
function tooLarge(size, cap) {
  const mib = (n) => `${Math.round(n / 1024 / 1024)} MiB`;
  return `${HISTORY_RELPATH} is ${mib(size)}, past the ${mib(cap)} memctl reads whole (a pushed or copied log?); nothing of it was read. Look for its large lines (git log -p -- ${HISTORY_RELPATH}) and put back the owner's version from git`;
}
function inSequence(entries, malformed = 0) {
  const top = /* @__PURE__ */ new Map();
  for (const e of entries) if (e.rev > (top.get(e.card) ?? 0)) top.set(e.card, e.rev);
  const revsOfMultiRev = /* @__PURE__ */ new Map();
  for (const e of entries) if ((top.get(e.card) ?? 0) > 1) (revsOfMultiRev.get(e.card) ?? revsOfMultiRev.set(e.card, /* @__PURE__ */ new Set()).get(e.card)).add(e.rev);
  if (revsOfMultiRev.size === 0) return { entries, malformed };
  for (const [card, revs] of revsOfMultiRev) top.set(card, contiguousTop(revs, 0));
  const kept = entries.filter((e) => e.rev <= (top.get(e.card) ?? 0));
  return { entries: kept, malformed: malformed + entries.length - kept.length };
}
function contiguousTop(revs, from) {
  let n = from;
  while (revs.has(n + 1)) n++;
  return n;
}
function parseHistoryLine(line) {
  let v;
  try {
    v = JSON.parse(line);
  } catch {
    return void 0;
  }
  if (v === null || typeof v !== "object" || Array.isArray(v)) return void 0;
  const o = v;
  const ok = Number.isInteger(o.rev) && o.rev >= 1 && o.rev <= REV_MAX && typeof o.card === "string" && o.card !== "" && HISTORY_OPS.includes(o.op) && typeof o.actor === "string" && typeof o.at === "string" && ISO_TIME.test(o.at) && (typeof o.sha256 === "string" && SHA256_HEX.test(o.sha256) || o.sha256 === null) && Number.isSafeInteger(o.bytes) && o.bytes >= 0;
  if (!ok) return void 0;
  return {
    rev: o.rev,
    card: o.card,
    op: o.op,
    actor: o.actor,
    at: o.at,
    sha256: o.sha256,
    bytes: o.bytes
  };
}
function latestByCard(entries) {
  const latest = /* @__PURE__ */ new Map();
  for (const e of entries) {
    const prev = latest.get(e.card);
    if (!prev || e.rev >= prev.rev) latest.set(e.card, e);
  }
  return latest;
}
function nextRevision(entries, card) {
  return (latestByCard(entries).get(card)?.rev ?? 0) + 1;
}
function appendHistory(memoryDir, entry) {
  realDir(memoryDir, STATE_DIR);
  appendLine(historyPath(memoryDir), JSON.stringify(entry) + "\n");
}
function assertHistoryWritable(memoryDir) {
  realDir(memoryDir, STATE_DIR);
  const file = historyPath(memoryDir);
  const stat2 = node_fs_default.lstatSync(file, { throwIfNoEntry: false });
  if (stat2 && !stat2.isFile()) throw notRealError(file, "file", stat2.mode);
}
function appendLine(file, line) {
  appendBytes(file, Buffer.from(line, "utf8"), { fsync: true, rollback: true, dropTornTail: true });
}
function makeEntry(entries, card, op, actor, at, content) {
  const bytes = content === null ? 0 : Buffer.byteLength(content);
  return { rev: nextRevision(entries, card), card, op, actor, at: at.toISOString(), sha256: content === null ? null : sha256Hex(content), bytes };
}
var HISTORY_RELPATH, HISTORY_OPS, ACTOR, searched, SHARED_MIN, REV_MAX, ISO_TIME, SHA256_HEX;
var init_history = __esm({
  "lib/store/history.ts"() {
    "use strict";
    init_node_fs();
    init_node_path();
    init_errors();
    init_paths();
    init_safe_write();
    init_sha256();
    init_checked_fs();
    HISTORY_RELPATH = ".memctl/history.jsonl";
    HISTORY_OPS = ["create", "update", "delete", "adopt", "import"];
    ACTOR = /^(human|system|(host|agent|model):[A-Za-z0-9][A-Za-z0-9._@-]{0,127})$/;
    searched = /* @__PURE__ */ new WeakMap();
    SHARED_MIN = 6;
    REV_MAX = 999999999;
    ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/;
    SHA256_HEX = /^[0-9a-f]{64}$/;
  }
});

// lib/records/actor.ts
function resolveActor(flags, fallback = "human") {
  if (flags.taskId !== void 0) {
    const actor2 = `agent:${flags.taskId}`;
    if (!isValidActor(actor2)) throw usageError(`--task-id "${flags.taskId}" is not a valid id (letters, digits, . _ @ -)`);
    if (flags.actor !== void 0 && flags.actor !== actor2) throw usageError(`--actor ${flags.actor} conflicts with --task-id (a caller with a task id is agent:${flags.taskId})`);
    return actor2;
  }
  const actor = flags.actor ?? fallback;
  if (actor === "system")
    throw usageError(`--actor system is reserved for memctl's own writes (memctl import claude records its cards as system); write as human (the default) or host:<name>`);
  if (actor.startsWith("model:"))
    throw usageError(
      `--actor ${actor} is reserved for what a model command wrote (distill --llm stages its candidates as model:<program>; memctl keys writes the keys a configured model wrote); write as human (the default) or host:<name>`
    );
  if (!isValidActor(actor)) throw usageError(`--actor "${actor}" is not one of human, host:<name>, agent:<id>`);
  return actor;
}
function resolveCaller(flags, env, fallback = "human") {
  const claimed = resolveActor(flags, fallback);
  const shells = detectAgentShells(env);
  if (shells.length === 0 || isAgentActor(claimed) || shells.some((s) => claimed === `host:${s.host}`)) return { actor: claimed, shells };
  const actor = `host:${shells[0].host}`;
  return flags.actor !== void 0 ? { actor, shells, overridden: flags.actor } : { actor, shells };
}
function overrideNote(caller) {
  if (caller.overridden === void 0) return void 0;
  return `memctl: --actor ${caller.overridden} ignored: this runs in ${describeAgentShells(caller.shells)}, so it acts as ${caller.actor}
`;
}
function assertMayWrite(actor, what2) {
  if (!isAgentActor(actor)) return;
  throw new MemctlError(
    ERROR_CODES.E_READ_ONLY,
    `${actor} may not ${what2}: agents are read-only on canonical memory (it is injected into every later session). Stage it as a proposal instead \u2014 memctl propose NAME -t TYPE -d "one line" --source "where you learned it" --task-id ID (MCP: memory_propose) \u2014 and the owner decides with memctl review / accept / reject.`,
    { actor }
  );
}
function directWriteRefusal(actor, what2, io, shells = []) {
  const own = hostOf(actor);
  const hosts = [.../* @__PURE__ */ new Set([...own === void 0 ? [] : [own], ...shells.map((s) => s.host)])];
  if (hosts.length === 0) return void 0;
  const config = readConfig(io);
  const host = hosts.find((h) => config.value.hosts[h]?.write !== true);
  if (host === void 0) return void 0;
  const entry = config.value.raw.hosts?.[host];
  const broken = fileProblems(config).length > 0 ? ` (${config.file} cannot be used as it is, so no host may write directly until it is fixed: memctl config lint)` : entry !== void 0 && config.value.hosts[host] === void 0 ? ` ([hosts.${host}] in ${config.file} is malformed and grants nothing: memctl config lint)` : "";
  const where = shells.length > 0 ? ` This runs in ${describeAgentShells(shells)}, so it acts as ${actor} whatever --actor says.` : "";
  const reason = `${actor} may not ${what2}: a host proposes and the owner decides, so writing cards directly is opt-in per host${broken}.${where}`;
  return new MemctlError(
    ERROR_CODES.E_READ_ONLY,
    `${reason} Nothing was written. Stage it as a proposal instead \u2014 memctl propose NAME -t TYPE -d "one line" --source "where you learned it" --actor ${actor} (MCP: memory_propose) \u2014 for the owner to review / accept. Logging episodes stays open to hosts. If you own this memory and want host:${host} to write directly, add to ${config.file}:
${hostOptInText(host)}`,
    { actor, config_file: config.file, reason, opt_in: hostOptInText(host), ...shells.length > 0 ? { agent_shell: shells.map((s) => s.evidence) } : {} }
  );
}
function assertMayWriteDirectly(actor, what2, io, shells = []) {
  const refusal = directWriteRefusal(actor, what2, io, shells);
  if (refusal) throw refusal;
}
var init_actor = __esm({
  "lib/records/actor.ts"() {
    "use strict";
    init_agent_env();
    init_config();
    init_hosts();
    init_errors();
    init_history();
  }
});

// lib/core/card-links.ts
var init_card_links = __esm({
  "lib/core/card-links.ts"() {
    "use strict";
  }
});

// lib/core/link-key.ts
function linkKey(link) {
  return link.startsWith("./") ? link.slice(2) : link;
}
function cardPathKey(file) {
  if (file !== "" && !PLAIN_NOT.test(file)) return file;
  return linkKey(node_path_default.posix.normalize(file.replace(/\\/g, "/")));
}
function foldedPath(rel) {
  if (ASCII_TEXT.test(rel)) return rel.toLowerCase();
  return rel.normalize("NFD").toUpperCase().toLowerCase();
}
var PLAIN_NOT;
var init_link_key = __esm({
  "lib/core/link-key.ts"() {
    "use strict";
    init_node_path();
    init_sanitize();
    PLAIN_NOT = /\\|\/\/|(^|\/)\.\.?(\/|$)/;
  }
});

// lib/core/index-file.ts
function parseIndex(text) {
  const entries = [];
  const unparsed = [];
  indexLines(text, (raw, line) => {
    const parsed = parseIndexLine(raw, line);
    if (parsed === void 0) return;
    if ("reason" in parsed) unparsed.push(parsed);
    else entries.push(parsed);
  });
  return { entries, unparsed };
}
function indexLines(text, each) {
  const lines = text.split(/\r?\n/);
  let fenced = false;
  lines.forEach((raw, i) => {
    if (FENCE.test(raw)) fenced = !fenced;
    if (fenced) return;
    each(raw, i + 1);
  });
}
function parseIndexLine(raw, line) {
  if (!isBullet(raw)) return void 0;
  const m4 = ENTRY.exec(raw) ?? DECORATED().exec(raw);
  if (!m4) return NUMBERED.test(raw) ? void 0 : { line, raw, reason: "bullet line without a [Title](file.md) link" };
  const target = m4[2].startsWith("<") ? m4[2].slice(1, -1) : m4[2];
  const file = safeDecode(target);
  if (!/\.md$/i.test(file.split("#")[0])) return { line, raw, reason: `link target "${target}" is not a .md card` };
  return { line, raw, title: m4[1].replace(/\\(.)/g, "$1"), file: file.split("#")[0], hook: m4[3].replace(HOOK_SEPARATOR, "").trim() };
}
function renderIndexLine(entry) {
  const title = entry.title.replace(/\s+/g, " ").replace(/([\\[\]])/g, "\\$1");
  const target = /[\s()<>]/.test(entry.file) ? `<${entry.file}>` : entry.file;
  const hook = entry.hook.replace(/\s+/g, " ").trim();
  return `- [${title}](${target})${hook ? ` \u2014 ${hook}` : ""}`;
}
function inFormOf(old, line) {
  const was = FORM.exec(old);
  const next = parseIndexLine(line, 0);
  if (!was || next === void 0 || !("file" in next)) return line;
  const [, lead, rawTitle, rawTarget, close2, sep2, rawHook] = was;
  const target = rawTarget.startsWith("<") ? rawTarget.slice(1, -1) : rawTarget;
  const sameTarget = linkKey(safeDecode(target).split("#")[0]) === linkKey(next.file);
  const link = sameTarget ? `${rawTarget}${close2}` : `${/[\s()<>]/.test(next.file) ? `<${next.file}>` : next.file}${close2}`;
  const title = rawTitle.replace(/\\(.)/g, "$1") === next.title ? rawTitle : next.title.replace(/\s+/g, " ").replace(/([\\[\]])/g, "\\$1");
  const hook = rawHook.trim() === next.hook ? `${sep2}${rawHook}` : next.hook === "" ? "" : `${/\S/.test(sep2) ? sep2 : " \u2014 "}${next.hook}`;
  return `${lead}[${title}](${link}${hook}`;
}
function safeDecode(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
var BULLET, NUMBERED, ENTRY, decorated, DECORATED, HOOK_SEPARATOR, FENCE, isBullet, FORM;
var init_index_file = __esm({
  "lib/core/index-file.ts"() {
    "use strict";
    init_link_key();
    BULLET = /^\s*(?:[-*+]|\d{1,9}[.)])\s+/;
    NUMBERED = /^\s*\d/;
    ENTRY = /^\s*(?:[-*+]|\d{1,9}[.)])\s+\[((?:[^\]\\]|\\.)*)\]\((<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\)\s*(.*)$/;
    DECORATED = () => decorated ??= /^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?(?:[^\p{L}\p{N}\s[\]`*_]{1,8}\s+)?(?:\*{1,2}|_{1,2})?\[((?:[^\]\\]|\\.)*)\]\((<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\)(?:\*{1,2}|_{1,2})?\s*(.*)$/u;
    HOOK_SEPARATOR = /^(?:—|–|--|-|:)\s*/;
    FENCE = /^\s*(```|~~~)/;
    isBullet = (raw) => BULLET.test(raw) && (!NUMBERED.test(raw) || ENTRY.test(raw) || DECORATED().test(raw));
    FORM = /^(\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?(?:[^\p{L}\p{N}\s[\]`*_]{1,8}\s+)?(?:\*{1,2}|_{1,2})?)\[((?:[^\]\\]|\\.)*)\]\((<[^>]*>|[^)\s]+)((?:\s+"[^"]*")?\)(?:\*{1,2}|_{1,2})?)(\s*(?:—|–|--|-|:)?\s*)(.*)$/u;
  }
});

// lib/store/lock.ts
function hostname() {
  return process.getBuiltinModule("node:os").hostname();
}
async function withStoreLock(memoryDir, fn, options = {}) {
  const release2 = await acquireStoreLock(memoryDir, options);
  try {
    return await fn();
  } finally {
    release2();
  }
}
function ensureStateDir(memoryDir) {
  return realDir(memoryDir, STATE_DIR);
}
async function acquireStoreLock(memoryDir, options = {}) {
  const timeoutMs = options.timeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS;
  const lockDir = node_path_default.join(ensureStateDir(memoryDir), options.name ?? LOCK_NAME);
  const deadline = monotonicMs() + timeoutMs;
  let delay = 1;
  for (; ; ) {
    const held3 = tryStoreLock(memoryDir, options);
    if (held3) return held3.release;
    if (monotonicMs() >= deadline) {
      throw new MemctlError(
        ERROR_CODES.E_LOCK_TIMEOUT,
        `the store lock ${lockDir} is held by another memctl process (waited ${timeoutMs} ms); retry, or if no memctl is running remove that directory`,
        { lock: lockDir }
      );
    }
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 40);
  }
}
function tryStoreLock(memoryDir, options = {}) {
  const staleMs = options.staleMs ?? DEFAULT_LOCK_STALE_MS;
  const lockDir = node_path_default.join(ensureStateDir(memoryDir), options.name ?? LOCK_NAME);
  const owner = { pid: process.pid, host: hostname(), token: `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}` };
  for (let attempt = 0; attempt < 2; attempt++) {
    if (tryMkdir(lockDir)) {
      try {
        writeNewFile(node_path_default.join(lockDir, "owner"), JSON.stringify(owner));
      } catch (err) {
        node_fs_default.rmSync(lockDir, { recursive: true, force: true });
        throw err;
      }
      const heartbeat = setInterval(() => touch(lockDir), Math.max(1e3, staleMs / 3));
      heartbeat.unref();
      return {
        release: () => {
          clearInterval(heartbeat);
          release(lockDir, owner.token);
          forgetReads();
        },
        stillHeld: () => readOwner(lockDir)?.token === owner.token
      };
    }
    if (!isAbandoned(lockDir, staleMs)) return void 0;
    breakLock(lockDir, staleMs);
  }
  return void 0;
}
function tryMkdir(dir) {
  try {
    node_fs_default.mkdirSync(dir);
    return true;
  } catch (err) {
    if (systemCode(err) === "EEXIST") return false;
    throw ioError(`cannot create the lock ${dir}`, err);
  }
}
function readOwner(lockDir) {
  try {
    const o = JSON.parse(readRegularUtf8(node_path_default.join(lockDir, "owner"), OWNER_MAX_BYTES, { nofollow: true }));
    return typeof o.pid === "number" && typeof o.token === "string" ? o : void 0;
  } catch {
    return void 0;
  }
}
function isAbandoned(lockDir, staleMs) {
  let ageMs;
  try {
    const stat2 = node_fs_default.lstatSync(lockDir);
    if (!stat2.isDirectory()) return true;
    ageMs = Date.now() - stat2.mtimeMs;
  } catch {
    return false;
  }
  const owner = readOwner(lockDir);
  if (!owner) return ageMs > OWNERLESS_GRACE_MS;
  if (owner.host === hostname()) return !processAlive(owner.pid) || ageMs > staleMs * 10;
  return ageMs > staleMs;
}
function breakLock(lockDir, staleMs) {
  const breaker = `${lockDir}.break`;
  if (!tryMkdir(breaker)) {
    try {
      if (Date.now() - node_fs_default.lstatSync(breaker).mtimeMs > OWNERLESS_GRACE_MS) node_fs_default.rmSync(breaker, { recursive: true, force: true });
    } catch {
    }
    return;
  }
  try {
    if (isAbandoned(lockDir, staleMs)) node_fs_default.rmSync(lockDir, { recursive: true, force: true });
  } finally {
    node_fs_default.rmSync(breaker, { recursive: true, force: true });
  }
}
function release(lockDir, token) {
  if (readOwner(lockDir)?.token !== token) return;
  node_fs_default.rmSync(node_path_default.join(lockDir, "owner"), { force: true });
  try {
    node_fs_default.rmdirSync(lockDir);
  } catch {
  }
}
function touch(dir) {
  try {
    const now = /* @__PURE__ */ new Date();
    node_fs_default.lutimesSync(dir, now, now);
  } catch {
  }
}
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
function processAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return systemCode(err) === "EPERM";
  }
  return !isZombie(pid);
}
function isZombie(pid) {
  try {
    const stat2 = node_fs_default.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat2.slice(stat2.lastIndexOf(")") + 2, stat2.lastIndexOf(")") + 3) === "Z";
  } catch {
    return false;
  }
}
function ioError(message, err) {
  return environmentFault(err) ?? new MemctlError(ERROR_CODES.E_IO, `${message}: ${err.message}`);
}
var LOCK_NAME, DEFAULT_LOCK_TIMEOUT_MS, DEFAULT_LOCK_STALE_MS, OWNERLESS_GRACE_MS, OWNER_MAX_BYTES;
var init_lock = __esm({
  "lib/store/lock.ts"() {
    "use strict";
    init_node_fs();
    init_node_path();
    init_errors();
    init_checked_fs();
    init_monotonic();
    init_paths();
    init_safe_write();
    LOCK_NAME = "lock";
    DEFAULT_LOCK_TIMEOUT_MS = 3e4;
    DEFAULT_LOCK_STALE_MS = 3e4;
    OWNERLESS_GRACE_MS = 2e3;
    OWNER_MAX_BYTES = 4096;
  }
});

// lib/store/write.ts
function randomHex(bytes) {
  return process.getBuiltinModule("node:crypto").randomBytes(bytes).toString("hex");
}
async function commitFile(file, content, options = {}) {
  const staged = stageOne(file, content, options);
  await pauseBeforeCommit(options);
  renameOne(staged, options);
}
async function pauseBeforeCommit(options = {}) {
  if (options.pauseBeforeCommitMs && options.pauseBeforeCommitMs > 0) await new Promise((r) => setTimeout(r, options.pauseBeforeCommitMs));
}
function commitFileSync(file, content, options = {}) {
  renameOne(stageOne(file, content, options), options);
}
function stageOne(file, content, options) {
  if (options.followLink) {
    file = realpathOr(file);
    node_fs_default.mkdirSync(node_path_default.dirname(file), { recursive: true });
  }
  const dir = node_path_default.dirname(file);
  if (options.sweep !== false) sweepDeadTemps(dir);
  const temp = node_path_default.join(dir, `.${node_path_default.basename(file)}.${process.pid}.${randomHex(4)}.tmp`);
  let mode = 420;
  try {
    const stat2 = node_fs_default.lstatSync(file);
    if (stat2.isFile()) mode = stat2.mode & 511;
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
  }
  writeNewFile(temp, typeof content === "string" ? Buffer.from(content, "utf8") : content, { mode, fsync: options.durable !== false });
  return { file, temp };
}
function renameOne({ file, temp }, options) {
  try {
    if (options.exclusive) {
      node_fs_default.linkSync(temp, file);
      node_fs_default.rmSync(temp, { force: true });
    } else node_fs_default.renameSync(temp, file);
  } catch (err) {
    node_fs_default.rmSync(temp, { force: true });
    throw err;
  }
  if (options.durable !== false) syncDirectory(node_path_default.dirname(file));
}
function sweepDeadTemps(dir) {
  let names;
  try {
    names = node_fs_default.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = TEMP.exec(name)?.[1];
    if (pid !== void 0 && !processAlive(Number(pid))) node_fs_default.rmSync(node_path_default.join(dir, name), { force: true });
  }
}
function syncDirectory(dir) {
  try {
    const fd = node_fs_default.openSync(dir, "r");
    try {
      node_fs_default.fsyncSync(fd);
    } finally {
      node_fs_default.closeSync(fd);
    }
  } catch {
  }
}
function pauseFromEnv(env) {
  const ms = Number(env.MEMCTL_PAUSE_BEFORE_COMMIT_MS);
  return Number.isFinite(ms) && ms > 0 ? { pauseBeforeCommitMs: ms } : {};
}
var TEMP;
var init_write = __esm({
  "lib/store/write.ts"() {
    "use strict";
    init_node_fs();
    init_node_path();
    init_errors();
    init_lock();
    init_safe_write();
    init_checked_fs();
    TEMP = /^\..+\.(\d+)\.[0-9a-f]{8}\.tmp$/;
  }
});

// lib/store/hold-index.ts
var HOLD_INDEX_RELPATH;
var init_hold_index = __esm({
  "lib/store/hold-index.ts"() {
    "use strict";
    init_node_fs();
    init_node_path();
    init_link_key();
    init_paths();
    init_safe_write();
    init_checked_fs();
    HOLD_INDEX_RELPATH = `${STATE_DIR}/arrival-paths`;
  }
});

// lib/store/arrivals.ts
function arrivalsPath(memoryDir) {
  return node_path_default.join(memoryDir, ARRIVALS_RELPATH);
}
function readList(file) {
  let text;
  try {
    text = readRegularUtf8(file, HOLD_READ_CAP);
  } catch (err) {
    if (systemCode(err) === "ENOENT" || systemCode(err) === "ENOTDIR" || stateDirUnsearchable(err, file)) return [];
    throw damaged(file, err.message);
  }
  let v;
  try {
    v = JSON.parse(text);
  } catch (err) {
    throw damaged(file, err.message);
  }
  const items = v?.items;
  if (!Array.isArray(items)) throw damaged(file, "it has no list of items");
  const bad = items.findIndex((i) => !isArrival(i));
  if (bad >= 0) throw damaged(file, `item ${bad + 1} is not a held arrival`);
  return items;
}
function stateDirUnsearchable(err, file) {
  if (systemCode(err) !== "EACCES") return false;
  try {
    node_fs_default.lstatSync(file);
    return false;
  } catch (again) {
    return systemCode(again) === "EACCES";
  }
}
function isArrival(i) {
  const a = i;
  return typeof a === "object" && a !== null && // memctl's own id (lib/sync/arrivals.ts): printed inside the commands that decide it, so nothing else passes.
  typeof a.id === "string" && ARRIVAL_ID.test(a.id) && typeof a.path === "string" && // Kinds and states are not checked against this version's: an item of a newer memctl still holds its path.
  typeof a.kind === "string" && typeof a.state === "string" && (a.sha256 === null || typeof a.sha256 === "string");
}
function damaged(file, why) {
  const rel = `${STATE_DIR}/${node_path_default.basename(file)}`;
  return new MemctlError(
    ERROR_CODES.E_HOLD_DAMAGED,
    `${rel} (this machine's list of what syncs brought in and hold from agents) cannot be read: ${why}. Until it is repaired every store file older than it stays held and memctl sync does not merge. Repair it with memctl sync --rebuild-hold (what this machine committed is yours again; what a merge brought is held for review again), or restore it from a backup.`,
    { file: rel }
  );
}
var ARRIVALS_RELPATH, ARRIVAL_LINES_RELPATH, HOLD_READ_CAP, ARRIVAL_ID;
var init_arrivals = __esm({
  "lib/store/arrivals.ts"() {
    "use strict";
    init_node_fs();
    init_node_path();
    init_errors();
    init_paths();
    init_write();
    init_safe_write();
    init_hold_index();
    init_checked_fs();
    ARRIVALS_RELPATH = `${STATE_DIR}/arrivals.json`;
    ARRIVAL_LINES_RELPATH = `${STATE_DIR}/arrival-lines.json`;
    HOLD_READ_CAP = 256 * 1024 * 1024;
    ARRIVAL_ID = /^a-[0-9a-f]{12}$/;
  }
});

// lib/store/hold.ts
function currentSha(memoryDir, rel) {
  const abs = node_path_default.join(memoryDir, rel);
  if (leavesStore(memoryDir, rel)) return sha256Hex(`outside:${normalise(rel)}`);
  for (let turn = 0; turn < 8; turn++) {
    try {
      return sha256Hex(readRegularBytes(abs, HOLD_READ_CAP, { nofollow: true }));
    } catch (err) {
      const code = systemCode(err);
      if (code === "ENOENT" || code === "ENOTDIR") return null;
      if (code === NOT_REGULAR && typeof err.mode === "number") return sha256Hex(`not-a-file:${err.mode}`);
      if (code !== "ELOOP" && code !== "ENXIO") throw err;
    }
    const seen = notAFile(abs);
    if (seen !== void 0) return seen;
  }
  throw Object.assign(new Error(`${abs} kept changing while it was read`), { code: "EAGAIN", path: abs });
}
function notAFile(abs) {
  try {
    const st = node_fs_default.lstatSync(abs);
    if (st.isSymbolicLink()) return sha256Hex(`symlink:${node_fs_default.readlinkSync(abs)}`);
    return st.isFile() ? void 0 : sha256Hex(`not-a-file:${st.mode}`);
  } catch (err) {
    const code = systemCode(err);
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    if (code === "EINVAL") return void 0;
    throw err;
  }
}
function leavesStore(memoryDir, rel) {
  const key = normalise(rel);
  if (node_path_default.posix.isAbsolute(key) || node_path_default.win32.isAbsolute(key) || key === ".." || key.startsWith("../")) return true;
  const segments = key.split("/");
  let dir = memoryDir;
  for (const segment of segments.slice(0, -1)) {
    dir = node_path_default.join(dir, segment);
    const st = node_fs_default.lstatSync(dir, { throwIfNoEntry: false });
    if (st === void 0) return false;
    if (!st.isDirectory()) return true;
  }
  return false;
}
function lineSha(raw) {
  return sha256Hex(`line:${raw}`);
}
function readHold(memoryDir, lines = false) {
  let items = [];
  let pathsDamaged = false;
  let linesDamaged = false;
  try {
    items = readList(arrivalsPath(memoryDir));
  } catch {
    pathsDamaged = true;
  }
  if (lines)
    try {
      items = [...items, ...readList(node_path_default.join(memoryDir, ARRIVAL_LINES_RELPATH))];
    } catch {
      linesDamaged = true;
    }
  const hold = holdOf(memoryDir, items);
  return pathsDamaged || linesDamaged ? damagedHold(memoryDir, hold, pathsDamaged, linesDamaged) : hold;
}
function damagedHold(memoryDir, hold, paths, lines) {
  let since = Number.POSITIVE_INFINITY;
  try {
    since = node_fs_default.lstatSync(arrivalsPath(memoryDir), { throwIfNoEntry: false })?.mtimeMs ?? since;
  } catch {
  }
  const item = (rel) => ({
    id: "a-0",
    path: rel,
    kind: "file",
    state: "pending",
    sha256: null,
    reasons: [`${ARRIVALS_RELPATH} is damaged (memctl doctor says how to repair it)`],
    pushed_by: [],
    commit: "",
    before: null,
    at: ""
  });
  return {
    size: Number.POSITIVE_INFINITY,
    held(rel) {
      const found = hold?.held(rel);
      if (found || !paths) return found;
      const stamp = stampOf(memoryDir, normalise(rel));
      return stamp === void 0 || stamp[0] <= since ? item(rel) : void 0;
    },
    heldLine: (raw) => hold?.heldLine(raw) ?? (lines ? item(ARRIVAL_LINES_RELPATH) : void 0),
    paths: () => paths ? void 0 : hold?.paths() ?? []
  };
}
function holdOf(memoryDir, items) {
  if (items.length === 0) return void 0;
  const byPath = /* @__PURE__ */ new Map();
  const notes = /* @__PURE__ */ new Map();
  for (const item of items) {
    if (item.kind === "removed") continue;
    if (item.kind === "note") {
      if (item.sha256 !== null) notes.set(item.sha256, item);
      continue;
    }
    byPath.set(normalise(item.path), [...byPath.get(normalise(item.path)) ?? [], item]);
  }
  if (byPath.size + notes.size === 0) return void 0;
  const shas = /* @__PURE__ */ new Map();
  let ids;
  const folded = /* @__PURE__ */ new Set();
  let linked = false;
  const sameFile = (key) => {
    if (ids === void 0) {
      ids = /* @__PURE__ */ new Map();
      for (const held3 of byPath.keys()) {
        folded.add(foldedPath(held3));
        const st2 = fileStat(memoryDir, held3);
        if (st2 === void 0) continue;
        ids.set(`${st2.dev}:${st2.ino}`, held3);
        linked ||= st2.nlink > 1n;
      }
    }
    if (!linked && !folded.has(foldedPath(key))) return void 0;
    const st = fileStat(memoryDir, key);
    return st === void 0 ? void 0 : ids.get(`${st.dev}:${st.ino}`);
  };
  return {
    size: byPath.size + notes.size,
    heldLine: (raw) => notes.size === 0 ? void 0 : notes.get(lineSha(raw.replace(/\r$/, ""))),
    paths: () => [...byPath.keys()],
    held(rel) {
      let key = normalise(rel);
      let list = byPath.get(key);
      if (!list) {
        key = sameFile(key) ?? key;
        list = byPath.get(key);
      }
      if (!list) return void 0;
      const stamp = stampOf(memoryDir, key);
      const same = list.find((i) => i.stamp && stamp && i.stamp[0] === stamp[0] && i.stamp[1] === stamp[1]);
      if (same) return same;
      if (!shas.has(key)) shas.set(key, safeSha(memoryDir, key));
      const now = shas.get(key);
      return now === void 0 ? list[0] : list.find((i) => i.sha256 === now);
    }
  };
}
function fileStat(memoryDir, rel) {
  if (leavesStore(memoryDir, rel)) return void 0;
  try {
    const st = node_fs_default.lstatSync(node_path_default.join(memoryDir, rel), { bigint: true });
    return st.isFile() ? st : void 0;
  } catch {
    return void 0;
  }
}
function stampOf(memoryDir, rel) {
  try {
    const st = node_fs_default.lstatSync(node_path_default.join(memoryDir, rel));
    return [st.mtimeMs, st.size];
  } catch {
    return void 0;
  }
}
function safeSha(memoryDir, rel) {
  try {
    return currentSha(memoryDir, rel);
  } catch {
    return void 0;
  }
}
function normalise(rel) {
  return cardPathKey(rel);
}
var init_hold = __esm({
  "lib/store/hold.ts"() {
    "use strict";
    init_node_fs();
    init_node_path();
    init_sha256();
    init_errors();
    init_link_key();
    init_checked_fs();
    init_arrivals();
  }
});

// lib/store/card-count.ts
var init_card_count = __esm({
  "lib/store/card-count.ts"() {
    "use strict";
    init_node_fs();
    init_card_types();
  }
});

// lib/store/read.ts
async function readStore(dir) {
  const indexText = readRegularUtf8(node_path_default.join(dir, INDEX_FILE));
  const files = await listCardFiles(dir);
  const cards = /* @__PURE__ */ new Map();
  for (const file of files) {
    try {
      const text = readRegularUtf8(node_path_default.join(dir, file));
      cards.set(file, { file, bytes: Buffer.byteLength(text), text, card: parseCard(text) });
    } catch (err) {
      cards.set(file, { file, bytes: 0, readError: err.message });
    }
  }
  const sorted = new Map([...cards.entries()].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0));
  return withoutHeld({ dir, indexText, indexBytes: Buffer.byteLength(indexText), index: parseIndex(indexText), cards: sorted });
}
function withoutHeld(store) {
  const hold = readHold(store.dir);
  if (!hold) return store;
  const cards = new Map([...store.cards].filter(([file]) => !hold.held(file)));
  const entries = store.index.entries.filter((e) => !hold.held(e.file));
  return { ...store, cards, index: { ...store.index, entries } };
}
async function listCardFiles(dir, sub = "", walked, shards) {
  const entries = await node_fs_default.promises.readdir(node_path_default.join(dir, sub), { withFileTypes: true });
  walked?.push(sub);
  const out = [];
  for (const e of entries) {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    if (shards && sub === "" && EPISODES_SHARD.test(e.name)) shards.push(e.name);
    if (e.name.startsWith(".")) continue;
    if (e.isDirectory()) out.push(...await listCardFiles(dir, rel, walked));
    else if (e.isFile() && e.name.endsWith(".md") && rel !== INDEX_FILE && rel !== EPISODES_SUMMARY_FILE) out.push(rel);
  }
  return out;
}
var init_read = __esm({
  "lib/store/read.ts"() {
    "use strict";
    init_node_fs();
    init_node_path();
    init_card();
    init_index_file();
    init_errors();
    init_paths();
    init_checked_fs();
    init_hold();
    init_paths();
    init_card_count();
  }
});

// lib/store/safe-open.ts
function hardLinkRefusal(requested, links) {
  return new MemctlError(
    ERROR_CODES.E_PATH_ESCAPE,
    `Error: ${requested} has ${links} hard links; memory files may have only one (another name for it may be outside the memory directory). Copy it to a new file and delete this one.`,
    { path: requested }
  );
}
var O_RDONLY, O_DIRECTORY, O_NOFOLLOW, O_NONBLOCK;
var init_safe_open = __esm({
  "lib/store/safe-open.ts"() {
    "use strict";
    init_node_fs();
    init_node_path();
    init_errors();
    ({ O_RDONLY, O_DIRECTORY, O_NOFOLLOW, O_NONBLOCK } = node_fs_default.constants);
  }
});

// lib/core/portable-name.ts
var init_portable_name = __esm({
  "lib/core/portable-name.ts"() {
    "use strict";
  }
});

// lib/store/safe-path.ts
function lexicalProblem(requested) {
  if (typeof requested !== "string") return "the path must be a string";
  if (requested.includes("\0")) return "the path contains a NUL byte";
  if (/[\u0001-\u001f\u007f]/.test(requested)) return "the path contains a control character";
  if (requested.includes("\\")) return "the path contains a backslash; use / between segments";
  const rest = stripVirtualRoot(requested);
  if (rest === void 0) return `the path is absolute; use a path relative to the memory directory (or under ${VIRTUAL_ROOT}/)`;
  if (rest.split("/").some((s) => s === "..")) return 'the path contains a ".." segment';
  return void 0;
}
function pathSegments(requested) {
  const problem = lexicalProblem(requested);
  if (problem) throw new MemctlError(ERROR_CODES.E_PATH_ESCAPE, `Error: ${problem}: ${JSON.stringify(requested)}`, { path: requested });
  const segments = stripVirtualRoot(requested).split("/").filter((s) => s !== "" && s !== ".");
  if (segments[0] === STATE_DIR) {
    throw new MemctlError(ERROR_CODES.E_PATH_RESERVED, `Error: ${requested} is memctl's own state (${STATE_DIR}/), which no memory tool may read or change`, { path: requested });
  }
  if (segments.some((s) => s.toLowerCase() === ".git" || GIT_CONTROL_FILES.has(s.toLowerCase()))) {
    throw new MemctlError(ERROR_CODES.E_PATH_RESERVED, `Error: ${requested} is git's own (the store's repository), which no memory tool may read or change`, { path: requested });
  }
  return segments;
}
function resolveMemoryPath(memoryDir, requested) {
  const segments = pathSegments(requested);
  const base = node_fs_default.realpathSync(memoryDir);
  let current = base;
  let kind = "directory";
  for (let i = 0; i < segments.length; i++) {
    const next = node_path_default.join(current, segments[i]);
    let stat2;
    try {
      stat2 = node_fs_default.lstatSync(next);
    } catch (err) {
      const code = systemCode(err);
      if (code === "ENOENT") {
        kind = "missing";
        current = node_path_default.join(next, ...segments.slice(i + 1));
        break;
      }
      if (code === "ENOTDIR") throw notADirectory(requested, segments.slice(0, i).join("/"));
      throw new MemctlError(ERROR_CODES.E_IO, `Error: cannot inspect ${requested}: ${err.message}`);
    }
    if (stat2.isSymbolicLink()) {
      throw new MemctlError(
        ERROR_CODES.E_PATH_ESCAPE,
        `Error: ${requested} goes through a symlink (${segments.slice(0, i + 1).join("/")}); memory paths may not contain symlinks`,
        { path: requested }
      );
    }
    const last = i === segments.length - 1;
    if (!last && !stat2.isDirectory()) throw notADirectory(requested, segments.slice(0, i + 1).join("/"));
    if (stat2.isFile() && stat2.nlink > 1) {
      throw hardLinkRefusal(requested, stat2.nlink);
    }
    kind = stat2.isDirectory() ? "directory" : stat2.isFile() ? "file" : "other";
    current = next;
  }
  try {
    assertInside(base, kind === "missing" ? deepestExisting(current, base) : current, requested);
  } catch (err) {
    if (err instanceof MemctlError) throw err;
    throw new MemctlError(
      ERROR_CODES.E_PATH_ESCAPE,
      `Error: ${requested} changed while it was being checked; nothing was read or written. Find what else is changing the memory directory, then retry.`,
      { path: requested }
    );
  }
  return { abs: current, rel: segments.join("/"), segments, kind, base };
}
function stripVirtualRoot(requested) {
  if (requested === VIRTUAL_ROOT || requested.startsWith(`${VIRTUAL_ROOT}/`)) return requested.slice(VIRTUAL_ROOT.length);
  if (node_path_default.posix.isAbsolute(requested) || node_path_default.win32.isAbsolute(requested) || /^[A-Za-z]:/.test(requested)) return void 0;
  return requested;
}
function deepestExisting(p, base) {
  let dir = p;
  while (dir !== base && dir.startsWith(base)) {
    if (node_fs_default.existsSync(dir)) return dir;
    dir = node_path_default.dirname(dir);
  }
  return base;
}
function assertInside(base, p, requested) {
  const real = node_fs_default.realpathSync(p);
  if (real !== base && !real.startsWith(base + node_path_default.sep)) {
    throw new MemctlError(ERROR_CODES.E_PATH_ESCAPE, `Error: ${requested} resolves outside the memory directory`, { path: requested });
  }
}
function notADirectory(requested, at) {
  return new MemctlError(ERROR_CODES.E_IS_DIRECTORY, `Error: ${requested}: ${at} is a file, not a directory`, { path: requested });
}
var VIRTUAL_ROOT, GIT_CONTROL_FILES;
var init_safe_path = __esm({
  "lib/store/safe-path.ts"() {
    "use strict";
    init_node_fs();
    init_node_path();
    init_errors();
    init_safe_open();
    init_read();
    init_portable_name();
    VIRTUAL_ROOT = "/memories";
    GIT_CONTROL_FILES = /* @__PURE__ */ new Set([".gitattributes", ".gitignore", ".gitmodules", ".lfsconfig"]);
  }
});

// lib/core/frontmatter-edit.ts
function renderField(key, value) {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return `${key}: ${JSON.stringify(value)}`;
  return dump({ [key]: value }, { lineWidth: -1 }).replace(/\n$/, "");
}
function splitBlocks(fm) {
  const blocks = [];
  const lines = fm.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  let pendingLoose = [];
  for (const line of lines) {
    const bare = line.replace(/\r?\n$/, "");
    const key = TOP_KEY.exec(bare)?.[1];
    if (key !== void 0) {
      blocks.push(...pendingLoose);
      pendingLoose = [];
      blocks.push({ key: key.replace(/^["']|["']$/g, ""), text: line });
    } else if (/^[ \t]/.test(bare) && bare.trim() !== "" || /^-( |$)/.test(bare)) {
      const owner = [...blocks].reverse().find((b) => b.key !== void 0);
      if (owner) {
        owner.text += pendingLoose.map((b) => b.text).join("") + line;
        pendingLoose = [];
      } else blocks.push({ text: line });
    } else pendingLoose.push({ text: line });
  }
  blocks.push(...pendingLoose);
  return blocks;
}
function setFrontmatterFieldsBytes(card, fields) {
  return Buffer.from(editFields(card.toString("latin1"), fields, toView, fromView), "latin1");
}
function replaceBodyBytes(card, body) {
  const match = CARD.exec(card.toString("latin1"));
  return Buffer.concat([match ? card.subarray(0, match[0].length) : Buffer.alloc(0), Buffer.from(body, "utf8")]);
}
function editFields(cardText, fields, encode, decode) {
  const match = CARD.exec(cardText);
  if (!match) throw new MemctlError(ERROR_CODES.E_CARD_FRONTMATTER, "the card has no frontmatter block (--- \u2026 ---) to edit; nothing was written");
  const [, open, fm, close2] = match;
  const before = parseCard(decode(cardText));
  if (before.errors.length > 0)
    throw new MemctlError(ERROR_CODES.E_CARD_FRONTMATTER, `the card's frontmatter does not parse (${before.errors[0].message}); fix it by hand first \u2014 nothing was written`);
  const eol = fm.includes("\r\n") || open.endsWith("\r\n") ? "\r\n" : "\n";
  const blocks = splitBlocks(fm);
  const endsWithNewline = fm.endsWith("\n");
  for (const [key, value] of Object.entries(fields)) {
    if (value === void 0) continue;
    const rendered = encode(renderField(key, value)).split("\n").join(eol);
    const existing = blocks.find((b) => b.key === key);
    if (existing) existing.text = rendered + (/\r?\n$/.test(existing.text) ? eol : "");
    else {
      const last = blocks[blocks.length - 1];
      if (last && !/\n$/.test(last.text)) last.text += eol;
      blocks.push({ key, text: rendered + eol });
    }
  }
  let nextFm = blocks.map((b) => b.text).join("");
  if (!endsWithNewline) nextFm = nextFm.replace(/\r?\n$/, "");
  const closing = nextFm !== "" && !/^\r?\n/.test(close2) && !nextFm.endsWith("\n") ? eol + close2 : close2;
  const next = open + nextFm + closing + cardText.slice(match[0].length);
  verifyEdit(before.frontmatter, decode(next), fields);
  return next;
}
function verifyEdit(before, nextText, fields) {
  const after = parseCard(nextText);
  const fail = (why) => new MemctlError(ERROR_CODES.E_CARD_FRONTMATTER, `could not edit the frontmatter safely (${why}); nothing was written \u2014 edit this card by hand`);
  if (after.errors.length > 0) throw fail(after.errors[0].message);
  for (const key of /* @__PURE__ */ new Set([...Object.keys(before), ...Object.keys(after.frontmatter)])) {
    const expected = key in fields && fields[key] !== void 0 ? fields[key] : before[key];
    if (!(0, import_node_util.isDeepStrictEqual)(after.frontmatter[key], expected)) throw fail(`field ${key} would not read back as intended`);
  }
}
var import_node_util, CARD, TOP_KEY, toView, fromView;
var init_frontmatter_edit = __esm({
  "lib/core/frontmatter-edit.ts"() {
    "use strict";
    import_node_util = require("node:util");
    init_js_yaml();
    init_errors();
    init_card();
    CARD = /^((?:\uFEFF|\u00EF\u00BB\u00BF)?---[ \t]*\r?\n)([\s\S]*?)(\r?\n?---[ \t]*(?:\r?\n|$))/;
    TOP_KEY = /^(?!- |-$|#)([^\s:'"][^:]*?|"[^"]*"|'[^']*')[ \t]*:(?:[ \t]|$)/;
    toView = (s) => Buffer.from(s, "utf8").toString("latin1");
    fromView = (s) => Buffer.from(s, "latin1").toString("utf8");
  }
});

// lib/records/card-input.ts
function validateName(name) {
  const problem = cardNameProblem(name);
  if (problem) throw usageError(problem);
}
function cardNameProblem(name) {
  if (!NAME.test(name) || name.endsWith(".md")) return `card name "${name}" must be 1-80 characters of letters, digits, . _ - (starting with a letter or digit, no .md)`;
  return void 0;
}
function cardFileProblem(file) {
  const type = CARD_TYPE_PREFIX.exec(file)?.[1];
  const name = type !== void 0 && file.endsWith(".md") ? file.slice(type.length + 1, -3) : void 0;
  if (name !== void 0 && cardNameProblem(name) === void 0) return void 0;
  return `"${file}" is not a card: cards are <type>_<name>.md at the top of the memory directory (type one of ${CARD_TYPES.join(", ")})`;
}
function renderNewCard(input, today) {
  const fields = [
    renderField("name", input.name),
    renderField("description", input.description),
    `metadata:
  node_type: memory
  type: ${input.type}`,
    renderField("topics", input.topics ?? []),
    ...input.recall && input.recall.length > 0 ? [renderField("recall", input.recall)] : [],
    renderField("priority", input.priority ?? "normal"),
    renderField("status", input.status ?? "active"),
    renderField("updated_at", today),
    ...input.expires ? [renderField("expires_at", input.expires)] : [],
    renderField("repo_refs", input.refs ?? []),
    ...input.scope && input.scope.length > 0 ? [renderField("scope", input.scope.map(normalizeScope))] : [],
    ...input.provenance ? [renderField("provenance", input.provenance)] : []
  ];
  return `---
${fields.join("\n")}
---
${input.body ?? ""}`;
}
function validateSaveInput(input) {
  const problems = [];
  let tooLong = false;
  if (input.type !== void 0 && !CARD_TYPES.includes(input.type))
    problems.push(`-t ${input.type} is not a card type; use one of ${CARD_TYPES.join(", ")}`);
  if (input.description !== void 0) {
    const problem = descriptionProblem(input.description);
    if (problem) problems.push(problem);
    tooLong = [...input.description].length > DESCRIPTION_MAX;
  }
  if (input.priority !== void 0 && !["always", "normal", "low"].includes(input.priority)) problems.push(`--priority ${input.priority} must be always, normal or low`);
  if (input.provenance) problems.push(...provenanceProblems(input.provenance));
  if (input.expires !== void 0 && !isCalendarDate(input.expires)) problems.push(`--expires ${input.expires} must be a real date, YYYY-MM-DD`);
  if (input.status !== void 0 && !CARD_STATUSES.includes(input.status))
    problems.push(`--status ${input.status} must be one of ${CARD_STATUSES.join(", ")}`);
  for (const ref of input.refs ?? []) {
    if (!/^(path|fn|flag):\S/.test(ref)) problems.push(`--ref ${ref} is outside the repo_refs grammar (path:<file>, fn:<file>#<symbol>, flag:<invocation> <--flag>)`);
  }
  const keyProblems = recallKeyProblems(input.recall).map((p) => p.message);
  if (problems.length === 0 && keyProblems.length > 0) throw new MemctlError(ERROR_CODES.E_RECALL_KEYS, keyProblems.join("\n"), { problems: keyProblems });
  problems.push(...keyProblems);
  const scopeMessages = scopeProblems(input.scope).map((p) => p.message);
  if (problems.length === 0 && scopeMessages.length > 0) throw new MemctlError(ERROR_CODES.E_SCOPE, scopeMessages.join("\n"), { problems: scopeMessages });
  problems.push(...scopeMessages);
  if (problems.length === 0) return;
  const code = tooLong && problems.length === 1 ? ERROR_CODES.E_DESCRIPTION_TOO_LONG : ERROR_CODES.E_USAGE;
  throw new MemctlError(code, problems.join("\n"), { limit: DESCRIPTION_MAX, problems });
}
function provenanceProblems(p) {
  const problems = [];
  if (!PROVENANCE_KINDS.includes(p.kind)) problems.push(`--kind ${p.kind} must be one of ${PROVENANCE_KINDS.join(", ")}`);
  if (p.confidence !== void 0 && !(Number.isFinite(p.confidence) && p.confidence >= 0 && p.confidence <= 1)) problems.push("--confidence must be a number from 0 to 1");
  if (typeof p.source !== "string" || p.source.trim() === "") problems.push("--source is empty: name where this was learned (a file, a URL, a conversation, a command's output)");
  return problems;
}
function updatedCardBytes(before, input, today, type) {
  const card = parseCard(before.toString("utf8"));
  const fm = card.frontmatter;
  const base = card.hasFrontmatter ? before : Buffer.concat([Buffer.from("---\n---\n"), before]);
  const fields = {
    name: "name" in fm ? void 0 : withoutTypePrefix(input.name.replace(/\.md$/, "")),
    description: input.description,
    metadata: "metadata" in fm ? void 0 : type ? { node_type: "memory", type } : { node_type: "memory" },
    topics: input.topics ?? ("topics" in fm ? void 0 : []),
    recall: input.recall,
    priority: input.priority ?? ("priority" in fm ? void 0 : "normal"),
    status: input.status ?? ("status" in fm ? void 0 : "active"),
    updated_at: input.keepUpdatedAt && "updated_at" in fm ? void 0 : today,
    expires_at: input.expires,
    repo_refs: input.refs && input.refs.length > 0 ? input.refs : "repo_refs" in fm ? void 0 : [],
    scope: input.scope?.map(normalizeScope),
    provenance: input.provenance
  };
  const edited = setFrontmatterFieldsBytes(base, fields);
  return input.body === void 0 ? edited : replaceBodyBytes(edited, input.body);
}
function typeOf(file, text) {
  const prefix = CARD_TYPE_PREFIX.exec(file)?.[1];
  if (prefix) return prefix;
  const t = parseCard(text).meta.metadata?.type;
  return typeof t === "string" ? t : void 0;
}
function missingFieldValues(missing, updatedAt) {
  const all = { topics: [], priority: "normal", status: "active", updated_at: updatedAt, repo_refs: [] };
  return Object.fromEntries(missing.map((f) => [f, all[f]]));
}
function withStandardFields(card, updatedAt) {
  const parsed = parseCard(card.toString("utf8"));
  if (!parsed.hasFrontmatter || parsed.errors.length > 0) return card;
  const missing = missingFields(parsed);
  if (missing.length === 0) return card;
  try {
    return setFrontmatterFieldsBytes(card, missingFieldValues(missing, updatedAt));
  } catch {
    return card;
  }
}
var NAME, PROVENANCE_KINDS;
var init_card_input = __esm({
  "lib/records/card-input.ts"() {
    "use strict";
    init_card_rules();
    init_errors();
    init_card();
    init_frontmatter_edit();
    init_card_types();
    init_recall_keys();
    init_scope();
    NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/;
    PROVENANCE_KINDS = ["fact", "inference", "unverified"];
  }
});

// lib/core/index-bytes.ts
function lineStart(bytes, at) {
  return at === 0 ? 0 : bytes.lastIndexOf(NL, at - 1) + 1;
}
function contentEnd(bytes, start) {
  const nl = bytes.indexOf(NL, start);
  if (nl === -1) return bytes.length;
  return nl > start && bytes[nl - 1] === CR ? nl - 1 : nl;
}
function countNewlines(bytes, end) {
  let n = 0;
  for (let at = bytes.indexOf(NL); at !== -1 && at < end; at = bytes.indexOf(NL, at + 1)) n++;
  return n;
}
function hasFence(bytes) {
  return MARKS2.some((mark) => bytes.includes(mark));
}
function fenceScan(bytes) {
  const starts = /* @__PURE__ */ new Set();
  let marks = false;
  for (const mark of MARKS2) {
    for (let at = bytes.indexOf(mark); at !== -1; at = bytes.indexOf(mark, at + 1)) {
      marks = true;
      const start = lineStart(bytes, at);
      if (!starts.has(start) && FENCE.test(bytes.toString("utf8", start, contentEnd(bytes, start)))) starts.add(start);
    }
  }
  return { marks, lines: [...starts].sort((a, b) => a - b) };
}
var MARKS2, NL, CR;
var init_index_bytes = __esm({
  "lib/core/index-bytes.ts"() {
    "use strict";
    init_index_file();
    MARKS2 = [Buffer.from("```"), Buffer.from("~~~")];
    NL = 10;
    CR = 13;
  }
});

// lib/core/index-find.ts
function findIndexLines(index, file) {
  const memo = linesFound.get(index) ?? /* @__PURE__ */ new Map();
  linesFound.set(index, memo);
  let hits = memo.get(file);
  if (!hits) memo.set(file, hits = findEntries(index, [Buffer.from(file, "utf8"), PERCENT], (e) => linkKey(e.file) === file));
  return [...hits];
}
function findIndexLine(index, file) {
  const known = linesFound.get(index)?.get(file);
  if (known) return known[0];
  const needle = Buffer.from(file, "utf8");
  if (needle.length === 0) return findIndexLines(index, file)[0];
  let memo = firstFound.get(index);
  if (!memo) firstFound.set(index, memo = /* @__PURE__ */ new Map());
  if (memo.has(file)) return memo.get(file);
  const accept = (e) => linkKey(e.file) === file;
  let raw = index.indexOf(needle);
  let escaped = index.indexOf(PERCENT);
  let hit;
  while (raw !== -1 || escaped !== -1) {
    const start = lineStart(index, raw === -1 ? escaped : escaped === -1 ? raw : Math.min(raw, escaped));
    hit = entryAt(index, start, accept);
    if (hit) break;
    const next = lineEnd(index, start) + 1;
    if (raw !== -1 && raw < next) raw = index.indexOf(needle, next);
    if (escaped !== -1 && escaped < next) escaped = index.indexOf(PERCENT, next);
  }
  memo.set(file, hit);
  return hit;
}
function findEntries(index, needles, accept) {
  const starts = /* @__PURE__ */ new Set();
  for (const needle of needles) {
    if (typeof needle !== "number" && needle.length === 0) continue;
    for (let at = index.indexOf(needle); at !== -1; at = index.indexOf(needle, at + 1)) starts.add(lineStart(index, at));
  }
  if (starts.size === 0) return [];
  const hits = [];
  for (const start of [...starts].sort((a, b) => a - b)) {
    const hit = entryAt(index, start, accept);
    if (hit) hits.push(hit);
  }
  return hits;
}
function entryAt(index, start, accept) {
  if (fencesUpTo(fenceLines(index), start) % 2 === 1) return void 0;
  const end = contentEnd(index, start);
  const parsed = parseIndexLine(index.toString("utf8", start, end), 0);
  if (parsed === void 0 || "reason" in parsed || !accept(parsed)) return void 0;
  return { start, end, entry: parsed };
}
function lineEnd(index, start) {
  const nl = index.indexOf(NL2, start);
  return nl === -1 ? index.length : nl;
}
function fenceLines(index) {
  return fencesOf(index).lines;
}
function hasFenceMark(index) {
  return fencesOf(index).marks;
}
function fencesOf(index) {
  let scan = fenceScans.get(index);
  if (!scan) fenceScans.set(index, scan = fenceScan(index));
  return scan;
}
function fencesUpTo(fences, start) {
  let lo = 0;
  let hi = fences.length;
  while (lo < hi) {
    const mid = lo + hi >> 1;
    if (fences[mid] <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
var PERCENT, NL2, linesFound, firstFound, fenceScans;
var init_index_find = __esm({
  "lib/core/index-find.ts"() {
    "use strict";
    init_index_bytes();
    init_index_file();
    init_link_key();
    PERCENT = 37;
    NL2 = 10;
    linesFound = /* @__PURE__ */ new WeakMap();
    firstFound = /* @__PURE__ */ new WeakMap();
    fenceScans = /* @__PURE__ */ new WeakMap();
  }
});

// lib/core/index-edit.ts
function upsertIndexLineBytes(index, file, line) {
  const hit = findIndexLine(index, file);
  if (hit) return Buffer.concat([index.subarray(0, hit.start), Buffer.from(lineInFormOf(index.subarray(hit.start, hit.end), line), "utf8"), index.subarray(hit.end)]);
  const eol = index.includes("\r\n") ? "\r\n" : "\n";
  const sep2 = index.length === 0 || index[index.length - 1] === 10 ? "" : eol;
  return Buffer.concat([index, Buffer.from(sep2 + line + eol, "utf8")]);
}
function upsertIndexLinePieces(index, file, line) {
  const hit = findIndexLine(index, file);
  if (!hit) {
    if (index.length > 0 && index[index.length - 1] !== 10) return void 0;
    const added = Buffer.from(line + (index.includes("\r\n") ? "\r\n" : "\n"), "utf8");
    const edit2 = appendedLineEdit(countNewlines(index, index.length) + 1, line, hasFenceMark(index));
    return { pieces: [index, added], changed: true, ...edit2 ? { edit: edit2 } : {} };
  }
  const old = index.subarray(hit.start, hit.end);
  const formed = lineInFormOf(old, line);
  const bytes = Buffer.from(formed, "utf8");
  const pieces = [index.subarray(0, hit.start), bytes, index.subarray(hit.end)];
  if (bytes.equals(old)) return { pieces, changed: false };
  const edit = replacedLineEdit(countNewlines(index, hit.start) + 1, formed, old, hasFenceMark(index));
  return { pieces, changed: true, ...edit ? { edit } : {} };
}
function lineInFormOf(old, line) {
  return isUtf8(old) ? inFormOf(Buffer.from(old.buffer, old.byteOffset, old.byteLength).toString("utf8"), line) : line;
}
function appendedLineEdit(at, line, marks) {
  if (at === 1 || /[\r\n]/.test(line) || marks || hasFence(Buffer.from(line, "utf8"))) return void 0;
  return { at, removed: 0, inserted: [line] };
}
function replacedLineEdit(at, line, old, marks) {
  if (at === 1 || /[\r\n]/.test(line) || marks || hasFence(Buffer.from(line, "utf8")) || !isUtf8(old)) return void 0;
  return { at, removed: 1, inserted: [line] };
}
function isUtf8(bytes) {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
function removeIndexLinesBytes(index, file) {
  const hits = findIndexLines(index, file);
  if (hits.length === 0) return { bytes: index, removed: 0 };
  const kept = [];
  let from = 0;
  for (const { start, end } of hits) {
    kept.push(index.subarray(from, start));
    from = index[end] === 13 ? end + 2 : index[end] === 10 ? end + 1 : end;
  }
  kept.push(index.subarray(from));
  return { bytes: Buffer.concat(kept), removed: hits.length };
}
function indexHasBytes(index, file) {
  return findIndexLine(index, file) !== void 0;
}
function indexLineEdit(before, next) {
  const a = Buffer.isBuffer(before) ? before : Buffer.from(before.buffer, before.byteOffset, before.byteLength);
  const b = Buffer.isBuffer(next) ? next : Buffer.from(next.buffer, next.byteOffset, next.byteLength);
  if (a.equals(b) || hasFenceMark(a)) return void 0;
  const min = Math.min(a.length, b.length);
  let p = 0;
  while (p + CHUNK2 <= min && a.compare(b, p, p + CHUNK2, p, p + CHUNK2) === 0) p += CHUNK2;
  while (p < min && a[p] === b[p]) p++;
  const start = p === 0 ? 0 : a.lastIndexOf(10, p - 1) + 1;
  let q = 0;
  const tail = min - start;
  while (q + CHUNK2 <= tail && a.compare(b, b.length - q - CHUNK2, b.length - q, a.length - q - CHUNK2, a.length - q) === 0) q += CHUNK2;
  while (q < tail && a[a.length - 1 - q] === b[b.length - 1 - q]) q++;
  while (q > 0 && !(a[a.length - q - 1] === 10 && b[b.length - q - 1] === 10)) q--;
  const endA = a.length - q;
  const endB = b.length - q;
  const at = countNewlines(a, start) + 1;
  if (at === 1) return void 0;
  const removedText = a.subarray(start, endA);
  const insertedText = b.subarray(start, endB);
  if (hasFence(insertedText)) return void 0;
  const fatal = new TextDecoder("utf-8", { fatal: true });
  try {
    const inserted = splitLines2(fatal.decode(insertedText));
    return { at, removed: splitLines2(fatal.decode(removedText)).length, inserted };
  } catch {
    return void 0;
  }
}
function splitLines2(text) {
  if (text === "") return [];
  const parts = text.split(/\r?\n/);
  if (parts[parts.length - 1] === "") parts.pop();
  return parts;
}
var EMPTY_INDEX, CHUNK2;
var init_index_edit = __esm({
  "lib/core/index-edit.ts"() {
    "use strict";
    init_index_bytes();
    init_index_file();
    init_index_find();
    init_link_key();
    EMPTY_INDEX = "# Memory\n\nOne line per card: - [Title](file.md) \u2014 hook\n";
    CHUNK2 = 64 * 1024;
  }
});

// lib/core/index-scan.ts
function cardLineScan(file, count = false) {
  return newScan([Buffer.from(file, "utf8"), PERCENT2], (e) => linkKey(e.file) === file, true, count);
}
function newCardScan(name, files, count = true) {
  const linked = new Set(files);
  const stem = `/${name}.md`;
  return newScan([Buffer.from(name, "utf8"), PERCENT2, BACKSLASH], (e) => e.title === name || linked.has(linkKey(e.file)) || e.file.endsWith(stem), false, count);
}
function cardLineOf(scan, file) {
  const hit = scan.hits.find((h) => linkKey(h.entry.file) === file);
  return { ...scan, accept: (e) => linkKey(e.file) === file, first: true, hits: hit ? [hit] : [] };
}
function newScan(needles, accept, first, count) {
  const kept = needles.filter((n) => typeof n === "number" || n.length > 0);
  return { needles: kept, accept, first, count, hits: [], fences: 0, newlines: 0, marks: false, crlf: false };
}
function feedIndexScan(scan, run2, base) {
  if (run2.length > 0) scan.last = run2[run2.length - 1];
  scan.crlf ||= run2.includes(CRLF);
  if (scan.first && scan.hits.length > 0) {
    scan.marks ||= hasFence(run2);
    return;
  }
  const { marks, lines: fenceLines2 } = fenceScan(run2);
  scan.marks ||= marks;
  const starts = /* @__PURE__ */ new Set();
  for (const needle of scan.needles) for (let at = run2.indexOf(needle); at !== -1; at = run2.indexOf(needle, at + 1)) starts.add(lineStart(run2, at));
  for (const start of [...starts].sort((a, b) => a - b)) {
    if ((scan.fences + fenceLines2.filter((f) => f <= start).length) % 2 === 1) continue;
    const end = contentEnd(run2, start);
    const entry = parseIndexLine(run2.toString("utf8", start, end), 0);
    if (entry === void 0 || "reason" in entry || !scan.accept(entry)) continue;
    const at = scan.count ? scan.newlines + countNewlines(run2, start) + 1 : 0;
    scan.hits.push({ start: base + start, end: base + end, at, entry, bytes: Buffer.from(run2.subarray(start, end)) });
    if (scan.first) return;
  }
  scan.fences += fenceLines2.length;
  if (scan.count) scan.newlines += countNewlines(run2, run2.length);
}
var CRLF, PERCENT2, BACKSLASH;
var init_index_scan = __esm({
  "lib/core/index-scan.ts"() {
    "use strict";
    init_index_bytes();
    init_index_file();
    init_link_key();
    CRLF = Buffer.from("\r\n");
    PERCENT2 = 37;
    BACKSLASH = 92;
  }
});

// lib/core/index-names.ts
function nameHash(name) {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return h >>> 0;
}
function bytesHash(bytes, from, to) {
  let h = 2166136261;
  for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i], 16777619);
  return h >>> 0;
}
function newCardKeys(name, files) {
  return [name, ...files, `${name}.md`].map(nameHash);
}
function addIndexNames(run2, into) {
  const bytes = Buffer.from(run2.buffer, run2.byteOffset, run2.byteLength);
  for (const start of escapeLines(bytes)) {
    const nl = bytes.indexOf(NL3, start);
    const end = nl === -1 ? bytes.length : nl > start && bytes[nl - 1] === CR2 ? nl - 1 : nl;
    parsedNames(bytes.toString("utf8", start, end), into);
  }
  for (let at = bytes.indexOf(LINK); at !== -1; at = bytes.indexOf(LINK, at + 2)) bytesNames(bytes, at, into);
}
function escapeLines(bytes) {
  const starts = /* @__PURE__ */ new Set();
  for (const byte of ESCAPES) for (let at = bytes.indexOf(byte); at !== -1; at = bytes.indexOf(byte, at + 1)) starts.add(at === 0 ? 0 : bytes.lastIndexOf(NL3, at - 1) + 1);
  return starts;
}
function bytesNames(bytes, link, into) {
  let open = link - 1;
  while (open >= 0 && NAME_BYTE[bytes[open]] === 1) open--;
  if (open >= 0 && open + 1 < link && bytes[open] === 91) into.push(bytesHash(bytes, open + 1, link));
  let at = link + 2;
  const close2 = bytes[at] === 60 ? 62 : 41;
  for (let run2 = -1; ; at++) {
    const byte = at < bytes.length ? bytes[at] : NL3;
    if (NAME_BYTE[byte] === 1) {
      if (run2 === -1) run2 = at;
      continue;
    }
    if (run2 !== -1) into.push(bytesHash(bytes, run2, at));
    run2 = -1;
    if (byte === close2 || byte === NL3) return;
  }
}
function parsedNames(line, into) {
  const entry = parseIndexLine(line, 0);
  if (entry === void 0 || "reason" in entry) return;
  for (const name of [entry.title, linkKey(entry.file), entry.file.slice(entry.file.lastIndexOf("/") + 1)])
    if (name.length > 0 && [...name].every((c) => c.length === 1 && NAME_BYTE[c.charCodeAt(0)] === 1)) into.push(nameHash(name));
}
var NAME_BYTE, NL3, CR2, LINK, ESCAPES;
var init_index_names = __esm({
  "lib/core/index-names.ts"() {
    "use strict";
    init_index_file();
    init_link_key();
    NAME_BYTE = new Uint8Array(256);
    for (const c of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") NAME_BYTE[c.charCodeAt(0)] = 1;
    NL3 = 10;
    CR2 = 13;
    LINK = Buffer.from("](");
    ESCAPES = [37, 92];
  }
});

// lib/core/line-edits.ts
function lowerBound(count, valueAt, target) {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = lo + hi >>> 1;
    if (valueAt(mid) < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
var init_line_edits = __esm({
  "lib/core/line-edits.ts"() {
    "use strict";
    init_index_file();
  }
});

// lib/store/index-names.ts
function namesPath(index) {
  return node_path_default.join(node_path_default.dirname(index), ...INDEX_NAMES_RELPATH.split("/"));
}
function namesAt(index, stamp) {
  const mine = held.get(index);
  if (mine?.stamp === stamp) return mine;
  const loaded = load2(namesPath(index));
  if (loaded?.stamp !== stamp) return void 0;
  held.set(index, loaded);
  if (loaded.records > RECORDS_MAX) keepNames(index, loaded, [...loaded.hashes, ...loaded.added]);
  return loaded;
}
function mayName(names, keys) {
  return keys.some((k) => names.added.has(k) || has(names.hashes, k));
}
function keepNames(index, state, found) {
  const names = { ...pick2(state), hashes: uniqueSorted(found), added: /* @__PURE__ */ new Set(), records: 0 };
  held.set(index, names);
  unwritten.set(index, names);
}
function noteEdit(index, from, written, change) {
  const found = unwritten.get(index);
  unwritten.delete(index);
  held.delete(index);
  if (found?.stamp === from) write(index, found);
  const file = namesPath(index);
  try {
    const st = node_fs_default.lstatSync(file, { throwIfNoEntry: false });
    if (!st?.isFile() || st.size > FILE_MAX) return;
    const stamp = fileStamp(node_fs_default.statSync(index, { bigint: true, throwIfNoEntry: false }));
    const add = [];
    addIndexNames(written, add);
    const marks = change.marks ?? (hasFence(written) || void 0);
    const crlf = change.crlf ?? (written.includes("\r\n") || void 0);
    appendBytes(file, Buffer.from(`${JSON.stringify({ from, stamp, lines: change.lines, marks, crlf, last: change.last, add })}
`));
  } catch {
  }
}
function noteRewrite(index, from, before, next, edit) {
  if (before.at(-1) !== 10 || next.at(-1) !== 10) {
    held.delete(index);
    unwritten.delete(index);
    return;
  }
  const written = Buffer.from(edit.inserted.map((l) => `${l}
`).join(""), "utf8");
  noteEdit(index, from, written, { lines: edit.inserted.length - edit.removed, marks: hasFence(next), crlf: next.includes("\r\n") });
}
function write(index, names) {
  try {
    const { hashes, added: _a, records: _r, ...state } = names;
    let header = JSON.stringify({ magic: MAGIC, ...state, n: hashes.length });
    header += " ".repeat((4 - (Buffer.byteLength(header) + 1) % 4) % 4) + "\n";
    realDir(node_path_default.dirname(index), STATE_DIR);
    commitFileSync(namesPath(index), Buffer.concat([Buffer.from(header, "utf8"), Buffer.from(hashes.buffer, hashes.byteOffset, hashes.byteLength)]), { durable: false });
  } catch {
    held.delete(index);
  }
}
function load2(file) {
  try {
    const { bytes } = readRegular(file, void 0, { nofollow: true });
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const nl = buffer.indexOf(10);
    const header = JSON.parse(buffer.toString("utf8", 0, nl));
    const body = nl + 1;
    const n = header.n;
    if (header.magic !== MAGIC || !isState(header) || !Number.isSafeInteger(n) || body % 4 !== 0 || buffer.length < body + n * 4) return void 0;
    const end = body + n * 4;
    const hashes = new Uint32Array(buffer.buffer.slice(buffer.byteOffset + body, buffer.byteOffset + end));
    let state = pick2(header);
    const added = /* @__PURE__ */ new Set();
    const tail = buffer.subarray(end);
    const text = tail.toString("utf8", 0, tail.lastIndexOf(10) + 1);
    for (const line of text.split("\n").slice(0, -1)) {
      const r = JSON.parse(line);
      if (r.from !== state.stamp || typeof r.stamp !== "string" || !Number.isSafeInteger(r.lines) || !Array.isArray(r.add) || !r.add.every(isHash)) break;
      if (r.last !== void 0 && !isByte(r.last)) break;
      state = {
        stamp: r.stamp,
        newlines: state.newlines + r.lines,
        marks: typeof r.marks === "boolean" ? r.marks : state.marks,
        // absent: unchanged
        crlf: typeof r.crlf === "boolean" ? r.crlf : state.crlf,
        last: r.last === void 0 ? state.last : r.last
      };
      for (const h of r.add) added.add(h);
    }
    return { ...state, hashes, added, records: buffer.length - end };
  } catch {
    return void 0;
  }
}
function isState(o) {
  const { stamp, newlines, marks, crlf, last } = o;
  return typeof stamp === "string" && Number.isSafeInteger(newlines) && typeof marks === "boolean" && typeof crlf === "boolean" && (last === null || isByte(last));
}
function pick2(o) {
  return { stamp: o.stamp, newlines: o.newlines, marks: o.marks, crlf: o.crlf, last: o.last };
}
function has(sorted, key) {
  const at = lowerBound(sorted.length, (i) => sorted[i], key);
  if (at > 0 && sorted[at - 1] >= key || at < sorted.length && sorted[at] < key) return true;
  return at < sorted.length && sorted[at] === key;
}
function uniqueSorted(found) {
  const all = Uint32Array.from(found).sort();
  let n = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[n++] = all[i];
  return all.subarray(0, n);
}
var INDEX_NAMES_RELPATH, MAGIC, RECORDS_MAX, FILE_MAX, held, unwritten, isByte, isHash;
var init_index_names2 = __esm({
  "lib/store/index-names.ts"() {
    "use strict";
    init_node_fs();
    init_node_path();
    init_index_names();
    init_index_bytes();
    init_line_edits();
    init_checked_fs();
    init_paths();
    init_safe_write();
    init_write();
    INDEX_NAMES_RELPATH = `${STATE_DIR}/index-names.idx`;
    MAGIC = "memctl-index-names 1";
    RECORDS_MAX = 64 * 1024;
    FILE_MAX = 8 * 1024 * 1024;
    held = /* @__PURE__ */ new Map();
    unwritten = /* @__PURE__ */ new Map();
    isByte = (v) => Number.isInteger(v) && v >= 0 && v <= 255;
    isHash = (v) => Number.isInteger(v) && v >= 0 && v <= 4294967295;
  }
});

// lib/store/index-stream.ts
function scanIndexFile(file, scan, options = {}) {
  const { fd } = openRegular(file);
  try {
    const st = node_fs_default.fstatSync(fd, { bigint: true });
    let buf = options.run === void 0 ? runs.scan ??= Buffer.allocUnsafe(RUN) : Buffer.allocUnsafe(options.run);
    let covered = 0;
    let held3 = 0;
    let base = 0;
    for (; ; ) {
      if (held3 === buf.length) {
        if (buf.length * 2 > DEFAULT_READ_CAP) return void 0;
        const bigger = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(bigger, 0, 0, held3);
        buf = bigger;
      }
      const n = readAt(fd, buf, held3, buf.length - held3, base + held3);
      const filled = held3 + n;
      const end = n === 0 ? filled : buf.lastIndexOf(NL4, filled - 1) + 1;
      if (end > 0) feedIndexScan(scan, buf.subarray(0, end), base);
      if (end > 0 && options.names) addIndexNames(buf.subarray(0, end), options.names);
      covered = base + end;
      const found = scan.first && scan.hits.length > 0;
      if (n === 0 || found && (options.toHit || scan.marks)) break;
      buf.copy(buf, 0, end, filled);
      held3 = filled - end;
      base += end;
    }
    return { scan, size: Number(st.size), stamp: fileStamp(st), covered, run: options.run };
  } finally {
    close(fd);
  }
}
async function upsertIndexLineStreamed(file, card, line, commit, options = {}) {
  return upsertScannedLine(file, scanCardLine(file, card), line, commit, options);
}
function scanCardLine(file, card) {
  const now = node_fs_default.statSync(file, { bigint: true, throwIfNoEntry: false });
  const seen = scannedByFile.get(file)?.get(card);
  if (now && seen && seen.stamp === fileStamp(now)) return seen;
  const scanned = scanIndexFile(file, cardLineScan(card, true), { toHit: true });
  keep2(file, scanned ? [[card, scanned]] : []);
  return scanned;
}
function scanNewCard(file, name, cards, forEdit) {
  let scanned = forEdit ? knownNewCard(file, name, cards) : void 0;
  if (!scanned) {
    const names = forEdit ? [] : void 0;
    scanned = scanIndexFile(file, newCardScan(name, cards, forEdit), { names });
    if (names && scanned && scanned.covered === scanned.size) {
      const { newlines, marks, crlf, last } = scanned.scan;
      keepNames(file, { stamp: scanned.stamp, newlines, marks, crlf, last: last ?? null }, names);
    }
  }
  if (forEdit) keep2(file, scanned ? cards.map((card) => [card, { ...scanned, scan: cardLineOf(scanned.scan, card) }]) : []);
  return scanned;
}
function knownNewCard(file, name, cards) {
  const st = node_fs_default.statSync(file, { bigint: true, throwIfNoEntry: false });
  if (!st?.isFile()) return void 0;
  const names = namesAt(file, fileStamp(st));
  if (!names || mayName(names, newCardKeys(name, cards))) return void 0;
  const { newlines, marks, crlf, last } = names;
  const scan = { ...newCardScan(name, cards, true), newlines, marks, crlf, ...last === null ? {} : { last } };
  return { scan, size: Number(st.size), stamp: names.stamp, covered: Number(st.size) };
}
function keep2(file, scans) {
  scannedByFile.set(file, new Map(scans));
}
async function upsertScannedLine(file, scanned, line, commit, options = {}) {
  if (!scanned) return void 0;
  const { scan, size, stamp } = scanned;
  const hit = scan.hits[0];
  const added = Buffer.from(line + (scan.crlf ? "\r\n" : "\n"), "utf8");
  const torn = size > 0 && scan.last !== NL4;
  if (torn && options.recovering && (!hit || hit.end >= size - 1)) {
    const rest = tornRest(file, size, added);
    if (rest) return await appendInPlace(file, stamp, rest, commit) ? { changed: true } : void 0;
  }
  if (hit) line = lineInFormOf(hit.bytes, line);
  const bytes = Buffer.from(line, "utf8");
  if (hit && bytes.equals(hit.bytes)) return { changed: false };
  if (!hit && torn) return void 0;
  if (!hit && scanned.covered === size && await appendInPlace(file, stamp, added, commit)) {
    noteEdit(file, stamp, added, { lines: 1, last: added[added.length - 1] });
    const edit2 = appendedLineEdit(scan.newlines + 1, line, scan.marks);
    return { changed: true, ...edit2 ? { edit: edit2 } : {} };
  }
  const ranges = hit ? [[0, hit.start], bytes, [hit.end, size]] : [[0, size], added];
  const watch = { from: scanned.covered, marks: scan.marks };
  try {
    await commitFile(file, copyAround(file, ranges, stamp, watch, scanned.run), { ...commit, sweep: false });
  } catch (err) {
    if (err === CHANGED) return void 0;
    throw err;
  }
  if (hit && hit.end < size && !hasFence(hit.bytes)) noteEdit(file, stamp, bytes, { lines: 0 });
  const edit = hit ? replacedLineEdit(hit.at, line, hit.bytes, watch.marks) : appendedLineEdit(scan.newlines + 1, line, scan.marks);
  return { changed: true, ...edit ? { edit } : {} };
}
async function appendInPlace(file, stamp, bytes, commit) {
  const st = node_fs_default.lstatSync(file, { throwIfNoEntry: false });
  if (!st?.isFile() || (st.mode & 146) === 0 || st.nlink > 1) return false;
  await pauseBeforeCommit(commit);
  const expect = (fd) => fileStamp(node_fs_default.fstatSync(fd, { bigint: true })) === stamp;
  return appendBytes(file, bytes, { fsync: commit?.durable !== false, rollback: true, expect }) !== void 0;
}
function tornRest(file, size, added) {
  const { fd } = openRegular(file);
  try {
    const from = Math.max(0, size - added.length);
    const read2 = readFullyAt(fd, from, size - from);
    const nl = read2.lastIndexOf(NL4);
    if (nl === -1 && from > 0) return void 0;
    const tail = read2.subarray(nl + 1);
    return tail.length > 0 && added.subarray(0, tail.length).equals(tail) ? added.subarray(tail.length) : void 0;
  } finally {
    close(fd);
  }
}
function* copyAround(file, pieces, stamp, watch, run2) {
  const { fd } = openRegular(file);
  try {
    if (fileStamp(node_fs_default.fstatSync(fd, { bigint: true })) !== stamp) throw CHANGED;
    const buf = run2 === void 0 ? runs.copy ??= Buffer.allocUnsafe(RUN) : Buffer.allocUnsafe(run2);
    let edge = Buffer.alloc(0);
    for (const piece of pieces) {
      if (Buffer.isBuffer(piece)) {
        yield piece;
        continue;
      }
      for (let at = piece[0]; at < piece[1]; ) {
        const n = readAt(fd, buf, 0, Math.min(buf.length, piece[1] - at), at);
        if (n === 0) throw CHANGED;
        const skip = Math.max(0, watch.from - at);
        if (!watch.marks && skip < n) {
          const seen = buf.subarray(skip, n);
          const across = Buffer.concat([edge, seen.subarray(0, 2)]);
          watch.marks = hasFence(seen) || hasFence(across);
          const last = Buffer.concat([edge, seen.subarray(Math.max(0, seen.length - 2))]);
          edge = Buffer.from(last.subarray(Math.max(0, last.length - 2)));
        }
        yield buf.subarray(0, n);
        at += n;
      }
    }
    const now = node_fs_default.statSync(file, { bigint: true, throwIfNoEntry: false });
    if (fileStamp(node_fs_default.fstatSync(fd, { bigint: true })) !== stamp || !now || fileStamp(now) !== stamp) throw CHANGED;
  } finally {
    close(fd);
  }
}
var RUN, NL4, runs, scannedByFile, CHANGED;
var init_index_stream = __esm({
  "lib/store/index-stream.ts"() {
    "use strict";
    init_node_fs();
    init_index_edit();
    init_index_bytes();
    init_index_scan();
    init_index_names();
    init_checked_fs();
    init_index_names2();
    init_safe_write();
    init_write();
    RUN = 1 << 20;
    NL4 = 10;
    runs = {};
    scannedByFile = /* @__PURE__ */ new Map();
    CHANGED = new Error("MEMORY.md changed while it was copied");
  }
});

// lib/records/card-find.ts
function findCardFile(memoryDir, name, options = {}) {
  if (name.includes("/")) {
    const target = resolveMemoryPath(memoryDir, name);
    return target.kind === "file" && target.rel.endsWith(".md") ? target.rel : void 0;
  }
  const direct = name.endsWith(".md") ? [name] : [`${name}.md`, ...CARD_TYPES.map((t) => `${t}_${name}.md`)];
  const hits = direct.filter((f) => f !== INDEX_FILE && isRegularFile(node_path_default.join(memoryDir, f)));
  if (hits.length === 0) {
    const candidates = cardNameProblem(name) === void 0 ? titledFiles(memoryDir, name, options.forSave === true) : safeReaddir(memoryDir);
    for (const file of new Set(candidates)) {
      if (!file.endsWith(".md") || file === INDEX_FILE || file.startsWith(".")) continue;
      if (file.includes("/")) {
        const target = file.endsWith(`/${name}.md`) ? resolveMemoryPath(memoryDir, file) : void 0;
        if (target?.kind === "file") hits.push(target.rel);
        continue;
      }
      const full = node_path_default.join(memoryDir, file);
      if (!isRegularFile(full)) continue;
      const fm = parseCard(node_fs_default.readFileSync(full, "utf8")).frontmatter;
      if (fm.name === name) hits.push(file);
    }
    if (hits.some((f) => !f.includes("/"))) hits.splice(0, hits.length, ...hits.filter((f) => !f.includes("/")));
    hits.sort();
  }
  if (hits.length > 1) throw usageError(`"${name}" matches ${hits.join(", ")}; name the file instead (e.g. ${hits[0]})`);
  if (hits.length === 0) refuseSpecialFile(memoryDir, direct);
  return hits[0];
}
function titledFiles(memoryDir, name, forSave) {
  try {
    const files = CARD_TYPES.map((t) => `${t}_${name}.md`);
    const scanned = scanNewCard(node_path_default.join(memoryDir, INDEX_FILE), name, files, forSave);
    return scanned ? scanned.scan.hits.filter((h) => h.entry.title === name || h.entry.file.endsWith(`/${name}.md`)).map((h) => linkKey(h.entry.file)) : [];
  } catch {
    return [];
  }
}
function refuseSpecialFile(memoryDir, candidates) {
  for (const file of candidates) {
    let mode;
    try {
      mode = node_fs_default.lstatSync(node_path_default.join(memoryDir, file)).mode;
    } catch {
      continue;
    }
    const kind = (mode & node_fs_default.constants.S_IFMT) === node_fs_default.constants.S_IFLNK ? "a symbolic link" : fileKind(mode);
    throw new MemctlError(
      ERROR_CODES.E_NOT_FOUND,
      `${file} in ${memoryDir} is ${kind}, not a card: memctl reads and writes cards as regular files only; move it away, then save the card again`,
      { file }
    );
  }
}
function currentIndexTitle(memoryDir, file) {
  try {
    return scanCardLine(node_path_default.join(memoryDir, INDEX_FILE), file)?.scan.hits[0]?.entry.title;
  } catch {
    return void 0;
  }
}
function isRegularFile(p) {
  try {
    return node_fs_default.lstatSync(p).isFile();
  } catch {
    return false;
  }
}
function safeReaddir(dir) {
  try {
    return node_fs_default.readdirSync(dir);
  } catch {
    return [];
  }
}
var init_card_find = __esm({
  "lib/records/card-find.ts"() {
    "use strict";
    init_node_fs();
    init_node_path();
    init_card();
    init_read();
    init_safe_path();
    init_card_rules();
    init_card_input();
    init_errors();
    init_checked_fs();
    init_index_stream();
    init_link_key();
  }
});

// lib/records/card-links.ts
async function findNamedCard(memoryDir, name) {
  const quick = findCardFile(memoryDir, name);
  if (quick !== void 0 || name.includes("/")) return quick;
  let cards;
  try {
    cards = (await readStore(memoryDir)).cards;
  } catch {
    return void 0;
  }
  try {
    return cardsFinder(cards).byName(name);
  } catch (err) {
    throw usageError(err.message);
  }
}
function cardsFinder(cards) {
  return finderOver(
    (f) => cards.has(f),
    () => namesOf(cards),
    () => cards.keys()
  );
}
function finderOver(has2, names, files) {
  const isCard = (f) => f !== INDEX_FILE && f.endsWith(".md") && has2(f);
  let byFrontmatterName;
  let byFoldedStem;
  const one = (name, hits) => {
    if (hits.length > 1) throw new Error(`"${name}" matches ${hits.join(", ")}; name its file instead`);
    return hits[0];
  };
  return {
    byPath: (rel) => {
      const clean = linkKey(rel);
      return has2(clean) ? clean : void 0;
    },
    byName: (name) => {
      if (name.includes("/")) return isCard(name) ? name : void 0;
      const direct = name.endsWith(".md") ? [name] : [`${name}.md`, ...CARD_TYPES.map((t) => `${t}_${name}.md`)];
      const hits = direct.filter(isCard);
      if (hits.length > 0) return one(name, hits);
      byFrontmatterName ??= names();
      const named = topLevelFirst(byFrontmatterName.get(name) ?? []);
      if (named.length > 0 || !files) return one(name, named);
      byFoldedStem ??= foldedStems(files(), isCard);
      const stem = foldStem(name.endsWith(".md") ? name.slice(0, -3) : name);
      return one(name, topLevelFirst([...new Set([stem, ...CARD_TYPES.map((t) => `${t}_${stem}`)].flatMap((k) => byFoldedStem?.get(k) ?? []))]));
    }
  };
}
function topLevelFirst(files) {
  const top = files.filter((f) => !f.includes("/"));
  return top.length > 0 ? top : files;
}
function foldStem(stem) {
  return stem.replace(/-/g, "_");
}
function foldedStems(files, isCard) {
  const out = /* @__PURE__ */ new Map();
  for (const f of files) {
    if (!isCard(f)) continue;
    const key = foldStem(f.slice(f.lastIndexOf("/") + 1, -3));
    out.set(key, [...out.get(key) ?? [], f]);
  }
  return out;
}
function namesOf(cards) {
  const out = /* @__PURE__ */ new Map();
  for (const [file, cf] of cards) {
    const name = cf.card?.frontmatter.name;
    if (file === INDEX_FILE || typeof name !== "string") continue;
    out.set(name, [...out.get(name) ?? [], file]);
  }
  return out;
}
var init_card_links2 = __esm({
  "lib/records/card-links.ts"() {
    "use strict";
    init_card_links();
    init_card_rules();
    init_card();
    init_paths();
    init_read();
    init_safe_path();
    init_card_find();
    init_link_key();
    init_errors();
  }
});

// lib/records/guardrails.ts
function measureStore(base) {
  const usage = { files: 0, bytes: 0 };
  const hold = readHold(base);
  const prefix = Buffer.byteLength(base) + 1;
  const walk = (dir, top) => {
    for (const entry of gone(() => node_fs_default.readdirSync(dir, { withFileTypes: true, encoding: "buffer" })) ?? []) {
      if (top && (entry.name.toString() === STATE_DIR || entry.name.toString() === ".git")) continue;
      const full = Buffer.concat([dir, Buffer.from("/"), entry.name]);
      if (entry.isDirectory()) walk(full, false);
      else if (entry.isFile()) {
        const size = gone(() => node_fs_default.lstatSync(full).size);
        if (size === void 0) continue;
        if (hold?.held(full.subarray(prefix).toString())?.state === "quarantined") continue;
        usage.files++;
        usage.bytes += size;
      }
    }
  };
  walk(Buffer.from(base), true);
  return usage;
}
function gone(read2) {
  try {
    return read2();
  } catch (err) {
    const code = systemCode(err);
    if (code === "ENOENT" || code === "ENOTDIR") return void 0;
    throw err;
  }
}
function checkPathShape(segments, limits, shown) {
  if (segments.length > limits.maxDepth) {
    throw guardrail(`Error: ${shown} is ${segments.length} levels deep; the limit is ${limits.maxDepth}. Use a shallower path.`, {
      limit: "maxDepth",
      value: segments.length,
      max: limits.maxDepth
    });
  }
  for (const segment of segments) {
    const bytes = Buffer.byteLength(segment);
    if (bytes > limits.maxSegmentBytes) {
      throw guardrail(`Error: the name "${segment.slice(0, 40)}\u2026" in ${shown} is ${bytes} bytes; the limit is ${limits.maxSegmentBytes}. Use a shorter name.`, {
        limit: "maxSegmentBytes",
        value: bytes,
        max: limits.maxSegmentBytes
      });
    }
  }
}
function storeLimitsBind(actor) {
  return actor !== "human" && actor !== "system";
}
function checkWrite(base, shown, oldBytes, newBytes, limits, store = true) {
  if (newBytes > limits.maxFileBytes) {
    throw guardrail(`Error: ${shown} would be ${newBytes} bytes; the per-file limit is ${limits.maxFileBytes}. Split it into smaller files.`, {
      limit: "maxFileBytes",
      value: newBytes,
      max: limits.maxFileBytes
    });
  }
  if (!store) return;
  const usage = measureStore(base);
  const files = usage.files + (oldBytes === void 0 ? 1 : 0);
  if (files > limits.maxFiles) {
    throw guardrail(
      `Error: the memory directory would hold ${files} files; the limit is ${limits.maxFiles}. Delete or merge files first, or raise it: ${raiseHint("maxFiles", files)}.`,
      { limit: "maxFiles", value: files, max: limits.maxFiles }
    );
  }
  const total = usage.bytes - (oldBytes ?? 0) + newBytes;
  if (total > limits.maxTotalBytes) {
    throw guardrail(
      `Error: the memory directory would hold ${total} bytes; the limit is ${limits.maxTotalBytes}. Delete or shorten files first, or raise it: ${raiseHint("maxTotalBytes", total)}.`,
      { limit: "maxTotalBytes", value: total, max: limits.maxTotalBytes }
    );
  }
}
function withDefaults(partial = {}) {
  return { ...DEFAULT_GUARDRAILS, ...partial };
}
function configuredGuardrails(io) {
  const set = readConfig(io).value.guardrails;
  const out = {};
  for (const [field, key] of Object.entries(GUARDRAIL_CONFIG_KEYS)) {
    const v = set[key];
    if (v !== void 0) out[field] = v;
  }
  return out;
}
function raiseHint(limit, needed, configFile) {
  return `set [guardrails] ${GUARDRAIL_CONFIG_KEYS[limit]} = ${needed} in ${configFile ?? "memctl's user config"}`;
}
function guardrail(message, data) {
  return new MemctlError(ERROR_CODES.E_GUARDRAIL, message, data);
}
var GUARDRAIL_CONFIG_KEYS, DEFAULT_GUARDRAILS;
var init_guardrails = __esm({
  "lib/records/guardrails.ts"() {
    "use strict";
    init_node_fs();
    init_config();
    init_errors();
    init_read();
    init_hold();
    GUARDRAIL_CONFIG_KEYS = Object.freeze({
      maxDepth: "max_depth",
      maxSegmentBytes: "max_segment_bytes",
      maxFileBytes: "max_file_bytes",
      maxTotalBytes: "max_total_bytes",
      maxFiles: "max_files",
      maxTrashFiles: "max_trash_files",
      maxTrashBytes: "max_trash_bytes",
      maxEpisodesBytes: "max_episodes_bytes",
      maxEpisodesLines: "max_episodes_lines",
      maxRevisionsPerCard: "max_revisions_per_card",
      maxRevisionBytes: "max_revision_bytes"
    });
    DEFAULT_GUARDRAILS = Object.freeze({
      maxDepth: 4,
      maxSegmentBytes: 128,
      maxFileBytes: 100 * 1024,
      maxTotalBytes: 10 * 1024 * 1024,
      maxFiles: 2e3,
      maxTrashFiles: 2e3,
      maxTrashBytes: 10 * 1024 * 1024,
      maxEpisodesBytes: 10 * 1024 * 1024,
      maxEpisodesLines: 2e4,
      maxRevisionsPerCard: 20,
      maxRevisionBytes: 10 * 1024 * 1024
    });
  }
});

// lib/store/history-latest-file.ts
function indexPath(memoryDir) {
  return node_path_default.join(memoryDir, ...HISTORY_LATEST_RELPATH.split("/"));
}
function loadIndex(memoryDir) {
  try {
    const { bytes } = readRegular(indexPath(memoryDir));
    const buffer = bufferView(bytes);
    const nl = buffer.indexOf(10);
    const header = JSON.parse(buffer.toString("utf8", 0, nl));
    const body = nl + 1;
    const { dev, ino, covered, head, tail, n } = header;
    if (header.magic !== MAGIC2 || typeof dev !== "string" || typeof ino !== "string" || typeof head !== "string" || typeof tail !== "string") return void 0;
    if (!Number.isSafeInteger(covered) || !Number.isSafeInteger(n) || body % 4 !== 0 || buffer.length !== body + n * 8) return void 0;
    const pairs = new Uint32Array(buffer.buffer.slice(buffer.byteOffset + body, buffer.byteOffset + buffer.length));
    const headBytes = Buffer.from(head, "base64");
    const tailBytes = Buffer.from(tail, "base64");
    const windows = Math.min(WINDOW, covered);
    if (headBytes.length !== windows || tailBytes.length !== windows) return void 0;
    return { dev, ino, covered, head: headBytes, tail: tailBytes, pairs, onDisk: true };
  } catch {
    return void 0;
  }
}
function saveIndex(memoryDir, index) {
  try {
    let header = JSON.stringify({
      magic: MAGIC2,
      dev: index.dev,
      ino: index.ino,
      covered: index.covered,
      head: index.head.toString("base64"),
      tail: index.tail.toString("base64"),
      n: index.pairs.length / 2
    });
    header += " ".repeat((4 - (Buffer.byteLength(header) + 1) % 4) % 4) + "\n";
    const pairs = Buffer.from(index.pairs.buffer, index.pairs.byteOffset, index.pairs.byteLength);
    realDir(memoryDir, STATE_DIR);
    commitFileSync(indexPath(memoryDir), Buffer.concat([Buffer.from(header, "utf8"), pairs]), { durable: false });
    index.onDisk = true;
  } catch {
  }
}
var HISTORY_LATEST_RELPATH, MAGIC2, WINDOW;
var init_history_latest_file = __esm({
  "lib/store/history-latest-file.ts"() {
    "use strict";
    init_node_path();
    init_checked_fs();
    init_paths();
    init_safe_write();
    init_write();
    init_bytes();
    HISTORY_LATEST_RELPATH = `${STATE_DIR}/history-latest.idx`;
    MAGIC2 = "memctl-history-latest 1";
    WINDOW = 4096;
  }
});

// lib/store/history-latest.ts
function readLatestHistory(memoryDir, cards) {
  const file = historyPath(memoryDir);
  let opened;
  try {
    opened = openRegular(file, { nofollow: true });
  } catch (err) {
    if (systemCode(err) === "ENOENT") return { entries: [], malformed: 0 };
    return wholeRead(memoryDir, cards);
  }
  const { fd } = opened;
  try {
    const st = node_fs_default.fstatSync(fd, { bigint: true });
    const size = Number(st.size);
    const stamp = { dev: String(st.dev), ino: String(st.ino) };
    const disk = indexStamp(memoryDir);
    const mine = held2.get(file);
    const ours = mine !== void 0 && mine.disk === disk;
    let index = trusted(ours ? mine.index : loadIndex(memoryDir), stamp, size, fd);
    let onDisk = index && (ours ? mine.onDisk : index.covered);
    if (index && index.covered < size && !catchUp(index, fd, size)) index = void 0;
    if (!index) {
      index = rebuild(fd, size, stamp);
      onDisk = void 0;
    }
    let entries = lookUp(index, fd, cards);
    if (!entries) {
      index = rebuild(fd, size, stamp);
      onDisk = void 0;
      entries = lookUp(index, fd, cards) ?? [];
    }
    held2.set(file, { index, disk, onDisk });
    return { entries, malformed: 0 };
  } catch {
    held2.delete(file);
    return wholeRead(memoryDir, cards);
  } finally {
    close(fd);
  }
}
function keepHistoryIndex(memoryDir) {
  readLatestHistory(memoryDir, []);
  const mine = held2.get(historyPath(memoryDir));
  if (!mine || mine.index.onDisk || mine.index.covered > OFFSET_MAX) return;
  if (mine.onDisk !== void 0 && mine.index.covered - mine.onDisk <= LAG_MAX) return;
  saveIndex(memoryDir, mine.index);
  mine.disk = indexStamp(memoryDir);
  mine.onDisk = mine.index.covered;
}
function indexStamp(memoryDir) {
  return fileStamp(node_fs_default.statSync(indexPath(memoryDir), { bigint: true, throwIfNoEntry: false }));
}
function wholeRead(memoryDir, cards) {
  const read2 = readCardHistory(memoryDir, cards);
  return { ...read2, entries: [...latestByCard(read2.entries).values()] };
}
function trusted(index, stamp, size, fd) {
  if (!index || index.dev !== stamp.dev || index.ino !== stamp.ino || index.covered > size) return void 0;
  if (!bytesAt(fd, 0, index.head) || !bytesAt(fd, index.covered - index.tail.length, index.tail)) return void 0;
  return index;
}
function bytesAt(fd, position, expected) {
  const got = Buffer.alloc(expected.length);
  return readAt(fd, got, 0, got.length, position) === got.length && got.equals(expected);
}
function catchUp(index, fd, size) {
  if (size - index.covered > CATCH_UP_MAX) return false;
  const bytes = Buffer.alloc(size - index.covered);
  if (readAt(fd, bytes, 0, bytes.length, index.covered) !== bytes.length) return false;
  const end = bytes.lastIndexOf(10) + 1;
  const found = /* @__PURE__ */ new Map();
  const known = (card) => {
    if (!found.has(card)) found.set(card, pairOf(index, fd, card));
    return found.get(card)?.entry.rev ?? 0;
  };
  const latest = [...latestLines(bytes, end, known)];
  for (const [card, l] of latest) {
    const at = found.get(card);
    if (at !== void 0) index.pairs[at.i + 1] = index.covered + l.offset;
  }
  const added = latest.filter(([card]) => found.get(card) === void 0).map(([card, l]) => [hashOf(card), index.covered + l.offset]);
  if (added.length > 0) index.pairs = insertPairs(index.pairs, added);
  index.covered += end;
  index.onDisk = false;
  index.tail = readWindowEnding(fd, index.covered);
  if (index.head.length < WINDOW) index.head = readWindow(fd, 0, Math.min(WINDOW, index.covered));
  return true;
}
function latestLines(bytes, end, known = () => 0) {
  const lines = /* @__PURE__ */ new Map();
  for (let start = 0; start < end; ) {
    const nl = bytes.indexOf(10, start);
    const entry = parseHistoryLine(bytes.toString("utf8", start, nl));
    if (entry) {
      const had = lines.get(entry.card);
      if (had === void 0) lines.set(entry.card, { rev: entry.rev, offset: start });
      else if (had instanceof Map) had.set(entry.rev, start);
      else
        lines.set(
          entry.card,
          /* @__PURE__ */ new Map([
            [had.rev, had.offset],
            [entry.rev, start]
          ])
        );
    }
    start = nl + 1;
  }
  const latest = /* @__PURE__ */ new Map();
  for (const [card, revs] of lines) {
    const from = known(card);
    const byRev = revs instanceof Map ? revs : /* @__PURE__ */ new Map([[revs.rev, revs.offset]]);
    const rev = contiguousTop(byRev, from);
    const offset = byRev.get(rev);
    if (offset !== void 0) latest.set(card, { rev, offset });
  }
  return latest;
}
function rebuild(fd, size, stamp) {
  const bytes = Buffer.alloc(size);
  let got = 0;
  for (let n = -1; got < size && n !== 0; got += n) n = readAt(fd, bytes, got, size - got, got);
  const end = got === 0 ? 0 : bytes.lastIndexOf(10, got - 1) + 1;
  const pairs = [...latestLines(bytes, end)].map(([card, l]) => [hashOf(card), l.offset]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return {
    ...stamp,
    covered: end,
    head: Buffer.from(bytes.subarray(0, Math.min(WINDOW, end))),
    tail: Buffer.from(bytes.subarray(Math.max(0, end - WINDOW), end)),
    pairs: Uint32Array.from(pairs.flat()),
    onDisk: false
  };
}
function lookUp(index, fd, cards) {
  const entries = [];
  for (const card of new Set(cards)) {
    let found;
    const hash = hashOf(card);
    const first = lowerBound2(index.pairs, hash);
    if (first > 0 && index.pairs[first - 2] >= hash || first < index.pairs.length && index.pairs[first] < hash) return void 0;
    for (let i = first; i < index.pairs.length && index.pairs[i] === hash; i += 2) {
      const entry = lineAt(fd, index.pairs[i + 1], index.covered);
      if (!entry) return void 0;
      if (entry.card === card) found = entry;
    }
    if (found) entries.push(found);
  }
  return entries;
}
function pairOf(index, fd, card) {
  const hash = hashOf(card);
  for (let i = lowerBound2(index.pairs, hash); i < index.pairs.length && index.pairs[i] === hash; i += 2) {
    const entry = lineAt(fd, index.pairs[i + 1], index.covered);
    if (!entry) throw new Error("history index: an offset is not a history line");
    if (entry.card === card) return { i, entry };
  }
  return void 0;
}
function lineAt(fd, offset, covered) {
  if (offset >= covered) return void 0;
  const start = offset === 0 ? 0 : offset - 1;
  for (let length = 1024; ; length *= 4) {
    const bytes = Buffer.alloc(Math.min(length, covered - start));
    const got = readAt(fd, bytes, 0, bytes.length, start);
    if (offset > 0 && (got === 0 || bytes[0] !== 10)) return void 0;
    const from = offset === 0 ? 0 : 1;
    const nl = bytes.subarray(0, got).indexOf(10, from);
    if (nl !== -1) return parseHistoryLine(bytes.toString("utf8", from, nl));
    if (got < bytes.length || start + got >= covered) return void 0;
  }
}
function lowerBound2(pairs, hash) {
  return lowerBound(pairs.length / 2, (i) => pairs[i * 2], hash) * 2;
}
function insertPairs(pairs, added) {
  const sorted = [...added].sort((x, y) => x[0] - y[0]);
  const next = new Uint32Array(pairs.length + sorted.length * 2);
  let from = 0;
  let to = 0;
  for (const [hash, offset] of sorted) {
    const at = lowerBound2(pairs, hash);
    next.set(pairs.subarray(from, at), to);
    to += at - from;
    from = at;
    next[to++] = hash;
    next[to++] = offset;
  }
  next.set(pairs.subarray(from), to);
  return next;
}
function hashOf(card) {
  let h = 2166136261;
  for (let i = 0; i < card.length; i++) h = Math.imul(h ^ card.charCodeAt(i), 16777619);
  return h >>> 0;
}
function readWindow(fd, position, length) {
  const bytes = Buffer.alloc(length);
  return bytes.subarray(0, readAt(fd, bytes, 0, length, position));
}
function readWindowEnding(fd, end) {
  return readWindow(fd, Math.max(0, end - WINDOW), Math.min(WINDOW, end));
}
var CATCH_UP_MAX, LAG_MAX, OFFSET_MAX, held2;
var init_history_latest = __esm({
  "lib/store/history-latest.ts"() {
    "use strict";
    init_node_fs();
    init_errors();
    init_line_edits();
    init_history();
    init_checked_fs();
    init_history_latest_file();
    CATCH_UP_MAX = 4 * 1024 * 1024;
    LAG_MAX = 16 * 1024;
    OFFSET_MAX = 4294967295;
    held2 = /* @__PURE__ */ new Map();
  }
});

// lib/records/proposal-shape.ts
function isProposalId(id) {
  return typeof id === "string" && ID.test(id);
}
function proposalShapeProblem(v) {
  if (!isObject(v)) return "not an object";
  const { card, provenance, merged } = v;
  const fields = [
    // Printed for the owner to paste into review / accept / reject: only the shape memctl makes.
    ["id", isProposalId(v.id)],
    ["seq", v.seq === void 0 || Number.isSafeInteger(v.seq)],
    ["status", optStr(v.status)],
    ["proposer", str2(v.proposer)],
    ["created_at", str2(v.created_at)],
    ["source", str2(v.source)],
    ["provenance", isObject(provenance) && str2(provenance.kind) && optStr(provenance.source) && (provenance.confidence === void 0 || Number.isFinite(provenance.confidence))],
    ["card", isObject(card) && str2(card.name) && optStr(card.type) && optStr(card.description) && optStr(card.body)],
    ["card.topics", !isObject(card) || optStrings(card.topics)],
    ["card.recall", !isObject(card) || optStrings(card.recall)],
    ["card.scope", !isObject(card) || optStrings(card.scope)],
    ["target", v.target === void 0 || strOrNull(v.target)],
    ["base_sha256", v.base_sha256 === void 0 || strOrNull(v.base_sha256)],
    ["merged", merged === void 0 || Array.isArray(merged) && merged.every((m4) => isObject(m4) && str2(m4.id) && str2(m4.proposer) && str2(m4.source) && str2(m4.created_at))]
  ];
  const bad = fields.find(([, ok]) => !ok);
  return bad ? `not a proposal: its ${bad[0]} is not as memctl writes it` : void 0;
}
var ID, str2, optStr, strOrNull, optStrings, isObject;
var init_proposal_shape = __esm({
  "lib/records/proposal-shape.ts"() {
    "use strict";
    ID = /^p-\d{8}T\d{6}Z-[0-9a-f]{6}$/;
    str2 = (v) => typeof v === "string";
    optStr = (v) => v === void 0 || str2(v);
    strOrNull = (v) => v === null || str2(v);
    optStrings = (v) => v === void 0 || Array.isArray(v) && v.every(str2);
    isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
  }
});

// lib/records/proposal-files.ts
async function archiveProposal(memoryDir, decided, event) {
  ensureDirs(memoryDir);
  await commitFile(node_path_default.join(memoryDir, ARCHIVE_DIR, `${decided.id}.json`), JSON.stringify(decided, null, 2) + "\n");
  node_fs_default.rmSync(proposalPath(memoryDir, decided.id), { force: true });
  logEvent(memoryDir, { event: decided.status, id: decided.id, ...event });
}
function logEvent(memoryDir, event) {
  ensureStateDir(memoryDir);
  appendLine(node_path_default.join(memoryDir, PROPOSALS_LOG), JSON.stringify(event) + "\n");
}
function proposalPath(memoryDir, id) {
  if (!isProposalId(id)) throw usageError(`"${id}" is not a proposal id (p-YYYYMMDDTHHMMSSZ-xxxxxx)`);
  return node_path_default.join(memoryDir, PROPOSALS_DIR, `${id}.json`);
}
function ensureDirs(memoryDir) {
  realDir(memoryDir, ARCHIVE_DIR);
}
function newProposalId(now) {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  return `p-${stamp}-${(0, import_node_crypto.randomBytes)(3).toString("hex")}`;
}
var import_node_crypto, PROPOSALS_DIR, ARCHIVE_DIR, PROPOSALS_LOG;
var init_proposal_files = __esm({
  "lib/records/proposal-files.ts"() {
    "use strict";
    import_node_crypto = require("node:crypto");
    init_node_fs();
    init_node_path();
    init_errors();
    init_history();
    init_lock();
    init_paths();
    init_safe_write();
    init_write();
    init_proposal_shape();
    PROPOSALS_DIR = `${STATE_DIR}/proposals`;
    ARCHIVE_DIR = `${PROPOSALS_DIR}/archive`;
    PROPOSALS_LOG = `${STATE_DIR}/proposals-log.jsonl`;
  }
});

// lib/store/write-journal.ts
function indexStamp2(memoryDir) {
  const s = statIfExists(joinPath(memoryDir, INDEX_FILE));
  return s ? [s.size, s.mtimeMs, s.ino, s.ctimeMs] : null;
}
function dirStamps(memoryDir, cards) {
  const rels = /* @__PURE__ */ new Set([""]);
  for (const card of cards) {
    const dir = node_path_default.posix.dirname(card);
    if (dir !== ".") rels.add(dir);
  }
  return [...rels].map((rel) => [rel, statIfExists(rel === "" ? memoryDir : node_path_default.join(memoryDir, rel))?.mtimeMs ?? -1]);
}
function appendJournal(memoryDir, records) {
  if (records.length === 0) return;
  try {
    const dir = realDir(memoryDir, STATE_DIR);
    const file = node_path_default.join(dir, WRITE_JOURNAL);
    const text = records.map((r) => `${JSON.stringify(r)}
`).join("");
    if ((statIfExists(file)?.size ?? 0) > JOURNAL_MAX_BYTES) replaceFile(file, text, `${file}.${process.pid}.tmp`);
    else appendBytes(file, Buffer.from(text, "utf8"));
  } catch {
  }
}
var WRITE_JOURNAL, JOURNAL_MAX_BYTES;
var init_write_journal = __esm({
  "lib/store/write-journal.ts"() {
    "use strict";
    init_node_path();
    init_index_edit();
    init_checked_fs();
    init_safe_write();
    init_paths();
    WRITE_JOURNAL = "writes.jsonl";
    JOURNAL_MAX_BYTES = 256 * 1024;
  }
});

// lib/store/machine-id.ts
function idPath(memoryDir) {
  return node_path_default.join(memoryDir, ...MACHINE_ID_RELPATH.split("/"));
}
function readMachineId(memoryDir) {
  try {
    const id = readRegularUtf8(idPath(memoryDir), 4096, { nofollow: true }).trim();
    return ID2.test(id) ? id : void 0;
  } catch (err) {
    if (systemCode(err) === "ENOENT" || refusedRead(err)) return void 0;
    throw err;
  }
}
async function ensureMachineId(memoryDir) {
  const existing = readMachineId(memoryDir);
  if (existing) return existing;
  const id = (0, import_node_crypto2.randomBytes)(16).toString("hex");
  await commitFile(idPath(memoryDir), `${id}
`);
  return id;
}
var import_node_crypto2, MACHINE_ID_RELPATH, ID2;
var init_machine_id = __esm({
  "lib/store/machine-id.ts"() {
    "use strict";
    import_node_crypto2 = require("node:crypto");
    init_node_path();
    init_errors();
    init_checked_fs();
    init_paths();
    init_write();
    MACHINE_ID_RELPATH = `${STATE_DIR}/machine-id`;
    ID2 = /^[0-9a-f]{32}$/;
  }
});

// lib/core/index-place.ts
function placeIndexLineBytes(index, file, line, place) {
  if (findIndexLine(index, file)) return void 0;
  const eol = Buffer.from(index.includes("\r\n") ? "\r\n" : "\n");
  const above = place.after === void 0 ? void 0 : findIndexLine(index, place.after);
  const at = above ? nextLine(index, above.end) : place.before === void 0 ? void 0 : findIndexLine(index, place.before)?.start;
  if (at === void 0) return void 0;
  return Buffer.concat([index.subarray(0, at), Buffer.from(line, "utf8"), eol, index.subarray(at)]);
}
function nextLine(index, end) {
  const nl = index.indexOf(10, end);
  return nl === -1 || nl + 1 >= index.length ? nl === -1 ? void 0 : index.length : nl + 1;
}
var init_index_place = __esm({
  "lib/core/index-place.ts"() {
    "use strict";
    init_index_bytes();
    init_index_find();
    init_index_file();
    init_link_key();
  }
});

// lib/records/intent-check.ts
function pathProblems(memoryDir, rel, what2) {
  if (typeof rel !== "string" || rel === "") return [`${what2} is not a path`];
  const lexical = lexicalProblem(rel);
  if (lexical) return [`${what2} ${JSON.stringify(rel)}: ${lexical}`];
  if (rel.startsWith("/")) return [`${what2} ${JSON.stringify(rel)} is absolute`];
  const first = rel.split("/")[0];
  if (first === STATE_DIR || first.startsWith(".git") || rel === INDEX_FILE)
    return [`${what2} ${JSON.stringify(rel)} is ${first === STATE_DIR ? "memctl's own state" : rel === INDEX_FILE ? "the index, edited only through an index step" : "git's"}`];
  try {
    resolveMemoryPath(memoryDir, rel);
  } catch (err) {
    return [`${what2} ${JSON.stringify(rel)}: ${err instanceof MemctlError ? err.message.replace(/^Error: /, "") : String(err)}`];
  }
  return [];
}
function trashProblems(rel) {
  if (rel === void 0) return [];
  if (typeof rel !== "string" || !rel.startsWith(TRASH_PREFIX)) return [`trash target ${JSON.stringify(rel)} is not under ${TRASH_PREFIX}`];
  const name = rel.slice(TRASH_PREFIX.length);
  if (name === "" || name.includes("/") || name === "." || name === ".." || lexicalProblem(name)) return [`trash target ${JSON.stringify(rel)} is not one file name`];
  return [];
}
function entryProblems(entry, card, at) {
  if (entry === null) return [];
  if (typeof entry !== "object" || Array.isArray(entry)) return [`${at}: history entry is not an object`];
  const e = entry;
  const ok = Number.isInteger(e.rev) && e.rev >= 1 && e.card === card && HISTORY_OPS.includes(e.op) && typeof e.actor === "string" && isValidActor(e.actor) && typeof e.at === "string" && (e.sha256 === null || typeof e.sha256 === "string" && SHA.test(e.sha256)) && Number.isInteger(e.bytes);
  return ok ? [] : [`${at}: history entry is malformed or names another card`];
}
function intentProblems(memoryDir, raw, machineId) {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return ["the intent is not a JSON object"];
  const o = raw;
  const problems = [];
  if (machineId === void 0 || o.writer !== machineId) problems.push("it was not written on this machine (it arrived from elsewhere, e.g. through a sync)");
  if (!Array.isArray(o.changes) || o.changes.length === 0) return [...problems, "it lists no changes"];
  for (const [i, change] of o.changes.entries()) {
    const at = `change ${i + 1}`;
    if (change === null || typeof change !== "object") {
      problems.push(`${at} is not an object`);
      continue;
    }
    const c = change;
    problems.push(...pathProblems(memoryDir, c.card, `${at} path`));
    if (!(c.before === null || typeof c.before === "string" && SHA.test(c.before))) problems.push(`${at}: "before" is not a sha256 or null`);
    if (!(c.content === null || typeof c.content === "string")) problems.push(`${at}: "content" is not base64 text or null`);
    problems.push(...trashProblems(c.trash));
    if (c.index !== void 0) {
      const index = c.index;
      if (index === null || typeof index !== "object") problems.push(`${at}: "index" is not an object`);
      else {
        if (!(index.line === null || typeof index.line === "string" && !/[\r\n]/.test(index.line))) problems.push(`${at}: the index line is not one line`);
        if (index.from !== void 0) problems.push(...pathProblems(memoryDir, index.from, `${at} renamed-from path`));
        if (index.place !== void 0 && !isPlace(index.place)) problems.push(`${at}: the index line's place is not one or two card names`);
      }
    }
    problems.push(...entryProblems(c.entry, typeof c.card === "string" ? c.card : "", at));
  }
  if (o.archive !== void 0 && !isProposalId(o.archive?.proposal?.id)) problems.push("the proposal it archives has no valid id");
  return problems;
}
function isPlace(place) {
  if (place === null || typeof place !== "object" || Array.isArray(place)) return false;
  const p = place;
  return Object.keys(p).every((k) => (k === "after" || k === "before") && typeof p[k] === "string" && !/[\r\n]/.test(p[k]));
}
var SHA, TRASH_PREFIX;
var init_intent_check = __esm({
  "lib/records/intent-check.ts"() {
    "use strict";
    init_history();
    init_safe_path();
    init_paths();
    init_errors();
    init_proposal_files();
    SHA = /^[0-9a-f]{64}$/;
    TRASH_PREFIX = `${STATE_DIR}/trash/`;
  }
});

// lib/records/intent-file.ts
function intentPath(memoryDir) {
  return node_path_default.join(memoryDir, ...INTENT_RELPATH.split("/"));
}
function serializeIntent(intent) {
  return JSON.stringify({ ...intent, changes: intent.changes.map(({ previous: _p, ...c }) => ({ ...c, content: c.content === null ? null : c.content.toString("base64") })) }) + "\n";
}
function clearIntent(memoryDir) {
  node_fs_default.rmSync(intentPath(memoryDir), { force: true });
  syncDirectory(node_path_default.dirname(intentPath(memoryDir)));
}
function inspectIntent(memoryDir) {
  let text;
  try {
    text = readRegularUtf8(intentPath(memoryDir), DEFAULT_READ_CAP, { nofollow: true });
  } catch (err) {
    const code = systemCode(err);
    if (code === "ENOENT") return { state: "none" };
    if (code === "ELOOP" || code === NOT_REGULAR) throw notRealError(INTENT_RELPATH, "file", code === "ELOOP" ? node_fs_default.constants.S_IFLNK : void 0);
    throw err;
  }
  return judgeIntent(memoryDir, text);
}
function judgeIntent(memoryDir, text) {
  let raw;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { state: "refused", problems: [`it does not parse: ${err.message}`], text };
  }
  const problems = intentProblems(memoryDir, raw, readMachineId(memoryDir));
  if (problems.length > 0) return { state: "refused", problems, text };
  const parsed = raw;
  return { state: "ours", intent: { ...parsed, changes: parsed.changes.map((c) => ({ ...c, content: c.content === null ? null : Buffer.from(c.content, "base64") })) } };
}
function readIntent(memoryDir) {
  const found = inspectIntent(memoryDir);
  return found.state === "ours" ? found.intent : void 0;
}
async function quarantineIntent(memoryDir, text) {
  const dir = realDir(memoryDir, ...QUARANTINE_RELDIR.split("/"));
  await commitFile(node_path_default.join(dir, `intent-${sha256Hex(text).slice(0, 16)}.json`), text);
  clearIntent(memoryDir);
}
var INTENT_RELPATH, QUARANTINE_RELDIR;
var init_intent_file = __esm({
  "lib/records/intent-file.ts"() {
    "use strict";
    init_node_fs();
    init_node_path();
    init_errors();
    init_checked_fs();
    init_history();
    init_machine_id();
    init_paths();
    init_safe_write();
    init_write();
    init_intent_check();
    INTENT_RELPATH = `${STATE_DIR}/intent.json`;
    QUARANTINE_RELDIR = `${STATE_DIR}/quarantine`;
  }
});

// lib/records/commit.ts
async function withRecordsLock(ctx, fn) {
  return withStoreLock(
    ctx.memoryDir,
    async () => {
      assertIndexRegular(ctx.memoryDir);
      await recoverIntent(ctx.memoryDir, ctx.commit);
      return fn();
    },
    { timeoutMs: ctx.lockTimeoutMs }
  );
}
async function commitIntent(memoryDir, intent, commit, history) {
  await writeIntent(memoryDir, intent);
  await applyIntent(memoryDir, intent, commit, history);
  clearIntent(memoryDir);
}
async function writeIntent(memoryDir, intent) {
  ensureStateDir(memoryDir);
  assertHistoryWritable(memoryDir);
  assertIndexRegular(memoryDir);
  const writer = await ensureMachineId(memoryDir);
  await commitFile(intentPath(memoryDir), serializeIntent({ ...intent, writer }));
}
async function recoverIntent(memoryDir, commit) {
  const found = inspectIntent(memoryDir);
  if (found.state === "none") return false;
  const dirs = found.state === "ours" ? found.intent.changes.map((c) => node_path_default.dirname(node_path_default.join(memoryDir, c.card))) : [];
  for (const dir of /* @__PURE__ */ new Set([memoryDir, ...dirs])) sweepDeadTemps(dir);
  if (found.state === "refused") {
    await quarantineIntent(memoryDir, found.text);
    return false;
  }
  const intent = found.intent;
  const first = intent.changes[0];
  const committed = first !== void 0 && shaOf(node_path_default.join(memoryDir, first.card)) === targetOf(first);
  if (committed) await applyIntent(memoryDir, intent, commit, void 0, true);
  clearIntent(memoryDir);
  return committed;
}
async function applyIntent(memoryDir, intent, commit, known, recovering = false) {
  const history = known ? [...known] : readLatestHistory(
    memoryDir,
    intent.changes.map((c) => c.card)
  ).entries;
  const journal = [];
  for (const change of intent.changes) {
    const indexBefore = indexStamp2(memoryDir);
    const abs = node_path_default.join(memoryDir, change.card);
    const current = shaOf(abs);
    const target = targetOf(change);
    if (current !== target) {
      if (current !== change.before) continue;
      if (change.content !== null) await commitFile(abs, change.content, { ...commit, sweep: false });
      else if (change.trash) node_fs_default.renameSync(abs, node_path_default.join(memoryDir, change.trash));
      else node_fs_default.rmSync(abs, { force: true });
      syncDirectory(node_path_default.dirname(abs));
    }
    const edit = change.index ? await editIndex(memoryDir, change.card, change.index, commit, recovering) : void 0;
    const cards = change.index?.from !== void 0 && change.index.from !== change.card ? [change.card, change.index.from] : [change.card];
    journal.push({ i: indexBefore, o: indexStamp2(memoryDir), ...edit, c: cards, d: dirStamps(memoryDir, cards) });
    const recorded = latestByCard(history).get(change.card);
    if (change.entry && !(recorded && recorded.rev >= change.entry.rev)) {
      appendHistory(memoryDir, change.entry);
      history.push(change.entry);
    }
  }
  if (intent.changes.some((c) => c.entry)) keepHistoryIndex(memoryDir);
  appendJournal(memoryDir, journal);
  const archive = intent.archive;
  if (archive && node_fs_default.existsSync(proposalPath(memoryDir, archive.proposal.id))) await archiveProposal(memoryDir, archive.proposal, archive.event);
}
async function editIndex(memoryDir, card, edit, commit, recovering = false) {
  const file = node_path_default.join(memoryDir, INDEX_FILE);
  if (edit.line !== null && edit.from === void 0 && edit.place === void 0 && node_fs_default.existsSync(file)) {
    const streamed = await upsertIndexLineStreamed(file, card, edit.line, commit, { recovering });
    if (streamed) return !streamed.changed ? {} : streamed.edit ? { e: [streamed.edit.at, streamed.edit.removed, streamed.edit.inserted] } : { x: 1 };
  }
  const from = fileStamp(node_fs_default.statSync(file, { bigint: true, throwIfNoEntry: false }));
  let before;
  try {
    before = readRegularMemo(file);
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
    if (edit.line === null) return {};
    before = Buffer.from(EMPTY_INDEX, "utf8");
  }
  const created = !node_fs_default.existsSync(file);
  const placed = edit.line !== null && edit.place ? placeIndexLineBytes(before, card, edit.line, edit.place) : void 0;
  const replaced = edit.line !== null && edit.from === void 0 && !created && !placed ? upsertIndexLinePieces(before, card, edit.line) : void 0;
  if (replaced) {
    if (!replaced.changed) return {};
    await commitFile(file, replaced.pieces, { ...commit, sweep: false });
    return replaced.edit ? { e: [replaced.edit.at, replaced.edit.removed, replaced.edit.inserted] } : { x: 1 };
  }
  let next;
  if (placed) next = placed;
  else if (edit.line === null) next = removeIndexLinesBytes(before, card).bytes;
  else {
    const link = edit.from !== void 0 && !indexHasBytes(before, card) && indexHasBytes(before, edit.from) ? edit.from : card;
    next = upsertIndexLineBytes(before, link, edit.line);
    if (edit.from !== void 0 && edit.from !== card) next = removeIndexLinesBytes(next, edit.from).bytes;
  }
  if (!created && next.equals(before)) return {};
  await commitFile(file, next, { ...commit, sweep: false });
  const lines = created ? void 0 : indexLineEdit(before, next);
  if (lines) noteRewrite(file, from, before, next, lines);
  return lines ? { e: [lines.at, lines.removed, lines.inserted] } : { x: 1 };
}
function targetOf(change) {
  return change.content === null ? null : sha256Hex(change.content);
}
function shaOf(abs) {
  try {
    return node_fs_default.lstatSync(abs).isFile() ? sha256Hex(node_fs_default.readFileSync(abs)) : null;
  } catch (err) {
    if (systemCode(err) === "ENOENT") return null;
    throw err;
  }
}
var init_commit = __esm({
  "lib/records/commit.ts"() {
    "use strict";
    init_node_fs();
    init_node_path();
    init_errors();
    init_history();
    init_history_latest();
    init_lock();
    init_proposal_files();
    init_index_edit();
    init_write_journal();
    init_paths();
    init_write();
    init_checked_fs();
    init_index_names2();
    init_index_stream();
    init_safe_write();
    init_machine_id();
    init_index_place();
    init_intent_file();
  }
});

// lib/records/secrets.ts
function secretPolicy(io) {
  return { allow: readConfig(io).value.secrets?.allow ?? [] };
}
function loadScanner() {
  return scanner ??= (async () => {
    const [{ lintSource }, { creator }, pattern] = await Promise.all([
      import("./vendor/@secretlint/core.js"),
      import("./vendor/@secretlint/secretlint-rule-preset-recommend.js"),
      import("./vendor/@secretlint/secretlint-rule-pattern.js")
    ]);
    const config = {
      rules: [
        {
          id: pattern.creator.meta.id,
          rule: pattern.creator,
          options: { patterns: extraRules().map((r) => ({ name: r.kind, patterns: [`/${r.source}/`] })) }
        },
        {
          id: creator.meta.id,
          rule: creator,
          rules: [
            // Access key ids alone are worth refusing too (the preset scans only the secret key by default).
            { id: "@secretlint/secretlint-rule-aws", options: { enableIDScanRule: true } },
            // "secretlint-disable" comments in the text itself would let a writer switch the scan off: the only escape is the user's allow-list.
            { id: "@secretlint/secretlint-rule-filter-comments", disabled: true }
          ]
        }
      ]
    };
    return async (text) => {
      const result = await lintSource({ source: { filePath: "/memory.md", content: text, contentType: "text" }, options: { config, noPhysicFilePath: true } });
      return result.messages;
    };
  })();
}
async function warmSecretScan(input) {
  if (input === void 0 || mayHoldSecret(input)) await loadScanner();
}
async function findSecrets(text, policy = NO_ALLOW) {
  if (!mayHoldSecret(text)) return [];
  const messages = await (await loadScanner())(text);
  const allow = policy.allow.map((a) => isRegexEntry(a) ? allowRegex(a) : a);
  const found = [];
  for (const m4 of messages) {
    if (m4.messageId === "PrivateKeyJSON" && messages.length > 1) continue;
    const extra = m4.ruleId === PATTERN_RULE ? String(m4.data?.PATTERN_NAME) : void 0;
    const [start, end] = extra ? [m4.range[0], m4.range[1]] : urlPassword(text, locate(text, m4.range, m4.data));
    const secret = text.slice(start, end);
    const kind = extra ?? kebab(m4.messageId);
    if (isPlaceholderSecret(secret, kind)) continue;
    if (allow.some((a) => typeof a === "string" ? a === secret : a.test(secret))) continue;
    found.push({ kind, rule: m4.ruleId, start, end, line: lineOf2(text, start), masked: maskSecret(secret) });
  }
  const overlaps = (f, g) => f !== g && f.start < g.end && g.start < f.end;
  const named = found.filter((f) => !GENERIC_KINDS.has(f.kind) || !found.some((g) => !GENERIC_KINDS.has(g.kind) && overlaps(f, g)));
  named.sort((a, b) => a.start - b.start || b.end - a.end);
  return named.filter((f, i) => !named.slice(0, i).some((g) => f.start < g.end));
}
async function assertNoSecrets(text, policy, what2) {
  const found = await findSecrets(text, policy);
  if (found.length === 0) return;
  const spans = found.map((f) => `  line ${f.line}: ${f.masked} (${f.kind})`).join("\n");
  throw new MemctlError(
    ERROR_CODES.E_SECRET,
    `refused: ${what2} contains ${found.length === 1 ? "what looks like a secret" : `${found.length} spans that look like secrets`}; memory is injected into every later session, so nothing was written.
${spans}
Remove it (keep the secret in a secret manager or an untracked env file, and note only where it lives). If it is not a secret, allow it in the user config: [secrets] allow = ["<the exact string>"] or a "/regex/".`,
    { secrets: found.map(({ kind, rule, line, masked }) => ({ kind, rule, line, masked })) }
  );
}
function maskSecret(secret) {
  const chars = [...secret];
  const keep3 = chars.length >= 16 ? 4 : chars.length > 8 ? 2 : 0;
  return chars.slice(0, keep3).join("") + "*".repeat(chars.length - 2 * keep3) + (keep3 ? chars.slice(-keep3).join("") : "");
}
function locate(text, range, data) {
  const values = Object.values(data ?? {}).filter((v) => typeof v === "string" && v.length >= 8);
  for (const value of values.sort((a, b) => b.length - a.length)) {
    let at = text.indexOf(value, range[0]);
    if (at < 0 || at > range[1]) at = text.lastIndexOf(value, range[1]);
    if (at >= 0) return [at, at + value.length];
  }
  return [range[0], range[1]];
}
function urlPassword(text, [start, end]) {
  const m4 = /^[A-Za-z][A-Za-z0-9+.:-]{1,20}:\/\/[^:/\s@]{1,256}:([^@/\s]{1,256})@/.exec(text.slice(start, end));
  if (!m4) return [start, end];
  const at = start + m4[0].length - 1 - m4[1].length;
  return [at, at + m4[1].length];
}
function kebab(id) {
  return KINDS[id] ?? id.replace(/_/g, "-").replace(/([A-Z]+)([A-Z][a-z])/g, "$1-$2").replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
}
function lineOf2(text, index) {
  let line = 1;
  for (let i = text.indexOf("\n"); i >= 0 && i < index; i = text.indexOf("\n", i + 1)) line++;
  return line;
}
var NO_ALLOW, PATTERN_RULE, GENERIC_KINDS, scanner, KINDS;
var init_secrets = __esm({
  "lib/records/secrets.ts"() {
    "use strict";
    init_config();
    init_errors();
    init_secret_patterns();
    init_secret_rules();
    NO_ALLOW = { allow: [] };
    PATTERN_RULE = "@secretlint/secretlint-rule-pattern";
    GENERIC_KINDS = /* @__PURE__ */ new Set(["credential-assignment", "url-password", "authorization-header"]);
    KINDS = { PostgreSQLConnection: "postgresql-connection", MySQLConnection: "mysql-connection", MongoDBConnection: "mongodb-connection" };
  }
});

// lib/core/frecency.ts
function utcDay(moment) {
  return utcIso(moment).slice(0, 10);
}
function utcIso(moment) {
  const y = moment.getUTCFullYear();
  if (!(y >= 0 && y <= 9999)) return moment.toISOString();
  const two = (n) => n < 10 ? `0${n}` : `${n}`;
  const ms = moment.getUTCMilliseconds();
  return `${String(y).padStart(4, "0")}-${two(moment.getUTCMonth() + 1)}-${two(moment.getUTCDate())}T${two(moment.getUTCHours())}:${two(moment.getUTCMinutes())}:${two(moment.getUTCSeconds())}.${ms < 10 ? "00" : ms < 100 ? "0" : ""}${ms}Z`;
}
var init_frecency = __esm({
  "lib/core/frecency.ts"() {
    "use strict";
  }
});

// lib/store/revisions.ts
function revisionsDir(memoryDir) {
  return node_path_default.join(memoryDir, ...REVISIONS_RELDIR.split("/"));
}
function revisionPath(memoryDir, sha) {
  return SHA2.test(sha) ? node_path_default.join(revisionsDir(memoryDir), sha.slice(0, 2), sha) : void 0;
}
function readRevision(memoryDir, sha) {
  const file = sha === null ? void 0 : revisionPath(memoryDir, sha);
  if (file === void 0) return { state: "absent" };
  let bytes;
  try {
    bytes = Buffer.from(readRegularBytes(file, READ_CAP, { nofollow: true }));
  } catch (err) {
    const code = systemCode(err);
    if (code === "ENOENT" || code === "ENOTDIR") return { state: "absent" };
    return { state: "error", reason: `${node_path_default.relative(memoryDir, file)}: ${err.message}` };
  }
  if (sha256Hex(bytes) !== sha) return { state: "corrupt", reason: `${node_path_default.relative(memoryDir, file)} does not hash to its name (damaged or altered); it is not used` };
  return { state: "kept", bytes };
}
async function keepRevisions(memoryDir, pending2, limits) {
  const fresh = textsToWrite(memoryDir, pending2);
  try {
    for (const { file, content } of fresh) await commitFile(file, content);
  } catch (err) {
    for (const dir of new Set(fresh.map(({ file }) => node_path_default.dirname(file)))) {
      try {
        node_fs_default.rmdirSync(dir);
      } catch {
      }
    }
    throw err;
  }
  pruneRevisions(memoryDir, pending2, limits);
}
function textsToWrite(memoryDir, pending2) {
  const out = /* @__PURE__ */ new Map();
  for (const { entry, content } of pending2) {
    if (!entry?.sha256 || content === null) continue;
    const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
    const file = revisionPath(memoryDir, entry.sha256);
    if (file === void 0 || out.has(file) || sha256Hex(bytes) !== entry.sha256) continue;
    if (readRevision(memoryDir, entry.sha256).state === "kept") continue;
    realDir(memoryDir, REVISIONS_RELDIR, entry.sha256.slice(0, 2));
    out.set(file, bytes);
  }
  return [...out].map(([file, content]) => ({ file, content }));
}
function revisionsToKeep(history, limits) {
  const byCard = /* @__PURE__ */ new Map();
  history.forEach((entry, order) => {
    if (!entry.sha256 || !SHA2.test(entry.sha256)) return;
    const list = byCard.get(entry.card) ?? [];
    list.push({ entry, order });
    byCard.set(entry.card, list);
  });
  const keep3 = /* @__PURE__ */ new Set();
  const older = [];
  for (const list of byCard.values()) {
    list.sort((a, b) => b.entry.rev - a.entry.rev || b.order - a.order);
    keep3.add(list[0].entry.sha256);
    for (const { entry, order } of list.slice(1, Math.max(1, limits.maxRevisionsPerCard))) older.push({ sha: entry.sha256, bytes: entry.bytes, at: entry.at, order });
  }
  older.sort((a, b) => a.at < b.at ? 1 : a.at > b.at ? -1 : b.order - a.order);
  let total = 0;
  for (const o of older) {
    if (keep3.has(o.sha)) continue;
    if (total + o.bytes > limits.maxRevisionBytes) break;
    total += o.bytes;
    keep3.add(o.sha);
  }
  return keep3;
}
function pruneDue(memoryDir, step = PRUNE_STEP) {
  const size = lstatIfExists(historyPath(memoryDir))?.size ?? 0;
  return size < step || size % step < PRUNE_WINDOW;
}
function pruneRevisions(memoryDir, pending2, limits, always = false) {
  if (!always && !pruneDue(memoryDir)) return 0;
  const history = readHistory(memoryDir);
  if (history.error || history.malformed > 0) return 0;
  const keep3 = revisionsToKeep(history.entries, limits);
  for (const p of pending2) if (p.entry?.sha256) keep3.add(p.entry.sha256);
  const root = revisionsDir(memoryDir);
  if (!lstatIfExists(root)?.isDirectory()) return 0;
  let removed = 0;
  for (const bucket of node_fs_default.readdirSync(root)) {
    const dir = node_path_default.join(root, bucket);
    if (!BUCKET.test(bucket) || !lstatIfExists(dir)?.isDirectory()) continue;
    for (const name of node_fs_default.readdirSync(dir)) {
      if (!SHA2.test(name) || name.slice(0, 2) !== bucket || keep3.has(name)) continue;
      node_fs_default.rmSync(node_path_default.join(dir, name), { force: true });
      removed++;
    }
  }
  return removed;
}
var REVISIONS_RELDIR, SHA2, BUCKET, READ_CAP, PRUNE_STEP, PRUNE_WINDOW;
var init_revisions = __esm({
  "lib/store/revisions.ts"() {
    "use strict";
    init_node_fs();
    init_node_path();
    init_errors();
    init_sha256();
    init_checked_fs();
    init_history();
    init_paths();
    init_safe_write();
    init_write();
    REVISIONS_RELDIR = `${STATE_DIR}/revisions`;
    SHA2 = /^[0-9a-f]{64}$/;
    BUCKET = /^[0-9a-f]{2}$/;
    READ_CAP = 16 * 1024 * 1024;
    PRUNE_STEP = 1024 * 1024;
    PRUNE_WINDOW = 1024;
  }
});

// lib/records/adopt-first.ts
function unrecordedEntry(ctx, latest, file, before) {
  if (before === void 0 || latest !== void 0 && latest.sha256 === sha256Hex(before)) return void 0;
  return { ...makeEntry([], file, "adopt", ctx.actor, ctx.now, before), rev: (latest?.rev ?? 0) + 1 };
}
function writeEntry(entries, file, op, ctx, content, previous) {
  const entry = makeEntry(entries, file, op, ctx.actor, ctx.now, content);
  const unrecorded = previous !== void 0 && (content === null || !previous.equals(content)) && lastSha(entries, file) !== sha256Hex(previous);
  return unrecorded ? { ...entry, rev: entry.rev + 1 } : entry;
}
function lastSha(entries, file) {
  let latest;
  for (const e of entries) if (e.card === file && (!latest || e.rev >= latest.rev)) latest = e;
  return latest?.sha256;
}
function adoptionsFor(ctx, changes, latest) {
  const out = [];
  for (const change of changes) {
    const { entry, before } = change;
    if (!entry || before === null || change.content !== null && sha256Hex(change.content) === before) continue;
    const last = latest.get(change.card);
    if (last?.sha256 === before) continue;
    const bytes = change.previous ?? readIfFile(node_path_default.join(ctx.memoryDir, change.card));
    if (bytes === void 0 || sha256Hex(bytes) !== before) continue;
    const adopt = unrecordedEntry(ctx, last, change.card, bytes);
    if (entry.rev <= adopt.rev) entry.rev = adopt.rev + 1;
    out.push({ entry: adopt, content: bytes });
  }
  return out;
}
async function recordAdopted(ctx, adopted) {
  if (adopted.length === 0) return;
  await keepRevisions(ctx.memoryDir, adopted, withDefaults(ctx.guardrails));
  realDir(ctx.memoryDir, STATE_DIR);
  appendLine(historyPath(ctx.memoryDir), adopted.map((a) => JSON.stringify(a.entry) + "\n").join(""));
}
function readIfFile(abs) {
  try {
    return node_fs_default.lstatSync(abs).isFile() ? node_fs_default.readFileSync(abs) : void 0;
  } catch {
    return void 0;
  }
}
var init_adopt_first = __esm({
  "lib/records/adopt-first.ts"() {
    "use strict";
    init_node_fs();
    init_node_path();
    init_history();
    init_revisions();
    init_safe_write();
    init_paths();
    init_guardrails();
  }
});

// lib/records/interrupted.ts
async function commitIntentReported(memoryDir, intent, commit, history) {
  try {
    await commitIntent(memoryDir, intent, commit, history);
  } catch (err) {
    throw interruptedWrite(memoryDir, intent, err) ?? err;
  }
}
function interruptedWrite(memoryDir, intent, err) {
  const first = intent.changes[0];
  if (!first || !pending(memoryDir) || shaOf2(node_path_default.join(memoryDir, first.card)) !== (first.content === null ? null : sha256Hex(first.content))) return void 0;
  const base = environmentFault(err) ?? (err instanceof MemctlError ? err : void 0);
  if (!base) return void 0;
  const e = err;
  const cause = [systemCode(err) ?? base.code, typeof e.syscall === "string" ? e.syscall : void 0, typeof e.path === "string" ? `on ${e.path}` : void 0].filter(Boolean).join(", ");
  const done = first.content === null ? first.trash ? `${first.card} was moved to ${first.trash}` : `${first.card} was removed` : `${first.card} was written`;
  const rest = `${intent.changes.length > 1 ? "the other cards, " : ""}its MEMORY.md line and history entry${intent.archive ? " and the proposal's archive" : ""}`;
  const fix = base.code === ERROR_CODES.E_DISK_FULL ? "Free some space" : base.code === ERROR_CODES.E_NOT_WRITABLE ? "Make the store writable" : base.code === ERROR_CODES.E_PERMISSION ? "Fix the permissions" : "Fix the cause";
  return new MemctlError(
    base.code,
    `${what(base.code)} partway through (${cause}): ${done}, but ${rest} are not written yet; ${INTENT_RELPATH} holds the rest. ${fix}: the next memctl write to this store (e.g. "memctl adopt") completes it first; "memctl doctor" shows it until then.`,
    { ...base.data ?? {}, card: first.card, ...first.trash ? { trash: first.trash } : {}, interrupted: true }
  );
}
function what(code) {
  return code === ERROR_CODES.E_DISK_FULL ? "the disk filled up" : code === ERROR_CODES.E_NOT_WRITABLE ? "the store became read-only" : "the write failed";
}
function pending(memoryDir) {
  try {
    return readIntent(memoryDir) !== void 0;
  } catch {
    return true;
  }
}
function shaOf2(abs) {
  try {
    return sha256Hex(Buffer.from(readRegularBytes(abs)));
  } catch {
    return null;
  }
}
var init_interrupted = __esm({
  "lib/records/interrupted.ts"() {
    "use strict";
    init_errors();
    init_history();
    init_checked_fs();
    init_commit();
    init_intent_file();
    init_node_path();
  }
});

// lib/records/file-view.ts
function refuseHeld(memoryDir, rel, held3) {
  const item = readHold(memoryDir)?.held(rel);
  if (hiddenIn(held3)(item)) throw heldError(rel, item);
}
function heldError(requested, item) {
  if (item.state === "quarantined")
    return new MemctlError(
      ERROR_CODES.E_QUARANTINED,
      `${requested} arrived with memctl sync and is quarantined (${item.reasons.join("; ")}); it is not shown. See memctl review ${item.id}`,
      {
        path: requested,
        id: item.id
      }
    );
  return new MemctlError(
    ERROR_CODES.E_HELD,
    `${requested} arrived with memctl sync from a shared remote and waits for the owner's review (${item.id}); it is not shown until the owner accepts it`,
    { path: requested, id: item.id }
  );
}
var hiddenIn;
var init_file_view = __esm({
  "lib/records/file-view.ts"() {
    "use strict";
    init_node_fs();
    init_node_path();
    init_errors();
    init_safe_path();
    init_safe_open();
    init_hold();
    init_index_file();
    hiddenIn = (held3) => (item) => item !== void 0 && (item.state === "quarantined" || held3 === "every");
  }
});

// lib/records/commit-write.ts
async function commitWrite(ctx, intent, history) {
  refuseHeldWrites(ctx, intent);
  const cards = intent.changes.map((c) => c.card);
  const latest = latestByCard(history ?? readLatestHistory(ctx.memoryDir, cards).entries);
  const adopted = adoptionsFor(ctx, intent.changes, latest);
  await recordAdopted(ctx, adopted);
  for (const a of adopted) latest.set(a.entry.card, a.entry);
  await keepRevisions(ctx.memoryDir, intent.changes, withDefaults(ctx.guardrails));
  await commitIntentReported(ctx.memoryDir, intent, ctx.commit, [...latest.values()]);
  return adopted.map((a) => a.entry);
}
function refuseHeldWrites(ctx, intent) {
  if (ctx.actor === "human" || ctx.actor === "system") return;
  for (const c of intent.changes) refuseHeld(ctx.memoryDir, c.card, "every");
}
var init_commit_write = __esm({
  "lib/records/commit-write.ts"() {
    "use strict";
    init_history();
    init_history_latest();
    init_revisions();
    init_adopt_first();
    init_guardrails();
    init_interrupted();
    init_file_view();
  }
});

// lib/records/removed-titles.ts
function read(memoryDir) {
  try {
    const raw = JSON.parse(Buffer.from(readRegularBytes(node_path_default.join(memoryDir, STATE_DIR, REMOVED_TITLES_FILE), READ_CAP2, { nofollow: true })).toString("utf8"));
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return {};
    const out = {};
    for (const [file, value] of Object.entries(raw)) {
      const line = parse3(value);
      if (line) out[file] = stored(line);
    }
    return out;
  } catch {
    return {};
  }
}
function parse3(value) {
  if (isTitle(value)) return { title: value };
  if (typeof value !== "object" || value === null || Array.isArray(value)) return void 0;
  const v = value;
  const place = { ...isCardName(v.after) ? { after: v.after } : {}, ...isCardName(v.before) ? { before: v.before } : {} };
  const line = { ...isTitle(v.title) ? { title: v.title } : {}, ...place.after || place.before ? { place } : {} };
  return line.title || line.place ? line : void 0;
}
function stored(line) {
  return line.place ? { ...line.title ? { title: line.title } : {}, ...line.place } : line.title;
}
function isTitle(title) {
  return typeof title === "string" && title.trim() !== "" && title.length <= TITLE_MAX && !/[\u0000-\u001f\u007f]/.test(title);
}
function isCardName(file) {
  return isTitle(file) && /\.md$/i.test(file);
}
function removedLine(memoryDir, file) {
  const lines = read(memoryDir);
  return Object.hasOwn(lines, file) ? parse3(lines[file]) : {};
}
var REMOVED_TITLES_FILE, TITLE_MAX, READ_CAP2;
var init_removed_titles = __esm({
  "lib/records/removed-titles.ts"() {
    "use strict";
    init_node_path();
    init_index_find();
    init_index_place();
    init_checked_fs();
    init_paths();
    init_safe_write();
    init_write();
    REMOVED_TITLES_FILE = "removed-titles.json";
    TITLE_MAX = 300;
    READ_CAP2 = 1024 * 1024;
  }
});

// lib/records/save.ts
async function saveCard(ctx, input, locked) {
  if (!isKeysOnlyModelWrite(ctx.actor, input)) assertMayWrite(ctx.actor, "save memory cards");
  validateSaveInput(input);
  await warmSecretScan(JSON.stringify(input));
  return withRecordsLock(ctx, async () => saveCardLocked(ctx, input, void 0, locked ? await locked() : void 0));
}
function isKeysOnlyModelWrite(actor, input) {
  if (!actor.startsWith("model:") || input.recall === void 0 || typeof input.expectSha256 !== "string") return false;
  const { name: _n, recall: _r, keepUpdatedAt: _k, expectSha256: _e, ...rest } = input;
  return Object.values(rest).every((v) => v === void 0);
}
async function saveCardLocked(ctx, input, decide, also) {
  validateSaveInput(input);
  const quick = input.restore ? void 0 : findCardFile(ctx.memoryDir, input.name, { forSave: true });
  const existing = quick ?? (input.restore || input.type === void 0 ? await findNamedCard(ctx.memoryDir, input.name) : void 0);
  if (input.expectSha256 !== void 0) checkBase(ctx.memoryDir, input.name, existing, input.expectSha256);
  const today = utcDay(ctx.now);
  let file;
  let before;
  let namedHistory;
  let next;
  if (input.restore) {
    file = existing ?? input.restore.file;
    if (file !== input.restore.file)
      throw usageError(
        `card "${input.name}" is now ${file}, not ${input.restore.file} as in that revision; "memctl rm ${pastedWord(input.name)}" first to restore it as ${input.restore.file}`
      );
    if (existing) before = node_fs_default.readFileSync(node_path_default.join(ctx.memoryDir, file));
    else if (node_fs_default.existsSync(node_path_default.join(ctx.memoryDir, file)) || isSymlink(node_path_default.join(ctx.memoryDir, file)))
      throw new MemctlError(ERROR_CODES.E_PATH_ESCAPE, `${file} exists but is not a regular card file (a symlink or directory); memctl will not write through or over it`, {
        file
      });
    next = withStandardFields(Buffer.from(input.restore.text), today);
  } else if (existing) {
    file = existing;
    before = node_fs_default.readFileSync(node_path_default.join(ctx.memoryDir, file));
    const existingType = typeOf(file, before.toString("utf8"));
    if (input.type && existingType && input.type !== existingType) {
      throw usageError(
        `card "${input.name}" already exists as ${file} (type ${existingType}); save it with -t ${existingType}, or "memctl rm ${pastedWord(input.name)}" first to start over as ${input.type}`
      );
    }
    next = updatedCardBytes(before, input, today, existingType);
  } else {
    const named = CARD_TYPES.map((t) => `${t}_${input.name}.md`);
    namedHistory = readLatestHistory(ctx.memoryDir, named);
    const removed2 = latestByCard(namedHistory.entries);
    const removedType = CARD_TYPES.find((t) => removed2.get(`${t}_${input.name}.md`)?.op === "delete");
    input = { ...input, type: input.type ?? removedType };
    validateName(input.name);
    if (!input.type) throw usageError(`card "${input.name}" does not exist yet: give its type with -t (${CARD_TYPES.join(", ")})`);
    if (input.description === void 0) throw usageError(`card "${input.name}" does not exist yet: give its one-line description with -d`);
    file = `${input.type}_${input.name}.md`;
    if (node_fs_default.existsSync(node_path_default.join(ctx.memoryDir, file)) || isSymlink(node_path_default.join(ctx.memoryDir, file))) {
      throw new MemctlError(ERROR_CODES.E_PATH_ESCAPE, `${file} exists but is not a regular card file (a symlink or directory); memctl will not write through or over it`, {
        file
      });
    }
    next = Buffer.from(renderNewCard({ ...input, type: input.type, description: input.description }, today), "utf8");
  }
  const nextText = next.toString("utf8");
  const previous = input.restore ? Buffer.from(input.restore.text).toString("utf8") : before?.toString("utf8");
  assertCardText(file, nextText, previous, `give the description with -d "\u2026" (save fills in the other fields)`);
  const meta = parseCard(nextText).meta;
  const removed = existing === void 0 ? removedLine(ctx.memoryDir, file) : {};
  const title = currentIndexTitle(ctx.memoryDir, file) ?? removed.title ?? meta.name ?? input.name;
  const indexLine = renderIndexLine({ title, file, hook: meta.description ?? "" });
  const history = namedHistory ? { ...namedHistory, entries: namedHistory.entries.filter((e) => e.card === file) } : readLatestHistory(ctx.memoryDir, [file]);
  const latest = latestByCard(history.entries).get(file);
  const unchanged = before !== void 0 && before.equals(next);
  if (!unchanged) {
    const limits = withDefaults(ctx.guardrails);
    checkPathShape([file], limits, file);
    checkWrite(node_fs_default.realpathSync(ctx.memoryDir), file, before?.length, next.length, limits, storeLimitsBind(ctx.actor));
    await assertNoSecrets(next.toString("utf8"), ctx.secrets, file);
  }
  const recorded = latest !== void 0 && latest.sha256 === sha256Hex(next);
  const op = unchanged ? "unchanged" : before === void 0 ? "create" : "update";
  const revived = !unchanged && latest?.op === "delete";
  const entry = unchanged && recorded ? void 0 : writeEntry(history.entries, file, op === "unchanged" ? "adopt" : op, ctx, next, before);
  const archive = decide?.({ file, op, rev: entry?.rev ?? null });
  let all;
  const whole = () => all ??= readHistory(ctx.memoryDir).entries;
  const others = also?.({ file, name: meta.name ?? withoutTypePrefix(file.replace(/\.md$/, "")), history: whole }) ?? [];
  if (entry || archive || others.length > 0 || indexDiffers(ctx.memoryDir, file, indexLine)) {
    const change = {
      card: file,
      before: before === void 0 ? null : sha256Hex(before),
      previous: before,
      content: next,
      index: { line: indexLine, ...removed.place ? { place: removed.place } : {} },
      entry: entry ?? null
    };
    await commitWrite(ctx, { changes: [change, ...others], archive }, others.length > 0 ? whole() : history.entries);
  }
  return { file, op, revived, entry, indexLine };
}
function checkBase(memoryDir, name, existing, expected) {
  const current = existing === void 0 ? null : sha256Hex(node_fs_default.readFileSync(node_path_default.join(memoryDir, existing)));
  if (current === expected) return;
  const what2 = expected === null ? `card "${name}" was created (${existing}) after this was prepared` : current === null ? `card "${name}" was removed after this was prepared` : `card "${name}" (${existing}) changed after this was prepared`;
  throw new MemctlError(
    ERROR_CODES.E_STALE_BASE,
    `${what2}; nothing was written. Review the difference first (memctl review ID), then accept with --force to overwrite, or reject it.`,
    { card: existing ?? null, expected_sha256: expected, current_sha256: current }
  );
}
function indexDiffers(memoryDir, file, line) {
  let index;
  try {
    index = readRegularMemo(node_path_default.join(memoryDir, INDEX_FILE));
  } catch {
    return true;
  }
  return !upsertIndexLineBytes(index, file, line).equals(index);
}
function isSymlink(p) {
  try {
    return node_fs_default.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}
var init_save = __esm({
  "lib/records/save.ts"() {
    "use strict";
    init_shell_quote();
    init_node_fs();
    init_node_path();
    init_actor();
    init_card_rules();
    init_card_links2();
    init_errors();
    init_guardrails();
    init_history();
    init_history_latest();
    init_commit();
    init_secrets();
    init_card();
    init_index_edit();
    init_index_file();
    init_read();
    init_card_types();
    init_card_input();
    init_card_find();
    init_checked_fs();
    init_frecency();
    init_adopt_first();
    init_commit_write();
    init_removed_titles();
  }
});

// lib/proposals/supersede.ts
var supersede_exports = {};
__export(supersede_exports, {
  supersedeChange: () => supersedeChange,
  supersedeTargets: () => supersedeTargets,
  supersedingChanges: () => supersedingChanges
});
function supersedeTargets(memoryDir, names, writing) {
  const files = [];
  for (const name of names.flatMap((n) => n.split(",")).map((n) => n.trim()).filter(Boolean)) {
    const file = findCardFile(memoryDir, name);
    if (file === void 0) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `--supersede ${name}: no such card; name an existing card (memctl list)`, { name });
    if (file === writing) throw usageError(`--supersede ${name}: that is the card this proposal writes; a card cannot supersede itself`);
    if (!files.includes(file)) files.push(file);
  }
  return files;
}
function supersedeChange(memoryDir, file, byName, actor, now, history) {
  const before = node_fs_default.readFileSync(node_path_default.join(memoryDir, file));
  const next = setFrontmatterFieldsBytes(before, { status: "superseded", superseded_by: byName });
  if (next.equals(before)) return null;
  return { card: file, before: sha256Hex(before), previous: before, content: next, entry: writeEntry(history, file, "update", { actor, now }, next, before) };
}
function supersedingChanges(ctx, name, names, out) {
  const replaced = supersedeTargets(ctx.memoryDir, names, findCardFile(ctx.memoryDir, name));
  return ({ name: byName, history }) => replaced.flatMap((old) => {
    const change = supersedeChange(ctx.memoryDir, old, byName, ctx.actor, ctx.now, history());
    out.push({ file: old, superseded_by: byName, rev: change?.entry?.rev ?? null });
    return change ? [change] : [];
  });
}
var init_supersede = __esm({
  "lib/proposals/supersede.ts"() {
    "use strict";
    init_node_fs();
    init_node_path();
    init_errors();
    init_history();
    init_adopt_first();
    init_card_find();
    init_frontmatter_edit();
  }
});

// lib/rank/stop-words-data.ts
var LATIN_MARKERS;
var init_stop_words_data = __esm({
  "lib/rank/stop-words-data.ts"() {
    "use strict";
    LATIN_MARKERS = {
      fr: "ah ai aie ait au aux b bah bas bat bon c car ce ces cet ci d da de des dit dix dos du d\xE8s e eh en es est et eu eue euh eus eut eux e\xFBt f fi fus fut f\xFBt g h ha hem hep hi ho hop hou hue hui hum h\xE9 ici il ils j je k l la las le les lui l\xE0 l\xE8s m ma mes moi mon mot n na ne ni non nos nul o oh oh\xE9 ol\xE9 ont ore ou ouf o| o\xF9 p paf pan par pas peu pff pif pu pur q qu que qui r s sa se ses si six soi son sur t ta tac te tel tes tic toc toi ton tu t\xE9 u un une uns v va vas vif vos vu v\xE9 w x y z zut \xE0 \xE2 \xE7a \xE8s \xE9t\xE9 \xF4",
      de: "ab ach ag als au auf aus b bei bin bis c d d.h da das da\xDF dem den der des die dir du e ei ei, ein elf en er es f f\xFCr g gab gar gut h hab hat hin ich ihm ihn ihr im ins ist j ja je k kam l los m mag mal man mir mit mu\xDF n na nie nun nur o ob oft p q r s sa sah sei sie t tag tat tel tun u uhr um und uns v vom von vor w war weg wem wen wer wie wir wo x y z z.b zu zum zur",
      es: "0 1 2 3 4 5 6 7 8 9 _ ahi ah\xED al asi as\xED aun a\xFAn b c con d da dan dar de del dia dio dos d\xEDa e el en era es esa ese eso ex f fin fue fui g h ha han hay hoy ir j k l la las le les lo los m mal mas mi mia mio mis muy m\xE1s m\xED m\xEDa m\xEDo n ni nos o os p por q qeu que qu\xE9 r s sal se sea ser si sin son soy su sus s\xE9 s\xED t tal tan te ti tu tus t\xFA u un una uno usa uso v va van ver vez voy w x y ya yo z \xE9l \xE9sa \xE9se",
      it: "ad agl ai al ben c che chi ci cio ci\xF2 co coi col con cos cui d da dai dal dei del di dov due e ecc ed era eri ero ex fa fai fin fra fu fui gia giu gi\xE0 gli ha hai ho ie il inc io l la le lei li lo lui l\xE0 ma mai mi mia mie mio ne nei nel noi non o od ora ore osi per piu pi\xF9 po poi puo pu\xF2 qua qui se sei si sia sig sta sto su sua sue sui sul suo te th ti tra tre tu tua tue tuo un una uno va vai vi voi \xE8",
      pt: "ali ano ao aos at\xE9 a\xED bem boa bom com c\xE1 da dar das de dez dia diz dos d\xE1 d\xE3o e ela ele em era eu faz fez fim foi fui ha hei h\xE1 h\xE3o ir ir\xE1 j\xE1 lhe l\xE1 mal mas meu mil m\xEAs na nao nas nem nos num n\xE3o n\xF3s o os ou por p\xF5e que qu\xEA se sei sem ser seu sim sob sou sua s\xE3o s\xF3 tal te tem ter teu tu tua t\xE3o t\xE9m t\xEAm um uma uns usa vai vem ver vez vos v\xE3o v\xEAm v\xF3s \xE0 \xE0s \xE9 \xE9s",
      nl: "aan af al als ben bij bv dan dat de der dhr die dit doe dus een eer elk en er erg ge heb hem hen het hij hoe hun ik ja je jij jou kan kon kun mag men met mij mr mrs mw na nam nee net nog nu nv om ons ook op pas per te tja toe tot u uit uw van vol wat weg wel wie wij wil zal ze zei zes zij zo zou"
    };
  }
});

// lib/rank/stop-words.ts
function latinLanguage(words, least = 1) {
  markers ??= Object.entries(LATIN_MARKERS).map(([lang, list]) => [lang, new Set(list.split(" "))]);
  let english = 0;
  for (let i = 0; i < words.length; i++) if (ENGLISH_STOP_WORDS.has(words[i])) english++;
  let best;
  let bestCount = Math.max(english, least - 1);
  for (const [lang, set] of markers) {
    let count = 0;
    for (let i = 0; i < words.length; i++) if (set.has(words[i]) && saysLanguage(words[i])) count++;
    if (count > bestCount) [best, bestCount] = [lang, count];
  }
  return best;
}
var ENGLISH_LIST, ENGLISH_STOP_WORDS, markers, saysLanguage, DIGITS;
var init_stop_words = __esm({
  "lib/rank/stop-words.ts"() {
    "use strict";
    init_stop_words_data();
    ENGLISH_LIST = "a about above after again against all also am an and any are as at be because been before being below between both but by can could did different do does doing done down during each else etc few for from further get got had has have having he her here hers him his how i if in into is it its itself just let like may me might more most must my no nor not now of off on once only or other our ours out over own please same shall she should so some such than that the their theirs them then there these they this those through to too under until up upon us use used using very via want was we were what when where which while who whom why will don doesn didn isn aren wasn weren won wouldn shouldn couldn ll ve re with would yes yet you your yours";
    ENGLISH_STOP_WORDS = new Set(ENGLISH_LIST.split(" "));
    saysLanguage = (word) => word.length >= 2 && !DIGITS.test(word);
    DIGITS = /^\d+$/;
  }
});

// lib/rank/languages.ts
function textLanguage(text) {
  const ascii = ASCII_TEXT.test(text);
  if (!ascii) {
    if (/[\u3040-\u30ff]/.test(text)) return "ja";
    if (/[\uac00-\ud7af]/.test(text)) return "ko";
    if (/[\u0e00-\u0e7f]/.test(text)) return "th";
    if (/[\u4e00-\u9fff]/.test(text)) return "zh";
  }
  const words = (text.toLowerCase().match(ascii ? /[a-z']+/g : /[\p{L}']+/gu) ?? []).flatMap((w) => w.split("'")).filter((w) => w.length > 1);
  return latinLanguage(words) ?? "en";
}
function languageName(lang) {
  const l = lang.trim().toLowerCase();
  return (Object.hasOwn(NAMES, l) ? NAMES[l] : void 0) ?? Object.values(NAMES).find((n) => n.toLowerCase() === l) ?? lang.trim();
}
function storeLanguages(texts, extra = [], minCards = 3, minShare = 0.05) {
  const counts = /* @__PURE__ */ new Map();
  for (const t of texts) {
    const lang = textLanguage(t);
    counts.set(lang, (counts.get(lang) ?? 0) + 1);
  }
  const floor = Math.max(1, Math.min(minCards, texts.length * minShare));
  const found = [...counts].filter(([lang, n]) => lang !== "en" && n >= floor).sort((a, b) => b[1] - a[1]);
  const names = ["English", ...found.map(([lang]) => NAMES[lang] ?? lang)];
  return [...names, ...beyond(names, extra.map(languageName))];
}
function beyond(have, more) {
  const seen = new Set(have.map((l) => l.toLowerCase()));
  return more.filter((l) => !seen.has(l.toLowerCase()) && seen.add(l.toLowerCase()));
}
function promptLanguages(codes, rule = PROMPT_LANGUAGE_RULE) {
  const recent = codes.slice(-rule.window);
  const counts = /* @__PURE__ */ new Map();
  for (const c of recent) if (Object.hasOwn(NAMES, c)) counts.set(c, (counts.get(c) ?? 0) + 1);
  const floor = Math.max(rule.minPrompts, rule.minShare * recent.length);
  return [...counts].filter(([, n]) => n >= floor).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([code]) => NAMES[code]);
}
function keyLanguages(cardTexts, owner, rule = PROMPT_LANGUAGE_RULE) {
  const cards = storeLanguages(cardTexts);
  if (owner.configured !== void 0) return { cards, owner: beyond(cards, owner.configured.map(languageName)) };
  return { cards, owner: beyond(cards, promptLanguages(owner.promptCodes ?? [], rule)).slice(0, rule.max) };
}
var NAMES, KNOWN_LANGUAGES, PROMPT_LANGUAGE_RULE;
var init_languages = __esm({
  "lib/rank/languages.ts"() {
    "use strict";
    init_stop_words();
    init_sanitize();
    NAMES = {
      en: "English",
      fr: "French",
      de: "German",
      es: "Spanish",
      it: "Italian",
      pt: "Portuguese",
      nl: "Dutch",
      zh: "Chinese",
      ja: "Japanese",
      ko: "Korean",
      th: "Thai"
    };
    KNOWN_LANGUAGES = new Set(Object.values(NAMES));
    PROMPT_LANGUAGE_RULE = { window: 200, minShare: 0.1, minPrompts: 3, max: 3 };
  }
});

// lib/store/why-log.ts
function readWhy(memoryDir, count) {
  const out = [];
  for (const name of [WHY_PREVIOUS_FILE, WHY_FILE]) {
    let lines;
    try {
      const tail = readRegularTail(joinPath(memoryDir, STATE_DIR, name), 4 * WHY_CAP_BYTES, { nofollow: true });
      lines = utf8Text(tail.bytes).split("\n");
      if (tail.cut) lines.shift();
    } catch (err) {
      if (err.code === "ENOENT") continue;
      throw err;
    }
    for (const line of lines) {
      if (!line.trim()) continue;
      try {
        const r = JSON.parse(line);
        if (isWhyRecord(r)) out.push(r);
      } catch {
      }
    }
  }
  return count > 0 ? out.slice(-count) : [];
}
function isWhyRecord(v) {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const r = v;
  const budget = r.budget;
  return str3(r.at) && ISO_TIME2.test(r.at) && str3(r.host) && optStr2(r.session) && str3(r.prompt_hash) && HEX2.test(r.prompt_hash) && optStr2(r.prompt) && optStr2(r.prompt_lang) && str3(r.status) && WORD.test(r.status) && num(r.bytes) && typeof budget === "object" && budget !== null && num(budget.max_bytes) && num(budget.max_entries) && Array.isArray(r.lines) && r.lines.every(isWhyLine) && (r.already_shown === void 0 || Array.isArray(r.already_shown) && r.already_shown.every(str3)) && optStr2(r.dedupe_error);
}
function isWhyLine(v) {
  if (typeof v !== "object" || v === null) return false;
  const l = v;
  return str3(l.file) && str3(l.rule) && (l.score === void 0 || num(l.score)) && num(l.bytes);
}
var WHY_FILE, WHY_PREVIOUS_FILE, WHY_CAP_BYTES, str3, optStr2, num, ISO_TIME2, WORD, HEX2;
var init_why_log = __esm({
  "lib/store/why-log.ts"() {
    "use strict";
    init_checked_fs();
    init_bytes();
    init_paths();
    init_safe_write();
    WHY_FILE = "why.jsonl";
    WHY_PREVIOUS_FILE = "why.1.jsonl";
    WHY_CAP_BYTES = 256 * 1024;
    str3 = (v) => typeof v === "string";
    optStr2 = (v) => v === void 0 || str3(v);
    num = (v) => typeof v === "number" && Number.isFinite(v);
    ISO_TIME2 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;
    WORD = /^[a-z-]{1,32}$/;
    HEX2 = /^[0-9a-f]{0,64}$/;
  }
});

// lib/keys/prompt-languages.ts
function promptLanguageCodes(memoryDir, window = PROMPT_LANGUAGE_RULE.window) {
  let records;
  try {
    records = readWhy(memoryDir, window * 2);
  } catch {
    return [];
  }
  const codes = [];
  for (const r of records) {
    if (r.status === "duplicate") continue;
    const code = typeof r.prompt_lang === "string" ? r.prompt_lang : typeof r.prompt === "string" ? textLanguage(r.prompt) : void 0;
    if (code) codes.push(code);
  }
  return codes.slice(-window);
}
function ownerLanguages(memoryDir, configured) {
  return configured !== void 0 ? { configured } : { promptCodes: promptLanguageCodes(memoryDir) };
}
var init_prompt_languages = __esm({
  "lib/keys/prompt-languages.ts"() {
    "use strict";
    init_languages();
    init_why_log();
  }
});

// builtin:node:os
var m3, node_os_default;
var init_node_os = __esm({
  "builtin:node:os"() {
    m3 = process.getBuiltinModule("node:os");
    node_os_default = m3;
  }
});

// lib/core/block.ts
var init_block = __esm({
  "lib/core/block.ts"() {
    "use strict";
    init_sanitize();
    init_secret_patterns();
  }
});

// lib/compact/mentions.ts
var NAME_CHAR;
var init_mentions = __esm({
  "lib/compact/mentions.ts"() {
    "use strict";
    NAME_CHAR = String.raw`[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Nd}_-]`;
  }
});

// lib/compact/generate.ts
function runLlmCommand(run2) {
  return new Promise((resolve) => {
    const [cmd, ...args] = run2.command;
    if (!cmd) return resolve({ ok: false, reason: "[compact] llm_command is empty" });
    let cwd;
    try {
      cwd = node_fs_default.mkdtempSync(node_path_default.join(run2.env.TMPDIR || node_os_default.tmpdir(), "memctl-model-"));
    } catch (err) {
      return resolve({ ok: false, reason: `cannot make an empty directory for ${cmd}: ${err.message}` });
    }
    const removeCwd = () => {
      try {
        node_fs_default.rmSync(cwd, { recursive: true, force: true });
      } catch {
      }
    };
    let child;
    try {
      child = (0, import_node_child_process.spawn)(cmd, args, { cwd, env: run2.env, stdio: ["pipe", "pipe", "pipe"], detached: true });
    } catch (err) {
      removeCwd();
      return resolve({ ok: false, reason: `cannot run ${cmd}: ${err.message}` });
    }
    const out = [];
    let outBytes = 0;
    let errTail = "";
    let settled = false;
    const finish2 = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      removeCwd();
      resolve(result);
    };
    const killGroup = () => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    };
    const timer = setTimeout(() => {
      killGroup();
      finish2({ ok: false, reason: `${run2.command.join(" ")} did not finish within ${Math.round(run2.timeoutMs / 100) / 10}s (killed)` });
    }, run2.timeoutMs);
    child.on("error", (err) => {
      removeCwd();
      finish2({ ok: false, reason: `cannot run ${cmd}: ${err.message}` });
    });
    child.stdout.on("data", (chunk) => {
      outBytes += chunk.length;
      if (outBytes > MAX_OUTPUT) {
        killGroup();
        finish2({ ok: false, reason: `${cmd} printed more than ${MAX_OUTPUT} bytes` });
      } else out.push(chunk);
    });
    child.stderr.on("data", (chunk) => errTail = (errTail + chunk.toString("utf8")).slice(-300));
    child.on("close", (code, signal) => {
      removeCwd();
      if (code !== 0)
        return finish2({ ok: false, reason: `${cmd} exited with ${signal ?? `status ${code}`}${errTail.trim() ? `: ${inertText(errTail.trim().split("\n").pop())}` : ""}` });
      const summary = Buffer.concat(out).toString("utf8").trim();
      if (summary === "") return finish2({ ok: false, reason: `${cmd} printed nothing` });
      finish2({ ok: true, summary });
    });
    child.stdin.on("error", () => void 0);
    child.stdin.end(run2.prompt);
  });
}
var import_node_child_process, MAX_OUTPUT;
var init_generate = __esm({
  "lib/compact/generate.ts"() {
    "use strict";
    import_node_child_process = require("node:child_process");
    init_node_fs();
    init_node_os();
    init_node_path();
    init_block();
    init_sanitize();
    init_mentions();
    MAX_OUTPUT = 1 << 20;
  }
});

// lib/keys/write.ts
var write_exports = {};
__export(write_exports, {
  cardFiles: () => cardFiles,
  languagesOf: () => languagesOf,
  writeCardKeys: () => writeCardKeys
});
function cardFiles(memoryDir) {
  const hold = readHold(memoryDir);
  return node_fs_default.readdirSync(memoryDir, { withFileTypes: true }).filter((e) => e.isFile() && isCardFile(e.name) && !hold?.held(e.name)).map((e) => e.name).sort();
}
function languagesOf(memoryDir, files = cardFiles(memoryDir), configured) {
  const texts = [];
  for (const f of files) {
    try {
      const card = parseCard(node_fs_default.readFileSync(node_path_default.join(memoryDir, f), "utf8"));
      texts.push(`${card.meta.description ?? ""}
${card.body}`);
    } catch {
    }
  }
  return keyLanguages(texts, ownerLanguages(memoryDir, configured));
}
async function writeCardKeys(ctx, run2, name) {
  const file = await findNamedCard(ctx.memoryDir, name);
  if (!file) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no card named "${name}"; see "memctl list"`, { name });
  const held3 = readHold(ctx.memoryDir)?.held(file);
  if (held3) return { file, status: "skipped", keys: [], reason: `memctl sync holds it (${held3.state}: ${held3.reasons.join("; ")}); decide it first (memctl review)` };
  const bytes = node_fs_default.readFileSync(node_path_default.join(ctx.memoryDir, file));
  const card = parseCard(bytes.toString("utf8"));
  if (card.errors.length > 0) return { file, status: "failed", reason: `its frontmatter does not parse (${card.errors[0].message}); fix it by hand first` };
  const existing = card.meta.recall ?? [];
  if (existing.length > 0 && !run2.force) return { file, status: "skipped", keys: existing, reason: "it has keys already (--force rewrites them)" };
  const cardName = card.meta.name ?? withoutTypePrefix(file.replace(/\.md$/, ""));
  const title = currentIndexTitle(ctx.memoryDir, file) ?? cardName;
  const languages = run2.languages ?? languagesOf(ctx.memoryDir, void 0, run2.model.languages);
  const prompt = recallKeysPrompt({ name: cardName, title, description: card.meta.description, topics: card.meta.topics, body: card.body }, languages.cards, languages.owner);
  const answer = await runLlmCommand({ command: run2.model.command, prompt, timeoutMs: run2.model.timeoutMs, env: run2.env });
  if (!answer.ok) return { file, status: "failed", reason: answer.reason };
  const parsed = parseRecallKeys(answer.summary, title);
  if (!parsed.ok) return { file, status: "failed", reason: parsed.reason };
  if (run2.dryRun) return { file, status: "dry-run", keys: parsed.keys };
  try {
    await saveCard({ ...ctx, actor: run2.model.actor }, { name: file, recall: parsed.keys, keepUpdatedAt: true, expectSha256: sha256Hex(bytes) });
  } catch (err) {
    if (!(err instanceof MemctlError)) throw err;
    const why = err.code === ERROR_CODES.E_STALE_BASE ? "the card changed while the model ran; it was left as it is now (run again to write keys for the new text)" : err.code === ERROR_CODES.E_SECRET ? `the model's keys hold what looks like a secret; nothing was written (${firstLine(err.message)})` : `${err.code}: ${firstLine(err.message)}`;
    return { file, status: "failed", reason: why };
  }
  return { file, status: "written", keys: parsed.keys };
}
function firstLine(s) {
  return s.split("\n")[0];
}
var init_write2 = __esm({
  "lib/keys/write.ts"() {
    "use strict";
    init_node_fs();
    init_node_path();
    init_card();
    init_card_rules();
    init_card_types();
    init_errors();
    init_recall_keys();
    init_languages();
    init_prompt_languages();
    init_card_find();
    init_card_links2();
    init_save();
    init_history();
    init_generate();
    init_hold();
  }
});

// lib/records/proposal-restated.ts
function restatementProblem(r) {
  if (typeof r !== "object" || r === null || Array.isArray(r)) return "not an object";
  const { source, description, proposer, at } = r;
  if (typeof source !== "string" || source.trim() === "") return "no source";
  if ([...source].length > RESTATED_SOURCE_MAX) return `a source of ${[...source].length} characters; the limit is ${RESTATED_SOURCE_MAX}`;
  if (/[\n\r]/.test(source)) return "a source of more than one line";
  if (typeof description !== "string") return "no description";
  const problem = descriptionProblem(description);
  if (problem) return problem;
  if (/[\n\r]/.test(description)) return "a description of more than one line";
  if (typeof proposer !== "string" || !isValidActor(proposer)) return "not a valid actor (human, system, host:<name>, agent:<id>)";
  if (typeof at !== "string" || !ISO.test(at) || !Number.isFinite(Date.parse(at))) return "no ISO time";
  return void 0;
}
function validRestatements(value) {
  if (!Array.isArray(value)) return [];
  const out = [];
  for (const r of value) {
    if (out.length >= RESTATED_MAX) break;
    if (restatementProblem(r) !== void 0) continue;
    const { source, description, proposer, at } = r;
    out.push({ source, description, proposer, at });
  }
  return out;
}
var RESTATED_MAX, RESTATED_SOURCE_MAX, ISO;
var init_proposal_restated = __esm({
  "lib/records/proposal-restated.ts"() {
    "use strict";
    init_card_rules();
    init_history();
    RESTATED_MAX = 10;
    RESTATED_SOURCE_MAX = 400;
    ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;
  }
});

// lib/records/proposal-read.ts
function readPending(memoryDir) {
  return readDir(node_path_default.join(memoryDir, PROPOSALS_DIR), quarantinedIn(memoryDir));
}
function countPending(memoryDir) {
  return namesIn(entriesOf(node_path_default.join(memoryDir, PROPOSALS_DIR)), quarantinedIn(memoryDir)).names.length;
}
function quarantinedIn(memoryDir) {
  const hold = readHold(memoryDir);
  return (name) => {
    const held3 = hold?.held(`${PROPOSALS_DIR}/${name}`);
    return held3?.state === "quarantined" ? held3.reasons : void 0;
  };
}
function readArchived(memoryDir) {
  return readDir(node_path_default.join(memoryDir, ARCHIVE_DIR));
}
function nextSeq(memoryDir) {
  const all = [...readNewest(memoryDir), ...readNewest(memoryDir, true)];
  return all.reduce((max, p) => Math.max(max, Number.isInteger(p.seq) ? p.seq : 0), 0) + 1;
}
function readSummaries(memoryDir, archived = false) {
  const dir = node_path_default.join(memoryDir, archived ? ARCHIVE_DIR : PROPOSALS_DIR);
  const names = listNames(dir, archived ? void 0 : quarantinedIn(memoryDir)).names;
  const out = [];
  for (let at = 0; at < names.length; at += PENDING_PAGE)
    for (const p of readNames(dir, names.slice(at, at + PENDING_PAGE)).proposals)
      out.push({
        id: p.id,
        status: p.status,
        source: p.source,
        card: { name: p.card.name, description: p.card.description },
        ...p.restated ? { restated: p.restated } : {},
        ...p.conflict !== void 0 ? { conflict: true } : {}
      });
  return out;
}
function readNewest(memoryDir, archived = false, n = NEWEST_READ) {
  const dir = node_path_default.join(memoryDir, archived ? ARCHIVE_DIR : PROPOSALS_DIR);
  const names = listNames(dir, archived ? void 0 : quarantinedIn(memoryDir)).names;
  return readNames(dir, names.slice(-n)).proposals;
}
function entriesOf(dir) {
  try {
    return node_fs_default.readdirSync(dir);
  } catch (err) {
    if (systemCode(err) === "ENOENT") return [];
    throw err;
  }
}
function namesIn(entries, quarantined) {
  const names = [];
  const held3 = [];
  for (const name of entries) {
    if (!isProposalName(name)) continue;
    const reasons = quarantined(name);
    if (reasons) held3.push({ name, reasons });
    else names.push(name);
  }
  return { names, held: held3 };
}
function listNames(dir, quarantined = () => void 0) {
  let all;
  try {
    all = entriesOf(dir);
  } catch (err) {
    return { names: [], unreadable: [{ file: dir, reason: err.message }] };
  }
  const { names, held: held3 } = namesIn(all.sort(), quarantined);
  const unreadable2 = held3.map(({ name, reasons }) => ({ file: name, reason: `quarantined when it arrived through memctl sync (${reasons.join("; ")}); memctl doctor lists it` }));
  return { names, unreadable: unreadable2 };
}
function readDir(dir, quarantined = () => void 0) {
  const listed = listNames(dir, quarantined);
  const read2 = readNames(dir, listed.names);
  return { proposals: read2.proposals, unreadable: [...listed.unreadable, ...read2.unreadable] };
}
function readPendingPage(memoryDir, page, options = {}) {
  const size = options.size ?? PENDING_PAGE;
  const dir = node_path_default.join(memoryDir, PROPOSALS_DIR);
  const listed = listNames(dir, quarantinedIn(memoryDir));
  const hold = options.withoutHeld ? readHold(memoryDir) : void 0;
  const names = hold ? listed.names.filter((name) => hold.held(`${PROPOSALS_DIR}/${name}`) === void 0) : listed.names;
  const pages = Math.max(1, Math.ceil(names.length / size));
  const at = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const read2 = readNames(dir, names.slice((at - 1) * size, at * size));
  return { proposals: read2.proposals, unreadable: [...listed.unreadable, ...read2.unreadable], total: names.length, page: at, pages };
}
function pendingPageOf(memoryDir, id, size = PENDING_PAGE) {
  const i = listNames(node_path_default.join(memoryDir, PROPOSALS_DIR), quarantinedIn(memoryDir)).names.indexOf(`${id}.json`);
  return i < 0 ? void 0 : Math.floor(i / size) + 1;
}
function readMatching(memoryDir, idOrPrefix, archived = false) {
  const dir = node_path_default.join(memoryDir, archived ? ARCHIVE_DIR : PROPOSALS_DIR);
  const names = listNames(dir, archived ? void 0 : quarantinedIn(memoryDir)).names.filter((n) => n.startsWith(idOrPrefix));
  return readNames(dir, names).proposals;
}
function stagingOrder(a, b) {
  return a.created_at.localeCompare(b.created_at) || (a.seq ?? 0) - (b.seq ?? 0) || a.id.localeCompare(b.id);
}
function readNames(dir, names) {
  const proposals = [];
  const unreadable2 = [];
  for (const name of names) {
    try {
      const p = JSON.parse(readRegularUtf8(node_path_default.join(dir, name), PROPOSAL_READ_CAP, { nofollow: true }));
      const shape = proposalShapeProblem(p);
      if (shape) throw new Error(shape);
      if (`${p.id}.json` !== name) throw new Error("not a proposal: its id is not its file's name");
      if (p.restated !== void 0) {
        const restated = validRestatements(p.restated);
        if (restated.length > 0) p.restated = restated;
        else delete p.restated;
      }
      proposals.push(p);
    } catch (err) {
      unreadable2.push({ file: name, reason: err.message });
    }
  }
  proposals.sort(stagingOrder);
  return { proposals, unreadable: unreadable2 };
}
var isProposalName, PROPOSAL_READ_CAP, NEWEST_READ, PENDING_PAGE;
var init_proposal_read = __esm({
  "lib/records/proposal-read.ts"() {
    "use strict";
    init_node_fs();
    init_node_path();
    init_errors();
    init_hold();
    init_checked_fs();
    init_proposal_files();
    init_proposal_restated();
    init_proposal_shape();
    isProposalName = (name) => name.endsWith(".json") && !name.startsWith(".");
    PROPOSAL_READ_CAP = 4 * 1024 * 1024;
    NEWEST_READ = 50;
    PENDING_PAGE = 50;
  }
});

// lib/proposals/propose.ts
var propose_exports = {};
__export(propose_exports, {
  ARCHIVE_DIR: () => ARCHIVE_DIR,
  PROPOSALS_DIR: () => PROPOSALS_DIR,
  PROPOSALS_LOG: () => PROPOSALS_LOG,
  archiveProposal: () => archiveProposal,
  cardFileOf: () => cardFileOf,
  currentSha: () => currentSha2,
  findPending: () => findPending,
  logEvent: () => logEvent,
  newProposalId: () => newProposalId,
  nextSeq: () => nextSeq,
  pendingPageOf: () => pendingPageOf,
  proposalCardProblem: () => proposalCardProblem,
  proposalFile: () => proposalFile,
  proposalFileFits: () => proposalFileFits,
  proposalMark: () => proposalMark,
  proposalPath: () => proposalPath,
  proposalProblems: () => proposalProblems,
  propose: () => propose,
  readArchived: () => readArchived,
  readPending: () => readPending,
  readPendingPage: () => readPendingPage,
  readSummaries: () => readSummaries,
  rewritePending: () => rewritePending
});
function proposalProblems(input, isNew) {
  const problems = [];
  const c = input.card;
  if (input.source === void 0 || input.source.trim() === "") {
    return {
      code: ERROR_CODES.E_NO_SOURCE,
      problems: [
        'a proposal must name its source (--source "where this was learned": a file, URL, conversation, command output); a claim that cannot name its source is not staged'
      ]
    };
  }
  if (c.type !== void 0 && !CARD_TYPES.includes(c.type)) problems.push(`-t ${c.type} is not a card type; use one of ${CARD_TYPES.join(", ")}`);
  if (isNew && c.type === void 0) problems.push(`card "${c.name}" does not exist yet: give its type with -t (${CARD_TYPES.join(", ")})`);
  if (isNew && c.description === void 0) problems.push(`card "${c.name}" does not exist yet: give its one-line description with -d`);
  if (c.description !== void 0) {
    const problem = descriptionProblem(c.description);
    if (problem) problems.push(problem);
  }
  problems.push(...provenanceProblems({ kind: input.kind ?? "unverified", confidence: input.confidence, source: input.source }));
  const keyProblems = recallKeyProblems(c.recall).map((p) => p.message);
  if (problems.length === 0 && keyProblems.length > 0) return { code: ERROR_CODES.E_RECALL_KEYS, problems: keyProblems };
  problems.push(...keyProblems);
  const scopeMessages = scopeProblems(c.scope).map((p) => p.message);
  if (problems.length === 0 && scopeMessages.length > 0) return { code: ERROR_CODES.E_SCOPE, problems: scopeMessages };
  problems.push(...scopeMessages);
  const tooLong = c.description !== void 0 && [...c.description].length > DESCRIPTION_MAX;
  return { code: tooLong && problems.length === 1 ? ERROR_CODES.E_DESCRIPTION_TOO_LONG : ERROR_CODES.E_USAGE, problems };
}
async function propose(ctx, input) {
  if (!isValidActor(ctx.actor)) throw usageError(`actor "${ctx.actor}" is not one of human, system, host:<name>, agent:<id>`);
  await warmSecretScan(JSON.stringify(input));
  return withStoreLock(
    ctx.memoryDir,
    async () => {
      const nameProblem = proposalCardProblem(input.card.name, null);
      if (nameProblem) throw usageError(nameProblem);
      const target = findCardFile(ctx.memoryDir, input.card.name) ?? null;
      const problem = target === null ? cardNameProblem(input.card.name) : proposalCardProblem(input.card.name, target);
      if (problem) throw usageError(problem);
      const { code, problems } = proposalProblems(input, target === null);
      if (problems.length > 0) throw new MemctlError(code, problems.join("\n"), { problems, limit: DESCRIPTION_MAX });
      const c0 = input.card;
      const hidden = hiddenTextProblem(
        [c0.name, c0.description ?? "", ...c0.topics ?? [], ...c0.recall ?? [], ...c0.scope ?? [], input.source ?? "", c0.body ?? ""].join("\n")
      );
      if (hidden) throw new MemctlError(ERROR_CODES.E_CARD_RULES, `the proposal ${hidden.replace(/^it /, "")}. Nothing was staged.`, { problems: [hidden] });
      const provenance = {
        kind: input.kind ?? "unverified",
        ...input.confidence !== void 0 ? { confidence: input.confidence } : {},
        source: input.source.trim()
      };
      const proposal = {
        id: newProposalId(ctx.now),
        seq: nextSeq(ctx.memoryDir),
        status: "pending",
        proposer: ctx.actor,
        created_at: ctx.now.toISOString(),
        source: provenance.source,
        provenance,
        card: dropUndefined(input.card),
        target,
        base_sha256: target === null ? null : sha256Hex(node_fs_default.readFileSync(node_path_default.join(ctx.memoryDir, target)))
      };
      const file = proposalFile(proposal);
      checkQueueLimits(ctx.memoryDir, file);
      const c = proposal.card;
      await assertNoSecrets(
        [c.name, c.description ?? "", ...c.topics ?? [], ...c.recall ?? [], ...c.scope ?? [], proposal.source, c.body ?? ""].join("\n"),
        ctx.secrets,
        "the proposal (name, description, topics, recall keys, scope, source, then body)"
      );
      ensureDirs(ctx.memoryDir);
      await commitFile(proposalPath(ctx.memoryDir, proposal.id), file, ctx.commit);
      logEvent(ctx.memoryDir, {
        event: "proposed",
        id: proposal.id,
        actor: ctx.actor,
        at: proposal.created_at,
        card: proposal.target ?? newCardFile(proposal),
        source: proposal.source,
        kind: provenance.kind
      });
      return proposal;
    },
    { timeoutMs: ctx.lockTimeoutMs }
  );
}
function findPending(memoryDir, idOrPrefix) {
  const hits = readMatching(memoryDir, idOrPrefix);
  if (hits.length === 1) return hits[0];
  if (hits.length > 1) throw usageError(`"${idOrPrefix}" matches ${hits.length} proposals (${hits.map((p) => p.id).join(", ")}); give more of the id`);
  const decided = readMatching(memoryDir, idOrPrefix, true)[0];
  if (decided)
    throw new MemctlError(
      ERROR_CODES.E_NOT_FOUND,
      `proposal ${decided.id} was already ${decided.status}${decided.decided_at ? ` at ${decided.decided_at}` : ""}${decided.reason ? ` (${decided.reason})` : ""}; it is kept in ${ARCHIVE_DIR}/`,
      { id: decided.id, status: decided.status }
    );
  throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no pending proposal "${idOrPrefix}"; list them with memctl review`, { id: idOrPrefix });
}
async function rewritePending(memoryDir, proposal, file = proposalFile(proposal)) {
  await commitFile(proposalPath(memoryDir, proposal.id), file);
}
function proposalFile(proposal) {
  return Buffer.from(JSON.stringify(proposal, null, 2) + "\n", "utf8");
}
function proposalMark(proposal) {
  return sha256Hex(proposalFile(proposal));
}
function proposalFileFits(file) {
  return file.length <= withDefaults().maxFileBytes;
}
function proposalCardProblem(name, target) {
  if (typeof name !== "string" || cardNameProblem(name) !== void 0 && cardFileProblem(name) !== void 0) {
    return `a proposal must name a card: ${JSON.stringify(name)} is neither a card name (1-80 letters, digits, . _ -) nor a card file (<type>_<name>.md at the top of the memory directory); MEMORY.md, episodes, .memctl/ and paths cannot be proposed`;
  }
  if (target !== null && cardFileProblem(target) !== void 0) {
    return `a proposal must name a card: "${name}" names ${target}, which is not a card (cards are <type>_<name>.md at the top of the memory directory, type one of ${CARD_TYPES.join(", ")})`;
  }
  return void 0;
}
function cardFileOf(p) {
  return p.target ?? newCardFile(p);
}
function currentSha2(memoryDir, p) {
  const file = findCardFileSafe(memoryDir, p.card.name);
  if (file === void 0) return null;
  try {
    return sha256Hex(node_fs_default.readFileSync(node_path_default.join(memoryDir, file)));
  } catch {
    return null;
  }
}
function findCardFileSafe(memoryDir, name) {
  try {
    return findCardFile(memoryDir, name);
  } catch {
    return void 0;
  }
}
function checkQueueLimits(memoryDir, file) {
  const limits = withDefaults();
  if (!proposalFileFits(file))
    throw new MemctlError(
      ERROR_CODES.E_GUARDRAIL,
      `the proposal is ${file.length} bytes; a proposal may be at most ${limits.maxFileBytes} (the card file limit). Propose a shorter card.`,
      { bytes: file.length, limit: limits.maxFileBytes }
    );
  const pending2 = countPending(memoryDir);
  if (pending2 >= limits.maxFiles)
    throw new MemctlError(
      ERROR_CODES.E_GUARDRAIL,
      `${pending2} proposals already await review (the limit is ${limits.maxFiles}); nothing was staged. The owner must review them first (memctl review, memctl consolidate).`,
      { pending: pending2, limit: limits.maxFiles }
    );
}
function newCardFile(p) {
  return `${p.card.type ?? "unknown"}_${p.card.name}.md`;
}
function dropUndefined(o) {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== void 0));
}
var init_propose = __esm({
  "lib/proposals/propose.ts"() {
    "use strict";
    init_node_fs();
    init_node_path();
    init_errors();
    init_guardrails();
    init_history();
    init_lock();
    init_card_rules();
    init_card_input();
    init_card_find();
    init_recall_keys();
    init_scope();
    init_secrets();
    init_write();
    init_proposal_files();
    init_proposal_read();
    init_proposal_files();
    init_proposal_read();
  }
});

// lib/cli/save-bin.ts
var save_bin_exports = {};
__export(save_bin_exports, {
  runSave: () => runSave
});
module.exports = __toCommonJS(save_bin_exports);

// lib/store/io.ts
init_checked_fs();

// lib/store/bounded-input.ts
init_node_fs();
init_monotonic();
var CHUNK = 64 * 1024;
function readStreamBounded(stream, bounds, started = monotonicMs(), progress = { chunks: [], seen: 0 }) {
  return new Promise((resolve) => {
    let done = false;
    const settle = (ended) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stream.removeListener("data", onData);
      stream.removeListener("end", onEnd);
      stream.removeListener("error", onEnd);
      if (!ended) stream.destroy?.();
      resolve(finish(progress, bounds, ended));
    };
    const onData = (chunk) => void keep(progress, Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk), bounds);
    const onEnd = () => settle(true);
    const timer = setTimeout(() => settle(false), Math.max(0, bounds.deadlineMs - (monotonicMs() - started)));
    timer.unref();
    stream.on("data", onData);
    stream.once("end", onEnd);
    stream.once("error", onEnd);
  });
}
function keep(progress, chunk, bounds) {
  progress.seen += chunk.length;
  if (progress.seen <= bounds.maxBytes) {
    progress.chunks.push(chunk);
    return true;
  }
  progress.chunks.length = 0;
  return false;
}
function finish(progress, bounds, ended) {
  if (progress.seen > bounds.maxBytes) return { status: "over", seen: progress.seen, ended };
  if (!ended) return { status: "late", seen: progress.seen };
  const { chunks } = progress;
  return { status: "read", bytes: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks) };
}

// lib/store/io.ts
init_bytes();
function processIo(sinks) {
  return {
    stdout: sinks?.stdout ?? process.stdout,
    stderr: sinks?.stderr ?? process.stderr,
    readStdin: () => readAll(process.stdin),
    // A stream, so the deadline also ends a wait on a pipe held open in silence (the per-prompt entry reads fd 0
    // synchronously instead, for speed: lib/hook/entry/user-prompt-submit.ts).
    readInput: (bounds) => readStreamBounded(process.stdin, bounds),
    env: process.env,
    // Read when asked: the hook works from its payload's cwd, and process.cwd() compiles a wrapper first.
    get cwd() {
      return process.cwd();
    },
    home: process.env.HOME || homedir(),
    now: () => /* @__PURE__ */ new Date(),
    // A getter: process.stdin is created only when a command asks (the per-prompt hook never does).
    get ask() {
      return process.stdin.isTTY && process.stdout.isTTY ? askTerminal : void 0;
    }
  };
}
async function askTerminal(question) {
  const readline = process.getBuiltinModule("node:readline/promises");
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  const closed = new Promise((resolve) => rl.once("close", () => resolve(void 0)));
  try {
    return await Promise.race([rl.question(question), closed]);
  } finally {
    rl.close();
  }
}
async function readAll(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
var pause = new Int32Array(new SharedArrayBuffer(4));
function homedir() {
  return process.getBuiltinModule("node:os").homedir();
}

// lib/cli/run-command.ts
init_errors();

// lib/cli/args.ts
init_node_fs();
init_node_path();
init_errors();
init_closest();
function parseArgs(spec2, argv) {
  const flags = {};
  const positionals = [];
  const byShort = new Map(
    Object.entries(spec2.flags).filter(([, f]) => f.short).map(([name, f]) => [f.short, name])
  );
  const hint2 = `run "memctl ${spec2.name} --help" for usage`;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === "-" || !arg.startsWith("-") || /^-\d/.test(arg)) {
      positionals.push(arg);
      continue;
    }
    let name;
    let inline2;
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      inline2 = eq === -1 ? void 0 : arg.slice(eq + 1);
    } else {
      const long = byShort.get(arg.slice(1));
      if (!long) throw usageError(`unknown flag ${arg} for "memctl ${spec2.name}"; ${hint2}`);
      name = long;
    }
    const flag = spec2.flags[name];
    if (!flag) {
      const guess = closest(name, Object.keys(spec2.flags));
      throw usageError(`unknown flag --${name} for "memctl ${spec2.name}"${guess ? ` (did you mean --${guess}?)` : ""}; ${hint2}`);
    }
    if (flag.type === "boolean") {
      if (inline2 !== void 0) throw usageError(`flag --${name} takes no value; ${hint2}`);
      flags[name] = true;
      continue;
    }
    const raw = inline2 ?? argv[++i];
    if (raw === void 0) throw usageError(`flag --${name} needs a value (${flag.valueName ?? flag.type}); ${hint2}`);
    const value = flag.type === "number" ? toNumber(name, raw, hint2) : raw;
    if (flag.multiple) flags[name] = [...flags[name] ?? [], value];
    else flags[name] = value;
  }
  const specs = spec2.positionals ?? [];
  const required = specs.filter((p) => p.required).length;
  if (positionals.length < required) {
    const missing = specs[positionals.length];
    throw usageError(`missing argument <${missing.name}> for "memctl ${spec2.name}"; ${hint2}`);
  }
  if (!specs.some((p) => p.variadic) && positionals.length > specs.length) {
    throw usageError(`unexpected argument "${positionals[specs.length]}" for "memctl ${spec2.name}"; ${hint2}`);
  }
  return { flags, positionals };
}
function toNumber(name, raw, hint2) {
  const n = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(n) || !Number.isInteger(n) || n < 0) {
    throw usageError(`flag --${name} needs a non-negative integer, got "${raw}"; ${hint2}`);
  }
  return n;
}
function renderHelp(spec2) {
  const pos = (spec2.positionals ?? []).map((p) => {
    const inner = `${p.name}${p.variadic ? "..." : ""}`;
    return p.required ? `<${inner}>` : `[${inner}]`;
  });
  const lines = [`memctl ${spec2.name} \u2014 ${spec2.summary}`, "", `Usage: memctl ${[spec2.name, ...pos, "[flags]"].join(" ")}`];
  if (spec2.positionals?.length) {
    lines.push("", "Arguments:");
    for (const p of spec2.positionals) lines.push(`  ${p.name.padEnd(24)} ${p.description}`);
  }
  const flagRows = Object.entries(spec2.flags).map(([name, f]) => {
    const head = `${f.short ? `-${f.short}, ` : ""}--${name}${f.type === "boolean" ? "" : ` ${f.valueName ?? f.type.toUpperCase()}`}`;
    return `  ${head.padEnd(24)} ${f.description}${f.multiple ? " (repeatable)" : ""}`;
  });
  lines.push("", "Flags:", ...flagRows, `  ${"-h, --help".padEnd(24)} show this help`);
  lines.push("", "Exit codes:");
  for (const [code, meaning] of Object.entries(spec2.exitCodes)) lines.push(`  ${code}  ${meaning}`);
  if (spec2.notes) lines.push("", spec2.notes);
  if (spec2.examples?.length) lines.push("", "Examples:", ...spec2.examples.map((e) => `  ${e}`));
  return lines.join("\n") + "\n";
}
function str(args, name) {
  const v = args.flags[name];
  return typeof v === "string" ? v : void 0;
}
function bool(args, name) {
  return args.flags[name] === true;
}
function strs(args, name) {
  const v = args.flags[name];
  return Array.isArray(v) ? v.map(String) : [];
}
var PROJECT_FLAGS = Object.freeze({
  "repo-root": { type: "string", valueName: "PATH", description: "a directory inside the project (default: current directory)" },
  "allow-non-git": { type: "boolean", description: "accept a plain (non-git) directory as the project, keyed by its path" }
});
function projectFrom(args) {
  return { repoRoot: str(args, "repo-root"), allowNonGit: bool(args, "allow-non-git") };
}

// lib/cli/output.ts
var import_picocolors = __toESM(require_picocolors(), 1);
init_sanitize();
function colorsFor(io) {
  const forced = io.env.FORCE_COLOR !== void 0 && io.env.FORCE_COLOR !== "0";
  const disabled = Boolean(io.env.NO_COLOR) || io.env.TERM === "dumb";
  return import_picocolors.default.createColors(forced || !disabled && io.stdout.isTTY === true);
}
function writeVerb(result) {
  if (result.revived) return "revived";
  return result.op === "create" ? "created" : result.op === "update" ? "updated" : "unchanged";
}
function printJson(io, report) {
  io.stdout.write(safeJson({ schema_version: 1, ...report }) + "\n");
}

// lib/cli/run-command.ts
var EXIT_BY_CODE = {
  [ERROR_CODES.E_USAGE]: 2,
  [ERROR_CODES.E_NOT_GIT]: 2,
  [ERROR_CODES.E_INVALID_EXPLICIT]: 3,
  [ERROR_CODES.E_NO_SOURCE]: 2,
  [ERROR_CODES.E_RECALL_KEYS]: 2,
  [ERROR_CODES.E_SCOPE]: 2,
  [ERROR_CODES.E_NO_MODEL]: 2
};
async function runCommand(load3, rest, io) {
  try {
    const command = await load3();
    if (rest.includes("--help") || rest.includes("-h")) {
      io.stdout.write(renderHelp(command.spec));
      return 0;
    }
    return await command.run(rest, io);
  } catch (err) {
    return reportError(err, io, rest.includes("--json"));
  }
}
function reportError(thrown, io, json) {
  if (thrown instanceof ExitError) return thrown.exitCode;
  const err = environmentFault(thrown) ?? thrown;
  if (err instanceof MemctlError) {
    const exitCode = EXIT_BY_CODE[err.code] ?? 1;
    io.stderr.write(`memctl: ${err.message} (${err.code})
`);
    if (json) printJson(io, { error: { code: err.code, message: err.message, ...err.data ?? {} } });
    return exitCode;
  }
  const detail = err instanceof Error ? io.env.MEMCTL_DEBUG ? err.stack : err.message : String(err);
  io.stderr.write(internalErrorText(String(detail)));
  if (json) printJson(io, { error: { code: "E_INTERNAL", message: String(detail) } });
  return 1;
}

// lib/cli/save.ts
var save_exports = {};
__export(save_exports, {
  run: () => run,
  spec: () => spec
});
init_shell_quote();
init_card_rules();
init_save();
init_actor();
init_hosts();
init_secrets();
init_write();
init_sanitize();

// lib/cli/store-access.ts
init_node_fs();
init_node_path();
init_actor();
init_errors();
init_guardrails();

// lib/config/resolve.ts
init_node_fs();
init_node_path();
init_config();
init_errors();

// lib/config/git.ts
init_node_path();
init_checked_fs();
init_paths();
function findRepo(start) {
  let dir = realpathOr(node_path_default.resolve(start));
  for (; ; ) {
    const dotGit = joinPath(dir, ".git");
    const stat2 = lstatOrUndefined(dotGit);
    if (stat2?.isDirectory()) return located(dir, dotGit, dotGit);
    if (stat2?.isFile()) {
      const gitDir = readGitFile(dotGit, dir);
      if (gitDir) return located(dir, dotGit, gitDir);
    }
    const parent = node_path_default.dirname(dir);
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
  const canonicalRoot = node_path_default.basename(ownDir) === ".git" && node_path_default.dirname(ownDir) !== worktreeRoot ? worktreeRoot : canonicalRootOf(ownDir, worktreeRoot);
  return { worktreeRoot, commonDir: ownDir, canonicalRoot };
}
function listsWorktree(commonDir, ownDir, dotGit) {
  if (node_path_default.dirname(ownDir) !== joinPath(commonDir, "worktrees")) return false;
  const back = readOrUndefined(joinPath(ownDir, "gitdir"))?.trim();
  return back !== void 0 && back !== "" && realpathOr(node_path_default.resolve(ownDir, back)) === realpathOr(dotGit);
}
function readGitFile(file, worktree) {
  const text = readOrUndefined(file);
  const match = text?.match(/^gitdir:\s*(.+?)\s*$/m);
  return match ? node_path_default.resolve(worktree, match[1]) : void 0;
}
function readCommonDir(gitDir) {
  const text = readOrUndefined(joinPath(gitDir, "commondir"))?.trim();
  return text ? node_path_default.resolve(gitDir, text) : void 0;
}
function canonicalRootOf(commonDir, worktreeRoot) {
  if (node_path_default.basename(commonDir) === ".git") return node_path_default.dirname(commonDir);
  return worktreeRoot;
}
function listedRootOf(commonDir, worktreeRoot) {
  if (node_path_default.basename(commonDir) === ".git") return node_path_default.dirname(commonDir);
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
  return found ? realpathOr(node_path_default.resolve(gitDir, found)) : void 0;
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

// lib/config/project.ts
init_node_path();
init_sha256();
var SLUG_MAX = 200;
function claudeSlug(absPath) {
  const slug = replaceOutside(absPath, false);
  if (slug.length <= SLUG_MAX) return slug;
  return `${slug.slice(0, SLUG_MAX)}-${javaStringHash(absPath)}`;
}
function javaStringHash(text) {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h << 5) - h + text.charCodeAt(i) | 0;
  return Math.abs(h).toString(36);
}
function projectKey(canonicalRoot) {
  const base = trimDashes(replaceOutside(node_path_default.basename(canonicalRoot), true)) || "root";
  const digest = sha256Hex(canonicalRoot).slice(0, 12);
  return `${base.slice(0, 48)}-${digest}`;
}
function replaceOutside(text, keepPunctuation) {
  let out = "";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const kept = c >= 48 && c <= 57 || c >= 65 && c <= 90 || c >= 97 && c <= 122 || keepPunctuation && (c === 46 || c === 95 || c === 45);
    if (kept) continue;
    out += `${text.slice(from, i)}-`;
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}
function trimDashes(text) {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === 45) start++;
  while (end > start && text.charCodeAt(end - 1) === 45) end--;
  return text.slice(start, end);
}

// lib/config/resolve.ts
init_checked_fs();
init_paths();
init_host_dirs();

// lib/config/legacy-owner.ts
init_node_path();
init_checked_fs();
init_paths();
init_safe_write();
init_write();
var OWNER_FILE = "project-root";
var OWNER_MAX_BYTES2 = 16 * 1024;
function legacyOwner(legacyDir) {
  const file = joinPath(legacyDir, STATE_DIR, OWNER_FILE);
  if (lstatIfExists(file) === void 0) return void 0;
  try {
    const text = readRegularUtf8(file, OWNER_MAX_BYTES2, { nofollow: true }).trim();
    return text === "" ? void 0 : text;
  } catch {
    return void 0;
  }
}
function claimLegacyStore(legacyDir, canonical) {
  try {
    commitFileSync(joinPath(realDir(legacyDir, STATE_DIR), OWNER_FILE), `${canonical}
`, { exclusive: true });
  } catch {
  }
}
var TRANSCRIPTS_MAX = 64;
var TRANSCRIPT_HEAD_BYTES = 16 * 1024;
var CWD_KEY = /"cwd":"((?:[^"\\]|\\.)*)"/g;
function legacyClaimant(legacyDir, canonical) {
  const folder = node_path_default.dirname(legacyDir);
  const slug = node_path_default.basename(folder);
  let names;
  try {
    names = readdirNames(folder).filter((n) => n.endsWith(".jsonl")).slice(0, TRANSCRIPTS_MAX);
  } catch {
    return canonical;
  }
  const inside = (dir) => [dir, realpathOr(dir)].some((d) => d === canonical || d.startsWith(canonical + node_path_default.sep));
  const others = /* @__PURE__ */ new Set();
  for (const name of names) {
    for (const cwd of transcriptCwds(joinPath(folder, name))) {
      if (inside(cwd)) return canonical;
      others.add(cwd);
    }
  }
  for (const cwd of others) {
    if (!isDirectory(cwd)) continue;
    const owner = findRepo(cwd)?.canonicalRoot ?? realpathOr(cwd);
    if (owner !== canonical && claudeSlug(owner) === slug) return owner;
  }
  return canonical;
}
function transcriptCwds(file) {
  let opened;
  try {
    opened = openRegular(file, { nofollow: true });
  } catch {
    return [];
  }
  try {
    const buf = Buffer.alloc(TRANSCRIPT_HEAD_BYTES);
    const text = buf.toString("utf8", 0, readAt(opened.fd, buf, 0, buf.length, 0));
    const out = /* @__PURE__ */ new Set();
    for (const m4 of text.matchAll(CWD_KEY)) {
      try {
        const cwd = JSON.parse(`"${m4[1]}"`);
        if (node_path_default.isAbsolute(cwd)) out.add(cwd);
      } catch {
      }
    }
    return [...out];
  } catch {
    return [];
  } finally {
    close(opened.fd);
  }
}

// lib/config/resolve.ts
var ENV_VARS = ["MEMCTL_MEMORY_DIR", "PM_MEMORY_DIR"];
function locateProject(options, io) {
  const start = options.repoRoot !== void 0 && node_path_default.isAbsolute(options.repoRoot) ? node_path_default.resolve(options.repoRoot) : node_path_default.resolve(io.cwd, options.repoRoot ?? ".");
  if (!isDirectory(start)) {
    throw new MemctlError(ERROR_CODES.E_USAGE, `--repo-root ${start} is not a directory; pass a directory inside the project`);
  }
  const repo = findRepo(start);
  if (!repo && !options.allowNonGit) {
    throw new MemctlError(ERROR_CODES.E_NOT_GIT, `${start} is not inside a git repository; run from a repository or pass --allow-non-git to key the plain directory`);
  }
  const canonical = repo?.canonicalRoot ?? realpath(start);
  const claudeHome = hostDir(io.env, io.home, "CLAUDE_CONFIG_DIR");
  return {
    canonical_repo: canonical,
    repo_root: repo?.worktreeRoot ?? canonical,
    project_key: projectKey(canonical),
    legacy_dir: joinPath(claudeHome, "projects", claudeSlug(canonical), "memory"),
    git: repo !== void 0
  };
}
function resolveMemory(options, io, config) {
  const envSelected = ENV_VARS.some((name) => io.env[name]);
  const base = { ...locateProject({ ...options, allowNonGit: options.allowNonGit || envSelected }, io), config_file: "" };
  const canonical = base.canonical_repo;
  for (const name of ENV_VARS) {
    const value = io.env[name];
    if (value) return { ...base, ...explicit("env", value, name) };
  }
  config ??= readConfig(io);
  base.config_file = config.file;
  const fileWide = fileProblems(config);
  if (fileWide.length > 0) {
    const first = fileWide[0];
    return {
      ...base,
      status: "invalid-explicit",
      resolution_source: "config",
      memory_dir: null,
      reason: `config file ${config.file}${first.line ? `:${first.line}` : ""} cannot be used (${first.message}); fix it, then run "memctl config lint"`
    };
  }
  const entry = config.value.projects[base.project_key];
  const entryProblem = projectProblems(config, base.project_key)[0];
  if (entryProblem) {
    return {
      ...base,
      status: "invalid-explicit",
      resolution_source: "config",
      memory_dir: rawEntryDir(config, base.project_key),
      reason: `the entry for this project in ${config.file} cannot be used (${entryProblem.message}); fix it with "memctl config set --repo-root ${canonical} --memory-dir <absolute dir>" or by hand, then run "memctl config lint" (memctl never falls back to another store)`
    };
  }
  if (entry?.memory_dir) return { ...base, ...explicit("config", entry.memory_dir, `projects."${base.project_key}".memory_dir in ${config.file}`) };
  const warnings = [];
  if (config.value.legacyGlobalDir !== void 0 && options.compatibility) {
    warnings.push(
      `the global memory_dir key in ${config.file} is ignored (unsafe with several repositories); run "memctl config migrate --repo-root ${canonical}" to scope it to this project, or remove it`
    );
  } else if (config.value.legacyGlobalDir !== void 0) {
    return {
      ...base,
      status: "invalid-explicit",
      resolution_source: "config-legacy-global",
      memory_dir: config.value.legacyGlobalDir,
      reason: `the global memory_dir key in ${config.file} is unsafe with several repositories; run "memctl config migrate --repo-root ${canonical}" to scope it to this project`
    };
  }
  if (isDirectory(base.legacy_dir)) {
    let owner = legacyOwner(base.legacy_dir);
    if (owner === void 0) {
      const claimant = legacyClaimant(base.legacy_dir, canonical);
      claimLegacyStore(base.legacy_dir, claimant);
      owner = legacyOwner(base.legacy_dir) ?? claimant;
    }
    if (owner !== canonical) return { ...base, ...warnings.length > 0 ? { warnings } : {}, ...legacyOfAnother(base.legacy_dir, owner, canonical) };
    return {
      ...base,
      status: "resolved",
      resolution_source: "legacy",
      memory_dir: base.legacy_dir,
      reason: "legacy Claude Code memory directory exists",
      ...warnings.length > 0 ? { warnings } : {}
    };
  }
  return {
    ...base,
    ...warnings.length > 0 ? { warnings } : {},
    status: "unavailable",
    resolution_source: "none",
    memory_dir: null,
    reason: `no memory selected: MEMCTL_MEMORY_DIR is unset, ${config.file} has no entry for ${base.project_key}, and ${base.legacy_dir} does not exist; run "memctl init" to create a store`
  };
}
function legacyOfAnother(legacyDir, owner, canonical) {
  return {
    status: "unavailable",
    resolution_source: "none",
    memory_dir: null,
    legacy_owner: owner,
    reason: `the legacy Claude Code memory directory ${legacyDir} belongs to ${owner} (Claude Code gives both projects that folder name), so this project does not use it; give this project its own store: "memctl config set --repo-root ${canonical} --memory-dir <absolute dir>", then "memctl init"`
  };
}
function rawEntryDir(config, key) {
  const projects = config.value.raw.projects;
  const entry = projects?.[key];
  return typeof entry?.memory_dir === "string" ? entry.memory_dir : null;
}
function explicit(source, dir, origin) {
  const problem = explicitDirProblem(dir);
  if (problem)
    return {
      status: "invalid-explicit",
      resolution_source: source,
      memory_dir: dir,
      reason: `${origin} = ${dir} ${problem}; fix or unset it (memctl never falls back to another store)`
    };
  return { status: "resolved", resolution_source: source, memory_dir: realpath(dir), reason: `selected by ${origin}` };
}
function explicitDirProblem(dir) {
  if (!node_path_default.isAbsolute(dir)) return "is not an absolute path";
  try {
    if (!stat(dir).isDirectory()) return "is not a directory";
    access(dir, node_fs_default.constants.R_OK | node_fs_default.constants.X_OK);
  } catch (err) {
    const code = systemCode(err);
    if (code === "ENOENT" || code === "ENOTDIR") return "does not exist";
    if (code === "EACCES" || code === "EPERM") return "is not readable";
    return `cannot be used (${code ?? String(err)})`;
  }
  return void 0;
}

// lib/cli/store-access.ts
init_secrets();
init_write();
init_read();
var STORE_FLAGS = PROJECT_FLAGS;
var ACTOR_FLAGS = {
  actor: {
    type: "string",
    valueName: "WHO",
    description: "who is writing: human (default), host:<name> (logs and proposes; writes cards only with [hosts.<name>] write = true in the config), agent:<id>"
  },
  "task-id": { type: "string", valueName: "ID", description: "the calling agent's task id (makes the caller agent:<ID>, read-only)" }
};
var JSON_FLAG = { json: { type: "boolean", description: "print one JSON object (schema_version 1)" } };
function requireStore(args, io) {
  const resolution = resolveMemory(projectFrom(args), io);
  if (resolution.status === "invalid-explicit") {
    throw new MemctlError(ERROR_CODES.E_INVALID_EXPLICIT, `invalid explicit memory selection: ${resolution.reason}`, {
      resolution_source: resolution.resolution_source,
      memory_dir: resolution.memory_dir
    });
  }
  if (resolution.status !== "resolved" || !resolution.memory_dir) {
    throw new MemctlError(ERROR_CODES.E_UNAVAILABLE, `no memory store for this project: ${resolution.reason}`, { resolution_source: resolution.resolution_source });
  }
  return { memoryDir: resolution.memory_dir, resolution };
}
function callerFrom(args, io, fallback = "human") {
  const caller = resolveCaller({ actor: str(args, "actor"), taskId: str(args, "task-id") }, io.env, fallback);
  const note = overrideNote(caller);
  if (note) io.stderr.write(note);
  return caller;
}
function directWriterFrom(args, io, what2 = "write memory cards directly") {
  const caller = callerFrom(args, io);
  assertMayWriteDirectly(caller.actor, what2, io, caller.shells);
  return caller.actor;
}
function writeContext(args, io, memoryDir) {
  return { memoryDir, actor: directWriterFrom(args, io), now: io.now(), commit: pauseFromEnv(io.env), guardrails: configuredGuardrails(io), secrets: secretPolicy(io) };
}
function listFrom(args, flag, separator) {
  const flags = strs(args, flag);
  return flags.length > 0 ? flags.flatMap((v) => v.split(separator)).map((v) => v.trim()).filter(Boolean) : void 0;
}
var topicsFrom = (args) => listFrom(args, "topics", ",");
var recallFrom = (args) => listFrom(args, "recall", "|");
var scopeFrom = (args) => listFrom(args, "scope", ",");
function cardFieldsFrom(args, name, body) {
  return {
    name,
    type: str(args, "type"),
    description: str(args, "description"),
    body,
    topics: topicsFrom(args),
    recall: recallFrom(args),
    scope: scopeFrom(args)
  };
}
var SCOPE_FLAG = {
  scope: {
    type: "string",
    valueName: "A,B",
    description: 'where in the repository the card applies: directories or globs relative to its root (packages/api, apps/*/src); replaces the list, "" clears it',
    multiple: true
  }
};
var RECALL_FLAG = {
  recall: {
    type: "string",
    valueName: "A|B",
    description: "recall keys: ways people will ask for this card (symptoms, questions, synonyms), |-separated (replaces the list)",
    multiple: true
  }
};
async function cardBodyFrom(args, io) {
  const [, dash] = args.positionals;
  if (dash !== void 0 && dash !== "-") throw usageError(`unexpected argument "${dash}"; pass - to read the body from stdin`);
  const bodyFile = str(args, "body-file");
  if (dash && bodyFile) throw usageError("give the body either with --body-file or with -, not both");
  if (dash || bodyFile === "-") {
    if (!io.readStdin) throw usageError("no standard input to read the body from");
    return (await io.readStdin()).toString("utf8");
  }
  if (bodyFile === void 0) return void 0;
  const file = node_path_default.resolve(io.cwd, bodyFile);
  try {
    return node_fs_default.readFileSync(file, "utf8");
  } catch (err) {
    throw usageError(`--body-file ${file} cannot be read: ${err.message}`);
  }
}

// lib/cli/command-summary.ts
var COMMAND_SUMMARIES = {
  resolve: { group: "Set up", summary: "show which memory directory this project uses and why" },
  config: { group: "Set up", summary: "set, migrate or lint the user config (project \u2192 memory dir mappings)" },
  install: { group: "Hosts and hooks", summary: "wire memctl into a host (claude, codex, opencode, grok, generic); --status reports every host" },
  uninstall: { group: "Hosts and hooks", summary: "remove exactly what install added for a host" },
  doctor: { group: "Maintain", summary: "check the store is well-formed and what it injects is healthy (read-only)" },
  "fix-fields": {
    group: "Maintain",
    summary: "add the standard fields doctor finds missing (topics, priority, status, updated_at, repo_refs) to every card, nothing else"
  },
  stats: { group: "Maintain", summary: "what memory buys: injected size, hits, concentration, never-hit cards, episodes" },
  init: { group: "Set up", summary: "create this project's memory store with a minimal MEMORY.md" },
  log: { group: "Write memory", summary: "append one session summary (episode) to episodes.jsonl" },
  remember: { group: "Write memory", summary: "one sentence to keep: tier and title inferred; a card from the owner at a terminal, else a proposal" },
  save: { group: "Write memory", summary: "create or update a card and its index line (attributed, in history)" },
  keys: { group: "Write memory", summary: "recall keys (ways people will ask for a card) written by your configured model: one card, or --backfill" },
  show: { group: "Read memory", summary: "print one card in full" },
  list: { group: "Read memory", summary: "the cards as a table" },
  rm: { group: "Write memory", summary: "tombstone a card (leaves the index, history stays)" },
  restore: { group: "Write memory", summary: "write an earlier revision of a card back as a new revision (memctl history NAME shows them)" },
  history: { group: "Read memory", summary: "who wrote what, when, with revision and content hash" },
  view: { group: "Read memory", summary: "show a memory file with line numbers, or a directory (memory tool view)" },
  manage: { group: "Write memory", summary: "create / str_replace / insert / delete / rename memory files, path-safe and locked" },
  import: { group: "Set up", summary: "import existing Claude Code memory: its cards and MEMORY.md prose (preview; --yes to write)" },
  search: { group: "Read memory", summary: "search card bodies and episodes, ranked, with the matching line" },
  recall: { group: "Read memory", summary: "the last episodes and the cards most relevant to them" },
  adopt: { group: "Write memory", summary: "record hand edits of cards into history" },
  hook: {
    group: "Hosts and hooks",
    summary: "run a host hook by hand (user-prompt-submit: rank memory against the prompt on stdin; session-end: capture proposals)"
  },
  instructions: {
    group: "Read memory",
    summary: "the always-on instruction files composed (user \u2192 project \u2192 subtree, @imports), where each part came from; --host: what that host gets"
  },
  why: { group: "Read memory", summary: "what the per-prompt hook injected on the last prompts, and the rule that chose each line" },
  ui: { group: "Read memory", summary: "a local web view of the memory: cards, injection timeline, review queue, health" },
  context: { group: "Read memory", summary: "rank memory against a query like the per-prompt hook, with each line's score and why" },
  prepare: { group: "Hosts and hooks", summary: "strict resolution plus a bounded memory query for one request (hosts without a hook)" },
  demo: { group: "Set up", summary: "run the per-prompt hook on the built-in sample store for a few sample prompts" },
  mcp: {
    group: "Hosts and hooks",
    summary: "serve the memory tools over stdio as an MCP server (view, overview, context, search, recall, propose, log, manage)"
  },
  propose: { group: "Review proposals", summary: "stage a candidate card with its source for the owner (agents and read-only hosts too)" },
  review: { group: "Review proposals", summary: "pending proposals with duplicate / conflict / stale flags, or one with its diff" },
  accept: { group: "Review proposals", summary: "promote a proposal into a card (owner only; provenance, history, index line)" },
  reject: { group: "Review proposals", summary: "decline a proposal; archived with the reason (owner only)" },
  consolidate: { group: "Review proposals", summary: "owner pass: merge duplicate proposals, flag conflicts, optionally accept facts (a ledger job)" },
  expire: { group: "Maintain", summary: "list cards past expires_at; --yes removes them, each restorable (a ledger job)" },
  jobs: { group: "Maintain", summary: "the job ledger: running, stuck (retryable), failed, done" },
  shard: { group: "Maintain", summary: "move episodes older than a month into episodes.YYYY-MM.jsonl (locked, crash safe)" },
  "rebuild-summary": { group: "Maintain", summary: "write episodes.summary.md from the episode shards, skipping empty skeletons" },
  sync: { group: "Maintain", summary: "commit, fetch, merge and push the memory through git, losing nothing (init <remote>, --status, --detach, --rebuild-hold)" },
  distill: {
    group: "Review proposals",
    summary: "what /mem-distill reads: known index lines, episodes since the last distill, the tiers (--llm stages candidates)"
  },
  compress: { group: "Review proposals", summary: "shorter hooks and merges ranked by bytes saved per prompt, staged as proposals (card bodies untouched)" },
  completion: { group: "Set up", summary: "print a shell completion script (bash, zsh or fish)" },
  compact: { group: "Maintain", summary: "replace the injected full index with a smaller derived summary (--show, --clear)" }
};
function commandSummary(name) {
  return COMMAND_SUMMARIES[name].summary;
}

// lib/cli/save.ts
init_config();
init_recall();
var spec = {
  name: "save",
  summary: commandSummary("save"),
  positionals: [
    { name: "name", description: "the card's name; the file is <type>_<name>.md", required: true, completes: "card" },
    { name: "-", description: "read the body from standard input" }
  ],
  flags: {
    type: { type: "string", short: "t", valueName: "TYPE", description: `card type: ${CARD_TYPES.join(", ")} (required for a new card)` },
    description: { type: "string", short: "d", valueName: "TEXT", description: "one line, at most 200 characters: the card's index hook (required for a new card)" },
    "body-file": { type: "string", valueName: "FILE", description: "replace the body with this file's content (- for stdin)" },
    topics: { type: "string", valueName: "A,B", description: "comma-separated topics (replaces the list)", multiple: true },
    ...RECALL_FLAG,
    ...SCOPE_FLAG,
    priority: { type: "string", valueName: "P", description: "always | normal | low" },
    status: { type: "string", valueName: "S", description: "active | stale | superseded" },
    expires: { type: "string", valueName: "DATE", description: "expires_at, YYYY-MM-DD" },
    ref: { type: "string", valueName: "REF", description: "a repo_refs entry: path:<file>, fn:<file>#<symbol>, flag:<cmd> <--flag> (replaces the list)", multiple: true },
    supersede: {
      type: "string",
      valueName: "CARD",
      description: "this card replaces CARD (comma list allowed) in the same write: CARD stays, marked status: superseded, superseded_by: <name>",
      multiple: true
    },
    ...ACTOR_FLAGS,
    ...STORE_FLAGS,
    ...JSON_FLAG
  },
  exitCodes: {
    0: "saved (or unchanged); or, for a host the owner has not opted in (an agent's shell included), staged as a proposal instead",
    1: "not saved: description over 200 characters, guardrail, lock timeout, agent caller, frontmatter that cannot be edited safely",
    2: "usage error",
    3: "invalid explicit memory selection"
  },
  notes: "Existing frontmatter is edited line by line: fields you do not pass (and a legacy metadata: block) keep their exact bytes.\nRun by a host the owner has not opted in ([hosts.<name>] write = true), including from an agent host's shell (CLAUDECODE=1,\nCODEX_THREAD_ID, OPENCODE=1, GROK_AGENT=1; --actor human does not change that), nothing canonical is written: the card is\nstaged as a proposal (source: memctl save by host:<name>) for the owner to review / accept.\nWith [recall] on_save = true, a new card saved without --recall then gets keys from the configured model (memctl keys).",
  examples: [
    'memctl save run-tests -t feedback -d "Run the whole suite before pushing; CI is slow to report"',
    "memctl save run-tests --priority always",
    'memctl save db-port -t project -d "The dev database listens on 6543" --supersede db-port-old',
    'git log -1 --format=%B | memctl save release-notes -t reference -d "How releases are cut" -'
  ]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const name = args.positionals[0];
  const body = await cardBodyFrom(args, io);
  const refs = strs(args, "ref");
  const { memoryDir } = requireStore(args, io);
  const caller = callerFrom(args, io);
  const refusal = hostOf(caller.actor) === void 0 ? void 0 : directWriteRefusal(caller.actor, "save memory cards", io, caller.shells);
  if (refusal) return stageInstead(args, io, memoryDir, caller.actor, refusal, body);
  const ctx = writeContext(args, io, memoryDir);
  const replacing = strs(args, "supersede");
  const superseded = [];
  const result = await saveCard(
    ctx,
    {
      ...cardFieldsFrom(args, name, body),
      priority: str(args, "priority"),
      status: str(args, "status"),
      expires: str(args, "expires"),
      refs: refs.length > 0 ? refs : void 0
    },
    // Loaded only for --supersede (a plain save stays as light as it was).
    replacing.length > 0 ? async () => (await Promise.resolve().then(() => (init_supersede(), supersede_exports))).supersedingChanges(ctx, name, replacing, superseded) : void 0
  );
  const keys = result.op === "create" && recallFrom(args) === void 0 ? await keysOnSave(io, ctx, result.file) : void 0;
  if (bool(args, "json")) {
    printJson(io, {
      memory_dir: memoryDir,
      ...keys ? { recall_keys: keys } : {},
      file: result.file,
      op: result.op,
      revived: result.revived,
      rev: result.entry?.rev ?? null,
      sha256: result.entry?.sha256 ?? null,
      actor: result.entry?.actor ?? null,
      index_line: result.indexLine,
      ...replacing.length > 0 ? { superseded } : {}
    });
    return 0;
  }
  const c = colorsFor(io);
  if (result.op === "unchanged") io.stdout.write(`${c.dim("unchanged:")} ${inertText(result.file)} already says that
`);
  else io.stdout.write(`${c.green("\u2713")} ${writeVerb(result)} ${inertText(result.file)} (rev ${result.entry.rev}, ${result.entry.actor})
  ${inertText(result.indexLine)}
`);
  for (const x of superseded) io.stdout.write(`  superseded ${inertText(x.file)} (status: superseded, superseded_by: ${inertText(x.superseded_by)})
`);
  return 0;
}
async function keysOnSave(io, ctx, file) {
  const config = readConfig(io).value;
  const model = config.recall?.on_save === true ? recallModel(config) : void 0;
  if (!model) return void 0;
  const { writeCardKeys: writeCardKeys2 } = await Promise.resolve().then(() => (init_write2(), write_exports));
  const outcome = await writeCardKeys2(ctx, { model, env: io.env }, file);
  io.stderr.write(
    outcome.status === "failed" ? `memctl save: [recall] on_save: no keys for ${inertText(file)} (${inertText(outcome.reason)}); run memctl keys ${pastedWord(file)} later
` : `memctl save: [recall] on_save: ${model.actor} wrote ${outcome.keys.length} recall keys
`
  );
  return outcome;
}
async function stageInstead(args, io, memoryDir, actor, refusal, body) {
  const { propose: propose2 } = await Promise.resolve().then(() => (init_propose(), propose_exports));
  const p = await propose2(
    { memoryDir, actor, now: io.now(), commit: pauseFromEnv(io.env), secrets: secretPolicy(io) },
    {
      card: cardFieldsFrom(args, args.positionals[0], body),
      source: `memctl save by ${actor}`,
      kind: "unverified"
    }
  );
  const dropped = ["priority", "status", "expires", "ref", "supersede"].filter((f) => args.flags[f] !== void 0);
  const reason = String(refusal.data?.reason ?? refusal.message);
  if (bool(args, "json")) {
    printJson(io, { memory_dir: memoryDir, saved: false, staged: true, reason, proposal: p, dropped_flags: dropped, opt_in: refusal.data?.opt_in });
    return 0;
  }
  const what2 = p.target ? `an update to ${inertText(p.target)}` : `a new card ${inertText(`${p.card.type}_${p.card.name}.md`)}`;
  io.stdout.write(
    `not saved: ${inertText(reason)}
${colorsFor(io).green("\u2713")} staged ${what2} as proposal ${p.id} (${p.proposer}) instead; the owner decides: memctl review ${p.id}, then accept or reject
` + (dropped.length > 0 ? `  not part of a proposal, so not kept: ${dropped.map((f) => `--${f}`).join(", ")} (the owner sets them after accepting)
` : "") + `  to let ${actor} save directly, the owner adds to the memctl config:
${String(refusal.data?.opt_in ?? "").replace(/^/gm, "    ")}
`
  );
  return 0;
}

// lib/cli/save-bin.ts
function runSave(argv) {
  return runCommand(async () => save_exports, argv.slice(1), processIo());
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  runSave
});
/*! Bundled license information:

js-yaml/dist/js-yaml.mjs:
  (*! js-yaml 5.5.0 https://github.com/nodeca/js-yaml @license MIT *)

smol-toml/dist/error.js:
smol-toml/dist/primitive.js:
smol-toml/dist/date.js:
smol-toml/dist/extract.js:
smol-toml/dist/util.js:
smol-toml/dist/struct.js:
smol-toml/dist/parse.js:
smol-toml/dist/stringify.js:
smol-toml/dist/index.js:
  (*!
   * Copyright (c) Squirrel Chat et al., All rights reserved.
   * SPDX-License-Identifier: BSD-3-Clause
   *
   * Redistribution and use in source and binary forms, with or without
   * modification, are permitted provided that the following conditions are met:
   *
   * 1. Redistributions of source code must retain the above copyright notice, this
   *    list of conditions and the following disclaimer.
   * 2. Redistributions in binary form must reproduce the above copyright notice,
   *    this list of conditions and the following disclaimer in the
   *    documentation and/or other materials provided with the distribution.
   * 3. Neither the name of the copyright holder nor the names of its contributors
   *    may be used to endorse or promote products derived from this software without
   *    specific prior written permission.
   *
   * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
   * ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
   * WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
   * DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
   * FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
   * DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
   * SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
   * CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
   * OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
   * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
   *)
*/
