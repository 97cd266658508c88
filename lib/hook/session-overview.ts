// What session start prints of a store (lib/hook/session-start.ts runs the hook): with a compact, the compact plus
// every record written or removed since its watermark (seed 000, rule 2); without one, the pinned cards, then the
// index in order. Either way complete: over `[doctor] warn_bytes` it says so in one line (rule 4).
import { COMPACT_FILE, readCompact } from "../compact/artifact.js";
import { assembleIndexView, viewBytes } from "../compact/assemble.js";
import { BLOCK_CLOSE, BLOCK_OPEN, blockText, preamble, type BlockContext } from "../core/block.js";
import { inScope } from "../core/scope.js";
import { isRetired } from "../core/card.js";
import { readHold } from "../store/hold.js";
import { readHistory } from "../store/history.js";
import { readOverviewLines, readOverviewStore } from "./overview-store.js";
import { PiecedText, type JsonRuns } from "../core/pieced-text.js";
import type { Freshness } from "../store/full-check.js";
import { LOG_MAX_BYTES } from "../store/checked-fs.js";

export interface SessionStartBlock {
  /** The block, kept in pieces (printed without being one string); `text` makes the string when read. */
  block: PiecedText;
  readonly text: string;
  view: "compact" | "overview";
  /** The assembled view as doctor and `memctl compact` measure it (no session heading, no warning): the number that decides "over". */
  injectedBytes: number;
  warnBytes: number;
  overWarn: boolean;
  /** Index entries shown. */
  entryCount: number;
  /** Keeps the lines for the next start (overview-kept.ts): call it once the block is out. */
  keep?: () => void;
}

/** Said once, in the block, when it is over the threshold: no sizes and no remedy, those are doctor's (seed 000, rule 4). */
export const OVER_WARN_NOTE =
  "This overview is over the advisory size threshold ([doctor] warn_bytes); nothing was cut for size. Run `memctl doctor` for the diagnosis and remedy.";
/** The one generic line logged whenever an overview over the threshold is assembled. */
export const OVER_WARN_LOG = "Injected memory context is over the advisory size threshold. Run memctl doctor for details.";

/**
 * Said when lines were left out as no longer true: "complete" means every card still true, and a reader who knows
 * a card should be there learns why it is not (search marks it). Not counted in the size, like the other notes.
 */
export function leftOutNote(n: number): string {
  const lines = n === 1 ? "1 index line" : `${n} index lines`;
  return `Not shown, as no longer true (superseded, or past expires_at): ${lines}; memctl search still finds ${n === 1 ? "it" : "them"}, marked.`;
}

const COMPACT_HEAD = "Session start: the compact summary of this project's memory, then what changed since it. Relevant lines also arrive with each prompt.";
const OVERVIEW_HEAD = "Session start: an overview of this project's memory (pinned cards first, then the index in order). Relevant lines also arrive with each prompt.";

/**
 * The session-start block for a store, complete: nothing is ever cut (seed 000, rule 4). Over `warnBytes` it
 * carries OVER_WARN_NOTE right after its heading and the caller logs OVER_WARN_LOG. Undefined when the index is
 * empty. A store without MEMORY.md throws ENOENT; one that cannot be read throws.
 */
export async function sessionStartBlock(
  memoryDir: string,
  context: BlockContext,
  warnBytes: number,
  /** The day (YYYY-MM-DD, the injected clock's) against which expires_at is compared. */
  today: string,
  notes: readonly string[] = [],
  scopeAt?: string | null,
  /** The call's start and the full-check size (lib/store/full-check.ts); absent: every card checked. */
  freshness?: Freshness,
  /** This user's secret (lib/store/session-secret.ts), which seals the lines kept for the next start. */
  secret?: string,
): Promise<SessionStartBlock | undefined> {
  // A compact a sync brought in and the owner has not accepted is not shown: the overview stands in for it.
  const compact = readHold(memoryDir)?.held(COMPACT_FILE) ? ({ status: "absent" } as const) : readCompact(memoryDir);
  let view: "compact" | "overview";
  let keep: (() => void) | undefined;
  let lines: { count: number; left: number; text: string | JsonRuns; bytes: number };
  if (compact.status === "ok") {
    const store = await readOverviewStore(memoryDir, freshness);
    // Cards no longer true are left out of the lines printed and of the count, as the overview leaves them out.
    const retired = new Set(store.mayRetire.filter((c) => isRetired(c, today)).map((c) => c.file));
    const assembled = assembleIndexView(store, compact.compact, readHistory(memoryDir, LOG_MAX_BYTES).entries, retired).lines;
    const text = assembled.map((l) => `${l}\n`).join("");
    const count = store.entries.filter((e) => e.card === null || !retired.has(e.card)).length;
    lines = { count, left: store.entries.length - count, text, bytes: Buffer.byteLength(text) };
    view = "compact";
  } else {
    // A card pinned in another scope (docs/ranking.md, "Scope") is not pinned here: it keeps its place in the index.
    const here = (scope: readonly string[] | undefined) => scopeAt === undefined || !scope?.length || (scopeAt !== null && inScope(scope, scopeAt));
    const runs = await readOverviewLines(memoryDir, here, today, freshness, scopeKey(scopeAt), secret);
    lines = { count: runs.count, left: runs.left, text: runs, bytes: runs.bytes };
    keep = runs.keep;
    view = "overview";
  }
  if (lines.count === 0) return undefined;
  const ctx = { ...context, entryCount: lines.count };
  // Measured as printed (the preamble names the store), as doctor measures it, so the two agree on "over".
  const injectedBytes = viewBytes({ lines: [] }, ctx) + lines.bytes;
  const overWarn = injectedBytes > warnBytes;
  const head = [view === "compact" ? COMPACT_HEAD : OVERVIEW_HEAD, ...(overWarn ? [OVER_WARN_NOTE] : []), ...(lines.left > 0 ? [leftOutNote(lines.left)] : []), ...notes];
  const block = overviewBlock(ctx, head, lines.text);
  return {
    block,
    get text() {
      return block.toString();
    },
    view,
    injectedBytes,
    warnBytes,
    overWarn,
    entryCount: lines.count,
    ...(keep ? { keep } : {}),
  };
}

/** The pins `here` picks depend on scopeAt alone: anywhere (undefined), nowhere scoped (null), or one place. */
function scopeKey(scopeAt: string | null | undefined): string {
  return scopeAt === undefined ? "*" : JSON.stringify(scopeAt);
}

/** The fenced block: preamble, heading lines, then every line (`lines`: each with its newline). */
export function renderOverview(context: BlockContext, head: readonly string[], lines: string): string {
  return overviewBlock(context, head, lines).toString();
}

function overviewBlock(context: BlockContext, head: readonly string[], lines: string | JsonRuns): PiecedText {
  return new PiecedText([`${[BLOCK_OPEN, preamble(context), ...head.map(blockText)].join("\n")}\n`, lines, `${BLOCK_CLOSE}\n`]);
}
