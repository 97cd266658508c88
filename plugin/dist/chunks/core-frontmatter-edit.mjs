import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  MARKS,
  appendedLineEdit,
  contentEnd,
  countNewlines,
  fenceScan,
  hasFence,
  lineStart,
  replacedLineEdit
} from "./core-index-bytes.mjs";
import {
  commitFile,
  parseIndexLine
} from "./core-index-file.mjs";
import {
  DEFAULT_READ_CAP,
  close,
  fileStamp,
  openRegular,
  readAt
} from "./core-bytes.mjs";
import {
  ERROR_CODES,
  MemctlError
} from "./core-errors.mjs";
import {
  dump,
  parseCard
} from "./core-card.mjs";

// lib/core/frontmatter-edit.ts
import { isDeepStrictEqual } from "node:util";
var CARD = /^((?:\uFEFF|\u00EF\u00BB\u00BF)?---[ \t]*\r?\n)([\s\S]*?)(\r?\n?---[ \t]*(?:\r?\n|$))/;
var TOP_KEY = /^(?!- |-$|#)([^\s:'"][^:]*?|"[^"]*"|'[^']*')[ \t]*:(?:[ \t]|$)/;
function renderField(key, value) {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return `${key}: ${JSON.stringify(value)}`;
  return dump({ [key]: value }, { lineWidth: -1 }).replace(/\n$/, "");
}
function splitBlocks(fm) {
  const blocks = [];
  const lines = fm.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  let pendingLoose = [];
  for (const line of lines) {
    const bare = line.replace(/\r?\n$/, "");
    const key = TOP_KEY.exec(bare)?.[1];
    if (key !== void 0) {
      blocks.push(...pendingLoose);
      pendingLoose = [];
      blocks.push({ key: key.replace(/^["']|["']$/g, ""), text: line });
    } else if (/^[ \t]/.test(bare) && bare.trim() !== "" || /^-( |$)/.test(bare)) {
      const owner = [...blocks].reverse().find((b) => b.key !== void 0);
      if (owner) {
        owner.text += pendingLoose.map((b) => b.text).join("") + line;
        pendingLoose = [];
      } else blocks.push({ text: line });
    } else pendingLoose.push({ text: line });
  }
  blocks.push(...pendingLoose);
  return blocks;
}
var toView = (s) => Buffer.from(s, "utf8").toString("latin1");
var fromView = (s) => Buffer.from(s, "latin1").toString("utf8");
function setFrontmatterFieldsBytes(card, fields) {
  return Buffer.from(editFields(card.toString("latin1"), fields, toView, fromView), "latin1");
}
function replaceBodyBytes(card, body) {
  const match = CARD.exec(card.toString("latin1"));
  return Buffer.concat([match ? card.subarray(0, match[0].length) : Buffer.alloc(0), Buffer.from(body, "utf8")]);
}
function editFields(cardText, fields, encode, decode) {
  const match = CARD.exec(cardText);
  if (!match) throw new MemctlError(ERROR_CODES.E_CARD_FRONTMATTER, "the card has no frontmatter block (--- \u2026 ---) to edit; nothing was written");
  const [, open, fm, close2] = match;
  const before = parseCard(decode(cardText));
  if (before.errors.length > 0)
    throw new MemctlError(ERROR_CODES.E_CARD_FRONTMATTER, `the card's frontmatter does not parse (${before.errors[0].message}); fix it by hand first \u2014 nothing was written`);
  const eol = fm.includes("\r\n") || open.endsWith("\r\n") ? "\r\n" : "\n";
  const blocks = splitBlocks(fm);
  const endsWithNewline = fm.endsWith("\n");
  for (const [key, value] of Object.entries(fields)) {
    if (value === void 0) continue;
    const rendered = encode(renderField(key, value)).split("\n").join(eol);
    const existing = blocks.find((b) => b.key === key);
    if (existing) existing.text = rendered + (/\r?\n$/.test(existing.text) ? eol : "");
    else {
      const last = blocks[blocks.length - 1];
      if (last && !/\n$/.test(last.text)) last.text += eol;
      blocks.push({ key, text: rendered + eol });
    }
  }
  let nextFm = blocks.map((b) => b.text).join("");
  if (!endsWithNewline) nextFm = nextFm.replace(/\r?\n$/, "");
  const closing = nextFm !== "" && !/^\r?\n/.test(close2) && !nextFm.endsWith("\n") ? eol + close2 : close2;
  const next = open + nextFm + closing + cardText.slice(match[0].length);
  verifyEdit(before.frontmatter, decode(next), fields);
  return next;
}
function verifyEdit(before, nextText, fields) {
  const after = parseCard(nextText);
  const fail = (why) => new MemctlError(ERROR_CODES.E_CARD_FRONTMATTER, `could not edit the frontmatter safely (${why}); nothing was written \u2014 edit this card by hand`);
  if (after.errors.length > 0) throw fail(after.errors[0].message);
  for (const key of /* @__PURE__ */ new Set([...Object.keys(before), ...Object.keys(after.frontmatter)])) {
    const expected = key in fields && fields[key] !== void 0 ? fields[key] : before[key];
    if (!isDeepStrictEqual(after.frontmatter[key], expected)) throw fail(`field ${key} would not read back as intended`);
  }
}

// lib/store/index-stream.ts
import fs from "node:fs";

// lib/core/index-scan.ts
var CRLF = Buffer.from("\r\n");
var PERCENT = 37;
var BACKSLASH = 92;
function cardLineScan(file, count = false) {
  return newScan([Buffer.from(file, "utf8"), PERCENT], (e) => e.file.replace(/^\.\//, "") === file, true, count);
}
function newCardScan(name, files, count = true) {
  const linked = new Set(files);
  return newScan([Buffer.from(name, "utf8"), PERCENT, BACKSLASH], (e) => e.title === name || linked.has(e.file.replace(/^\.\//, "")), false, count);
}
function cardLineOf(scan, file) {
  const hit = scan.hits.find((h) => h.entry.file.replace(/^\.\//, "") === file);
  return { ...scan, accept: (e) => e.file.replace(/^\.\//, "") === file, first: true, hits: hit ? [hit] : [] };
}
function newScan(needles, accept, first, count) {
  const kept = needles.filter((n) => typeof n === "number" || n.length > 0);
  return { needles: kept, accept, first, count, hits: [], fences: 0, newlines: 0, marks: false, crlf: false };
}
function feedIndexScan(scan, run, base) {
  if (run.length > 0) scan.last = run[run.length - 1];
  scan.crlf ||= run.includes(CRLF);
  if (scan.first && scan.hits.length > 0) {
    scan.marks ||= hasFence(run);
    return;
  }
  const { marks, lines: fenceLines } = fenceScan(run);
  scan.marks ||= marks;
  const starts = /* @__PURE__ */ new Set();
  for (const needle of scan.needles) for (let at = run.indexOf(needle); at !== -1; at = run.indexOf(needle, at + 1)) starts.add(lineStart(run, at));
  for (const start of [...starts].sort((a, b) => a - b)) {
    if ((scan.fences + fenceLines.filter((f) => f <= start).length) % 2 === 1) continue;
    const end = contentEnd(run, start);
    const entry = parseIndexLine(run.toString("utf8", start, end), 0);
    if (entry === void 0 || "reason" in entry || !scan.accept(entry)) continue;
    const at = scan.count ? scan.newlines + countNewlines(run, start) + 1 : 0;
    scan.hits.push({ start: base + start, end: base + end, at, entry, bytes: Buffer.from(run.subarray(start, end)) });
    if (scan.first) return;
  }
  scan.fences += fenceLines.length;
  if (scan.count) scan.newlines += countNewlines(run, run.length);
}

// lib/store/index-stream.ts
var RUN = 1 << 20;
var NL = 10;
var runs = {};
function scanIndexFile(file, scan, options = {}) {
  const { fd } = openRegular(file);
  try {
    const st = fs.fstatSync(fd, { bigint: true });
    let buf = options.run === void 0 ? runs.scan ??= Buffer.allocUnsafe(RUN) : Buffer.allocUnsafe(options.run);
    let covered = 0;
    let held = 0;
    let base = 0;
    for (; ; ) {
      if (held === buf.length) {
        if (buf.length * 2 > DEFAULT_READ_CAP) return void 0;
        const bigger = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(bigger, 0, 0, held);
        buf = bigger;
      }
      const n = readAt(fd, buf, held, buf.length - held, base + held);
      const filled = held + n;
      const end = n === 0 ? filled : buf.lastIndexOf(NL, filled - 1) + 1;
      if (end > 0) feedIndexScan(scan, buf.subarray(0, end), base);
      covered = base + end;
      const found = scan.first && scan.hits.length > 0;
      if (n === 0 || found && (options.toHit || scan.marks)) break;
      buf.copy(buf, 0, end, filled);
      held = filled - end;
      base += end;
    }
    return { scan, size: Number(st.size), stamp: fileStamp(st), covered, run: options.run };
  } finally {
    close(fd);
  }
}
async function upsertIndexLineStreamed(file, card, line, commit) {
  return upsertScannedLine(file, scanCardLine(file, card), line, commit);
}
var scannedByFile = /* @__PURE__ */ new Map();
function scanCardLine(file, card) {
  const now = fs.statSync(file, { bigint: true, throwIfNoEntry: false });
  const seen = scannedByFile.get(file)?.get(card);
  if (now && seen && seen.stamp === fileStamp(now)) return seen;
  const scanned = scanIndexFile(file, cardLineScan(card, true), { toHit: true });
  keep(file, scanned ? [[card, scanned]] : []);
  return scanned;
}
function scanNewCard(file, name, cards, forEdit) {
  const scanned = scanIndexFile(file, newCardScan(name, cards, forEdit));
  if (forEdit) keep(file, scanned ? cards.map((card) => [card, { ...scanned, scan: cardLineOf(scanned.scan, card) }]) : []);
  return scanned;
}
function keep(file, scans) {
  scannedByFile.set(file, new Map(scans));
}
async function upsertScannedLine(file, scanned, line, commit) {
  if (!scanned) return void 0;
  const { scan, size, stamp } = scanned;
  const hit = scan.hits[0];
  const bytes = Buffer.from(line, "utf8");
  if (hit && bytes.equals(hit.bytes)) return { changed: false };
  if (!hit && size > 0 && scan.last !== NL) return void 0;
  const ranges = hit ? [[0, hit.start], bytes, [hit.end, size]] : [[0, size], Buffer.from(line + (scan.crlf ? "\r\n" : "\n"), "utf8")];
  const watch = { from: scanned.covered, marks: scan.marks };
  try {
    await commitFile(file, copyAround(file, ranges, stamp, watch, scanned.run), { ...commit, sweep: false });
  } catch (err) {
    if (err === CHANGED) return void 0;
    throw err;
  }
  const edit = hit ? replacedLineEdit(hit.at, line, hit.bytes, watch.marks) : appendedLineEdit(scan.newlines + 1, line, scan.marks);
  return { changed: true, ...edit ? { edit } : {} };
}
var CHANGED = new Error("MEMORY.md changed while it was copied");
function* copyAround(file, pieces, stamp, watch, run) {
  const { fd } = openRegular(file);
  try {
    if (fileStamp(fs.fstatSync(fd, { bigint: true })) !== stamp) throw CHANGED;
    const buf = run === void 0 ? runs.copy ??= Buffer.allocUnsafe(RUN) : Buffer.allocUnsafe(run);
    let edge = Buffer.alloc(0);
    for (const piece of pieces) {
      if (Buffer.isBuffer(piece)) {
        yield piece;
        continue;
      }
      for (let at = piece[0]; at < piece[1]; ) {
        const n = readAt(fd, buf, 0, Math.min(buf.length, piece[1] - at), at);
        if (n === 0) throw CHANGED;
        const skip = Math.max(0, watch.from - at);
        if (!watch.marks && skip < n) {
          const seen = buf.subarray(skip, n);
          const across = Buffer.concat([edge, seen.subarray(0, 2)]);
          watch.marks = MARKS.some((mark) => seen.includes(mark) || across.includes(mark));
          const last = Buffer.concat([edge, seen.subarray(Math.max(0, seen.length - 2))]);
          edge = Buffer.from(last.subarray(Math.max(0, last.length - 2)));
        }
        yield buf.subarray(0, n);
        at += n;
      }
    }
    const now = fs.statSync(file, { bigint: true, throwIfNoEntry: false });
    if (fileStamp(fs.fstatSync(fd, { bigint: true })) !== stamp || !now || fileStamp(now) !== stamp) throw CHANGED;
  } finally {
    close(fd);
  }
}

export {
  renderField,
  setFrontmatterFieldsBytes,
  replaceBodyBytes,
  upsertIndexLineStreamed,
  scanCardLine,
  scanNewCard
};
