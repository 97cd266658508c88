import { parse as parseToml, TomlError } from "smol-toml";
import { ERROR_CODES, MemctlError } from "./errors.js";
import { HEADER, splitDottedKey, splitLines, stripEol } from "./toml-lines.js";

// smol-toml's message is the grammar's ("invalid value") plus a code block of the lines around it; a user needs
// the key it is in, where, and (for a bare word, the commonest cause) the form that parses.

const KEY_LINE = /^\s*((?:"(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)(?:\s*\.\s*(?:"(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+))*)\s*=\s*(.*)$/;
/** What a TOML value may start with: a string, array, inline table, number, sign, boolean, inf / nan, date. */
const VALUE_START = /^(?:["'[{0-9+\-.]|true\b|false\b|inf\b|nan\b)/;

/** A parse error as one line: its line (1-based; the caller prints it as file:line) and "column C, at <key>: …". */
export function describeTomlError(text: string, err: unknown): { line?: number; message: string } {
  const grammar = err instanceof Error ? (err.message.split("\n")[0] ?? "").replace(/^Invalid TOML document: /, "") : String(err);
  if (!(err instanceof TomlError)) return { message: `invalid TOML: ${grammar}` };
  const lines = splitLines(text).map(stripEol);
  const where = `column ${err.column}`;
  // The key whose value holds the error: on its line, or above it when an open array or table ran on.
  let table: string[] = [];
  let key: { path: string[]; value: string; assign: string } | undefined;
  for (let i = 0; i < Math.min(err.line, lines.length); i++) {
    const header = HEADER.exec(lines[i]!);
    if (header) {
      table = splitDottedKey(header[2]!);
      key = undefined;
      continue;
    }
    const m = KEY_LINE.exec(lines[i]!);
    if (m) key = { path: [...table, ...splitDottedKey(m[1]!)], value: m[2]!.trim(), assign: m[1]!.trim() };
  }
  if (!key) return { line: err.line, message: `${where}: ${grammar}` };
  const name = key.path.map((p) => (/^[A-Za-z0-9_-]+$/.test(p) ? p : JSON.stringify(p))).join(".");
  const bare = key.value !== "" && !VALUE_START.test(key.value) && !key.value.startsWith("#");
  // The value itself is never repeated: this message reaches the hook's block, and a config line may hold a token.
  return { line: err.line, message: `${where}, at ${name}: ${grammar}${bare ? `; text needs quotes: ${key.assign} = "…"` : ""}` };
}

/**
 * The largest TOML file memctl edits. A host's config is a few KB, and parsing costs an object per table: a cloned
 * project's 10.7 MB `.codex/config.toml` of 400,000 tables took `install codex --scope project` to 1.4 GB.
 */
export const TOML_EDIT_MAX_BYTES = 2 * 1024 * 1024;

/** Parses a file memctl is about to edit; E_CONFIG_PARSE naming line, column and key (as `config lint` does). */
export function parseTomlOrThrow(text: string, file = "the file"): Record<string, unknown> {
  const bytes = Buffer.byteLength(text);
  if (bytes > TOML_EDIT_MAX_BYTES)
    throw new MemctlError(
      ERROR_CODES.E_CONFIG_INVALID,
      `${file} is ${bytes} bytes; memctl edits a TOML file of at most 2 MiB (a host's config is a few KB), so it was left untouched — check what it holds, or add the setting by hand`,
      { file, bytes },
    );
  try {
    return parseToml(text) as Record<string, unknown>;
  } catch (err) {
    const { line, message } = describeTomlError(text, err);
    const where = line === undefined ? message : `line ${line}, ${message}`;
    throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, `${file} is not valid TOML (${where}); it was left untouched — fix it by hand, then run the command again`, { file });
  }
}
