// A write that records a revision of a card whose bytes on disk are in no revision (a card memctl did not write:
// the sample store, a hand-written card, Claude's auto memory, or a hand edit since its last revision) first
// records those bytes as an `adopt` revision, text kept. Otherwise the write's revision is the card's first (or
// follows an older text), and `memctl restore` could never bring the original back: `rm` would lose it for good.
// The records commit path does it (commit-write.ts, commit-batch.ts), from the intent's own `before` hashes, so no
// write path has to remember to. The caller holds the store lock; the adopt is appended before the write, so a
// write that fails after it leaves what `memctl adopt` would have left.
import fs from "node:fs";
import path from "node:path";
import { appendLine, historyPath, makeEntry, sha256Hex, type HistoryEntry, type HistoryOp } from "../store/history.js";
import { keepRevisions } from "../store/revisions.js";
import { realDir } from "../store/safe-write.js";
import { STATE_DIR } from "../store/paths.js";
import { withDefaults, type Guardrails } from "./guardrails.js";
import type { CardChange } from "./intent-file.js";

/** What an adopt needs of a write's context (save.ts's WriteContext). */
interface AdoptContext {
  memoryDir: string;
  actor: string;
  now: Date;
  guardrails?: Partial<Guardrails>;
}

export interface Adopted {
  entry: HistoryEntry;
  content: Buffer;
}

/** The `adopt` entry `before` (the card's bytes now) needs given its latest recorded revision; undefined when recorded. */
export function unrecordedEntry(ctx: AdoptContext, latest: HistoryEntry | undefined, file: string, before: Buffer | undefined): HistoryEntry | undefined {
  if (before === undefined || (latest !== undefined && latest.sha256 === sha256Hex(before))) return undefined;
  return { ...makeEntry([], file, "adopt", ctx.actor, ctx.now, before), rev: (latest?.rev ?? 0) + 1 };
}

/**
 * A write's history entry for `file`, numbered past the adopt the commit path records first when `previous` (the
 * bytes it replaces) is in no revision: the number a caller shows (a proposal's rev, a trash name) is the final one.
 */
export function writeEntry(
  entries: readonly HistoryEntry[],
  file: string,
  op: HistoryOp,
  ctx: { actor: string; now: Date },
  content: Buffer | null,
  previous: Buffer | undefined,
): HistoryEntry {
  const entry = makeEntry(entries, file, op, ctx.actor, ctx.now, content);
  const unrecorded = previous !== undefined && (content === null || !previous.equals(content)) && lastSha(entries, file) !== sha256Hex(previous);
  return unrecorded ? { ...entry, rev: entry.rev + 1 } : entry;
}

function lastSha(entries: readonly HistoryEntry[], file: string): string | null | undefined {
  let latest: HistoryEntry | undefined;
  for (const e of entries) if (e.card === file && (!latest || e.rev >= latest.rev)) latest = e;
  return latest?.sha256;
}

/**
 * The adopts an intent needs: one per change that records a revision replacing bytes (`before`) no revision
 * holds, given each card's latest entry. A change's entry numbered without room for its adopt (a write path that
 * did not use writeEntry) is renumbered past it. Each such card is read once: from `previous` when the planner
 * kept it, else from disk; a card changed since it was planned is left to the commit (which skips it).
 */
export function adoptionsFor(ctx: AdoptContext, changes: readonly CardChange[], latest: ReadonlyMap<string, HistoryEntry>): Adopted[] {
  const out: Adopted[] = [];
  for (const change of changes) {
    const { entry, before } = change;
    if (!entry || before === null || (change.content !== null && sha256Hex(change.content) === before)) continue;
    const last = latest.get(change.card);
    if (last?.sha256 === before) continue;
    const bytes = change.previous ?? readIfFile(path.join(ctx.memoryDir, change.card));
    if (bytes === undefined || sha256Hex(bytes) !== before) continue;
    const adopt = unrecordedEntry(ctx, last, change.card, bytes)!;
    if (entry.rev <= adopt.rev) entry.rev = adopt.rev + 1;
    out.push({ entry: adopt, content: bytes });
  }
  return out;
}

/** Records adopt entries: their texts kept first (as every write keeps them), then one history append. */
export async function recordAdopted(ctx: AdoptContext, adopted: readonly { entry: HistoryEntry; content: Buffer | null }[]): Promise<void> {
  if (adopted.length === 0) return;
  await keepRevisions(ctx.memoryDir, adopted, withDefaults(ctx.guardrails));
  realDir(ctx.memoryDir, STATE_DIR);
  appendLine(historyPath(ctx.memoryDir), adopted.map((a) => JSON.stringify(a.entry) + "\n").join(""));
}

/** The bytes of the regular file at `abs`; undefined when there is none (absent, a link, a directory) or it cannot be read. */
export function readIfFile(abs: string): Buffer | undefined {
  try {
    return fs.lstatSync(abs).isFile() ? fs.readFileSync(abs) : undefined;
  } catch {
    return undefined;
  }
}
