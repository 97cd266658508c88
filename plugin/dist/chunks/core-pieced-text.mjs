import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  logHookError
} from "./hook-dedupe.mjs";
import {
  readDerived,
  writeDerived
} from "./store-card-derived.mjs";
import {
  withTrustedCardCache
} from "./store-card-cache-trusted.mjs";
import {
  readCardCatalog
} from "./store-card-cache.mjs";
import {
  LITTLE_ENDIAN,
  isCardFileName,
  isReadable
} from "./store-card-cache-format.mjs";
import {
  sessionInstructions
} from "./config-instructions.mjs";
import {
  readPending
} from "./records-proposal-files.mjs";
import {
  COMPACT_FILE,
  assembleIndexView,
  readCompact,
  viewBytes
} from "./compact-artifact.mjs";
import {
  isEpisodesArtifact,
  isShardFile,
  normaliseTarget,
  viewStore
} from "./records-store-view.mjs";
import {
  BLOCK_CLOSE,
  BLOCK_OPEN,
  blockText,
  preamble,
  renderEntryLine
} from "./core-block.mjs";
import {
  readHistory
} from "./store-history.mjs";
import {
  readIndexOnly
} from "./store-read.mjs";
import {
  indexLines,
  parseIndexLine,
  readHold
} from "./core-index-file.mjs";
import {
  inScope
} from "./core-card-types.mjs";
import {
  readConfig
} from "./config-config.mjs";
import {
  INDEX_FILE,
  joinPath
} from "./store-paths.mjs";
import {
  R_OK,
  access,
  readRegularUtf8,
  statIfExists
} from "./core-bytes.mjs";

// lib/hook/overview-pins.ts
var OVERVIEW_PINS = "overview-pins";
function readPins(memoryDir, cache) {
  const kept = readDerived(memoryDir, OVERVIEW_PINS, cache);
  if (!kept) return void 0;
  const { entries, cards } = kept.facts;
  if (!Number.isSafeInteger(entries) || entries < 0 || !Array.isArray(cards)) return void 0;
  const out = [];
  for (const c of cards) {
    if (!Array.isArray(c) || c.length !== 3) return void 0;
    const [file, scope, at] = c;
    if (!isCardFileName(file) || !(scope === null || Array.isArray(scope) && scope.every((s) => typeof s === "string"))) return void 0;
    if (!Array.isArray(at) || !at.every((i, k) => Number.isSafeInteger(i) && i >= 0 && i < entries && (k === 0 || i > at[k - 1]))) return void 0;
    out.push({ file, ...scope ? { scope } : {}, at });
  }
  return { entries, cards: out };
}
function writePins(memoryDir, cache, pins) {
  writeDerived(memoryDir, OVERVIEW_PINS, cache, { entries: pins.entries, cards: pins.cards.map((c) => [c.file, c.scope ?? null, c.at]) }, []);
}
function pinsOf(entries, cardAt, always) {
  const byFile = /* @__PURE__ */ new Map();
  for (const r of always)
    if (!isShardFile(r.file) && !isEpisodesArtifact(r.file) && r.priority === "always") byFile.set(r.file, { file: r.file, ...r.scope ? { scope: r.scope } : {}, at: [] });
  if (byFile.size > 0)
    for (let i = 0; i < entries; i++) {
      const card = cardAt(i);
      if (card !== null) byFile.get(card)?.at.push(i);
    }
  return { entries, cards: [...byFile.values()] };
}
function pinnedEntries(pins, pinnedHere) {
  const at = [];
  for (const c of pins.cards) if (pinnedHere(c.scope)) at.push(...c.at);
  return at.sort((a, b) => a - b);
}

// lib/core/pieced-text.ts
function escapeJsonBytes(utf8) {
  const latin1 = Buffer.from(utf8.buffer, utf8.byteOffset, utf8.byteLength).toString("latin1");
  return Buffer.from(JSON.stringify(latin1).slice(1, -1), "latin1");
}
var ESCAPED = new Uint8Array(128);
for (const [c, b] of Object.entries({ '"': 34, "\\": 92, "/": 47, b: 8, f: 12, n: 10, r: 13, t: 9 })) ESCAPED[c.charCodeAt(0)] = b;
function unescapeJsonBytes(pieces) {
  let length = 0;
  for (const p of pieces) length += p.length;
  const out = Buffer.allocUnsafe(length);
  let k = 0;
  for (const piece of pieces) {
    const p = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    let at = 0;
    for (let slash = p.indexOf(92); slash >= 0; slash = p.indexOf(92, at)) {
      k += p.copy(out, k, at, slash);
      const c = p[slash + 1];
      const hex = c === 117 ? p.toString("latin1", slash + 2, slash + 6) : "";
      if (c !== void 0 && c < 128 && ESCAPED[c] > 0) {
        out[k++] = ESCAPED[c];
        at = slash + 2;
      } else if (/^00[0-1][0-9a-f]$/.test(hex)) {
        out[k++] = Number.parseInt(hex, 16);
        at = slash + 6;
      } else {
        out[k++] = 92;
        at = slash + 1;
      }
    }
    k += p.copy(out, k, at);
  }
  return out.subarray(0, k);
}
function safeJsonLines(escaped, ends) {
  const b = Buffer.from(escaped.buffer, escaped.byteOffset, escaped.byteLength);
  const oddSlashesBefore = (at) => {
    let n = 0;
    while (at - 1 - n >= 0 && b[at - 1 - n] === 92) n++;
    return n % 2 === 1;
  };
  for (let q = b.indexOf(34); q >= 0; q = b.indexOf(34, q + 1)) if (!oddSlashesBefore(q)) return false;
  let start = 0;
  for (let i = 0; i < ends.length; i++) {
    const end = ends[i];
    if (end < start + 2 || end > b.length || b[end - 1] !== 110 || b[end - 2] !== 92) return false;
    if (end - 3 >= start && b[end - 3] === 92 && !oddSlashesBefore(end - 1)) return false;
    start = end;
  }
  return start === b.length;
}
var PiecedText = class _PiecedText {
  constructor(parts) {
    this.parts = parts;
  }
  /** UTF-8 length. */
  get bytes() {
    let n = 0;
    for (const p of this.parts) n += typeof p === "string" ? Buffer.byteLength(p) : p.bytes;
    return n;
  }
  /** The text with `text` in front. */
  prepend(text) {
    return new _PiecedText([text, ...this.parts]);
  }
  /** The text as UTF-8, in pieces. */
  utf8() {
    return this.parts.map((p) => typeof p === "string" ? Buffer.from(p, "utf8") : unescapeJsonBytes(p.json));
  }
  /** JSON.stringify(text) without its quotes, as UTF-8, in pieces (the runs as they are kept). */
  json() {
    return this.parts.flatMap((p) => typeof p === "string" ? [Buffer.from(JSON.stringify(p).slice(1, -1), "utf8")] : p.json);
  }
  /** The whole text, for a caller that needs one string (MCP's `memory_overview`, tests). */
  toString() {
    this.joined ??= this.parts.map((p) => typeof p === "string" ? p : unescapeJsonBytes(p.json).toString("utf8")).join("");
    return this.joined;
  }
};

// lib/hook/overview-view.ts
function buildOverviewView(indexText, previous) {
  const known = previous && knownLines(previous);
  const names = [];
  const lines = [];
  const escapedLengths = [];
  const rawLengths = [];
  const lineNumbers = [];
  indexLines(indexText, (raw, n) => {
    const entry = known?.get(raw) ?? entryOf(raw, n);
    if (!entry) return;
    names.push(nameOf(raw, entry));
    lines.push(entry.escaped);
    escapedLengths.push(entry.escaped.length);
    rawLengths.push(entry.rawBytes);
    lineNumbers.push(n);
  });
  return encodeView(names, lines, escapedLengths, rawLengths, lineNumbers);
}
function entryOf(raw, n) {
  const parsed = parseIndexLine(raw, n);
  if (parsed === void 0 || "reason" in parsed) return void 0;
  const card = normaliseTarget(parsed.file);
  if (card !== null && isShardFile(card)) return void 0;
  const line = renderEntryLine(parsed);
  const utf8 = Buffer.from(`${line}
`, "utf8");
  return { file: parsed.file, card, line, escaped: escapeJsonBytes(utf8), rawBytes: utf8.length };
}
var nameOf = (raw, e) => raw !== e.line ? [e.file, e.card, raw] : e.card === e.file ? e.card : [e.file, e.card];
function encodeView(names, lines, escapedLengths, rawLengths, lineNumbers) {
  const table = new Uint32Array(names.length * 3);
  for (let i = 0, escapedEnd = 0, rawEnd = 0; i < names.length; i++) {
    escapedEnd += escapedLengths[i];
    rawEnd += rawLengths[i];
    table[3 * i] = escapedEnd;
    table[3 * i + 1] = rawEnd;
    table[3 * i + 2] = lineNumbers[i];
  }
  const bytes = Buffer.from(table.buffer);
  if (!LITTLE_ENDIAN) bytes.swap32();
  return Buffer.concat([Buffer.from(`${JSON.stringify(names)}
`, "utf8"), bytes, ...lines]);
}
function editOverviewView(previous, edits) {
  let bytes = previous;
  for (const [at, removed, inserted] of edits) {
    const nl = bytes.indexOf(10);
    const starts = nl < 0 ? void 0 : elementStarts(bytes, nl);
    if (!starts) return void 0;
    const count = starts.length;
    const view = decodeLines(bytes, nl, count, false);
    if (!view) return void 0;
    const table = new Uint32Array(count * 3);
    bytes.copy(Buffer.from(table.buffer), 0, nl + 1, nl + 1 + count * 12);
    if (!LITTLE_ENDIAN) Buffer.from(table.buffer).swap32();
    const first = firstAtOrAfter(view, at);
    const end = firstAtOrAfter(view, at + removed);
    const added = inserted.flatMap((raw2, k) => {
      const entry = entryOf(raw2, at + k);
      return entry ? [{ raw: raw2, entry, n: at + k }] : [];
    });
    const kept = count - (end - first);
    const out = new Uint32Array((kept + added.length) * 3);
    out.set(table.subarray(0, first * 3));
    let escaped = view.end(first - 1);
    let raw = view.rawEnd(first - 1);
    added.forEach(({ entry, n }, k) => {
      escaped += entry.escaped.length;
      raw += entry.rawBytes;
      out.set([escaped, raw, n], (first + k) * 3);
    });
    const moveEscaped = escaped - view.end(end - 1);
    const moveRaw = raw - view.rawEnd(end - 1);
    const shift = inserted.length - removed;
    for (let i = end, j = (first + added.length) * 3; i < count; i++, j += 3) {
      out[j] = table[3 * i] + moveEscaped;
      out[j + 1] = table[3 * i + 1] + moveRaw;
      out[j + 2] = table[3 * i + 2] + shift;
    }
    const tableBytes = Buffer.from(out.buffer);
    if (!LITTLE_ENDIAN) tableBytes.swap32();
    const before = first > 0 ? bytes.subarray(1, first < count ? starts[first] - 1 : nl - 1) : void 0;
    const after = end < count ? bytes.subarray(starts[end], nl - 1) : void 0;
    const mid = added.length > 0 ? Buffer.from(added.map((a) => JSON.stringify(nameOf(a.raw, a.entry))).join(","), "utf8") : void 0;
    const names = [before, mid, after].filter((b) => b !== void 0);
    const lines = bytes.subarray(nl + 1 + count * 12);
    bytes = Buffer.concat([
      Buffer.from("["),
      ...names.flatMap((b, i) => i === 0 ? [b] : [COMMA, b]),
      Buffer.from("]\n"),
      tableBytes,
      lines.subarray(0, view.end(first - 1)),
      ...added.map((a) => a.entry.escaped),
      lines.subarray(view.end(end - 1))
    ]);
  }
  return bytes;
}
var COMMA = Buffer.from(",");
function elementStarts(json, end) {
  if (json[0] !== 91 || json[end - 1] !== 93) return void 0;
  const starts = [];
  let depth = 0;
  let inString = false;
  let next = false;
  for (let p = 0; p < end; p++) {
    const c = json[p];
    if (inString) {
      if (c === 92) p++;
      else if (c === 34) inString = false;
      continue;
    }
    if (next) {
      if (!(c === 93 && depth === 1)) starts.push(p);
      next = false;
    }
    if (c === 34) inString = true;
    else if (c === 91) {
      if (++depth === 1) next = true;
    } else if (c === 93) {
      if (--depth === 0 && p !== end - 1) return void 0;
    } else if (c === 44 && depth === 1) next = true;
  }
  return depth === 0 && !inString ? starts : void 0;
}
function firstAtOrAfter(view, line) {
  let lo = 0;
  let hi = view.count;
  while (lo < hi) {
    const mid = lo + hi >>> 1;
    if (view.line(mid) < line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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
function decodeView(bytes, printed = true) {
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
  const lines = decodeLines(bytes, nl, names.length, printed);
  if (!lines) return void 0;
  const entry = (i) => names[i];
  return {
    ...lines,
    file: (i) => typeof entry(i) === "string" ? entry(i) : entry(i)[0],
    card: (i) => typeof entry(i) === "string" ? entry(i) : entry(i)[1],
    raw: (i) => typeof entry(i) === "string" ? void 0 : entry(i)[2],
    name: entry
  };
}
function decodeLines(bytes, nl, count, printed = true) {
  const tableAt = nl + 1;
  const linesAt = tableAt + count * 12;
  if (nl < 0 || linesAt > bytes.length) return void 0;
  const lines = bytes.subarray(linesAt);
  const table = new Uint32Array(count * 3);
  bytes.copy(Buffer.from(table.buffer), 0, tableAt, linesAt);
  if (!LITTLE_ENDIAN) Buffer.from(table.buffer).swap32();
  const ends = new Uint32Array(count);
  const rawEnds = new Uint32Array(count);
  const lineNumbers = new Uint32Array(count);
  for (let i = 0, raw = 0; i < count; i++) {
    ends[i] = table[3 * i];
    rawEnds[i] = table[3 * i + 1];
    lineNumbers[i] = table[3 * i + 2];
    if (rawEnds[i] <= raw || rawEnds[i] - raw > ends[i] - (i === 0 ? 0 : ends[i - 1]) - 1) return void 0;
    if (lineNumbers[i] <= (i === 0 ? 0 : lineNumbers[i - 1])) return void 0;
    raw = rawEnds[i];
  }
  if ((count === 0 ? 0 : ends[count - 1]) !== lines.length) return void 0;
  if (printed && !safeJsonLines(lines, ends)) return void 0;
  return { count, lines, end: (i) => i < 0 ? 0 : ends[i], rawEnd: (i) => i < 0 ? 0 : rawEnds[i], line: (i) => lineNumbers[i] };
}

// lib/hook/overview-store.ts
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
  const catalog = await readCardCatalog(memoryDir, { view: buildOverviewView, viewEdit: editOverviewView, ...freshness ? { freshness } : {} });
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

// lib/hook/session-overview.ts
var OVER_WARN_NOTE = "This overview is over the advisory size threshold ([doctor] warn_bytes); nothing was left out. Run `memctl doctor` for the diagnosis and remedy.";
var OVER_WARN_LOG = "Injected memory context is over the advisory size threshold. Run memctl doctor for details.";
var COMPACT_HEAD = "Session start: the compact summary of this project's memory, then what changed since it. Relevant lines also arrive with each prompt.";
var OVERVIEW_HEAD = "Session start: an overview of this project's memory (pinned cards first, then the index in order). Relevant lines also arrive with each prompt.";
async function sessionStartBlock(memoryDir, context, warnBytes, notes = [], scopeAt, freshness) {
  const compact = readHold(memoryDir)?.held(COMPACT_FILE) ? { status: "absent" } : readCompact(memoryDir);
  let view;
  let lines;
  if (compact.status === "ok") {
    const store = await readOverviewStore(memoryDir, freshness);
    const assembled = assembleIndexView(store, compact.compact, readHistory(memoryDir).entries).lines;
    const text = assembled.map((l) => `${l}
`).join("");
    lines = { count: store.entries.length, text, bytes: Buffer.byteLength(text) };
    view = "compact";
  } else {
    const here = (scope) => scopeAt === void 0 || !scope?.length || scopeAt !== null && inScope(scope, scopeAt);
    const runs = await readOverviewLines(memoryDir, here, freshness);
    lines = { count: runs.count, text: runs, bytes: runs.bytes };
    view = "overview";
  }
  if (lines.count === 0) return void 0;
  const ctx = { ...context, entryCount: lines.count };
  const injectedBytes = viewBytes({ lines: [] }, ctx) + lines.bytes;
  const overWarn = injectedBytes > warnBytes;
  const head = [view === "compact" ? COMPACT_HEAD : OVERVIEW_HEAD, ...overWarn ? [OVER_WARN_NOTE] : [], ...notes];
  const block = overviewBlock(ctx, head, lines.text);
  return {
    block,
    get text() {
      return block.toString();
    },
    view,
    injectedBytes,
    warnBytes,
    overWarn,
    entryCount: lines.count
  };
}
function renderOverview(context, head, lines) {
  return overviewBlock(context, head, lines).toString();
}
function overviewBlock(context, head, lines) {
  return new PiecedText([`${[BLOCK_OPEN, preamble(context), ...head.map(blockText)].join("\n")}
`, lines, `${BLOCK_CLOSE}
`]);
}

// lib/hook/session-instructions.ts
function sessionInstructionBlock(host, cwd, io) {
  try {
    const block = sessionInstructions(host, cwd, io, readConfig(io).value);
    if (block.omitted.length > 0)
      logHookError(
        io,
        `session start (${host}): ${block.omitted.length} instruction part(s) left out over [instructions] max_bytes; memctl instructions --host ${host} shows them`
      );
    return block.text;
  } catch (err) {
    logHookError(io, `session start (${host}): instructions not composed: ${err.message}`);
    return "";
  }
}

// lib/hook/session-notes.ts
function initStep(host, wiring) {
  if (wiring === "plugin" && host === "claude") return "/memctl:mem-init";
  if (wiring === "plugin" && host === "codex") return "$memctl:mem-init (or `memctl init`)";
  return "`memctl init`";
}
function initHint(host, wiring) {
  return `memctl: this project has no memory store yet. To start one, run ${initStep(host, wiring)} in it; until then memctl adds nothing.`;
}
function autoMemoryNote() {
  return "memctl: Claude Code's auto memory is on and this store is its auto-memory folder, so Claude's own instructions say to write memory there directly, unreviewed. Change memory only through memctl (/mem-log, `memctl propose`, the memctl memory tools) and never edit these files directly. To turn auto memory off: \"autoMemoryEnabled\": false in ~/.claude/settings.json or .claude/settings.local.json (memctl doctor shows it).";
}
var AUTO_MEMORY_NOTICE = "memctl: Claude's auto memory is on and writes this project's memctl store directly, unreviewed. Set \"autoMemoryEnabled\": false in ~/.claude/settings.json or .claude/settings.local.json (or run `memctl install claude --scope local`).";
function noteBlock(note) {
  return `${BLOCK_OPEN}
${blockText(note)}
${BLOCK_CLOSE}
`;
}
var NATIVE_LINES = 200;
var NATIVE_BYTES = 25 * 1024;
function nativelyLoadedLines(entries) {
  const lines = [];
  let bytes = 0;
  for (const e of entries) {
    bytes += Buffer.byteLength(e.raw) + 1;
    if (e.line > NATIVE_LINES || bytes > NATIVE_BYTES) break;
    lines.push(renderEntryLine(e));
  }
  return lines;
}
function pendingNote(memoryDir) {
  let n;
  try {
    n = readPending(memoryDir).proposals.length;
  } catch {
    return void 0;
  }
  return n === 0 ? void 0 : `${n} proposal${n === 1 ? "" : "s"} await${n === 1 ? "s" : ""} the owner's review (memctl review); proposals are not memory until accepted.`;
}

export {
  overviewEntries,
  OVER_WARN_LOG,
  sessionStartBlock,
  renderOverview,
  sessionInstructionBlock,
  initHint,
  autoMemoryNote,
  AUTO_MEMORY_NOTICE,
  noteBlock,
  nativelyLoadedLines,
  pendingNote
};
