// lib/core/toml-edit.ts
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
  verified
} from "./toml-lines.js";
import { parseTomlOrThrow } from "./toml-error.js";
var TOML_MARK = "# memctl-managed";
function enableFeature(text, key, file) {
  const before = parseTomlOrThrow(text, file);
  const features = before.features;
  if (features !== void 0 && (typeof features !== "object" || features === null || Array.isArray(features))) {
    throw new MemctlError(ERROR_CODES.E_CONFIG_INVALID, `features in ${file ?? "config.toml"} is not a table; set features.${key} = true by hand`);
  }
  if (features?.[key] === true) return text;
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const lines = splitLines(text);
  const ours = `${key} = true ${TOML_MARK}`;
  const header = lines.findIndex((l) => isHeader(l, ["features"]));
  let next;
  if (header !== -1) {
    const end = sectionEnd(lines, header);
    const existing = lines.findIndex((l, i) => i > header && i < end && new RegExp(`^\\s*${key}\\s*=`).test(l));
    if (existing !== -1) lines[existing] = `${ours} (was: ${stripEol(lines[existing]).trim()})${eol}`;
    else {
      if (!lines[header].endsWith("\n")) lines[header] += eol;
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
      if (existing !== -1) lines[existing] = `features.${ours} (was: ${stripEol(lines[existing]).trim()})${eol}`;
      else {
        if (!lines[dotted].endsWith("\n")) lines[dotted] += eol;
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
  expected.features = { ...before.features ?? {}, [key]: true };
  return verified(next, expected, file);
}
function removeManagedLines(text, file) {
  if (!text.includes(TOML_MARK)) return text;
  const before = parseTomlOrThrow(text, file);
  const lines = splitLines(text);
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line.includes(TOML_MARK)) {
      out.push(line);
      continue;
    }
    const was = /\(was: (.*)\)\s*$/.exec(stripEol(line));
    if (was) out.push(was[1] + line.slice(stripEol(line).length));
    else if (HEADER.test(stripEol(line))) {
      const end = sectionEnd(lines, i);
      const keepsOthers = lines.slice(i + 1, end).some((l) => !l.includes(TOML_MARK) && l.trim() !== "" && !l.trim().startsWith("#"));
      if (keepsOthers) out.push(line.replace(new RegExp(`\\s*${TOML_MARK}`), ""));
      else if (out.length > 0 && out[out.length - 1].trim() === "") out.pop();
    }
  }
  let next = out.join("");
  if (HEADER.test(stripEol(lines[0] ?? "")) && lines[0].includes(TOML_MARK) && /^\r?\n/.test(next)) next = next.replace(/^\r?\n/, "");
  const after = parseTomlOrThrow(next, file);
  const paths = managedPaths(lines);
  const strip = (v) => {
    const copy = plain(v);
    for (const p of paths) deletePath(copy, p);
    return copy;
  };
  if (!isDeepStrictEqual(strip(after), strip(before))) {
    throw new MemctlError(ERROR_CODES.E_CONFIG_INVALID, `could not remove memctl's lines from ${file ?? "config.toml"} cleanly; remove the lines marked "${TOML_MARK}" by hand`);
  }
  return next;
}
function managedPaths(lines) {
  const paths = [];
  let section = [];
  for (const line of lines) {
    const header = HEADER.exec(stripEol(line));
    if (header && !header[1]) section = splitDottedKey(header[2]);
    if (!line.includes(TOML_MARK)) continue;
    if (header) paths.push(section);
    else {
      const key = /^\s*([^=]+?)\s*=/.exec(line);
      if (key) paths.push([...section, ...splitDottedKey(key[1])]);
    }
  }
  return paths;
}
function upsertManagedTable(text, table, values, file, adopt = () => false) {
  const before = parseTomlOrThrow(text, file);
  const existing = getPath(before, table);
  const lines = splitLines(text);
  const header = lines.findIndex((l) => isHeader(l, table));
  const ours = header !== -1 && lines[header].includes(TOML_MARK);
  if (existing !== void 0 && isDeepStrictEqual(plain(existing), plain(values))) return text;
  const adopted = existing !== void 0 && !ours && header !== -1 && adopt(existing);
  if (existing !== void 0 && !ours && !adopted) {
    throw new MemctlError(
      ERROR_CODES.E_INSTALL_CONFLICT,
      `${file ?? "config.toml"} already has its own [${table.join(".")}]; it was left untouched \u2014 remove it to let memctl manage it`,
      { file }
    );
  }
  let base = text;
  if (ours || adopted) {
    const end = adopted ? tableEnd(lines, header, table) : sectionEnd(lines, header);
    const kept = lines.filter((l, i) => i < header || i >= end || !adopted && !l.includes(TOML_MARK));
    if (header > 0 && kept[header - 1]?.trim() === "") kept.splice(header - 1, 1);
    base = kept.join("");
  }
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  let prefix = base;
  if (prefix.length > 0 && !prefix.endsWith("\n")) prefix += eol;
  if (prefix.trim().length > 0) prefix += eol;
  const body = Object.entries(values).map(([k, v]) => `${k} = ${tomlValue(v)} ${TOML_MARK}${eol}`).join("");
  const next = `${prefix}[${table.map((p) => /^[A-Za-z0-9_-]+$/.test(p) ? p : JSON.stringify(p)).join(".")}] ${TOML_MARK}${eol}${body}`;
  const expected = plain(before);
  deletePath(expected, table);
  setPath(expected, table, values);
  return verified(next, expected, file);
}
var CONFIG = "the memctl config file";
var CONFIG_LAYOUT = "the config file is laid out in a way memctl cannot edit safely line by line (for example dotted keys or inline tables for projects); nothing was written \u2014 edit it by hand";
function setProjectDir(text, key, memoryDir, repoRoot) {
  const next = upsertTableValues(text, ["projects", key], { memory_dir: memoryDir, repo_root: repoRoot });
  const expected = plain(parseTomlOrThrow(text, CONFIG));
  const projects = expected.projects ??= {};
  projects[key] = { ...projects[key] ?? {}, memory_dir: memoryDir, repo_root: repoRoot };
  return verified(next, expected, CONFIG, CONFIG_LAYOUT);
}
function removeLegacyGlobal(text) {
  const lines = splitLines(text);
  const end = firstHeaderIndex(lines);
  const next = lines.filter((line, i) => i >= end || !/^\s*memory_dir\s*=/.test(line)).join("");
  const expected = plain(parseTomlOrThrow(text, CONFIG));
  delete expected.memory_dir;
  return verified(next, expected, CONFIG, CONFIG_LAYOUT);
}
function upsertTableValues(text, tablePath, values) {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const lines = splitLines(text);
  const header = lines.findIndex((line) => {
    const m = HEADER.exec(stripEol(line));
    return m !== null && !m[1] && isDeepStrictEqual(splitDottedKey(m[2]), tablePath);
  });
  const render = (k, v) => `${k} = ${JSON.stringify(v)}${eol}`;
  if (header === -1) {
    let prefix = text;
    if (prefix.length > 0 && !prefix.endsWith("\n")) prefix += eol;
    if (prefix.trim().length > 0) prefix += eol;
    const headerLine = `[${tablePath.map(quoteKey).join(".")}]${eol}`;
    return prefix + headerLine + Object.entries(values).map(([k, v]) => render(k, v)).join("");
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
    if (!lines[insertAt - 1].endsWith("\n")) lines[insertAt - 1] += eol;
    lines.splice(insertAt, 0, render(k, v));
    insertAt++;
    end++;
  }
  return lines.join("");
}
function firstHeaderIndex(lines) {
  const i = lines.findIndex((line) => HEADER.test(stripEol(line)));
  return i === -1 ? lines.length : i;
}
function quoteKey(part) {
  return /^[A-Za-z_]+$/.test(part) ? part : JSON.stringify(part);
}
export {
  TOML_MARK,
  enableFeature,
  removeLegacyGlobal,
  removeManagedLines,
  setProjectDir,
  upsertManagedTable
};
