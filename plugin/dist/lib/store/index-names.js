// lib/store/index-names.ts
import fs from "node:fs";
import path from "node:path";
import { addIndexNames } from "../core/index-names.js";
import { hasFence } from "../core/index-bytes.js";
import { lowerBound } from "../core/line-edits.js";
import { fileStamp, readRegular } from "./checked-fs.js";
import { STATE_DIR } from "./paths.js";
import { appendBytes, realDir } from "./safe-write.js";
import { commitFileSync } from "./write.js";
var INDEX_NAMES_RELPATH = `${STATE_DIR}/index-names.idx`;
var MAGIC = "memctl-index-names 1";
var RECORDS_MAX = 64 * 1024;
var FILE_MAX = 8 * 1024 * 1024;
var held = /* @__PURE__ */ new Map();
var unwritten = /* @__PURE__ */ new Map();
function namesPath(index) {
  return path.join(path.dirname(index), ...INDEX_NAMES_RELPATH.split("/"));
}
function namesAt(index, stamp) {
  const mine = held.get(index);
  if (mine?.stamp === stamp) return mine;
  const loaded = load(namesPath(index));
  if (loaded?.stamp !== stamp) return void 0;
  held.set(index, loaded);
  if (loaded.records > RECORDS_MAX) keepNames(index, loaded, [...loaded.hashes, ...loaded.added]);
  return loaded;
}
function mayName(names, keys) {
  return keys.some((k) => names.added.has(k) || has(names.hashes, k));
}
function keepNames(index, state, found) {
  const names = { ...pick(state), hashes: uniqueSorted(found), added: /* @__PURE__ */ new Set(), records: 0 };
  held.set(index, names);
  unwritten.set(index, names);
}
function noteEdit(index, from, written, change) {
  const found = unwritten.get(index);
  unwritten.delete(index);
  held.delete(index);
  if (found?.stamp === from) write(index, found);
  const file = namesPath(index);
  try {
    const st = fs.lstatSync(file, { throwIfNoEntry: false });
    if (!st?.isFile() || st.size > FILE_MAX) return;
    const stamp = fileStamp(fs.statSync(index, { bigint: true, throwIfNoEntry: false }));
    const add = [];
    addIndexNames(written, add);
    const marks = change.marks ?? (hasFence(written) || void 0);
    const crlf = change.crlf ?? (written.includes("\r\n") || void 0);
    appendBytes(file, Buffer.from(`${JSON.stringify({ from, stamp, lines: change.lines, marks, crlf, last: change.last, add })}
`));
  } catch {
  }
}
function noteRewrite(index, from, before, next, edit) {
  if (before.at(-1) !== 10 || next.at(-1) !== 10) {
    held.delete(index);
    unwritten.delete(index);
    return;
  }
  const written = Buffer.from(edit.inserted.map((l) => `${l}
`).join(""), "utf8");
  noteEdit(index, from, written, { lines: edit.inserted.length - edit.removed, marks: hasFence(next), crlf: next.includes("\r\n") });
}
function write(index, names) {
  try {
    const { hashes, added: _a, records: _r, ...state } = names;
    let header = JSON.stringify({ magic: MAGIC, ...state, n: hashes.length });
    header += " ".repeat((4 - (Buffer.byteLength(header) + 1) % 4) % 4) + "\n";
    realDir(path.dirname(index), STATE_DIR);
    commitFileSync(namesPath(index), Buffer.concat([Buffer.from(header, "utf8"), Buffer.from(hashes.buffer, hashes.byteOffset, hashes.byteLength)]), { durable: false });
  } catch {
    held.delete(index);
  }
}
function load(file) {
  try {
    const { bytes } = readRegular(file, void 0, { nofollow: true });
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const nl = buffer.indexOf(10);
    const header = JSON.parse(buffer.toString("utf8", 0, nl));
    const body = nl + 1;
    const n = header.n;
    if (header.magic !== MAGIC || !isState(header) || !Number.isSafeInteger(n) || body % 4 !== 0 || buffer.length < body + n * 4) return void 0;
    const end = body + n * 4;
    const hashes = new Uint32Array(buffer.buffer.slice(buffer.byteOffset + body, buffer.byteOffset + end));
    let state = pick(header);
    const added = /* @__PURE__ */ new Set();
    const tail = buffer.subarray(end);
    const text = tail.toString("utf8", 0, tail.lastIndexOf(10) + 1);
    for (const line of text.split("\n").slice(0, -1)) {
      const r = JSON.parse(line);
      if (r.from !== state.stamp || typeof r.stamp !== "string" || !Number.isSafeInteger(r.lines) || !Array.isArray(r.add) || !r.add.every(isHash)) break;
      if (r.last !== void 0 && !isByte(r.last)) break;
      state = {
        stamp: r.stamp,
        newlines: state.newlines + r.lines,
        marks: typeof r.marks === "boolean" ? r.marks : state.marks,
        // absent: unchanged
        crlf: typeof r.crlf === "boolean" ? r.crlf : state.crlf,
        last: r.last === void 0 ? state.last : r.last
      };
      for (const h of r.add) added.add(h);
    }
    return { ...state, hashes, added, records: buffer.length - end };
  } catch {
    return void 0;
  }
}
function isState(o) {
  const { stamp, newlines, marks, crlf, last } = o;
  return typeof stamp === "string" && Number.isSafeInteger(newlines) && typeof marks === "boolean" && typeof crlf === "boolean" && (last === null || isByte(last));
}
function pick(o) {
  return { stamp: o.stamp, newlines: o.newlines, marks: o.marks, crlf: o.crlf, last: o.last };
}
var isByte = (v) => Number.isInteger(v) && v >= 0 && v <= 255;
var isHash = (v) => Number.isInteger(v) && v >= 0 && v <= 4294967295;
function has(sorted, key) {
  const at = lowerBound(sorted.length, (i) => sorted[i], key);
  if (at > 0 && sorted[at - 1] >= key || at < sorted.length && sorted[at] < key) return true;
  return at < sorted.length && sorted[at] === key;
}
function uniqueSorted(found) {
  const all = Uint32Array.from(found).sort();
  let n = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[n++] = all[i];
  return all.subarray(0, n);
}
export {
  INDEX_NAMES_RELPATH,
  keepNames,
  mayName,
  namesAt,
  noteEdit,
  noteRewrite
};
