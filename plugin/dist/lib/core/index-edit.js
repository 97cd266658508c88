// lib/core/index-edit.ts
import { countNewlines, hasFence } from "./index-bytes.js";
import { inFormOf, parseIndex } from "./index-file.js";
import { findIndexLine, findIndexLines, hasFenceMark } from "./index-find.js";
import { linkKey } from "./link-key.js";
var EMPTY_INDEX = "# Memory\n\nOne line per card: - [Title](file.md) \u2014 hook\n";
function sameCard(target, file) {
  return linkKey(target) === file;
}
function lines(text) {
  const pieces = text.split(/(\r?\n)/);
  const out = [];
  for (let i = 0; i < pieces.length; i += 2) out.push([pieces[i], pieces[i + 1] ?? ""]);
  if (out.length > 1 && out[out.length - 1][0] === "" && out[out.length - 1][1] === "") out.pop();
  return out;
}
function upsertIndexLine(indexText, file, line) {
  return upsertParsed(indexText, parseIndex(indexText), file, line);
}
function upsertIndexLineBytes(index, file, line) {
  const hit = findIndexLine(index, file);
  if (hit) return Buffer.concat([index.subarray(0, hit.start), Buffer.from(lineInFormOf(index.subarray(hit.start, hit.end), line), "utf8"), index.subarray(hit.end)]);
  const eol = index.includes("\r\n") ? "\r\n" : "\n";
  const sep = index.length === 0 || index[index.length - 1] === 10 ? "" : eol;
  return Buffer.concat([index, Buffer.from(sep + line + eol, "utf8")]);
}
function upsertIndexLinePieces(index, file, line) {
  const hit = findIndexLine(index, file);
  if (!hit) {
    if (index.length > 0 && index[index.length - 1] !== 10) return void 0;
    const added = Buffer.from(line + (index.includes("\r\n") ? "\r\n" : "\n"), "utf8");
    const edit2 = appendedLineEdit(countNewlines(index, index.length) + 1, line, hasFenceMark(index));
    return { pieces: [index, added], changed: true, ...edit2 ? { edit: edit2 } : {} };
  }
  const old = index.subarray(hit.start, hit.end);
  const formed = lineInFormOf(old, line);
  const bytes = Buffer.from(formed, "utf8");
  const pieces = [index.subarray(0, hit.start), bytes, index.subarray(hit.end)];
  if (bytes.equals(old)) return { pieces, changed: false };
  const edit = replacedLineEdit(countNewlines(index, hit.start) + 1, formed, old, hasFenceMark(index));
  return { pieces, changed: true, ...edit ? { edit } : {} };
}
function lineInFormOf(old, line) {
  return isUtf8(old) ? inFormOf(Buffer.from(old.buffer, old.byteOffset, old.byteLength).toString("utf8"), line) : line;
}
function appendedLineEdit(at, line, marks) {
  if (at === 1 || /[\r\n]/.test(line) || marks || hasFence(Buffer.from(line, "utf8"))) return void 0;
  return { at, removed: 0, inserted: [line] };
}
function replacedLineEdit(at, line, old, marks) {
  if (at === 1 || /[\r\n]/.test(line) || marks || hasFence(Buffer.from(line, "utf8")) || !isUtf8(old)) return void 0;
  return { at, removed: 1, inserted: [line] };
}
function isUtf8(bytes) {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
function removeIndexLinesBytes(index, file) {
  const hits = findIndexLines(index, file);
  if (hits.length === 0) return { bytes: index, removed: 0 };
  const kept = [];
  let from = 0;
  for (const { start, end } of hits) {
    kept.push(index.subarray(from, start));
    from = index[end] === 13 ? end + 2 : index[end] === 10 ? end + 1 : end;
  }
  kept.push(index.subarray(from));
  return { bytes: Buffer.concat(kept), removed: hits.length };
}
function indexHasBytes(index, file) {
  return findIndexLine(index, file) !== void 0;
}
function upsertParsed(indexText, parsed, file, line) {
  const entry = parsed.entries.find((e) => sameCard(e.file, file));
  const parts = lines(indexText);
  if (entry) {
    parts[entry.line - 1][0] = inFormOf(entry.raw, line);
    return parts.map(([l, e]) => l + e).join("");
  }
  const eol = indexText.includes("\r\n") ? "\r\n" : "\n";
  const sep = indexText === "" || /\n$/.test(indexText) ? "" : eol;
  return indexText + sep + line + eol;
}
function removeIndexLines(indexText, file) {
  return removeParsed(indexText, parseIndex(indexText), file);
}
function removeParsed(indexText, parsed, file) {
  const drop = new Set(parsed.entries.filter((e) => sameCard(e.file, file)).map((e) => e.line));
  if (drop.size === 0) return { text: indexText, removed: 0 };
  const kept = lines(indexText).filter((_, i) => !drop.has(i + 1));
  return { text: kept.map(([l, e]) => l + e).join(""), removed: drop.size };
}
function indexHas(indexText, file) {
  return parseIndex(indexText).entries.some((e) => sameCard(e.file, file));
}
function indexLineEdit(before, next) {
  const a = Buffer.isBuffer(before) ? before : Buffer.from(before.buffer, before.byteOffset, before.byteLength);
  const b = Buffer.isBuffer(next) ? next : Buffer.from(next.buffer, next.byteOffset, next.byteLength);
  if (a.equals(b) || hasFenceMark(a)) return void 0;
  const min = Math.min(a.length, b.length);
  let p = 0;
  while (p + CHUNK <= min && a.compare(b, p, p + CHUNK, p, p + CHUNK) === 0) p += CHUNK;
  while (p < min && a[p] === b[p]) p++;
  const start = p === 0 ? 0 : a.lastIndexOf(10, p - 1) + 1;
  let q = 0;
  const tail = min - start;
  while (q + CHUNK <= tail && a.compare(b, b.length - q - CHUNK, b.length - q, a.length - q - CHUNK, a.length - q) === 0) q += CHUNK;
  while (q < tail && a[a.length - 1 - q] === b[b.length - 1 - q]) q++;
  while (q > 0 && !(a[a.length - q - 1] === 10 && b[b.length - q - 1] === 10)) q--;
  const endA = a.length - q;
  const endB = b.length - q;
  const at = countNewlines(a, start) + 1;
  if (at === 1) return void 0;
  const removedText = a.subarray(start, endA);
  const insertedText = b.subarray(start, endB);
  if (hasFence(insertedText)) return void 0;
  const fatal = new TextDecoder("utf-8", { fatal: true });
  try {
    const inserted = splitLines(fatal.decode(insertedText));
    return { at, removed: splitLines(fatal.decode(removedText)).length, inserted };
  } catch {
    return void 0;
  }
}
var CHUNK = 64 * 1024;
function splitLines(text) {
  if (text === "") return [];
  const parts = text.split(/\r?\n/);
  if (parts[parts.length - 1] === "") parts.pop();
  return parts;
}
export {
  EMPTY_INDEX,
  appendedLineEdit,
  indexHas,
  indexHasBytes,
  indexLineEdit,
  lineInFormOf,
  removeIndexLines,
  removeIndexLinesBytes,
  replacedLineEdit,
  upsertIndexLine,
  upsertIndexLineBytes,
  upsertIndexLinePieces
};
