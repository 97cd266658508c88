// Starts a bundled CommonJS hook from V8's code cache. The hook is a fresh Node process on every prompt, and
// compiling its ~150 KB bundle (plus lazily compiling each function it calls) is a few milliseconds of every
// prompt; a code cache made by an earlier run of the same bundle on the same Node skips both. Node 20 has no
// module.enableCompileCache, so this does it by hand with vm.Script's cachedData.
//
// The build bundles this file once per hook with BODY_FILE and BODY_HASH defined. The cache lives next to the
// body or, when that directory is read-only, in $XDG_CACHE_HOME/memctl (~/.cache/memctl); its name carries the
// body's hash, the Node version and architecture and the flag set, so a rebuilt bundle or another Node never
// meets a foreign cache (V8 itself also rejects one from another V8 or flag set). A missing or rejected cache
// is written after the run, atomically, by whoever gets there. Nothing here may throw past the body: the hook
// must never block a prompt.
//
// A cache holds every function its run compiled, and V8 deserialises all of it on every later prompt. A run the
// body marks atypical (its export runKind: it rebuilt the rank cache, folded the usage log, or printed no block)
// compiles code a typical prompt never runs, or never compiles what one does, so it writes under a ".cold" name
// only, read when there is no typical one;
// a typical run that finds only a cold cache deletes it, and the next prompt writes a typical one.
//
// This file itself cannot be cached, and V8 compiles each of its functions on first call (~100K instructions
// apiece), so the common path is straight-line top-level code: no helpers, no path or Buffer methods.
import type { Script } from "node:vm";
import { HOOK_NODE_FLAGS } from "../../core/hook-flags.js";

declare const BODY_FILE: string;
declare const BODY_HASH: string;

// Builtins through process.getBuiltinModule (Node 20.16+): require() of one first compiles half a dozen
// functions of Node's CommonJS loader.
const getBuiltin = typeof process.getBuiltinModule === "function";
const fs: typeof import("node:fs") = (getBuiltin && process.getBuiltinModule("node:fs")) || require("node:fs");
const { isAbsolute, sep }: typeof import("node:path") = (getBuiltin && process.getBuiltinModule("node:path")) || require("node:path");

const bodyPath = __dirname + sep + BODY_FILE;
// The cache's file name for this body on this Node with these flags: V8 rejects a cache made under other
// flags, so a run with NODE_OPTIONS or node flags keeps its own file instead of rewriting everyone's. The
// flags the wiring itself passes (lib/core/hook-flags.ts) are Node's, not V8's: they share the plain cache.
const argv = process.execArgv;
const wired = argv.length === 0 || (argv.length === HOOK_NODE_FLAGS.length && argv.every((a, i) => a === HOOK_NODE_FLAGS[i]));
const flags = wired && !process.env.NODE_OPTIONS ? "" : [...argv, process.env.NODE_OPTIONS ?? ""].join("\0");
const cacheStem = `${BODY_FILE}.${BODY_HASH}.${process.version}-${process.arch}${flags === "" ? "" : `-${fnv1a(flags)}`}`;
// Where a cache may live: next to the body, else (a read-only install) the user's cache directory. Each place
// is tried for a typical cache, then a cold one: candidates alternate typical (even) and cold (odd).
const xdg = process.env.XDG_CACHE_HOME;
const home = process.env.HOME;
const userDir = xdg && isAbsolute(xdg) ? xdg + sep + "memctl" : home && isAbsolute(home) ? home + sep + ".cache" + sep + "memctl" : undefined;
const installStem = __dirname + sep + cacheStem;
const userStem = userDir ? userDir + sep + cacheStem : undefined;
const candidates = userStem
  ? [installStem + ".v8cache", installStem + ".cold.v8cache", userStem + ".v8cache", userStem + ".cold.v8cache"]
  : [installStem + ".v8cache", installStem + ".cold.v8cache"];

let cachedData: Uint8Array | undefined;
let found = -1;
for (let i = 0; i < candidates.length && cachedData === undefined; i++) {
  try {
    cachedData = fs.readFileSync(candidates[i]!);
    found = i;
  } catch {
    // not there: try the next place
  }
}
// The build stores the body inside the wrapper Node's CommonJS loader puts around a module, and pure ASCII,
// so latin1 (a plain copy) reads it exactly and skips UTF-8 decoding.
const source = fs.readFileSync(bodyPath, "latin1");
const { Script: VmScript }: typeof import("node:vm") = (getBuiltin && process.getBuiltinModule("node:vm")) || require("node:vm");
const script = new VmScript(source, { filename: bodyPath, ...(cachedData ? { cachedData } : {}) });
const body = { exports: {} as { runKind?: { atypical?: boolean } } };
if (!cachedData || script.cachedDataRejected || found % 2 === 1) process.once("exit", () => settleCache(script, body.exports.runKind?.atypical === true));
(script.runInThisContext() as (...args: unknown[]) => void)(body.exports, require, body, bodyPath, __dirname);

/** 32-bit FNV-1a in hex: a short, stable name for a flag set (not a security boundary). */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

/**
 * At exit, when the cache was missing, rejected or cold. An accepted cold cache stays for atypical runs and is
 * deleted by a typical one (its own cache would still hold the cold functions it deserialised). Otherwise this
 * run's cache is written under its kind's name, where the rejected one was found first, else in the first place
 * that takes it, and a rejected one is deleted. Best effort.
 */
function settleCache(script: Script, atypical: boolean): void {
  const accepted = cachedData !== undefined && !script.cachedDataRejected;
  if (found >= 0 && (!accepted || !atypical)) removeQuietly(candidates[found]!);
  if (accepted) return;
  const kind = atypical ? 1 : 0;
  const places = candidates.filter((_, i) => i % 2 === kind);
  const first = found >= 0 ? found >> 1 : 0;
  saveCache(script, [places[first]!, ...places.filter((_, i) => i !== first)]);
}

function removeQuietly(file: string): void {
  try {
    fs.unlinkSync(file);
  } catch {
    // already gone
  }
}

/** Written at exit, so the cache also holds every function this run compiled. Best effort, atomic. */
function saveCache(script: Script, targets: readonly string[]): void {
  const data = script.createCachedData();
  for (const file of targets) {
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      fs.mkdirSync(file.slice(0, file.lastIndexOf(sep)), { recursive: true });
      fs.writeFileSync(tmp, data);
      fs.renameSync(tmp, file);
      return;
    } catch {
      try {
        fs.unlinkSync(tmp);
      } catch {
        // nothing was written
      }
    }
  }
}
