import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  findIndexLine,
  findIndexLines,
  hasFenceMark
} from "./core-index-find.mjs";
import {
  historyPath,
  readHistory
} from "./store-history.mjs";
import {
  commitFile,
  commitStaged,
  realDir,
  stageFiles
} from "./store-lock.mjs";
import {
  sha256Hex
} from "./core-sha256.mjs";
import {
  STATE_DIR
} from "./config-config.mjs";
import {
  lstatIfExists,
  readRegularBytes,
  systemCode
} from "./core-bytes.mjs";

// lib/store/revisions.ts
import fs from "node:fs";
import path from "node:path";
var REVISIONS_RELDIR = `${STATE_DIR}/revisions`;
var SHA = /^[0-9a-f]{64}$/;
var BUCKET = /^[0-9a-f]{2}$/;
var READ_CAP = 16 * 1024 * 1024;
function revisionsDir(memoryDir) {
  return path.join(memoryDir, ...REVISIONS_RELDIR.split("/"));
}
function revisionPath(memoryDir, sha) {
  return SHA.test(sha) ? path.join(revisionsDir(memoryDir), sha.slice(0, 2), sha) : void 0;
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
    return { state: "error", reason: `${path.relative(memoryDir, file)}: ${err.message}` };
  }
  if (sha256Hex(bytes) !== sha) return { state: "corrupt", reason: `${path.relative(memoryDir, file)} does not hash to its name (damaged or altered); it is not used` };
  return { state: "kept", bytes };
}
async function keepRevisions(memoryDir, pending, limits) {
  const fresh = textsToWrite(memoryDir, pending);
  try {
    for (const { file, content } of fresh) await commitFile(file, content);
  } catch (err) {
    for (const dir of new Set(fresh.map(({ file }) => path.dirname(file)))) {
      try {
        fs.rmdirSync(dir);
      } catch {
      }
    }
    throw err;
  }
  pruneRevisions(memoryDir, pending, limits);
}
async function keepRevisionsBatch(memoryDir, pending) {
  const fresh = textsToWrite(memoryDir, pending);
  if (fresh.length === 0) return;
  const temps = await stageFiles(fresh);
  commitStaged(temps.map((temp, i) => ({ temp, file: fresh[i].file })));
}
function textsToWrite(memoryDir, pending) {
  const out = /* @__PURE__ */ new Map();
  for (const { entry, content } of pending) {
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
    if (!entry.sha256 || !SHA.test(entry.sha256)) return;
    const list = byCard.get(entry.card) ?? [];
    list.push({ entry, order });
    byCard.set(entry.card, list);
  });
  const keep = /* @__PURE__ */ new Set();
  const older = [];
  for (const list of byCard.values()) {
    list.sort((a, b) => b.entry.rev - a.entry.rev || b.order - a.order);
    keep.add(list[0].entry.sha256);
    for (const { entry, order } of list.slice(1, Math.max(1, limits.maxRevisionsPerCard))) older.push({ sha: entry.sha256, bytes: entry.bytes, at: entry.at, order });
  }
  older.sort((a, b) => a.at < b.at ? 1 : a.at > b.at ? -1 : b.order - a.order);
  let total = 0;
  for (const o of older) {
    if (keep.has(o.sha)) continue;
    if (total + o.bytes > limits.maxRevisionBytes) break;
    total += o.bytes;
    keep.add(o.sha);
  }
  return keep;
}
var PRUNE_STEP = 1024 * 1024;
var PRUNE_WINDOW = 1024;
function pruneDue(memoryDir, step = PRUNE_STEP) {
  const size = lstatIfExists(historyPath(memoryDir))?.size ?? 0;
  return size < step || size % step < PRUNE_WINDOW;
}
function pruneRevisions(memoryDir, pending, limits, always = false) {
  if (!always && !pruneDue(memoryDir)) return 0;
  const history = readHistory(memoryDir);
  if (history.error || history.malformed > 0) return 0;
  const keep = revisionsToKeep(history.entries, limits);
  for (const p of pending) if (p.entry?.sha256) keep.add(p.entry.sha256);
  const root = revisionsDir(memoryDir);
  if (!lstatIfExists(root)?.isDirectory()) return 0;
  let removed = 0;
  for (const bucket of fs.readdirSync(root)) {
    const dir = path.join(root, bucket);
    if (!BUCKET.test(bucket) || !lstatIfExists(dir)?.isDirectory()) continue;
    for (const name of fs.readdirSync(dir)) {
      if (!SHA.test(name) || name.slice(0, 2) !== bucket || keep.has(name)) continue;
      fs.rmSync(path.join(dir, name), { force: true });
      removed++;
    }
  }
  return removed;
}

// lib/core/index-edit.ts
var EMPTY_INDEX = "# Memory\n\nOne line per card: - [Title](file.md) \u2014 hook\n";
function upsertIndexLineBytes(index, file, line) {
  const hit = findIndexLine(index, file);
  if (hit) return Buffer.concat([index.subarray(0, hit.start), Buffer.from(line, "utf8"), index.subarray(hit.end)]);
  const eol = index.includes("\r\n") ? "\r\n" : "\n";
  const sep = index.length === 0 || index[index.length - 1] === 10 ? "" : eol;
  return Buffer.concat([index, Buffer.from(sep + line + eol, "utf8")]);
}
function upsertIndexLinePieces(index, file, line) {
  const hit = findIndexLine(index, file);
  if (!hit) {
    if (index.length > 0 && index[index.length - 1] !== 10) return void 0;
    const added = Buffer.from(line + (index.includes("\r\n") ? "\r\n" : "\n"), "utf8");
    const at2 = countNewlines(index, index.length) + 1;
    const refused = at2 === 1 || /[\r\n]/.test(line) || hasFenceMark(index) || hasFence(added);
    return { pieces: [index, added], changed: true, ...refused ? {} : { edit: { at: at2, removed: 0, inserted: [line] } } };
  }
  const bytes = Buffer.from(line, "utf8");
  const old = index.subarray(hit.start, hit.end);
  const pieces = [index.subarray(0, hit.start), bytes, index.subarray(hit.end)];
  if (bytes.equals(old)) return { pieces, changed: false };
  const at = countNewlines(index, hit.start) + 1;
  if (at === 1 || /[\r\n]/.test(line) || hasFenceMark(index) || hasFence(bytes) || !isUtf8(old)) return { pieces, changed: true };
  return { pieces, changed: true, edit: { at, removed: 1, inserted: [line] } };
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
  while (p + CHUNK <= min && a.compare(b, p, p + CHUNK, p, p + CHUNK) === 0) p += CHUNK;
  while (p < min && a[p] === b[p]) p++;
  const start = p === 0 ? 0 : a.lastIndexOf(10, p - 1) + 1;
  let q = 0;
  const tail = min - start;
  while (q + CHUNK <= tail && a.compare(b, b.length - q - CHUNK, b.length - q, a.length - q - CHUNK, a.length - q) === 0) q += CHUNK;
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
    const inserted = splitLines(fatal.decode(insertedText));
    return { at, removed: splitLines(fatal.decode(removedText)).length, inserted };
  } catch {
    return void 0;
  }
}
var CHUNK = 64 * 1024;
function splitLines(text) {
  if (text === "") return [];
  const parts = text.split(/\r?\n/);
  if (parts[parts.length - 1] === "") parts.pop();
  return parts;
}
function countNewlines(buf, end) {
  let n = 0;
  for (let at = buf.indexOf(10); at !== -1 && at < end; at = buf.indexOf(10, at + 1)) n++;
  return n;
}
function hasFence(buf) {
  return buf.includes("```") || buf.includes("~~~");
}

export {
  readRevision,
  keepRevisions,
  keepRevisionsBatch,
  EMPTY_INDEX,
  upsertIndexLineBytes,
  upsertIndexLinePieces,
  removeIndexLinesBytes,
  indexHasBytes,
  indexLineEdit
};
