// The memory tool's `view` (read only): a file with line numbers, or a directory two levels deep, read through
// the same checked, open parent directories as every mutation (safe-open.ts), never through a link.
import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { resolveMemoryPath } from "../store/safe-path.js";
import { asRefusal, notFoundError, openParent, readEntry } from "../store/safe-open.js";
import type { Arrival } from "../store/arrivals.js";
import { readHold, type Hold } from "../store/hold.js";
import { indexLines, parseIndexLine } from "../core/index-file.js";

export const MAX_VIEW_LINES = 999_999;

/**
 * What a view leaves out of what a sync holds (lib/store/arrivals.ts): the owner is shown everything but what is
 * quarantined, as memctl show is; anyone else (an agent through MCP or the file tools) nothing held at all, since a
 * held arrival is not injected and a view is how an agent reads memory beyond its block.
 */
export type HeldView = "quarantined" | "every";

/** A directory listing (two levels, hidden items and node_modules excluded) or a file with line numbers. */
export function viewMemory(memoryDir: string, requested: string, range?: [number, number], held: HeldView = "every"): string {
  const target = resolveMemoryPath(memoryDir, requested);
  if (target.kind === "missing" || target.kind === "other") throw notFoundError(requested);
  const hold = target.kind === "file" ? readHold(memoryDir, true) : undefined;
  const hides = hiddenIn(held);
  const item = hold?.held(target.rel);
  if (hides(item)) throw heldError(requested, item);
  const opened = openParent(target, requested, { directory: target.kind === "directory" });
  let lines: string[];
  try {
    if (target.kind === "directory") {
      const dir = opened.dir;
      const rows = [`${humanSize(dirSize(dir))}\t${requested}`];
      listTwoLevels(dir, requested.replace(/\/+$/, "") || ".", 1, rows);
      opened.verify();
      return `Here're the files and directories up to 2 levels deep in ${requested}, excluding hidden items and node_modules:\n${rows.join("\n")}`;
    }
    const text = readEntry(opened).bytes.toString("utf8");
    lines = hold && INDEX_VIEW_NAME.test(target.rel) ? withoutHeldLines(text, hold, hides) : text.split("\n");
  } catch (err) {
    throw asRefusal(err, requested);
  } finally {
    opened.close();
  }
  if (lines.length > MAX_VIEW_LINES) throw new MemctlError(ERROR_CODES.E_INVALID_LINE, `File ${requested} exceeds maximum line limit of ${MAX_VIEW_LINES} lines.`);
  let start = 1;
  let end = lines.length;
  if (range) {
    const [a, b] = range;
    if (!Number.isInteger(a) || !Number.isInteger(b) || a < 1 || a > lines.length || (b !== -1 && (b < a || b > lines.length))) {
      throw new MemctlError(
        ERROR_CODES.E_INVALID_LINE,
        `Error: Invalid \`view_range\` parameter: [${a}, ${b}]. It should be within the range of lines of the file: [1, ${lines.length}] (use -1 as the end for "to the last line")`,
        { path: requested },
      );
    }
    start = a;
    end = b === -1 ? lines.length : b;
  }
  return `Here's the content of ${requested} with line numbers:\n${numbered(lines.slice(start - 1, end), start)}`;
}

/**
 * The names a view may read an index by: MEMORY.md in any case (a case-insensitive filesystem opens it by any) and
 * a MEMORY.<something>.md beside it. Not store/paths.ts's INDEX_FILE, the one name memctl writes.
 */
const INDEX_VIEW_NAME = /^MEMORY(\.[^/]*)?\.md$/i;

/** What `actor` is shown: the owner everything but what is quarantined, anyone else nothing held. */
export const heldViewOf = (actor: string): HeldView => (actor === "human" ? "quarantined" : "every");

/**
 * An edit's checks against the hold: anyone but the owner may not edit a held file (an edit makes a file the
 * owner's, releasing it) nor, in an index, text on a held line (`spans`: the 1-based lines each match covers; the
 * answer would say where it is). Returns the index's lines as `actor` may be shown them, for the edit's snippet.
 */
export function checkHeldEdit(memoryDir: string, rel: string, actor: string, text: () => string, spans: readonly [number, number][] = []): (next: string) => string[] {
  const held = heldViewOf(actor);
  const hold = readHold(memoryDir, true);
  if (!hold || !INDEX_VIEW_NAME.test(rel)) {
    if (held === "every") refuseHeld(memoryDir, rel, held);
    return (next) => next.split("\n");
  }
  if (held === "every" && spans.length > 0) {
    const shown = withoutHeldLines(text(), hold, hiddenIn(held));
    const lines = text().split("\n");
    for (const [from, to] of spans)
      for (let n = from; n <= to; n++)
        if (shown[n - 1] !== lines[n - 1])
          throw new MemctlError(ERROR_CODES.E_HELD, `line ${n} of ${rel} is one memctl sync holds for the owner's review; it is not edited or shown`, { path: rel, line: n });
  }
  return (next) => withoutHeldLines(next, hold, hiddenIn(held));
}

const hiddenIn =
  (held: HeldView) =>
  (item: Arrival | undefined): item is Arrival =>
    item !== undefined && (item.state === "quarantined" || held === "every");

/** Throws E_QUARANTINED / E_HELD when the store file `rel` is one a sync holds that `held` leaves out (memctl show's check too). */
export function refuseHeld(memoryDir: string, rel: string, held: HeldView): void {
  const item = readHold(memoryDir)?.held(rel);
  if (hiddenIn(held)(item)) throw heldError(rel, item);
}

function heldError(requested: string, item: Arrival): MemctlError {
  if (item.state === "quarantined")
    return new MemctlError(
      ERROR_CODES.E_QUARANTINED,
      `${requested} arrived with memctl sync and is quarantined (${item.reasons.join("; ")}); it is not shown. See memctl review ${item.id}`,
      {
        path: requested,
        id: item.id,
      },
    );
  return new MemctlError(
    ERROR_CODES.E_HELD,
    `${requested} arrived with memctl sync from a shared remote and waits for the owner's review (${item.id}); it is not shown until the owner accepts it`,
    { path: requested, id: item.id },
  );
}

/**
 * An index's lines, each line a held arrival links and each held free-text line (a note, fenced or not) replaced by
 * a mark: the line numbers stay those of the file.
 */
function withoutHeldLines(text: string, hold: Hold, hides: (item: Arrival | undefined) => item is Arrival): string[] {
  const lines = text.split("\n");
  const linked = new Set<number>();
  indexLines(text, (raw, n) => {
    const entry = parseIndexLine(raw, n);
    if (entry === undefined || "reason" in entry) return;
    linked.add(n);
    const item = hold.held(entry.file);
    if (hides(item)) lines[n - 1] = heldMark(item);
  });
  lines.forEach((raw, i) => {
    const item = linked.has(i + 1) ? undefined : hold.heldLine(raw);
    if (hides(item)) lines[i] = heldMark(item);
  });
  return lines;
}

const heldMark = (item: Arrival) => `(not shown: a line memctl sync holds, ${item.state}; memctl review ${item.id})`;

export function numbered(lines: string[], first: number): string {
  return lines.map((l, i) => `${String(first + i).padStart(6)}\t${l}`).join("\n");
}

function listTwoLevels(abs: string, shown: string, depth: number, rows: string[]): void {
  const entries = fs
    .readdirSync(abs, { withFileTypes: true })
    .filter((e) => !e.name.startsWith(".") && e.name !== "node_modules")
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const e of entries) {
    const full = path.join(abs, e.name);
    const child = `${shown}/${e.name}`;
    if (e.isDirectory()) {
      rows.push(`${humanSize(dirSize(full))}\t${child}`);
      if (depth < 2) listTwoLevels(full, child, depth + 1, rows);
    } else if (e.isFile()) rows.push(`${humanSize(fs.lstatSync(full).size)}\t${child}`);
  }
}

function dirSize(abs: string): number {
  let total = 0;
  for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
    if (e.name.startsWith(".")) continue;
    const full = path.join(abs, e.name);
    if (e.isDirectory()) total += dirSize(full);
    else if (e.isFile()) total += fs.lstatSync(full).size;
  }
  return total;
}

function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  const units = ["K", "M", "G"];
  let v = bytes / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) [v, u] = [v / 1024, u + 1];
  return `${v.toFixed(1)}${units[u]}`;
}
