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
function syncedMarksOf(memoryDir, entries) {
  const text = readMarksText(memoryDir);
  if (text === void 0) return () => void 0;
  const keys = new Map(entries.map((e) => [e, entryKey(e)]));
  const marks = marksIn(text, new Set(keys.values()));
  return (e) => marks.get(keys.get(e) ?? entryKey(e));
}
function readSyncedHistory(memoryDir, only) {
  return marksIn(readMarksText(memoryDir) ?? "", only);
}
function readMarksText(memoryDir) {
  try {
    return readRegularUtf8(path.join(memoryDir, SYNCED_HISTORY_RELPATH), Number.POSITIVE_INFINITY, { nofollow: true });
  } catch (err) {
    if (systemCode(err) === "ENOENT" || systemCode(err) === "ENOTDIR") return void 0;
    throw err;
  }
}
var BACKFILLED = '{"backfilled":';
function historyBackfilled(memoryDir) {
  return readMarksText(memoryDir)?.includes(BACKFILLED) === true;
}
function recordHistoryBackfill(memoryDir, head) {
  realDir(memoryDir, STATE_DIR);
  appendLine(path.join(memoryDir, SYNCED_HISTORY_RELPATH), `${BACKFILLED}${JSON.stringify(head)}}
`);
}
var KEY_PREFIX = '{"key":"';
function marksIn(text, only) {
  const marks = /* @__PURE__ */ new Map();
  for (let at = 0; at < text.length; ) {
    const nl = text.indexOf("\n", at);
    const end = nl === -1 ? text.length : nl;
    if (only === void 0 || wantedLine(text, at, end, only)) {
      const v = parse(text.slice(at, end));
      if (v && (only === void 0 || only.has(v.key))) marks.set(v.key, { pushed_by: v.pushed_by, commit: v.commit });
    }
    at = end + 1;
  }
  return marks;
}
function wantedLine(text, start, end, only) {
  if (!text.startsWith(KEY_PREFIX, start)) return true;
  const close = text.indexOf('"', start + KEY_PREFIX.length);
  if (close === -1 || close > end) return true;
  const key = text.slice(start + KEY_PREFIX.length, close);
  if (key.includes("\\")) return true;
  if (text.slice(close, end).includes('"key"')) return true;
  return only.has(key);
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
  historyBackfilled,
  readSyncedHistory,
  recordHistoryBackfill,
  recordSyncedHistory,
  syncedMarksOf
};
