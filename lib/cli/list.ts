import type { Io } from "../store/io.js";
import { readCardCatalog } from "../store/card-cache.js";
import { cacheIdentity } from "../store/card-cache-open.js";
import { withTrustedCardCache } from "../store/card-cache-trusted.js";
import { readDerived, writeDerived } from "../store/card-derived.js";
import { readHold } from "../store/hold.js";
import { liveArrivals } from "../sync/arrival-decide.js";
import { freshnessOf, type CacheStamp } from "../store/full-check.js";
import { inertText, safeJsonString, terminalSafeJsonBytes } from "../core/sanitize.js";
import { bool, parseArgs, type CommandSpec } from "./args.js";
import { allNarrow, chunkedWriter, colorsFor, displayWidth, jsonItemsFrame, padEnd, printJsonItems } from "./output.js";
import { JSON_FLAG, requireStore, STORE_FLAGS } from "./store-access.js";
import { typeFromFileName, withoutTypePrefix } from "../core/card-types.js";
import { commandSummary } from "./command-summary.js";
import { noLongerTrueOf, noLongerTrueReason } from "../core/card.js";
import { utcDay } from "../core/frecency.js";

export const spec: CommandSpec = {
  name: "list",
  summary: commandSummary("list"),
  flags: { ...STORE_FLAGS, ...JSON_FLAG },
  exitCodes: { 0: "listed", 1: "no store", 2: "usage error", 3: "invalid explicit memory selection" },
  notes:
    "Long descriptions are shortened with … to the terminal width (120 columns when piped) — display only; `memctl show NAME` prints one in full and the index always carries it in full.",
  examples: ["memctl list", "memctl list --json"],
};

/** Columns assumed when stdout is not a terminal. */
export const PIPED_COLUMNS = 120;

export interface ListRow {
  name: string;
  file: string;
  type: string;
  priority: string;
  status: string;
  updated_at: string;
  description: string;
  in_index: boolean;
  /** The table's only, with superseded_by: its "(expired DATE)" mark by today's date (not a --json key; rowJson names each key). */
  expires_at?: string;
  /** The table's only: a superseded card's "(superseded by NAME)" mark. */
  superseded_by?: string;
}

/** `list --json`'s rows as rendered from one card-cache file (card-derived.ts). */
export const LIST_ROWS = "list-rows";

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const { memoryDir } = requireStore(args, io);
  const freshness = freshnessOf(io);
  // Above the full-check size, a card cache the trust rule proves fresh (no hold leaving cards out) names the
  // rows last rendered from it: the report is then those bytes between its head and tail (issue 32: 38 MB at
  // 100,000 cards, rendered from every card's parsed row on each call).
  const cache = bool(args, "json") && !readHold(memoryDir) ? withTrustedCardCache(memoryDir, freshness, (c) => ({ stamp: c.stamp, count: c.count })) : undefined;
  const kept = cache && readDerived(memoryDir, LIST_ROWS, cache.stamp);
  // The bytes are printed as they are, so they must hold nothing the renderer would have made inert (a planted file).
  if (kept && Number.isSafeInteger(kept.facts.count) && (kept.facts.count as number) > 0 && terminalSafeJsonBytes(kept.payload)) {
    const [head, tail] = jsonItemsFrame({ memory_dir: memoryDir, count: kept.facts.count }, "cards");
    io.stdout.write(head);
    for (let at = 0; at < kept.payload.length; at += 1 << 20) io.stdout.write(kept.payload.subarray(at, at + (1 << 20)));
    io.stdout.write(tail);
    return 0;
  }
  // The card cache: only cards changed since the last read are opened (issue 32); a large store's recent full check is trusted.
  const catalog = await readCardCatalog(memoryDir, { freshness });
  // A note outside the card tiers (people/alex.md) is not a card unless MEMORY.md links it (then the hook ranks it).
  const unsorted: ListRow[] = catalog.cards
    .filter((c) => c.linked || typeFromFileName(c.file) !== undefined)
    .map((c) => ({
      name: c.name ?? withoutTypePrefix(c.file.replace(/\.md$/, "")),
      file: c.file,
      type: c.type ?? "",
      priority: c.priority ?? "",
      status: c.status ?? "",
      updated_at: c.updated_at ?? "",
      description: c.description ?? "",
      in_index: c.linked,
      ...(c.expires_at !== undefined ? { expires_at: c.expires_at } : {}),
      ...(c.superseded_by !== undefined ? { superseded_by: c.superseded_by } : {}),
    }));
  // By type, then name; each key built once, not twice per comparison (100,000 rows: 3.4 million concatenations).
  const rows = unsorted
    .map((row) => ({ row, key: row.type + "\0" + row.name }))
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .map((k) => k.row);
  if (!bool(args, "json")) writeTable(rows, io, utcDay(io.now()), heldCards(memoryDir));
  else if (!cache || rows.length === 0) printJsonItems(io, { memory_dir: memoryDir, count: rows.length }, "cards", rows, rowJson);
  else writeKept(memoryDir, cache, rows, catalog.cards.length, io);
  return 0;
}

/**
 * printJsonItems's bytes, kept for the card-cache file `cache` while it is still the store's: the catalog was read
 * after the proof, and a cache rewritten since (a new inode) is not the one the rows are filed under.
 */
function writeKept(memoryDir: string, cache: { stamp: CacheStamp; count: number }, rows: readonly ListRow[], read: number, io: Io): void {
  const chunks: Buffer[] = [];
  printJsonItems(io, { memory_dir: memoryDir, count: rows.length }, "cards", rows, rowJson, chunks);
  // The cache's identity now (a delta's stamp when one is merged: card-delta.ts).
  const now = cacheIdentity(memoryDir);
  // Every card of that file (a hold that appeared since the proof leaves some out: nothing kept).
  if (read !== cache.count || !now?.every((v, i) => v === cache.stamp[i])) return;
  writeDerived(memoryDir, LIST_ROWS, cache.stamp, { count: rows.length }, chunks);
}

/** Cards a sync holds for review (left out of the rows): new, edited or pinned ones still as they arrived. */
function heldCards(memoryDir: string): number {
  if (!readHold(memoryDir)) return 0;
  return liveArrivals(memoryDir).filter((a) => a.state === "pending" && (a.kind === "new" || a.kind === "edited" || a.kind === "pinned")).length;
}

/** One row as safeJson lays it out in the `cards` array, written field by field (same keys, same order as ListRow). */
function rowJson(r: ListRow): string {
  const q = safeJsonString;
  return `    {\n      "name": ${q(r.name)},\n      "file": ${q(r.file)},\n      "type": ${q(r.type)},\n      "priority": ${q(r.priority)},\n      "status": ${q(r.status)},\n      "updated_at": ${q(r.updated_at)},\n      "description": ${q(r.description)},\n      "in_index": ${r.in_index}\n    }`;
}

/** The table; the description column gets whatever width is left and is elided with … beyond it. Written a megabyte at a time. */
export function writeTable(rows: readonly ListRow[], io: Io, today: string, held = 0): void {
  const c = colorsFor(io);
  // Without this line a second machine's first list after a sync from a shared remote says the store is empty.
  const heldNote = held > 0 ? `${c.dim(`${held} card${held > 1 ? "s" : ""} from a sync held for review, not listed until accepted:`)} memctl review\n` : "";
  if (rows.length === 0) {
    io.stdout.write(heldNote || `${c.dim("no cards yet")} — add one with "memctl save NAME -t TYPE -d DESCRIPTION"\n`);
    return;
  }
  const width = io.stdout.isTTY && io.stdout.columns ? io.stdout.columns : PIPED_COLUMNS;
  const head = ["NAME", "TYPE", "PRIORITY", "UPDATED"];
  const cells = rows.map((r) => [inertText(r.name), r.type, r.priority, r.updated_at]);
  // A loop, not Math.max(...cells): spreading 100,000 arguments is near the engine's limit.
  const widths = head.map((h, i) => cells.reduce((w, row) => Math.max(w, displayWidth(row[i]!)), displayWidth(h)));
  const prefixWidth = widths.reduce((a, b) => a + b + 2, 0);
  const room = Math.max(10, width - prefixWidth);
  let shortened = 0;
  const out = chunkedWriter(io);
  out.add(`${c.bold([...head.map((h, i) => padEnd(h, widths[i]!)), "DESCRIPTION"].join("  "))}\n`);
  rows.forEach((r, i) => {
    // A card no longer true (never injected) says so ahead of its description; --json has its status.
    const reason = noLongerTrueReason(noLongerTrueOf(r, today));
    const full = (reason ? `(${inertText(reason)}) ` : "") + inertText(r.description.replace(/\s+/g, " ").trim());
    const shown = elide(full, room);
    if (shown !== full) shortened++;
    out.add(`${[...cells[i]!.map((cell, j) => padEnd(cell, widths[j]!)), shown].join("  ").trimEnd()}\n`);
  });
  if (shortened > 0)
    out.add(`${c.dim(`… ${shortened} description${shortened > 1 ? "s" : ""} shortened to fit ${width} columns (display only); "memctl show NAME" prints one in full`)}\n`);
  out.add(heldNote);
  out.end();
}

/** Cuts text to at most `room` display columns, ending with … when anything was cut. */
export function elide(text: string, room: number): string {
  if (displayWidth(text) <= room) return text;
  // One column a unit for the part kept: the loop below would keep exactly the first room - 1 units.
  if (allNarrow(text, room)) return text.slice(0, Math.max(0, room - 1)).trimEnd() + "…";
  let out = "";
  let used = 0;
  for (const ch of text) {
    used += displayWidth(ch);
    if (used > room - 1) break;
    out += ch;
  }
  return out.trimEnd() + "…";
}
