// lib/core/toml-error.ts
import { parse as parseToml, TomlError } from "../../vendor/smol-toml.js";
import { ERROR_CODES, MemctlError } from "./errors.js";
import { HEADER, splitDottedKey, splitLines, stripEol } from "./toml-lines.js";
var KEY_LINE = /^\s*((?:"(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)(?:\s*\.\s*(?:"(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+))*)\s*=\s*(.*)$/;
var VALUE_START = /^(?:["'[{0-9+\-.]|true\b|false\b|inf\b|nan\b)/;
function describeTomlError(text, err) {
  const grammar = err instanceof Error ? (err.message.split("\n")[0] ?? "").replace(/^Invalid TOML document: /, "") : String(err);
  if (!(err instanceof TomlError)) return { message: `invalid TOML: ${grammar}` };
  const lines = splitLines(text).map(stripEol);
  const where = `column ${err.column}`;
  let table = [];
  let key;
  for (let i = 0; i < Math.min(err.line, lines.length); i++) {
    const header = HEADER.exec(lines[i]);
    if (header) {
      table = splitDottedKey(header[2]);
      key = void 0;
      continue;
    }
    const m = KEY_LINE.exec(lines[i]);
    if (m) key = { path: [...table, ...splitDottedKey(m[1])], value: m[2].trim(), assign: m[1].trim() };
  }
  if (!key) return { line: err.line, message: `${where}: ${grammar}` };
  const name = key.path.map((p) => /^[A-Za-z0-9_-]+$/.test(p) ? p : JSON.stringify(p)).join(".");
  const bare = key.value !== "" && !VALUE_START.test(key.value) && !key.value.startsWith("#");
  return { line: err.line, message: `${where}, at ${name}: ${grammar}${bare ? `; text needs quotes: ${key.assign} = "\u2026"` : ""}` };
}
var TOML_EDIT_MAX_BYTES = 2 * 1024 * 1024;
function parseTomlOrThrow(text, file = "the file") {
  const bytes = Buffer.byteLength(text);
  if (bytes > TOML_EDIT_MAX_BYTES)
    throw new MemctlError(
      ERROR_CODES.E_CONFIG_INVALID,
      `${file} is ${bytes} bytes; memctl edits a TOML file of at most 2 MiB (a host's config is a few KB), so it was left untouched \u2014 check what it holds, or add the setting by hand`,
      { file, bytes }
    );
  try {
    return parseToml(text);
  } catch (err) {
    const { line, message } = describeTomlError(text, err);
    const where = line === void 0 ? message : `line ${line}, ${message}`;
    throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, `${file} is not valid TOML (${where}); it was left untouched \u2014 fix it by hand, then run the command again`, { file });
  }
}
export {
  TOML_EDIT_MAX_BYTES,
  describeTomlError,
  parseTomlOrThrow
};
