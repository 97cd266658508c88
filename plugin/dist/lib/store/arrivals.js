// lib/store/arrivals.ts
import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import { STATE_DIR } from "./paths.js";
import { commitFile } from "./write.js";
import { realDir } from "./safe-write.js";
import { writeHoldIndex } from "./hold-index.js";
import { readRegularUtf8 } from "./checked-fs.js";
var ARRIVALS_RELPATH = `${STATE_DIR}/arrivals.json`;
var ARRIVAL_KINDS = ["new", "edited", "removed", "pinned", "index", "compact", "file", "note"];
var ARRIVAL_LINES_RELPATH = `${STATE_DIR}/arrival-lines.json`;
function arrivalsPath(memoryDir) {
  return path.join(memoryDir, ARRIVALS_RELPATH);
}
function readArrivals(memoryDir, which = "all") {
  const items = readList(arrivalsPath(memoryDir));
  return { version: 1, items: which === "paths" ? items : [...items, ...readList(path.join(memoryDir, ARRIVAL_LINES_RELPATH))] };
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
    fs.lstatSync(file);
    return false;
  } catch (again) {
    return systemCode(again) === "EACCES";
  }
}
var HOLD_READ_CAP = 256 * 1024 * 1024;
var ARRIVAL_ID = /^a-[0-9a-f]{12}$/;
function isArrival(i) {
  const a = i;
  return typeof a === "object" && a !== null && // memctl's own id (lib/sync/arrivals.ts): printed inside the commands that decide it, so nothing else passes.
  typeof a.id === "string" && ARRIVAL_ID.test(a.id) && typeof a.path === "string" && // Kinds and states are not checked against this version's: an item of a newer memctl still holds its path.
  typeof a.kind === "string" && typeof a.state === "string" && (a.sha256 === null || typeof a.sha256 === "string");
}
function damaged(file, why) {
  const rel = `${STATE_DIR}/${path.basename(file)}`;
  return new MemctlError(
    ERROR_CODES.E_HOLD_DAMAGED,
    `${rel} (this machine's list of what syncs brought in and hold from agents) cannot be read: ${why}. Until it is repaired every store file older than it stays held and memctl sync does not merge. Repair it with memctl sync --rebuild-hold (what this machine committed is yours again; what a merge brought is held for review again), or restore it from a backup.`,
    { file: rel }
  );
}
async function writeArrivals(memoryDir, file) {
  realDir(memoryDir, STATE_DIR);
  const notes = file.items.filter((i) => i.kind === "note");
  await commitFile(arrivalsPath(memoryDir), JSON.stringify({ version: 1, items: file.items.filter((i) => i.kind !== "note") }, null, 2) + "\n");
  writeHoldIndex(memoryDir, file.items, fs.statSync(arrivalsPath(memoryDir), { bigint: true }));
  const lines = path.join(memoryDir, ARRIVAL_LINES_RELPATH);
  if (notes.length > 0 || fs.existsSync(lines)) await commitFile(lines, `${JSON.stringify({ version: 1, items: notes })}
`);
}
export {
  ARRIVALS_RELPATH,
  ARRIVAL_KINDS,
  ARRIVAL_LINES_RELPATH,
  HOLD_READ_CAP,
  arrivalsPath,
  readArrivals,
  readList,
  writeArrivals
};
