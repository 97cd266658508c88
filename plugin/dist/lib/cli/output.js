// lib/cli/output.ts
import pc from "../../vendor/picocolors.js";
import { safeJson } from "../core/sanitize.js";
function colorsFor(io) {
  const forced = io.env.FORCE_COLOR !== void 0 && io.env.FORCE_COLOR !== "0";
  const disabled = Boolean(io.env.NO_COLOR) || io.env.TERM === "dumb";
  return pc.createColors(forced || !disabled && io.stdout.isTTY === true);
}
function writeVerb(result) {
  if (result.revived) return "revived";
  return result.op === "create" ? "created" : result.op === "update" ? "updated" : "unchanged";
}
function progressLine(io, options = {}) {
  if (!io.stderr.isTTY) return { done: () => {
  } };
  const clock = () => io.now().getTime();
  const start = clock();
  let last = -Infinity;
  let shown = false;
  let text = "";
  return {
    update: (next, final = false) => {
      text = next;
      const now = clock();
      if (now - start < (options.afterMs ?? 0) || !final && now - last < 100) return;
      last = now;
      shown = true;
      io.stderr.write(`\r${text}\x1B[K`);
    },
    done: () => {
      if (shown) io.stderr.write(`\r${text}\x1B[K
`);
      shown = false;
    }
  };
}
function printJson(io, report) {
  io.stdout.write(safeJson({ schema_version: 1, ...report }) + "\n");
}
function printJsonItems(io, report, key, items, item, keep) {
  if (items.length === 0) {
    printJson(io, { ...report, [key]: [] });
    return;
  }
  const [head, tail] = jsonItemsFrame(report, key);
  const out = chunkedWriter(io, void 0, keep);
  if (keep) io.stdout.write(head);
  else out.add(head);
  for (let i = 0; i < items.length; i++) out.add(i === 0 ? item(items[i]) : `,
${item(items[i])}`);
  if (!keep) out.add(tail);
  out.end();
  if (keep) io.stdout.write(tail);
}
function jsonItemsFrame(report, key) {
  const whole = safeJson({ schema_version: 1, ...report, [key]: [0] });
  const at = whole.lastIndexOf("\n    0\n");
  return [whole.slice(0, at + 1), `${whole.slice(at + 6)}
`];
}
function chunkedWriter(io, size = 1 << 20, keep) {
  let parts = [];
  let length = 0;
  const flush = () => {
    if (parts.length > 0 && keep) {
      const piece = Buffer.from(parts.join(""), "utf8");
      io.stdout.write(piece);
      keep.push(piece);
    } else if (parts.length > 0) io.stdout.write(parts.join(""));
    parts = [];
    length = 0;
  };
  return {
    add(text) {
      parts.push(text);
      length += text.length;
      if (length >= size) flush();
    },
    end: flush
  };
}
function padEnd(text, width) {
  return text + " ".repeat(Math.max(0, width - displayWidth(text)));
}
function displayWidth(text) {
  if (allNarrow(text, text.length)) return text.length;
  let width = 0;
  for (const ch of text) width += isWide(ch.codePointAt(0)) ? 2 : 1;
  return width;
}
function allNarrow(text, n) {
  for (let i = 0; i < n && i < text.length; i++) if (text.charCodeAt(i) >= 4352) return false;
  return true;
}
function isWide(cp) {
  return cp >= 4352 && cp <= 4447 || cp >= 11904 && cp <= 42191 || cp >= 44032 && cp <= 55203 || cp >= 63744 && cp <= 64255 || cp >= 65072 && cp <= 65103 || cp >= 65280 && cp <= 65376 || cp >= 65504 && cp <= 65510 || cp >= 127744 && cp <= 129791 || cp >= 131072 && cp <= 262141;
}
export {
  allNarrow,
  chunkedWriter,
  colorsFor,
  displayWidth,
  jsonItemsFrame,
  padEnd,
  printJson,
  printJsonItems,
  progressLine,
  writeVerb
};
