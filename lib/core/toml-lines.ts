// Line-level helpers of the TOML editor (toml-edit.ts): headers, sections, key paths, and the re-parse check
// every edit ends with (the result must equal the intended change and nothing else).
import { isDeepStrictEqual } from "node:util";
import { parse as parseToml } from "smol-toml";
import { ERROR_CODES, MemctlError } from "./errors.js";

export const HEADER = /^\s*\[(\[)?\s*(.+?)\s*\]\]?\s*(#.*)?$/;

export function tomlValue(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "boolean" || typeof v === "number") return String(v);
  if (Array.isArray(v)) return `[${v.map(tomlValue).join(", ")}]`;
  throw new Error(`internal: no TOML rendering for ${typeof v}`);
}

export function getPath(root: Record<string, unknown>, path: string[]): unknown {
  return path.reduce<unknown>((v, k) => (typeof v === "object" && v !== null ? (v as Record<string, unknown>)[k] : undefined), root);
}

export function setPath(root: Record<string, unknown>, path: string[], value: unknown): void {
  let node = root;
  for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[path[path.length - 1]!] = value;
}

/** Plain-object form for comparison (the parser's objects and structuredClone's differ in prototype). */
export function plain(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

/** `next`, once it parses to exactly `expected`; E_CONFIG_INVALID (with `message`, when given) otherwise. */
export function verified(next: string, expected: Record<string, unknown>, file?: string, message?: string): string {
  let actual: unknown;
  try {
    actual = parseToml(next);
  } catch {
    actual = undefined;
  }
  if (!isDeepStrictEqual(plain(actual), plain(expected))) {
    throw new MemctlError(
      ERROR_CODES.E_CONFIG_INVALID,
      message ?? `${file ?? "config.toml"} is laid out in a way memctl cannot edit safely line by line; nothing was written — add the setting by hand`,
    );
  }
  return next;
}

export function isHeader(line: string, path: string[]): boolean {
  const m = HEADER.exec(stripEol(line));
  return m !== null && !m[1] && isDeepStrictEqual(splitDottedKey(m[2]!), path);
}

export function sectionEnd(lines: string[], header: number): number {
  const end = lines.findIndex((l, i) => i > header && HEADER.test(stripEol(l)));
  return end === -1 ? lines.length : end;
}

/** The end of a table and every sub-table of it that directly follows. */
export function tableEnd(lines: string[], header: number, table: string[]): number {
  const end = lines.findIndex((l, i) => {
    if (i <= header) return false;
    const m = HEADER.exec(stripEol(l));
    return m !== null && !isDeepStrictEqual(splitDottedKey(m[2]!).slice(0, table.length), table);
  });
  return end === -1 ? lines.length : end;
}

export function firstHeaderOffset(lines: string[]): number {
  let offset = 0;
  for (const l of lines) {
    if (HEADER.test(stripEol(l))) return offset;
    offset += l.length;
  }
  return offset;
}

export function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

export function stripEol(line: string): string {
  return line.replace(/\r?\n$/, "");
}

/** Deletes a key path, then any table it leaves empty. */
export function deletePath(root: Record<string, unknown>, path: string[]): void {
  const chain: Record<string, unknown>[] = [root];
  for (const part of path.slice(0, -1)) {
    const next = chain[chain.length - 1]![part];
    if (typeof next !== "object" || next === null) return;
    chain.push(next as Record<string, unknown>);
  }
  delete chain[chain.length - 1]![path[path.length - 1]!];
  for (let i = chain.length - 1; i > 0; i--) {
    if (Object.keys(chain[i]!).length > 0) break;
    delete chain[i - 1]![path[i - 1]!];
  }
}

/** Splits a TOML dotted key (`projects."a.b"`) into its parts. */
export function splitDottedKey(key: string): string[] {
  const parts: string[] = [];
  const re = /\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(\.|$)/gy;
  let m: RegExpExecArray | null;
  while (re.lastIndex < key.length && (m = re.exec(key))) {
    parts.push(m[1] !== undefined ? JSON.parse(`"${m[1]}"`) : (m[2] ?? m[3]!));
    if (m[4] === "") break;
  }
  return parts;
}
