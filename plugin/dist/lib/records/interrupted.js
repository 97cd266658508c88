// lib/records/interrupted.ts
import { environmentFault, ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import { sha256Hex } from "../store/history.js";
import { readRegularBytes } from "../store/checked-fs.js";
import { commitIntent } from "./commit.js";
import { INTENT_RELPATH, readIntent } from "./intent-file.js";
import path from "node:path";
async function commitIntentReported(memoryDir, intent, commit, history) {
  try {
    await commitIntent(memoryDir, intent, commit, history);
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
export {
  commitIntentReported
};
