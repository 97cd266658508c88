// lib/store/history-synced.ts
import path from "node:path";
import { systemCode } from "../core/errors.js";
import { encodeUtf8 } from "../core/bytes.js";
import { sha256Hex } from "../core/sha256.js";
import { readRegularUtf8 } from "./checked-fs.js";
import { appendLine } from "./history.js";
import { STATE_DIR } from "./paths.js";
import { realDir } from "./safe-write.js";
var SYNCED_HISTORY_RELPATH = `${STATE_DIR}/history-synced.jsonl`;
function entryKey(e) {
  return sha256Hex(encodeUtf8(JSON.stringify([e.rev, e.card, e.op, e.actor, e.at, e.sha256, e.bytes]))).slice(0, 32);
}
function recordSyncedHistory(memoryDir, entries, mark) {
  if (entries.length === 0) return;
  realDir(memoryDir, STATE_DIR);
  const lines = entries.map((e) => JSON.stringify({ key: entryKey(e), pushed_by: mark.pushed_by, commit: mark.commit })).join("\n");
  appendLine(path.join(memoryDir, SYNCED_HISTORY_RELPATH), `${lines}
`);
}
function readSyncedHistory(memoryDir) {
  const marks = /* @__PURE__ */ new Map();
  let text;
  try {
    text = readRegularUtf8(path.join(memoryDir, SYNCED_HISTORY_RELPATH), Number.POSITIVE_INFINITY, { nofollow: true });
  } catch (err) {
    if (systemCode(err) === "ENOENT" || systemCode(err) === "ENOTDIR") return marks;
    throw err;
  }
  for (const line of text.split("\n")) {
    const v = parse(line);
    if (v) marks.set(v.key, { pushed_by: v.pushed_by, commit: v.commit });
  }
  return marks;
}
function parse(line) {
  try {
    const v = JSON.parse(line);
    if (typeof v.key !== "string" || typeof v.commit !== "string" || !Array.isArray(v.pushed_by)) return void 0;
    return { key: v.key, commit: v.commit, pushed_by: v.pushed_by.filter((a) => typeof a === "string") };
  } catch {
    return void 0;
  }
}
export {
  SYNCED_HISTORY_RELPATH,
  entryKey,
  readSyncedHistory,
  recordSyncedHistory
};
