// A write that records a revision of a card whose bytes on disk are in no revision (a card memctl did not write:
// the sample store, a hand-written card, Claude's auto memory, or a hand edit since its last revision) first
// records those bytes as an `adopt` revision, text kept. Otherwise the write's revision is the card's first (or
// follows an older text), and `memctl restore` could never bring the original back: `rm` would lose it for good.
// The caller holds the store lock; the adopt is appended before the write, so a write that fails after it leaves
// what `memctl adopt` would have left.
import { appendLine, historyPath, makeEntry, sha256Hex, type HistoryEntry } from "../store/history.js";
import { keepRevisions } from "../store/revisions.js";
import { realDir } from "../store/safe-write.js";
import { STATE_DIR } from "../store/paths.js";
import { withDefaults, type Guardrails } from "./guardrails.js";

/** What an adopt needs of a write's context (save.ts's WriteContext, which imports this file). */
interface AdoptContext {
  memoryDir: string;
  actor: string;
  now: Date;
  guardrails?: Partial<Guardrails>;
}

/** The `adopt` entry `before` (the card's bytes now) needs given its latest recorded revision; undefined when recorded. */
export function unrecordedEntry(ctx: AdoptContext, latest: HistoryEntry | undefined, file: string, before: Buffer | undefined): HistoryEntry | undefined {
  if (before === undefined || (latest !== undefined && latest.sha256 === sha256Hex(before))) return undefined;
  return { ...makeEntry([], file, "adopt", ctx.actor, ctx.now, before), rev: (latest?.rev ?? 0) + 1 };
}

/** Records adopt entries: their texts kept first (as every write keeps them), then one history append. */
export async function recordAdopted(ctx: AdoptContext, adopted: readonly { entry: HistoryEntry; content: Buffer }[]): Promise<void> {
  if (adopted.length === 0) return;
  await keepRevisions(ctx.memoryDir, adopted, withDefaults(ctx.guardrails));
  realDir(ctx.memoryDir, STATE_DIR);
  appendLine(historyPath(ctx.memoryDir), adopted.map((a) => JSON.stringify(a.entry) + "\n").join(""));
}

/** Adopts `file`'s bytes `before` when no revision records them; the entry is pushed onto `entries` (which number revisions). */
export async function adoptUnrecorded(ctx: AdoptContext, entries: HistoryEntry[], file: string, before: Buffer | undefined): Promise<HistoryEntry | undefined> {
  let latest: HistoryEntry | undefined;
  for (const e of entries) if (e.card === file && (!latest || e.rev >= latest.rev)) latest = e;
  const entry = unrecordedEntry(ctx, latest, file, before);
  if (!entry) return undefined;
  await recordAdopted(ctx, [{ entry, content: before! }]);
  entries.push(entry);
  return entry;
}
