// lib/records/file-view.ts
import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { resolveMemoryPath } from "../store/safe-path.js";
import { asRefusal, notFoundError, openParent, readEntry } from "../store/safe-open.js";
var MAX_VIEW_LINES = 999999;
function viewMemory(memoryDir, requested, range) {
  const target = resolveMemoryPath(memoryDir, requested);
  if (target.kind === "missing" || target.kind === "other") throw notFoundError(requested);
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
    lines = readEntry(opened).bytes.toString("utf8").split("\n");
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
  numbered,
  viewMemory
};
