// lib/cli/list.ts
import { readCardCatalog } from "../store/card-cache.js";
import { cacheIdentity } from "../store/card-cache-open.js";
import { withTrustedCardCache } from "../store/card-cache-trusted.js";
import { readDerived, writeDerived } from "../store/card-derived.js";
import { readHold } from "../store/hold.js";
import { liveArrivals } from "../sync/arrival-decide.js";
import { freshnessOf } from "../store/full-check.js";
import { inertText, safeJsonString, terminalSafeJsonBytes } from "../core/sanitize.js";
import { bool, parseArgs } from "./args.js";
import { allNarrow, chunkedWriter, colorsFor, displayWidth, jsonItemsFrame, padEnd, printJsonItems } from "./output.js";
import { JSON_FLAG, requireStore, STORE_FLAGS } from "./store-access.js";
import { typeFromFileName, withoutTypePrefix } from "../core/card-types.js";
import { commandSummary } from "./command-summary.js";
import { noLongerTrueOf, noLongerTrueReason } from "../core/card.js";
import { utcDay } from "../core/frecency.js";
var spec = {
  name: "list",
  summary: commandSummary("list"),
  flags: { ...STORE_FLAGS, ...JSON_FLAG },
  exitCodes: { 0: "listed", 1: "no store", 2: "usage error", 3: "invalid explicit memory selection" },
  notes: "Long descriptions are shortened with \u2026 to the terminal width (120 columns when piped) \u2014 display only; `memctl show NAME` prints one in full and the index always carries it in full.",
  examples: ["memctl list", "memctl list --json"]
};
var PIPED_COLUMNS = 120;
var LIST_ROWS = "list-rows";
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const { memoryDir } = requireStore(args, io);
  const freshness = freshnessOf(io);
  const cache = bool(args, "json") && !readHold(memoryDir) ? withTrustedCardCache(memoryDir, freshness, (c) => ({ stamp: c.stamp, count: c.count })) : void 0;
  const kept = cache && readDerived(memoryDir, LIST_ROWS, cache.stamp);
  if (kept && Number.isSafeInteger(kept.facts.count) && kept.facts.count > 0 && terminalSafeJsonBytes(kept.payload)) {
    const [head, tail] = jsonItemsFrame({ memory_dir: memoryDir, count: kept.facts.count }, "cards");
    io.stdout.write(head);
    for (let at = 0; at < kept.payload.length; at += 1 << 20) io.stdout.write(kept.payload.subarray(at, at + (1 << 20)));
    io.stdout.write(tail);
    return 0;
  }
  const catalog = await readCardCatalog(memoryDir, { freshness });
  const unsorted = catalog.cards.filter((c) => c.linked || typeFromFileName(c.file) !== void 0).map((c) => ({
    name: c.name ?? withoutTypePrefix(c.file.replace(/\.md$/, "")),
    file: c.file,
    type: c.type ?? "",
    priority: c.priority ?? "",
    status: c.status ?? "",
    updated_at: c.updated_at ?? "",
    description: c.description ?? "",
    in_index: c.linked,
    ...c.expires_at !== void 0 ? { expires_at: c.expires_at } : {},
    ...c.superseded_by !== void 0 ? { superseded_by: c.superseded_by } : {}
  }));
  const rows = unsorted.map((row) => ({ row, key: row.type + "\0" + row.name })).sort((a, b) => a.key < b.key ? -1 : 1).map((k) => k.row);
  if (!bool(args, "json")) writeTable(rows, io, utcDay(io.now()), heldCards(memoryDir));
  else if (!cache || rows.length === 0) printJsonItems(io, { memory_dir: memoryDir, count: rows.length }, "cards", rows, rowJson);
  else writeKept(memoryDir, cache, rows, catalog.cards.length, io);
  return 0;
}
function writeKept(memoryDir, cache, rows, read, io) {
  const chunks = [];
  printJsonItems(io, { memory_dir: memoryDir, count: rows.length }, "cards", rows, rowJson, chunks);
  const now = cacheIdentity(memoryDir);
  if (read !== cache.count || !now?.every((v, i) => v === cache.stamp[i])) return;
  writeDerived(memoryDir, LIST_ROWS, cache.stamp, { count: rows.length }, chunks);
}
function heldCards(memoryDir) {
  if (!readHold(memoryDir)) return 0;
  return liveArrivals(memoryDir).filter((a) => a.state === "pending" && (a.kind === "new" || a.kind === "edited" || a.kind === "pinned")).length;
}
function rowJson(r) {
  const q = safeJsonString;
  return `    {
      "name": ${q(r.name)},
      "file": ${q(r.file)},
      "type": ${q(r.type)},
      "priority": ${q(r.priority)},
      "status": ${q(r.status)},
      "updated_at": ${q(r.updated_at)},
      "description": ${q(r.description)},
      "in_index": ${r.in_index}
    }`;
}
function writeTable(rows, io, today, held = 0) {
  const c = colorsFor(io);
  const heldNote = held > 0 ? `${c.dim(`${held} card${held > 1 ? "s" : ""} from a sync held for review, not listed until accepted:`)} memctl review
` : "";
  if (rows.length === 0) {
    io.stdout.write(heldNote || `${c.dim("no cards yet")} \u2014 add one with "memctl save NAME -t TYPE -d DESCRIPTION"
`);
    return;
  }
  const width = io.stdout.isTTY && io.stdout.columns ? io.stdout.columns : PIPED_COLUMNS;
  const head = ["NAME", "TYPE", "PRIORITY", "UPDATED"];
  const cells = rows.map((r) => [inertText(r.name), r.type, r.priority, r.updated_at]);
  const widths = head.map((h, i) => cells.reduce((w, row) => Math.max(w, displayWidth(row[i])), displayWidth(h)));
  const prefixWidth = widths.reduce((a, b) => a + b + 2, 0);
  const room = Math.max(10, width - prefixWidth);
  let shortened = 0;
  const out = chunkedWriter(io);
  out.add(`${c.bold([...head.map((h, i) => padEnd(h, widths[i])), "DESCRIPTION"].join("  "))}
`);
  rows.forEach((r, i) => {
    const reason = noLongerTrueReason(noLongerTrueOf(r, today));
    const full = (reason ? `(${inertText(reason)}) ` : "") + inertText(r.description.replace(/\s+/g, " ").trim());
    const shown = elide(full, room);
    if (shown !== full) shortened++;
    out.add(`${[...cells[i].map((cell, j) => padEnd(cell, widths[j])), shown].join("  ").trimEnd()}
`);
  });
  if (shortened > 0)
    out.add(`${c.dim(`\u2026 ${shortened} description${shortened > 1 ? "s" : ""} shortened to fit ${width} columns (display only); "memctl show NAME" prints one in full`)}
`);
  out.add(heldNote);
  out.end();
}
function elide(text, room) {
  if (displayWidth(text) <= room) return text;
  if (allNarrow(text, room)) return text.slice(0, Math.max(0, room - 1)).trimEnd() + "\u2026";
  let out = "";
  let used = 0;
  for (const ch of text) {
    used += displayWidth(ch);
    if (used > room - 1) break;
    out += ch;
  }
  return out.trimEnd() + "\u2026";
}
export {
  LIST_ROWS,
  PIPED_COLUMNS,
  elide,
  run,
  spec,
  writeTable
};
