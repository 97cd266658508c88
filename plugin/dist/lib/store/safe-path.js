// lib/store/safe-path.ts
import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import { hardLinkRefusal } from "./safe-open.js";
import { STATE_DIR } from "./read.js";
import { windowsPathProblem } from "../core/portable-name.js";
var VIRTUAL_ROOT = "/memories";
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
function assertPortable(requested, rel) {
  const problem = windowsPathProblem(rel);
  if (problem)
    throw new MemctlError(ERROR_CODES.E_PATH_NOT_PORTABLE, `Error: ${problem}; a Windows checkout of a synced store could not hold ${JSON.stringify(requested)}`, {
      path: requested
    });
}
var GIT_CONTROL_FILES = /* @__PURE__ */ new Set([".gitattributes", ".gitignore", ".gitmodules", ".lfsconfig"]);
function resolveMemoryPath(memoryDir, requested) {
  const segments = pathSegments(requested);
  const base = fs.realpathSync(memoryDir);
  let current = base;
  let kind = "directory";
  for (let i = 0; i < segments.length; i++) {
    const next = path.join(current, segments[i]);
    let stat;
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
      throw new MemctlError(ERROR_CODES.E_IO, `Error: cannot inspect ${requested}: ${err.message}`);
    }
    if (stat.isSymbolicLink()) {
      throw new MemctlError(
        ERROR_CODES.E_PATH_ESCAPE,
        `Error: ${requested} goes through a symlink (${segments.slice(0, i + 1).join("/")}); memory paths may not contain symlinks`,
        { path: requested }
      );
    }
    const last = i === segments.length - 1;
    if (!last && !stat.isDirectory()) throw notADirectory(requested, segments.slice(0, i + 1).join("/"));
    if (stat.isFile() && stat.nlink > 1) {
      throw hardLinkRefusal(requested, stat.nlink);
    }
    kind = stat.isDirectory() ? "directory" : stat.isFile() ? "file" : "other";
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
  if (path.posix.isAbsolute(requested) || path.win32.isAbsolute(requested) || /^[A-Za-z]:/.test(requested)) return void 0;
  return requested;
}
function deepestExisting(p, base) {
  let dir = p;
  while (dir !== base && dir.startsWith(base)) {
    if (fs.existsSync(dir)) return dir;
    dir = path.dirname(dir);
  }
  return base;
}
function assertInside(base, p, requested) {
  const real = fs.realpathSync(p);
  if (real !== base && !real.startsWith(base + path.sep)) {
    throw new MemctlError(ERROR_CODES.E_PATH_ESCAPE, `Error: ${requested} resolves outside the memory directory`, { path: requested });
  }
}
function notADirectory(requested, at) {
  return new MemctlError(ERROR_CODES.E_IS_DIRECTORY, `Error: ${requested}: ${at} is a file, not a directory`, { path: requested });
}
export {
  VIRTUAL_ROOT,
  assertPortable,
  lexicalProblem,
  pathSegments,
  resolveMemoryPath
};
