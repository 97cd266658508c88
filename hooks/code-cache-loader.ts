// Starts a bundled CommonJS hook from V8's code cache. The hook is a fresh Node process on every prompt, and
// compiling its ~130 KB bundle (plus lazily compiling each function it calls) is a few milliseconds of every
// prompt; a code cache made by an earlier run of the same bundle on the same Node skips both. Node 20 has no
// module.enableCompileCache, so this does it by hand with vm.Script's cachedData.
//
// The build bundles this file once per hook with BODY_FILE and BODY_HASH defined. The cache lives next to the
// body or, when that directory is read-only, in $XDG_CACHE_HOME/memctl (~/.cache/memctl); its name carries the
// body's hash, the Node version and architecture and the flag set, so a rebuilt bundle or another Node never
// meets a foreign cache (V8 itself also rejects one from another V8 or flag set). A missing or rejected cache
// is written after the run, atomically, by whoever gets there. Nothing here may throw past the body: the hook
// must never block a prompt.
import { mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import { Script } from "node:vm";

declare const BODY_FILE: string;
declare const BODY_HASH: string;

/**
 * The cache's file name for a body with this hash on this Node with these flags: V8 rejects a cache made under
 * other flags, so a run with NODE_OPTIONS or node flags keeps its own file instead of rewriting everyone's.
 */
function cacheName(bodyFile: string, bodyHash: string): string {
  const flags = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].join("\0");
  const variant = flags === "" ? "" : `-${fnv1a(flags)}`;
  return `${bodyFile}.${bodyHash}.${process.version}-${process.arch}${variant}.v8cache`;
}

/** Where a cache may live: next to the body, else (a read-only install) the user's cache directory. */
function cacheDirs(dir: string): string[] {
  const xdg = process.env.XDG_CACHE_HOME;
  const home = process.env.HOME;
  const user = xdg && isAbsolute(xdg) ? join(xdg, "memctl") : home && isAbsolute(home) ? join(home, ".cache", "memctl") : undefined;
  return user ? [dir, user] : [dir];
}

/** 32-bit FNV-1a in hex: a short, stable name for a flag set (not a security boundary). */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

function start(dir: string): void {
  const bodyPath = join(dir, BODY_FILE);
  const candidates = cacheDirs(dir).map((d) => join(d, cacheName(BODY_FILE, BODY_HASH)));
  let cachedData: Buffer | undefined;
  let found: string | undefined;
  for (const file of candidates) {
    try {
      cachedData = readFileSync(file);
      found = file;
      break;
    } catch {
      // not there: try the next place
    }
  }
  // The build stores the body inside the wrapper Node's CommonJS loader puts around a module, and pure ASCII,
  // so latin1 (a plain copy) reads it exactly and skips UTF-8 decoding.
  const source = readFileSync(bodyPath, "latin1");
  const script = new Script(source, { filename: bodyPath, ...(cachedData ? { cachedData } : {}) });
  if (!cachedData || script.cachedDataRejected) {
    // A rejected cache is replaced where it was found; a missing one goes to the first place that takes it.
    const targets = found ? [found, ...candidates.filter((f) => f !== found)] : candidates;
    process.once("exit", () => saveCache(script, targets));
  }
  const body = { exports: {} };
  (script.runInThisContext() as (...args: unknown[]) => void)(body.exports, require, body, bodyPath, dir);
}

/** Written at exit, so the cache also holds every function this run compiled. Best effort, atomic. */
function saveCache(script: Script, targets: readonly string[]): void {
  const data = script.createCachedData();
  for (const file of targets) {
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(tmp, data);
      renameSync(tmp, file);
      return;
    } catch {
      try {
        unlinkSync(tmp);
      } catch {
        // nothing was written
      }
    }
  }
}

start(__dirname);
