// lib/core/toml-lines.ts
import { isDeepStrictEqual } from "node:util";
import { parse as parseToml } from "../../vendor/smol-toml.js";
import { ERROR_CODES, MemctlError } from "./errors.js";
var HEADER = /^\s*\[(\[)?\s*(.+?)\s*\]\]?\s*(#.*)?$/;
function tomlValue(v) {
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "boolean" || typeof v === "number") return String(v);
  if (Array.isArray(v)) return `[${v.map(tomlValue).join(", ")}]`;
  throw new Error(`internal: no TOML rendering for ${typeof v}`);
}
function getPath(root, path) {
  return path.reduce((v, k) => typeof v === "object" && v !== null ? v[k] : void 0, root);
}
function setPath(root, path, value) {
  let node = root;
  for (const part of path.slice(0, -1)) node = node[part] ??= {};
  node[path[path.length - 1]] = value;
}
function plain(value) {
  return value === void 0 ? void 0 : JSON.parse(JSON.stringify(value));
}
function verified(next, expected, file, message) {
  let actual;
  try {
    actual = parseToml(next);
  } catch {
    actual = void 0;
  }
  if (!isDeepStrictEqual(plain(actual), plain(expected))) {
    throw new MemctlError(
      ERROR_CODES.E_CONFIG_INVALID,
      message ?? `${file ?? "config.toml"} is laid out in a way memctl cannot edit safely line by line; nothing was written \u2014 add the setting by hand`
    );
  }
  return next;
}
function isHeader(line, path) {
  const m = HEADER.exec(stripEol(line));
  return m !== null && !m[1] && isDeepStrictEqual(splitDottedKey(m[2]), path);
}
function sectionEnd(lines, header) {
  const end = lines.findIndex((l, i) => i > header && HEADER.test(stripEol(l)));
  return end === -1 ? lines.length : end;
}
function tableEnd(lines, header, table) {
  const end = lines.findIndex((l, i) => {
    if (i <= header) return false;
    const m = HEADER.exec(stripEol(l));
    return m !== null && !isDeepStrictEqual(splitDottedKey(m[2]).slice(0, table.length), table);
  });
  return end === -1 ? lines.length : end;
}
function firstHeaderOffset(lines) {
  let offset = 0;
  for (const l of lines) {
    if (HEADER.test(stripEol(l))) return offset;
    offset += l.length;
  }
  return offset;
}
function splitLines(text) {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}
function stripEol(line) {
  return line.replace(/\r?\n$/, "");
}
function deletePath(root, path) {
  const chain = [root];
  for (const part of path.slice(0, -1)) {
    const next = chain[chain.length - 1][part];
    if (typeof next !== "object" || next === null) return;
    chain.push(next);
  }
  delete chain[chain.length - 1][path[path.length - 1]];
  for (let i = chain.length - 1; i > 0; i--) {
    if (Object.keys(chain[i]).length > 0) break;
    delete chain[i - 1][path[i - 1]];
  }
}
function splitDottedKey(key) {
  const parts = [];
  const re = /\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(\.|$)/gy;
  let m;
  while (re.lastIndex < key.length && (m = re.exec(key))) {
    parts.push(m[1] !== void 0 ? JSON.parse(`"${m[1]}"`) : m[2] ?? m[3]);
    if (m[4] === "") break;
  }
  return parts;
}
export {
  HEADER,
  deletePath,
  firstHeaderOffset,
  getPath,
  isHeader,
  plain,
  sectionEnd,
  setPath,
  splitDottedKey,
  splitLines,
  stripEol,
  tableEnd,
  tomlValue,
  verified
};
