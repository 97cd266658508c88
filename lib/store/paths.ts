// File names inside a memory directory. Kept apart from read.ts so the per-prompt hook can name them
// without loading the card parser (and js-yaml with it).
import { isAbsolute, join, sep } from "node:path";
export { EPISODES_SUMMARY_FILE, INDEX_FILE } from "../core/card-types.js";
export const EPISODES_FILE = "episodes.jsonl";
/** A monthly episode shard written by `memctl shard`: episodes.YYYY-MM.jsonl. */
export const EPISODES_SHARD = /^episodes\.(\d{4}-\d{2})\.jsonl$/;
/** Derived and operational state lives here; never hand-edited. */
export const STATE_DIR = ".memctl";

/** memctl's own state outside any store (hook log, install backups): $XDG_STATE_HOME/memctl, else ~/.local/state/memctl. */
export function memctlStateHome(io: { env: Record<string, string | undefined>; home: string }): string {
  const xdg = io.env.XDG_STATE_HOME;
  return xdg && isAbsolute(xdg) ? join(xdg, "memctl") : join(io.home, ".local", "state", "memctl");
}

/**
 * path.join(dir, ...names) for the joins the per-prompt hook makes (a normal absolute directory, plain relative
 * names) by concatenation: path.join is JavaScript a fresh process compiles before its first call (~0.2M
 * instructions) and then walks character by character. Anything else (Windows, a trailing or doubled
 * separator, a "." or ".." part, a relative directory) is path.join's: the result is path.join's either way.
 */
export function joinPath(dir: string, ...names: string[]): string {
  if (sep !== "/" || !isNormalAbsolute(dir)) return join(dir, ...names);
  let out = dir === "/" ? "" : dir;
  for (let i = 0; i < names.length; i++) {
    if (names[i] === "") continue; // path.join skips empty parts
    if (!isPlainName(names[i]!)) return join(dir, ...names);
    out += "/" + names[i];
  }
  return out === "" ? dir : out;
}

function isNormalAbsolute(p: string): boolean {
  return (
    typeof p === "string" &&
    p.charCodeAt(0) === 47 &&
    (p.length === 1 || p.charCodeAt(p.length - 1) !== 47) &&
    !p.includes("//") &&
    !p.includes("/./") &&
    !p.includes("/../") &&
    !p.endsWith("/.") &&
    !p.endsWith("/..")
  );
}

function isPlainName(n: string): boolean {
  if (typeof n !== "string" || n === "." || n === ".." || n.charCodeAt(0) === 47 || n.charCodeAt(n.length - 1) === 47) return false;
  return !n.includes("//") && !n.startsWith("./") && !n.startsWith("../") && !n.includes("/./") && !n.includes("/../") && !n.endsWith("/.") && !n.endsWith("/..");
}
