import { isDeepStrictEqual } from "node:util";
import { ERROR_CODES, MemctlError } from "./errors.js";
import {
  deletePath,
  firstHeaderOffset,
  getPath,
  HEADER,
  isHeader,
  plain,
  sectionEnd,
  setPath,
  splitDottedKey,
  splitLines,
  stripEol,
  tableEnd,
  tomlValue,
  verified,
} from "./toml-lines.js";
import { parseTomlOrThrow } from "./toml-error.js";

// The one TOML line editor: memctl's own config (setProjectDir, removeLegacyGlobal) and host configs (Codex's
// `[features] hooks = true`, MCP tables). Edited as lines so comments and layout survive; every edit is checked by
// re-parsing (the result must equal the intended change and nothing else). Lines we add carry MARK, so
// uninstall removes exactly them, and a line we replaced is restored from its `(was: …)` note.

export const TOML_MARK = "# memctl-managed";

/** Turns on `features.<key>` (true), adding or rewriting one marked line. */
export function enableFeature(text: string, key: string, file?: string): string {
  const before = parseTomlOrThrow(text, file);
  const features = before.features;
  if (features !== undefined && (typeof features !== "object" || features === null || Array.isArray(features))) {
    throw new MemctlError(ERROR_CODES.E_CONFIG_INVALID, `features in ${file ?? "config.toml"} is not a table; set features.${key} = true by hand`);
  }
  if ((features as Record<string, unknown> | undefined)?.[key] === true) return text;
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const lines = splitLines(text);
  const ours = `${key} = true ${TOML_MARK}`;
  const header = lines.findIndex((l) => isHeader(l, ["features"]));
  let next: string;
  if (header !== -1) {
    const end = sectionEnd(lines, header);
    const existing = lines.findIndex((l, i) => i > header && i < end && new RegExp(`^\\s*${key}\\s*=`).test(l));
    if (existing !== -1) lines[existing] = `${ours} (was: ${stripEol(lines[existing]!).trim()})${eol}`;
    else {
      if (!lines[header]!.endsWith("\n")) lines[header] += eol;
      lines.splice(header + 1, 0, ours + eol);
    }
    next = lines.join("");
  } else if (/^\s*features\s*=/m.test(text.slice(0, firstHeaderOffset(lines)))) {
    throw new MemctlError(ERROR_CODES.E_CONFIG_INVALID, `features is an inline table in ${file ?? "config.toml"}; add ${key} = true to it by hand`);
  } else {
    const rootEnd = lines.findIndex((l) => HEADER.test(stripEol(l)));
    let dotted = -1;
    lines.forEach((l, i) => {
      if ((rootEnd === -1 || i < rootEnd) && /^\s*features\s*\.\s*[A-Za-z0-9_"'-]/.test(l)) dotted = i;
    });
    if (dotted !== -1) {
      const existing = lines.findIndex((l, i) => (rootEnd === -1 || i < rootEnd) && new RegExp(`^\\s*features\\s*\\.\\s*${key}\\s*=`).test(l));
      if (existing !== -1) lines[existing] = `features.${ours} (was: ${stripEol(lines[existing]!).trim()})${eol}`;
      else {
        if (!lines[dotted]!.endsWith("\n")) lines[dotted] += eol;
        lines.splice(dotted + 1, 0, `features.${ours}${eol}`);
      }
      next = lines.join("");
    } else {
      let prefix = text;
      if (prefix.length > 0 && !prefix.endsWith("\n")) prefix += eol;
      if (prefix.trim().length > 0) prefix += eol;
      next = `${prefix}[features] ${TOML_MARK}${eol}${ours}${eol}`;
    }
  }
  const expected = structuredClone(before);
  expected.features = { ...((before.features as Record<string, unknown>) ?? {}), [key]: true };
  return verified(next, expected, file);
}

/** Undoes enableFeature: drops marked lines, restores replaced ones, and removes a table we created if now empty. */
export function removeManagedLines(text: string, file?: string): string {
  if (!text.includes(TOML_MARK)) return text;
  const before = parseTomlOrThrow(text, file);
  const lines = splitLines(text);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.includes(TOML_MARK)) {
      out.push(line);
      continue;
    }
    const was = /\(was: (.*)\)\s*$/.exec(stripEol(line));
    if (was) out.push(was[1]! + line.slice(stripEol(line).length));
    else if (HEADER.test(stripEol(line))) {
      const end = sectionEnd(lines, i);
      const keepsOthers = lines.slice(i + 1, end).some((l) => !l.includes(TOML_MARK) && l.trim() !== "" && !l.trim().startsWith("#"));
      if (keepsOthers) out.push(line.replace(new RegExp(`\\s*${TOML_MARK}`), ""));
      else if (out.length > 0 && out[out.length - 1]!.trim() === "") out.pop();
    }
  }
  let next = out.join("");
  // A table memctl put at the very top leaves no blank line behind when something was added after it.
  if (HEADER.test(stripEol(lines[0] ?? "")) && lines[0]!.includes(TOML_MARK) && /^\r?\n/.test(next)) next = next.replace(/^\r?\n/, "");
  const after = parseTomlOrThrow(next, file);
  // Everything but the keys and tables memctl marked must be unchanged.
  const paths = managedPaths(lines);
  const strip = (v: Record<string, unknown>) => {
    const copy = plain(v) as Record<string, unknown>;
    for (const p of paths) deletePath(copy, p);
    return copy;
  };
  if (!isDeepStrictEqual(strip(after), strip(before))) {
    throw new MemctlError(ERROR_CODES.E_CONFIG_INVALID, `could not remove memctl's lines from ${file ?? "config.toml"} cleanly; remove the lines marked "${TOML_MARK}" by hand`);
  }
  return next;
}

/** The key paths memctl's marked lines define: a marked header owns its whole table, a marked key line that key. */
function managedPaths(lines: string[]): string[][] {
  const paths: string[][] = [];
  let section: string[] = [];
  for (const line of lines) {
    const header = HEADER.exec(stripEol(line));
    if (header && !header[1]) section = splitDottedKey(header[2]!);
    if (!line.includes(TOML_MARK)) continue;
    if (header) paths.push(section);
    else {
      const key = /^\s*([^=]+?)\s*=/.exec(line);
      if (key) paths.push([...section, ...splitDottedKey(key[1]!)]);
    }
  }
  return paths;
}

/**
 * Adds (or refreshes) a table memctl owns, e.g. `[mcp_servers.memctl]`, every line marked. A user's own table of
 * that name is left alone when it already says the same; when `adopt` says it is an old or bare memctl entry (a
 * stale path, say) it is replaced by the marked one (self-heal); otherwise it is refused.
 */
export function upsertManagedTable(text: string, table: string[], values: Record<string, unknown>, file?: string, adopt: (existing: unknown) => boolean = () => false): string {
  const before = parseTomlOrThrow(text, file);
  const existing = getPath(before, table);
  const lines = splitLines(text);
  const header = lines.findIndex((l) => isHeader(l, table));
  const ours = header !== -1 && lines[header]!.includes(TOML_MARK);
  if (existing !== undefined && isDeepStrictEqual(plain(existing), plain(values))) return text;
  const adopted = existing !== undefined && !ours && header !== -1 && adopt(existing);
  if (existing !== undefined && !ours && !adopted) {
    throw new MemctlError(
      ERROR_CODES.E_INSTALL_CONFLICT,
      `${file ?? "config.toml"} already has its own [${table.join(".")}]; it was left untouched — remove it to let memctl manage it`,
      { file },
    );
  }
  let base = text;
  if (ours || adopted) {
    // An adopted table goes whole, with its sub-tables (e.g. [mcp_servers.memctl.env]); ours only loses our lines.
    const end = adopted ? tableEnd(lines, header, table) : sectionEnd(lines, header);
    const kept = lines.filter((l, i) => i < header || i >= end || (!adopted && !l.includes(TOML_MARK)));
    if (header > 0 && kept[header - 1]?.trim() === "") kept.splice(header - 1, 1);
    base = kept.join("");
  }
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  let prefix = base;
  if (prefix.length > 0 && !prefix.endsWith("\n")) prefix += eol;
  if (prefix.trim().length > 0) prefix += eol;
  const body = Object.entries(values)
    .map(([k, v]) => `${k} = ${tomlValue(v)} ${TOML_MARK}${eol}`)
    .join("");
  const next = `${prefix}[${table.map((p) => (/^[A-Za-z0-9_-]+$/.test(p) ? p : JSON.stringify(p))).join(".")}] ${TOML_MARK}${eol}${body}`;
  const expected = plain(before) as Record<string, unknown>;
  deletePath(expected, table);
  setPath(expected, table, values);
  return verified(next, expected, file);
}

const CONFIG = "the memctl config file";
const CONFIG_LAYOUT =
  "the config file is laid out in a way memctl cannot edit safely line by line (for example dotted keys or inline tables for projects); nothing was written — edit it by hand";

/** Sets `[projects."<key>"] memory_dir` (and repo_root), creating the table if needed. */
export function setProjectDir(text: string, key: string, memoryDir: string, repoRoot: string): string {
  const next = upsertTableValues(text, ["projects", key], { memory_dir: memoryDir, repo_root: repoRoot });
  const expected = plain(parseTomlOrThrow(text, CONFIG)) as Record<string, Record<string, Record<string, unknown>>>;
  const projects = (expected.projects ??= {});
  projects[key] = { ...(projects[key] ?? {}), memory_dir: memoryDir, repo_root: repoRoot };
  return verified(next, expected, CONFIG, CONFIG_LAYOUT);
}

/** Removes the deprecated top-level `memory_dir` key. */
export function removeLegacyGlobal(text: string): string {
  const lines = splitLines(text);
  const end = firstHeaderIndex(lines);
  const next = lines.filter((line, i) => i >= end || !/^\s*memory_dir\s*=/.test(line)).join("");
  const expected = plain(parseTomlOrThrow(text, CONFIG)) as Record<string, unknown>;
  delete expected.memory_dir;
  return verified(next, expected, CONFIG, CONFIG_LAYOUT);
}

function upsertTableValues(text: string, tablePath: string[], values: Record<string, string>): string {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const lines = splitLines(text);
  const header = lines.findIndex((line) => {
    const m = HEADER.exec(stripEol(line));
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
  let end = lines.findIndex((line, i) => i > header && HEADER.test(stripEol(line)));
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

function firstHeaderIndex(lines: string[]): number {
  const i = lines.findIndex((line) => HEADER.test(stripEol(line)));
  return i === -1 ? lines.length : i;
}

function quoteKey(part: string): string {
  return /^[A-Za-z_]+$/.test(part) ? part : JSON.stringify(part);
}
