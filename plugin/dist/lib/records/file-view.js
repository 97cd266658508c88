// lib/records/file-view.ts
import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { resolveMemoryPath } from "../store/safe-path.js";
import { asRefusal, notFoundError, openParent, readEntry } from "../store/safe-open.js";
import { readHold } from "../store/hold.js";
import { indexLines, parseIndexLine } from "../core/index-file.js";
var MAX_VIEW_LINES = 999999;
function viewMemory(memoryDir, requested, range, held = "every") {
  const target = resolveMemoryPath(memoryDir, requested);
  if (target.kind === "missing" || target.kind === "other") throw notFoundError(requested);
  const hold = target.kind === "file" ? readHold(memoryDir, true) : void 0;
  const hides = hiddenIn(held);
  const item = hold?.held(target.rel);
  if (hides(item)) throw heldError(requested, item);
  const opened = openParent(target, requested, { directory: target.kind === "directory" });
  let lines;
  try {
    if (target.kind === "directory") {
      const dir = opened.dir;
      const rows = [`${humanSize(dirSize(dir))}	${requested}`];
      listTwoLevels(dir, requested.replace(/\/+$/, "") || ".", 1, rows);
      opened.verify();
      return `Here're the files and directories up to 2 levels deep in ${requested}, excluding hidden items and node_modules:
${rows.join("\n")}`;
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
    if (!Number.isInteger(a) || !Number.isInteger(b) || a < 1 || a > lines.length || b !== -1 && (b < a || b > lines.length)) {
      throw new MemctlError(
        ERROR_CODES.E_INVALID_LINE,
        `Error: Invalid \`view_range\` parameter: [${a}, ${b}]. It should be within the range of lines of the file: [1, ${lines.length}] (use -1 as the end for "to the last line")`,
        { path: requested }
      );
    }
    start = a;
    end = b === -1 ? lines.length : b;
  }
  return `Here's the content of ${requested} with line numbers:
${numbered(lines.slice(start - 1, end), start)}`;
}
var INDEX_VIEW_NAME = /^MEMORY(\.[^/]*)?\.md$/i;
var heldViewOf = (actor) => actor === "human" ? "quarantined" : "every";
function checkHeldEdit(memoryDir, rel, actor, text, spans = []) {
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
var hiddenIn = (held) => (item) => item !== void 0 && (item.state === "quarantined" || held === "every");
function refuseHeld(memoryDir, rel, held) {
  const item = readHold(memoryDir)?.held(rel);
  if (hiddenIn(held)(item)) throw heldError(rel, item);
}
function heldError(requested, item) {
  if (item.state === "quarantined")
    return new MemctlError(
      ERROR_CODES.E_QUARANTINED,
      `${requested} arrived with memctl sync and is quarantined (${item.reasons.join("; ")}); it is not shown. See memctl review ${item.id}`,
      {
        path: requested,
        id: item.id
      }
    );
  return new MemctlError(
    ERROR_CODES.E_HELD,
    `${requested} arrived with memctl sync from a shared remote and waits for the owner's review (${item.id}); it is not shown until the owner accepts it`,
    { path: requested, id: item.id }
  );
}
function withoutHeldLines(text, hold, hides) {
  const lines = text.split("\n");
  const linked = /* @__PURE__ */ new Set();
  indexLines(text, (raw, n) => {
    const entry = parseIndexLine(raw, n);
    if (entry === void 0 || "reason" in entry) return;
    linked.add(n);
    const item = hold.held(entry.file);
    if (hides(item)) lines[n - 1] = heldMark(item);
  });
  lines.forEach((raw, i) => {
    const item = linked.has(i + 1) ? void 0 : hold.heldLine(raw);
    if (hides(item)) lines[i] = heldMark(item);
  });
  return lines;
}
var heldMark = (item) => `(not shown: a line memctl sync holds, ${item.state}; memctl review ${item.id})`;
function numbered(lines, first) {
  return lines.map((l, i) => `${String(first + i).padStart(6)}	${l}`).join("\n");
}
function listTwoLevels(abs, shown, depth, rows) {
  const entries = fs.readdirSync(abs, { withFileTypes: true }).filter((e) => !e.name.startsWith(".") && e.name !== "node_modules").sort((a, b) => a.name < b.name ? -1 : 1);
  for (const e of entries) {
    const full = path.join(abs, e.name);
    const child = `${shown}/${e.name}`;
    if (e.isDirectory()) {
      rows.push(`${humanSize(dirSize(full))}	${child}`);
      if (depth < 2) listTwoLevels(full, child, depth + 1, rows);
    } else if (e.isFile()) rows.push(`${humanSize(fs.lstatSync(full).size)}	${child}`);
  }
}
function dirSize(abs) {
  let total = 0;
  for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
    if (e.name.startsWith(".")) continue;
    const full = path.join(abs, e.name);
    if (e.isDirectory()) total += dirSize(full);
    else if (e.isFile()) total += fs.lstatSync(full).size;
  }
  return total;
}
function humanSize(bytes) {
  if (bytes < 1024) return `${bytes}B`;
  const units = ["K", "M", "G"];
  let v = bytes / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) [v, u] = [v / 1024, u + 1];
  return `${v.toFixed(1)}${units[u]}`;
}
export {
  MAX_VIEW_LINES,
  checkHeldEdit,
  heldViewOf,
  numbered,
  refuseHeld,
  viewMemory
};
