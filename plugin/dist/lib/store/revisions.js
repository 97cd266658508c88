// lib/store/revisions.ts
import fs from "node:fs";
import path from "node:path";
import { systemCode } from "../core/errors.js";
import { sha256Hex } from "../core/sha256.js";
import { lstatIfExists, readRegularBytes } from "./checked-fs.js";
import { historyPath, readHistory } from "./history.js";
import { STATE_DIR } from "./paths.js";
import { realDir } from "./safe-write.js";
import { commitFile, commitStaged, stageFiles } from "./write.js";
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
export {
  PRUNE_STEP,
  REVISIONS_RELDIR,
  keepRevisions,
  keepRevisionsBatch,
  pruneDue,
  pruneRevisions,
  readRevision,
  revisionPath,
  revisionsDir,
  revisionsToKeep
};
