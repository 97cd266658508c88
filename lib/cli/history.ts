import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { readHistory, type HistoryEntry } from "../store/history.js";
import type { Io } from "../store/io.js";
import { entriesOfCard } from "../records/restore.js";
import { syncedMarksOf, type SyncedMark } from "../store/history-synced.js";
import { renderChanges, revisionChanges, type RevisionChange } from "./history-render.js";
import { inertText } from "../core/sanitize.js";
import { bool, parseArgs, type CommandSpec } from "./args.js";
import { colorsFor, padEnd, printJson } from "./output.js";
import { actorFrom, JSON_FLAG, requireStore, STORE_FLAGS } from "./store-access.js";
import { readHold } from "../store/hold.js";
import { commandSummary } from "./command-summary.js";
import { LOG_MAX_BYTES } from "../store/checked-fs.js";

export const spec: CommandSpec = {
  name: "history",
  summary: commandSummary("history"),
  positionals: [{ name: "name", description: "only this card (removed cards included), with what each revision changed", completes: "card" }],
  flags: { ...STORE_FLAGS, ...JSON_FLAG },
  exitCodes: { 0: "printed", 1: "no history for that name, unreadable history, or no store", 2: "usage error", 3: "invalid explicit memory selection" },
  notes: "With a name, each revision's text (kept under .memctl/revisions) is compared with the one before it; memctl restore NAME REV writes one back.",
  examples: ["memctl history", "memctl history run-tests", "memctl history run-tests --json"],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const { memoryDir } = requireStore(args, io);
  const read = readHistory(memoryDir, LOG_MAX_BYTES);
  if (read.error) throw new MemctlError(read.errorCode ?? ERROR_CODES.E_IO, read.error);
  const name = args.positionals[0];
  let entries = read.entries;
  let changes: RevisionChange[] | undefined;
  if (name !== undefined) {
    entries = await entriesOfCard(memoryDir, entries, name);
    if (entries.length === 0) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no history for "${name}"`, { name });
  }
  // A line a sync brought from a shared remote names whatever actor that machine wrote: marked with who pushed it.
  const pushed = syncedMarksOf(memoryDir, entries);
  if (name !== undefined) {
    // The owner reads every text; an agent none a sync holds from it (show and view refuse those) or a teammate pushed.
    const agent = actorFrom(args, io) !== "human";
    const hold = agent ? readHold(memoryDir) : undefined;
    changes = revisionChanges(memoryDir, entries, agent ? (e) => pushed(e) !== undefined || hold?.held(e.card) !== undefined : undefined);
  }
  if (bool(args, "json"))
    printJson(io, {
      memory_dir: memoryDir,
      entries: entries.map((e) => (pushed(e) ? { ...e, synced: pushed(e) } : e)),
      malformed: read.malformed,
      ...(changes ? { changes } : {}),
    });
  else io.stdout.write(renderHistory(entries, read.malformed, io, pushed) + (changes ? renderChanges(changes, colorsFor(io)).join("\n") + "\n" : ""));
  return 0;
}

function renderHistory(entries: readonly HistoryEntry[], malformed: number, io: Io, pushed: (e: HistoryEntry) => SyncedMark | undefined): string {
  const c = colorsFor(io);
  if (entries.length === 0) return `${c.dim("no writes recorded yet")}\n`;
  const pushers = [...new Set(entries.flatMap((e) => pushed(e)?.pushed_by ?? []))];
  const rows = entries.map((e) => [
    e.at.replace(/\.\d{3}Z$/, "Z"),
    `r${e.rev}`,
    e.op,
    inertText(e.actor) + (pushed(e) ? "*" : ""),
    e.sha256 ? e.sha256.slice(0, 12) : "-",
    String(e.bytes),
    inertText(e.card),
  ]);
  const head = ["AT", "REV", "OP", "ACTOR", "SHA256", "BYTES", "CARD"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const lines = [
    c.bold(
      head
        .map((h, i) => padEnd(h, widths[i]!))
        .join("  ")
        .trimEnd(),
    ),
    ...rows.map((r) =>
      r
        .map((cell, i) => padEnd(cell, widths[i]!))
        .join("  ")
        .trimEnd(),
    ),
  ];
  if (entries.some((e) => pushed(e)))
    lines.push(
      c.yellow(
        `* pushed from another machine${pushers.length > 0 ? ` (by ${inertText(pushers.join(", "))})` : ""}: its actor is that machine's word; memctl restore takes it only with --synced`,
      ),
    );
  if (malformed > 0) lines.push(c.yellow(`${malformed} malformed history line${malformed > 1 ? "s" : ""} not shown (kept on disk)`));
  return lines.join("\n") + "\n";
}
