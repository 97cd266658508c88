// lib/store/history.ts
import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, systemCode } from "../core/errors.js";
import { STATE_DIR } from "./paths.js";
import { appendBytes, notRealError, realDir } from "./safe-write.js";
import { sha256Hex } from "../core/sha256.js";
import { close, openRegular, readFullyAt, readRegularMemo } from "./checked-fs.js";
var HISTORY_RELPATH = ".memctl/history.jsonl";
var HISTORY_OPS = ["create", "update", "delete", "adopt", "import"];
var ACTOR = /^(human|system|(host|agent|model):[A-Za-z0-9][A-Za-z0-9._@-]{0,127})$/;
function isValidActor(actor) {
  return ACTOR.test(actor);
}
function isAgentActor(actor) {
  return actor.startsWith("agent:") || actor.startsWith("model:");
}
function historyPath(memoryDir) {
  return path.join(memoryDir, ...HISTORY_RELPATH.split("/"));
}
function unreadable(err) {
  return systemCode(err) === "ELOOP" ? "it is a symlink; memctl reads its history only from a real file in the store" : err.message;
}
function readHistory(memoryDir, cap = Number.POSITIVE_INFINITY) {
  let text;
  try {
    const { fd, stat } = openRegular(historyPath(memoryDir), { nofollow: true });
    try {
      if (stat.size > cap) return { entries: [], malformed: 0, error: tooLarge(stat.size, cap), errorCode: ERROR_CODES.E_LOG_TOO_LARGE };
      text = readFullyAt(fd, 0, stat.size).toString("utf8");
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
var searched = /* @__PURE__ */ new WeakMap();
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
var SHARED_MIN = 6;
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
var REV_MAX = 999999999;
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
var ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/;
var SHA256_HEX = /^[0-9a-f]{64}$/;
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
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  if (stat && !stat.isFile()) throw notRealError(file, "file", stat.mode);
}
function appendLine(file, line) {
  appendBytes(file, Buffer.from(line, "utf8"), { fsync: true, rollback: true, dropTornTail: true });
}
function makeEntry(entries, card, op, actor, at, content) {
  const bytes = content === null ? 0 : Buffer.byteLength(content);
  return { rev: nextRevision(entries, card), card, op, actor, at: at.toISOString(), sha256: content === null ? null : sha256Hex(content), bytes };
}
export {
  HISTORY_OPS,
  HISTORY_RELPATH,
  REV_MAX,
  appendHistory,
  appendLine,
  assertHistoryWritable,
  contiguousTop,
  historyPath,
  inSequence,
  isAgentActor,
  isValidActor,
  latestByCard,
  makeEntry,
  nextRevision,
  parseHistory,
  parseHistoryLine,
  readCardHistory,
  readHistory,
  sha256Hex
};
