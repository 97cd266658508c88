// lib/hook/overview-store.ts
import { readCardCatalog } from "../store/card-cache.js";
import { isReadable, LITTLE_ENDIAN } from "../store/card-cache-format.js";
import { withTrustedCardCache } from "../store/card-cache-trusted.js";
import { pinnedEntries, pinsOf, readPins, writePins } from "./overview-pins.js";
import { readHold } from "../store/arrivals.js";
import { access, R_OK, readRegularUtf8, statIfExists } from "../store/checked-fs.js";
import { INDEX_FILE, joinPath } from "../store/paths.js";
import { readIndexOnly } from "../store/read.js";
import { indexLines, parseIndexLine } from "../core/index-file.js";
import { renderEntryLine } from "../core/block.js";
import { isEpisodesArtifact, isShardFile, normaliseTarget, viewStore } from "../records/store-view.js";
import { escapeJsonBytes, safeJsonLines, unescapeJsonBytes } from "../core/pieced-text.js";
function overviewEntries(memoryDir) {
  return viewStore(readIndexOnly(memoryDir)).entries;
}
async function readOverviewStore(memoryDir, freshness) {
  const entries = overviewEntries(memoryDir);
  const catalog = await readCardCatalog(memoryDir, freshness ? { freshness } : {});
  const pins = /* @__PURE__ */ new Map();
  const cards = /* @__PURE__ */ new Map();
  const digests = /* @__PURE__ */ new Map();
  for (const r of catalog.cards) {
    if (r.readError !== void 0 || r.sha256 === void 0 || isShardFile(r.file) || isEpisodesArtifact(r.file)) continue;
    pins.set(r.file, { priority: r.priority, scope: r.scope });
    cards.set(r.file, { card: { meta: { name: r.name, metadata: { type: r.type } } } });
    digests.set(r.file, r.sha256);
  }
  return { dir: memoryDir, entries, pins, cards, digests };
}
function buildOverviewView(indexText, previous) {
  const known = previous && knownLines(previous);
  const names = [];
  const lines = [];
  const ends = [];
  let escapedEnd = 0;
  let rawEnd = 0;
  const add = (file, card, raw, line, escaped, rawBytes) => {
    names.push(raw !== line ? [file, card, raw] : card === file ? card : [file, card]);
    lines.push(escaped);
    escapedEnd += escaped.length;
    rawEnd += rawBytes;
    ends.push(escapedEnd, rawEnd);
  };
  indexLines(indexText, (raw, n) => {
    const seen = known?.get(raw);
    if (seen) {
      add(seen.file, seen.card, raw, seen.line, seen.escaped, seen.rawBytes);
      return;
    }
    const parsed = parseIndexLine(raw, n);
    if (parsed === void 0 || "reason" in parsed) return;
    const card = normaliseTarget(parsed.file);
    if (card !== null && isShardFile(card)) return;
    const line = renderEntryLine(parsed);
    const utf8 = Buffer.from(`${line}
`, "utf8");
    add(parsed.file, card, raw, line, escapeJsonBytes(utf8), utf8.length);
  });
  const table = Buffer.alloc(ends.length * 4);
  for (let i = 0; i < ends.length; i++) table.writeUInt32LE(ends[i], i * 4);
  return Buffer.concat([Buffer.from(`${JSON.stringify(names)}
`, "utf8"), table, ...lines]);
}
function knownLines(bytes) {
  const view = decodeView(bytes);
  if (!view) return void 0;
  const rendered = unescapeJsonBytes([view.lines]).toString("utf8").split("\n");
  if (rendered.length !== view.count + 1) return void 0;
  const known = /* @__PURE__ */ new Map();
  for (let i = 0; i < view.count; i++) {
    const line = rendered[i];
    const escaped = view.lines.subarray(view.end(i - 1), view.end(i));
    known.set(view.raw(i) ?? line, { file: view.file(i), card: view.card(i), line, escaped, rawBytes: view.rawEnd(i) - view.rawEnd(i - 1) });
  }
  return known;
}
async function readOverviewLines(memoryDir, pinnedHere, freshness) {
  const index = joinPath(memoryDir, INDEX_FILE);
  if (!statIfExists(index)?.isFile() || !readable(index)) overviewEntries(memoryDir);
  const hold = readHold(memoryDir);
  const trusted = freshness && withTrustedCardCache(memoryDir, freshness, (c) => {
    const view2 = c.view();
    const pins2 = view2 && !hold ? readPins(memoryDir, c.stamp) : void 0;
    if (view2 && pins2) return { view: view2, pins: pins2 };
    const always = view2 && c.always();
    return always && { view: view2, always: always.map((r) => ({ ...r.row, file: r.file })), stamp: c.stamp };
  });
  if (trusted?.pins) {
    const lines = decodeLines(trusted.view, trusted.view.indexOf(10), trusted.pins.entries);
    if (lines) return pinnedFirst(lines, pinnedEntries(trusted.pins, pinnedHere));
  }
  const read = trusted?.always ? { view: trusted.view, always: trusted.always.filter((c) => !hold?.held(c.file)) } : await fromCatalog(memoryDir, freshness);
  const cached = read.view && decodeView(read.view);
  const view = cached ?? decodeView(buildOverviewView(readRegularUtf8(index)));
  const pins = pinsOf(view.count, view.card, read.always);
  if (trusted?.stamp && cached && !hold) writePins(memoryDir, trusted.stamp, pins);
  if (!hold) return pinnedFirst(view, pinnedEntries(pins, pinnedHere));
  const pinned = new Set(pins.cards.filter((c) => pinnedHere(c.scope)).map((c) => c.file));
  const first = [];
  const rest = [];
  let count = 0;
  let bytes = view.rawEnd(view.count - 1);
  let runStart = 0;
  for (let i = 0; i < view.count; i++) {
    const at = view.end(i - 1);
    const held = hold.held(view.file(i));
    const card = pinned.size > 0 ? view.card(i) : null;
    const isPinned = !held && card !== null && pinned.has(card);
    if (held || isPinned) {
      if (at > runStart) rest.push(view.lines.subarray(runStart, at));
      if (isPinned) first.push(view.lines.subarray(at, view.end(i)));
      else bytes -= view.rawEnd(i) - view.rawEnd(i - 1);
      runStart = view.end(i);
    }
    if (!held) count++;
  }
  if (view.lines.length > runStart) rest.push(view.lines.subarray(runStart));
  return { count, json: [...first, ...rest], bytes };
}
function pinnedFirst(view, first) {
  const head = [];
  const rest = [];
  let runStart = 0;
  for (const i of first) {
    const at = view.end(i - 1);
    if (at > runStart) rest.push(view.lines.subarray(runStart, at));
    head.push(view.lines.subarray(at, view.end(i)));
    runStart = view.end(i);
  }
  if (view.lines.length > runStart) rest.push(view.lines.subarray(runStart));
  return { count: view.count, json: head.length > 1 ? [Buffer.concat(head), ...rest] : [...head, ...rest], bytes: view.rawEnd(view.count - 1) };
}
async function fromCatalog(memoryDir, freshness) {
  const catalog = await readCardCatalog(memoryDir, { view: buildOverviewView, ...freshness ? { freshness } : {} });
  return { ...catalog.view ? { view: catalog.view } : {}, always: catalog.always().filter(isReadable) };
}
function readable(file) {
  try {
    access(file, R_OK);
    return true;
  } catch {
    return false;
  }
}
function decodeView(bytes) {
  const nl = bytes.indexOf(10);
  if (nl < 0) return void 0;
  let names;
  try {
    names = JSON.parse(bytes.toString("utf8", 0, nl));
  } catch {
    return void 0;
  }
  if (!Array.isArray(names)) return void 0;
  for (const n of names) {
    if (typeof n === "string") continue;
    if (!Array.isArray(n) || !(n.length === 2 || n.length === 3 && typeof n[2] === "string") || typeof n[0] !== "string" || !(n[1] === null || typeof n[1] === "string"))
      return void 0;
  }
  const lines = decodeLines(bytes, nl, names.length);
  if (!lines) return void 0;
  const entry = (i) => names[i];
  return {
    ...lines,
    file: (i) => typeof entry(i) === "string" ? entry(i) : entry(i)[0],
    card: (i) => typeof entry(i) === "string" ? entry(i) : entry(i)[1],
    raw: (i) => typeof entry(i) === "string" ? void 0 : entry(i)[2]
  };
}
function decodeLines(bytes, nl, count) {
  const tableAt = nl + 1;
  const linesAt = tableAt + count * 8;
  if (nl < 0 || linesAt > bytes.length) return void 0;
  const lines = bytes.subarray(linesAt);
  const table = new Uint32Array(count * 2);
  bytes.copy(Buffer.from(table.buffer), 0, tableAt, linesAt);
  if (!LITTLE_ENDIAN) Buffer.from(table.buffer).swap32();
  const ends = new Uint32Array(count);
  const rawEnds = new Uint32Array(count);
  for (let i = 0, raw = 0; i < count; i++) {
    ends[i] = table[2 * i];
    rawEnds[i] = table[2 * i + 1];
    if (rawEnds[i] <= raw || rawEnds[i] - raw > ends[i] - (i === 0 ? 0 : ends[i - 1]) - 1) return void 0;
    raw = rawEnds[i];
  }
  if ((count === 0 ? 0 : ends[count - 1]) !== lines.length) return void 0;
  if (!safeJsonLines(lines, ends)) return void 0;
  return { count, lines, end: (i) => i < 0 ? 0 : ends[i], rawEnd: (i) => i < 0 ? 0 : rawEnds[i] };
}
export {
  buildOverviewView,
  overviewEntries,
  readOverviewLines,
  readOverviewStore
};
