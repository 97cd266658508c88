// lib/store/paths.ts
import { isAbsolute, join, sep } from "node:path";
import { EPISODES_SUMMARY_FILE, INDEX_FILE } from "../core/card-types.js";
var EPISODES_FILE = "episodes.jsonl";
var EPISODES_SHARD = /^episodes\.(\d{4}-\d{2})\.jsonl$/;
var STATE_DIR = ".memctl";
function memctlStateHome(io) {
  const xdg = io.env.XDG_STATE_HOME;
  return xdg && isAbsolute(xdg) ? join(xdg, "memctl") : join(io.home, ".local", "state", "memctl");
}
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
export {
  EPISODES_FILE,
  EPISODES_SHARD,
  EPISODES_SUMMARY_FILE,
  INDEX_FILE,
  STATE_DIR,
  joinPath,
  memctlStateHome
};
