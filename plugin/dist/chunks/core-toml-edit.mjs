import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  TomlError,
  parse
} from "./config-config-keys.mjs";
import {
  ERROR_CODES,
  MemctlError
} from "./core-errors.mjs";

// lib/core/toml-edit.ts
import { isDeepStrictEqual as isDeepStrictEqual2 } from "node:util";

// lib/core/toml-lines.ts
import { isDeepStrictEqual } from "node:util";
var HEADER = /^\s*\[(\[)?\s*(.+?)\s*\]\]?\s*(#.*)?$/;
function parseTomlOrThrow(text, file = "the file") {
  try {
    return parse(text);
  } catch (err) {
    const line = err instanceof TomlError ? ` at line ${err.line}` : "";
    throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, `${file} is not valid TOML${line}; it was left untouched \u2014 fix it by hand, then run the command again`, { file });
  }
}
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
    actual = parse(next);
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

// lib/core/toml-edit.ts
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
  if (!isDeepStrictEqual2(strip(after), strip(before))) {
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
  if (existing !== void 0 && isDeepStrictEqual2(plain(existing), plain(values))) return text;
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
    return m !== null && !m[1] && isDeepStrictEqual2(splitDottedKey(m[2]), tablePath);
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
  parseTomlOrThrow,
  enableFeature,
  removeManagedLines,
  upsertManagedTable,
  setProjectDir,
  removeLegacyGlobal
};
