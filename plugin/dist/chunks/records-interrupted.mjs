import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  INTENT_RELPATH,
  commitIntent,
  readIntent
} from "./records-commit.mjs";
import {
  commitFile,
  realDir
} from "./store-lock.mjs";
import {
  sha256Hex
} from "./core-sha256.mjs";
import {
  STATE_DIR
} from "./store-paths.mjs";
import {
  readRegularBytes
} from "./core-bytes.mjs";
import {
  ERROR_CODES,
  MemctlError,
  environmentFault,
  systemCode
} from "./core-errors.mjs";

// lib/records/interrupted.ts
import path from "node:path";
async function commitIntentReported(memoryDir, intent, commit) {
  try {
    await commitIntent(memoryDir, intent, commit);
  } catch (err) {
    throw interruptedWrite(memoryDir, intent, err) ?? err;
  }
}
function interruptedWrite(memoryDir, intent, err) {
  const first = intent.changes[0];
  if (!first || !pending(memoryDir) || shaOf(path.join(memoryDir, first.card)) !== (first.content === null ? null : sha256Hex(first.content))) return void 0;
  const base = environmentFault(err) ?? (err instanceof MemctlError ? err : void 0);
  if (!base) return void 0;
  const e = err;
  const cause = [systemCode(err) ?? base.code, typeof e.syscall === "string" ? e.syscall : void 0, typeof e.path === "string" ? `on ${e.path}` : void 0].filter(Boolean).join(", ");
  const done = first.content === null ? first.trash ? `${first.card} was moved to ${first.trash}` : `${first.card} was removed` : `${first.card} was written`;
  const rest = `${intent.changes.length > 1 ? "the other cards, " : ""}its MEMORY.md line and history entry${intent.archive ? " and the proposal's archive" : ""}`;
  const fix = base.code === ERROR_CODES.E_DISK_FULL ? "Free some space" : base.code === ERROR_CODES.E_NOT_WRITABLE ? "Make the store writable" : base.code === ERROR_CODES.E_PERMISSION ? "Fix the permissions" : "Fix the cause";
  return new MemctlError(
    base.code,
    `${what(base.code)} partway through (${cause}): ${done}, but ${rest} are not written yet; ${INTENT_RELPATH} holds the rest. ${fix}: the next memctl write to this store (e.g. "memctl adopt") completes it first; "memctl doctor" shows it until then.`,
    { ...base.data ?? {}, card: first.card, ...first.trash ? { trash: first.trash } : {}, interrupted: true }
  );
}
function what(code) {
  return code === ERROR_CODES.E_DISK_FULL ? "the disk filled up" : code === ERROR_CODES.E_NOT_WRITABLE ? "the store became read-only" : "the write failed";
}
function pending(memoryDir) {
  try {
    return readIntent(memoryDir) !== void 0;
  } catch {
    return true;
  }
}
function shaOf(abs) {
  try {
    return sha256Hex(Buffer.from(readRegularBytes(abs)));
  } catch {
    return null;
  }
}

// lib/records/removed-titles.ts
import path2 from "node:path";
var REMOVED_TITLES_FILE = "removed-titles.json";
var MAX_TITLES = 2e3;
var TITLE_MAX = 300;
var READ_CAP = 1024 * 1024;
function read(memoryDir) {
  try {
    const raw = JSON.parse(Buffer.from(readRegularBytes(path2.join(memoryDir, STATE_DIR, REMOVED_TITLES_FILE), READ_CAP, { nofollow: true })).toString("utf8"));
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return {};
    const out = {};
    for (const [file, title] of Object.entries(raw)) if (isTitle(title)) out[file] = title;
    return out;
  } catch {
    return {};
  }
}
function isTitle(title) {
  return typeof title === "string" && title.trim() !== "" && title.length <= TITLE_MAX && !/[\u0000-\u001f\u007f]/.test(title);
}
function removedTitle(memoryDir, file) {
  const titles = read(memoryDir);
  return Object.hasOwn(titles, file) ? titles[file] : void 0;
}
async function keepRemovedTitle(memoryDir, file, title, fallback) {
  const titles = read(memoryDir);
  const keep = isTitle(title) && title !== fallback;
  if (!keep && !Object.hasOwn(titles, file)) return;
  delete titles[file];
  if (keep) titles[file] = title;
  const entries = Object.entries(titles).slice(-MAX_TITLES);
  await commitFile(path2.join(realDir(memoryDir, STATE_DIR), REMOVED_TITLES_FILE), JSON.stringify(Object.fromEntries(entries)) + "\n");
}

export {
  commitIntentReported,
  removedTitle,
  keepRemovedTitle
};
