import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  FOLDING,
  USAGE_LOG,
  USAGE_SNAPSHOT,
  add,
  addLogLines,
  applyDecay,
  isMeasurable,
  parseSnapshot,
  renderLogLine,
  renderSnapshot
} from "./core-line-key.mjs";
import {
  appendBytes,
  realDir,
  replaceFile,
  tryStoreLock
} from "./core-index-file.mjs";
import {
  STATE_DIR,
  joinPath
} from "./store-paths.mjs";
import {
  R_OK,
  access,
  decodeBase64url,
  exists,
  notRegularError,
  readRegularBytes,
  readRegularUtf8,
  readdirNames,
  stat,
  utf8Text
} from "./core-bytes.mjs";

// lib/usage/legacy.ts
var REGISTRY = "usage.cards";
var HEADER = "# memctl usage cards v1";
function legacyReader(stateDir) {
  let registry;
  return (fields) => {
    if (registry === void 0) registry = readRegistry(joinPath(stateDir, REGISTRY));
    const head = fields[0];
    if (!registry || head.slice(head.indexOf("@") + 1) !== registry.id) return void 0;
    const numbers = decodeHits(fields[1] ?? "");
    const cards = registry.cards;
    if (!numbers || numbers.some((n) => n >= cards.length)) return void 0;
    return [...numbers.map((n) => cards[n]), ...fields.slice(2)];
  };
}
function readRegistry(file) {
  let text;
  try {
    text = utf8Text(readRegularBytes(file));
  } catch {
    return null;
  }
  const first = text.indexOf("\n");
  const [tag, id] = text.slice(0, Math.max(0, first)).split("	");
  if (tag !== HEADER || !id) return null;
  const last = text.lastIndexOf("\n");
  return { id, cards: last > first ? text.slice(first + 1, last).split("\n") : [] };
}
function decodeHits(field) {
  const body = field.slice(1);
  if (field[0] === "b" && /^[A-Za-z0-9_-]+$/.test(body)) {
    const bits = decodeBase64url(body);
    const out = [];
    for (let i = 0; i < bits.length; i++) for (let b = 0; b < 8; b++) if (bits[i] & 1 << b) out.push(8 * i + b);
    return out;
  }
  if (field[0] === "n" && /^[0-9a-z]+(,[0-9a-z]+)*$/.test(body)) return body.split(",").map((n) => parseInt(n, 36));
  return void 0;
}

// lib/usage/read.ts
function readUsage(memoryDir, today, only) {
  const dir = joinPath(memoryDir, STATE_DIR);
  if (!exists(dir)) return { store: "none", cards: /* @__PURE__ */ new Map() };
  try {
    let snap = { folded: /* @__PURE__ */ new Map(), cards: /* @__PURE__ */ new Map() };
    let found = exists(joinPath(dir, USAGE_SNAPSHOT));
    if (found) snap = parseSnapshot(readRegularUtf8(joinPath(dir, USAGE_SNAPSHOT)), only);
    applyDecay(snap, today);
    const pending = /* @__PURE__ */ new Map();
    let malformed = 0;
    const legacy = legacyReader(dir);
    for (const name of [...foldingFiles(dir), USAGE_LOG]) {
      const file = joinPath(dir, name);
      if (!exists(file)) continue;
      found = true;
      malformed += addLogLines(pending, unconsumed(file, snap.folded.get(name) ?? 0, false).text, { ...only ? { only } : {}, legacy });
    }
    for (const [card, u] of pending) add(snap.cards, card, u);
    return { store: found ? "tsv" : "none", cards: snap.cards, ...malformed ? { malformed } : {} };
  } catch (err) {
    return { store: "error", error: err.message, cards: /* @__PURE__ */ new Map() };
  }
}
function foldingFiles(dir) {
  return readdirNames(dir).filter((n) => FOLDING.test(n)).sort();
}
function unconsumed(file, offset, all) {
  let buf;
  try {
    const st = stat(file);
    if (!st.isFile()) throw notRegularError(file, st.mode);
    if (offset >= st.size) {
      access(file, R_OK);
      return { text: "", end: offset };
    }
    buf = readRegularBytes(file);
  } catch (err) {
    if (err.code === "ENOENT") return { text: "", end: offset };
    throw err;
  }
  const start = Math.min(offset, buf.length);
  const end = all ? buf.length : Math.max(start, buf.lastIndexOf(10) + 1);
  return { text: utf8Text(buf, start, end), end };
}

// lib/usage/fold.ts
import fs from "node:fs";
import path from "node:path";
var FOLD_GRACE_MS = 1e4;
var USAGE_REJECTED = "usage.rejected";
function foldUsage(memoryDir, today, now = Date.now) {
  const dir = realDir(memoryDir, STATE_DIR);
  const lock = tryStoreLock(memoryDir);
  if (!lock) return false;
  try {
    const stamp = now();
    try {
      fs.renameSync(path.join(dir, USAGE_LOG), path.join(dir, `usage.${stamp}-${process.pid}.folding`));
    } catch (err) {
      if (err.code !== "ENOENT") throw err;
    }
    const snapFile = path.join(dir, USAGE_SNAPSHOT);
    let snap = { folded: /* @__PURE__ */ new Map(), cards: /* @__PURE__ */ new Map() };
    try {
      snap = parseSnapshot(readRegularUtf8(snapFile));
    } catch (err) {
      if (err.code !== "ENOENT") fs.renameSync(snapFile, `${snapFile}.corrupt-${stamp}`);
    }
    applyDecay(snap, today);
    const folded = /* @__PURE__ */ new Map();
    const rejected = [];
    const added = /* @__PURE__ */ new Map();
    const legacy = legacyReader(dir);
    for (const name of foldingFiles(dir)) {
      const abandoned = stamp - Number(FOLDING.exec(name)[1]) > FOLD_GRACE_MS;
      const pending = unconsumed(path.join(dir, name), snap.folded.get(name) ?? 0, abandoned);
      addLogLines(added, pending.text, { legacy, onMalformed: (line) => rejected.push(line) });
      folded.set(name, pending.end);
    }
    for (const [card, u] of added) add(snap.cards, card, u);
    snap.folded = folded;
    if (!lock.stillHeld()) return false;
    if (rejected.length > 0) appendBytes(path.join(dir, USAGE_REJECTED), Buffer.from(`${rejected.join("\n")}
`, "utf8"));
    replaceFile(snapFile, renderSnapshot(snap), `${snapFile}.${process.pid}.${stamp}.tmp`);
    for (const [name, end] of folded) {
      const file = path.join(dir, name);
      if (stamp - Number(FOLDING.exec(name)[1]) > FOLD_GRACE_MS && fs.statSync(file).size === end) fs.unlinkSync(file);
    }
    return true;
  } finally {
    lock.release();
  }
}

// lib/usage/usage.ts
var FOLD_AT_BYTES = 16 * 1024;
function recordHitsSync(memoryDir, cardRelpaths, today, options = {}) {
  const refused = cardRelpaths.filter((c) => !isMeasurable(c));
  const cards = [...new Set(cardRelpaths.filter(isMeasurable))];
  const line = renderLogLine(today, cards);
  if (line === void 0) return { recorded: 0, refused, folded: false };
  const size = appendBytes(joinPath(realDir(memoryDir, STATE_DIR), USAGE_LOG), Buffer.from(line, "utf8"));
  let folded = false;
  if (size >= (options.foldAtBytes ?? FOLD_AT_BYTES)) {
    try {
      folded = foldUsage(memoryDir, today, options.now);
    } catch {
    }
  }
  return { recorded: cards.length, refused, folded };
}

export {
  readUsage,
  recordHitsSync
};
