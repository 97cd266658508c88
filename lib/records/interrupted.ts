// A record write that fails partway says which steps happened. commitIntent's first card step is its commit
// point (commit.ts): a failure before it changed nothing, and the generic message (a full disk "left no partial
// file") is true; a failure after it left the card written or moved to trash, with its index line and history
// entry still to come from the intent the next writer completes. Saying "nothing happened" then would be false.
import { environmentFault, ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import { sha256Hex } from "../store/history.js";
import { readRegularBytes } from "../store/checked-fs.js";
import { commitIntent } from "./commit.js";
import { INTENT_RELPATH, readIntent, type Intent } from "./intent-file.js";
import type { HistoryEntry } from "../store/history.js";
import type { CommitOptions } from "../store/write.js";
import path from "node:path";

/** commitIntent, with a failure past the commit point reported as what it is: a write the next writer completes. */
export async function commitIntentReported(memoryDir: string, intent: Intent, commit?: CommitOptions, history?: readonly HistoryEntry[]): Promise<void> {
  try {
    await commitIntent(memoryDir, intent, commit, history);
  } catch (err) {
    throw interruptedWrite(memoryDir, intent, err) ?? err;
  }
}

/** The error to throw when `err` stopped `intent` after its first card step; undefined when it stopped before. */
function interruptedWrite(memoryDir: string, intent: Intent, err: unknown): MemctlError | undefined {
  const first = intent.changes[0];
  if (!first || !pending(memoryDir) || shaOf(path.join(memoryDir, first.card)) !== (first.content === null ? null : sha256Hex(first.content))) return undefined;
  const base = environmentFault(err) ?? (err instanceof MemctlError ? err : undefined);
  if (!base) return undefined; // a bug: reported as one, with its stack
  const e = err as { syscall?: unknown; path?: unknown };
  const cause = [systemCode(err) ?? base.code, typeof e.syscall === "string" ? e.syscall : undefined, typeof e.path === "string" ? `on ${e.path}` : undefined]
    .filter(Boolean)
    .join(", ");
  const done = first.content === null ? (first.trash ? `${first.card} was moved to ${first.trash}` : `${first.card} was removed`) : `${first.card} was written`;
  const rest = `${intent.changes.length > 1 ? "the other cards, " : ""}its MEMORY.md line and history entry${intent.archive ? " and the proposal's archive" : ""}`;
  const fix =
    base.code === ERROR_CODES.E_DISK_FULL
      ? "Free some space"
      : base.code === ERROR_CODES.E_NOT_WRITABLE
        ? "Make the store writable"
        : base.code === ERROR_CODES.E_PERMISSION
          ? "Fix the permissions"
          : "Fix the cause";
  return new MemctlError(
    base.code,
    `${what(base.code)} partway through (${cause}): ${done}, but ${rest} are not written yet; ${INTENT_RELPATH} holds the rest. ${fix}: the next memctl write to this store (e.g. "memctl adopt") completes it first; "memctl doctor" shows it until then.`,
    { ...(base.data ?? {}), card: first.card, ...(first.trash ? { trash: first.trash } : {}), interrupted: true },
  );
}

function what(code: string): string {
  return code === ERROR_CODES.E_DISK_FULL ? "the disk filled up" : code === ERROR_CODES.E_NOT_WRITABLE ? "the store became read-only" : "the write failed";
}

/** True when the intent is still on disk (its steps were not all applied); unreadable counts as pending. */
function pending(memoryDir: string): boolean {
  try {
    return readIntent(memoryDir) !== undefined;
  } catch {
    return true;
  }
}

function shaOf(abs: string): string | null {
  try {
    return sha256Hex(Buffer.from(readRegularBytes(abs)));
  } catch {
    return null;
  }
}
