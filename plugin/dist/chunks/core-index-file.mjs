import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  commitFile,
  realDir
} from "./store-lock.mjs";
import {
  sha256Hex
} from "./core-sha256.mjs";
import {
  STATE_DIR
} from "./store-paths.mjs";
import {
  systemCode
} from "./core-errors.mjs";

// lib/store/arrivals.ts
import fs from "node:fs";
import path from "node:path";
var ARRIVALS_RELPATH = `${STATE_DIR}/arrivals.json`;
function arrivalsPath(memoryDir) {
  return path.join(memoryDir, ARRIVALS_RELPATH);
}
function readArrivals(memoryDir) {
  let text;
  try {
    text = fs.readFileSync(arrivalsPath(memoryDir), "utf8");
  } catch (err) {
    if (systemCode(err) === "ENOENT") return { version: 1, items: [] };
    throw err;
  }
  const v = JSON.parse(text);
  return { version: 1, items: Array.isArray(v?.items) ? v.items.filter((i) => typeof i?.path === "string" && typeof i?.id === "string") : [] };
}
async function writeArrivals(memoryDir, file) {
  realDir(memoryDir, STATE_DIR);
  await commitFile(arrivalsPath(memoryDir), JSON.stringify(file, null, 2) + "\n");
}
function currentSha(memoryDir, rel) {
  const abs = path.join(memoryDir, rel);
  try {
    const st = fs.lstatSync(abs);
    if (st.isSymbolicLink()) return sha256Hex(`symlink:${fs.readlinkSync(abs)}`);
    if (!st.isFile()) return sha256Hex(`not-a-file:${st.mode}`);
    return sha256Hex(fs.readFileSync(abs));
  } catch (err) {
    if (systemCode(err) === "ENOENT" || systemCode(err) === "ENOTDIR") return null;
    throw err;
  }
}
function readHold(memoryDir) {
  let items;
  try {
    items = readArrivals(memoryDir).items;
  } catch {
    return void 0;
  }
  if (items.length === 0) return void 0;
  const byPath = /* @__PURE__ */ new Map();
  for (const item of items) byPath.set(normalise(item.path), [...byPath.get(normalise(item.path)) ?? [], item]);
  const shas = /* @__PURE__ */ new Map();
  return {
    size: byPath.size,
    held(rel) {
      const key = normalise(rel);
      const list = byPath.get(key);
      if (!list) return void 0;
      const stamp = stampOf(memoryDir, key);
      const same = list.find((i) => i.stamp && stamp && i.stamp[0] === stamp[0] && i.stamp[1] === stamp[1]);
      if (same) return same;
      if (!shas.has(key)) shas.set(key, safeSha(memoryDir, key));
      const now = shas.get(key);
      return now === void 0 ? list[0] : list.find((i) => i.sha256 === now);
    }
  };
}
function stampOf(memoryDir, rel) {
  try {
    const st = fs.lstatSync(path.join(memoryDir, rel));
    return [st.mtimeMs, st.size];
  } catch {
    return void 0;
  }
}
function safeSha(memoryDir, rel) {
  try {
    return currentSha(memoryDir, rel);
  } catch {
    return void 0;
  }
}
function normalise(rel) {
  return path.posix.normalize(rel.replace(/\\/g, "/")).replace(/^\.\//, "");
}

// lib/core/index-file.ts
var BULLET = /^\s*[-*+]\s+/;
var ENTRY = /^\s*[-*+]\s+\[((?:[^\]\\]|\\.)*)\]\((<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\)\s*(.*)$/;
var HOOK_SEPARATOR = /^(?:—|–|--|-|:)\s*/;
var FENCE = /^\s*(```|~~~)/;
function parseIndex(text) {
  const entries = [];
  const unparsed = [];
  indexLines(text, (raw, line) => {
    const parsed = parseIndexLine(raw, line);
    if (parsed === void 0) return;
    if ("reason" in parsed) unparsed.push(parsed);
    else entries.push(parsed);
  });
  return { entries, unparsed };
}
function indexLines(text, each) {
  const lines = text.split(/\r?\n/);
  let fenced = false;
  lines.forEach((raw, i) => {
    if (FENCE.test(raw)) fenced = !fenced;
    if (fenced) return;
    each(raw, i + 1);
  });
}
function parseIndexLine(raw, line) {
  if (!BULLET.test(raw)) return void 0;
  const m = ENTRY.exec(raw);
  if (!m) return { line, raw, reason: "bullet line without a [Title](file.md) link" };
  const target = m[2].startsWith("<") ? m[2].slice(1, -1) : m[2];
  const file = safeDecode(target);
  if (!/\.md$/i.test(file.split("#")[0])) return { line, raw, reason: `link target "${target}" is not a .md card` };
  return { line, raw, title: m[1].replace(/\\(.)/g, "$1"), file: file.split("#")[0], hook: m[3].replace(HOOK_SEPARATOR, "").trim() };
}
function renderIndexLine(entry) {
  const title = entry.title.replace(/\s+/g, " ").replace(/([\\[\]])/g, "\\$1");
  const target = /[\s()<>]/.test(entry.file) ? `<${entry.file}>` : entry.file;
  const hook = entry.hook.replace(/\s+/g, " ").trim();
  return `- [${title}](${target})${hook ? ` \u2014 ${hook}` : ""}`;
}
function safeDecode(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export {
  FENCE,
  parseIndex,
  indexLines,
  parseIndexLine,
  renderIndexLine,
  readArrivals,
  writeArrivals,
  currentSha,
  readHold,
  stampOf,
  normalise
};
