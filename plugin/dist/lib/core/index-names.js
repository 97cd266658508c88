// lib/core/index-names.ts
import { parseIndexLine } from "./index-file.js";
import { linkKey } from "./link-key.js";
var NAME_BYTE = new Uint8Array(256);
for (const c of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") NAME_BYTE[c.charCodeAt(0)] = 1;
var NL = 10;
var CR = 13;
var LINK = Buffer.from("](");
var ESCAPES = [37, 92];
function nameHash(name) {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return h >>> 0;
}
function bytesHash(bytes, from, to) {
  let h = 2166136261;
  for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i], 16777619);
  return h >>> 0;
}
function newCardKeys(name, files) {
  return [name, ...files, `${name}.md`].map(nameHash);
}
function addIndexNames(run, into) {
  const bytes = Buffer.from(run.buffer, run.byteOffset, run.byteLength);
  for (const start of escapeLines(bytes)) {
    const nl = bytes.indexOf(NL, start);
    const end = nl === -1 ? bytes.length : nl > start && bytes[nl - 1] === CR ? nl - 1 : nl;
    parsedNames(bytes.toString("utf8", start, end), into);
  }
  for (let at = bytes.indexOf(LINK); at !== -1; at = bytes.indexOf(LINK, at + 2)) bytesNames(bytes, at, into);
}
function escapeLines(bytes) {
  const starts = /* @__PURE__ */ new Set();
  for (const byte of ESCAPES) for (let at = bytes.indexOf(byte); at !== -1; at = bytes.indexOf(byte, at + 1)) starts.add(at === 0 ? 0 : bytes.lastIndexOf(NL, at - 1) + 1);
  return starts;
}
function bytesNames(bytes, link, into) {
  let open = link - 1;
  while (open >= 0 && NAME_BYTE[bytes[open]] === 1) open--;
  if (open >= 0 && open + 1 < link && bytes[open] === 91) into.push(bytesHash(bytes, open + 1, link));
  let at = link + 2;
  const close = bytes[at] === 60 ? 62 : 41;
  for (let run = -1; ; at++) {
    const byte = at < bytes.length ? bytes[at] : NL;
    if (NAME_BYTE[byte] === 1) {
      if (run === -1) run = at;
      continue;
    }
    if (run !== -1) into.push(bytesHash(bytes, run, at));
    run = -1;
    if (byte === close || byte === NL) return;
  }
}
function parsedNames(line, into) {
  const entry = parseIndexLine(line, 0);
  if (entry === void 0 || "reason" in entry) return;
  for (const name of [entry.title, linkKey(entry.file), entry.file.slice(entry.file.lastIndexOf("/") + 1)])
    if (name.length > 0 && [...name].every((c) => c.length === 1 && NAME_BYTE[c.charCodeAt(0)] === 1)) into.push(nameHash(name));
}
export {
  addIndexNames,
  nameHash,
  newCardKeys
};
