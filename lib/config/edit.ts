import { isDeepStrictEqual } from "node:util";
import { parse as parseToml } from "smol-toml";
import { ERROR_CODES, MemctlError } from "../core/errors.js";

// Config edits are line-level text edits, so every unrelated byte (comments, ordering, spacing) survives.
// Each edit is then verified by parsing: the result must equal the intended change and nothing else.

const HEADER = /^\s*\[(\[)?\s*(.+?)\s*\]\]?\s*(?:#.*)?$/;

/** Sets `[projects."<key>"] memory_dir` (and repo_root), creating the table if needed. */
export function setProjectDir(text: string, key: string, memoryDir: string, repoRoot: string): string {
  const next = upsertTableValues(text, ["projects", key], { memory_dir: memoryDir, repo_root: repoRoot });
  return verified(text, next, (raw) => {
    const projects = (raw.projects ??= {}) as Record<string, Record<string, unknown>>;
    projects[key] = { ...(projects[key] ?? {}), memory_dir: memoryDir, repo_root: repoRoot };
  });
}

/** Removes the deprecated top-level `memory_dir` key. */
export function removeLegacyGlobal(text: string): string {
  const lines = splitLines(text);
  const end = firstHeaderIndex(lines);
  const next = lines.filter((line, i) => i >= end || !/^\s*memory_dir\s*=/.test(line)).join("");
  return verified(text, next, (raw) => {
    delete raw.memory_dir;
  });
}

function upsertTableValues(text: string, tablePath: string[], values: Record<string, string>): string {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const lines = splitLines(text);
  const header = lines.findIndex((line) => {
    const m = HEADER.exec(line.replace(/\r?\n$/, ""));
    return m !== null && !m[1] && isDeepStrictEqual(splitDottedKey(m[2]!), tablePath);
  });
  const render = (k: string, v: string) => `${k} = ${JSON.stringify(v)}${eol}`;
  if (header === -1) {
    let prefix = text;
    if (prefix.length > 0 && !prefix.endsWith("\n")) prefix += eol;
    if (prefix.trim().length > 0) prefix += eol;
    const headerLine = `[${tablePath.map(quoteKey).join(".")}]${eol}`;
    return (
      prefix +
      headerLine +
      Object.entries(values)
        .map(([k, v]) => render(k, v))
        .join("")
    );
  }
  let end = lines.findIndex((line, i) => i > header && HEADER.test(line.replace(/\r?\n$/, "")));
  if (end === -1) end = lines.length;
  let insertAt = header + 1;
  for (const [k, v] of Object.entries(values)) {
    const at = lines.findIndex((line, i) => i > header && i < end && new RegExp(`^\\s*${k}\\s*=`).test(line));
    if (at !== -1) {
      lines[at] = render(k, v);
      insertAt = at + 1;
      continue;
    }
    if (!lines[insertAt - 1]!.endsWith("\n")) lines[insertAt - 1] += eol;
    lines.splice(insertAt, 0, render(k, v));
    insertAt++;
    end++;
  }
  return lines.join("");
}

function verified(before: string, after: string, mutate: (raw: Record<string, unknown>) => void): string {
  const expected = parseToml(before) as Record<string, unknown>;
  mutate(expected);
  let actual: unknown;
  try {
    actual = parseToml(after);
  } catch {
    actual = undefined;
  }
  // JSON round-trip: smol-toml builds null-prototype objects, which strict equality would reject.
  if (!isDeepStrictEqual(plain(actual), plain(expected))) {
    throw new MemctlError(
      ERROR_CODES.E_CONFIG_INVALID,
      "the config file is laid out in a way memctl cannot edit safely line by line (for example dotted keys or inline tables for projects); nothing was written — edit it by hand",
    );
  }
  return after;
}

function plain(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function firstHeaderIndex(lines: string[]): number {
  const i = lines.findIndex((line) => HEADER.test(line.replace(/\r?\n$/, "")));
  return i === -1 ? lines.length : i;
}

function quoteKey(part: string): string {
  return /^[A-Za-z_]+$/.test(part) ? part : JSON.stringify(part);
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
