import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  logHookError
} from "./hook-dedupe.mjs";
import {
  isReadable,
  readCardCatalog
} from "./store-card-cache-format.mjs";
import {
  sessionInstructions
} from "./config-instructions.mjs";
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
  INDEX_FILE,
  joinPath,
  readConfig
} from "./config-config.mjs";
import {
  R_OK,
  access,
  readRegularUtf8,
  statIfExists
} from "./core-bytes.mjs";

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
function buildOverviewView(indexText, previous) {
  const known = previous && knownLines(previous);
  const names = [];
  const lines = [];
  const add = (file, card, raw, line) => {
    names.push(raw !== line ? [file, card, raw] : card === file ? card : [file, card]);
    lines.push(line);
  };
  indexLines(indexText, (raw, n) => {
    const seen = known?.get(raw);
    if (seen) {
      add(seen[0], seen[1], raw, seen[2]);
      return;
    }
    const parsed = parseIndexLine(raw, n);
    if (parsed === void 0 || "reason" in parsed) return;
    const card = normaliseTarget(parsed.file);
    if (card !== null && isShardFile(card)) return;
    add(parsed.file, card, raw, renderEntryLine(parsed));
  });
  return Buffer.from(`${JSON.stringify(names)}
${lines.map((l) => `${l}
`).join("")}`, "utf8");
}
function knownLines(bytes) {
  const view = decodeView(bytes);
  if (!view) return void 0;
  const rendered = view.lines.toString("utf8").split("\n");
  const known = /* @__PURE__ */ new Map();
  view.names.forEach(([file, card, raw], i) => {
    known.set(raw ?? rendered[i], [file, card, rendered[i]]);
  });
  return known;
}
async function readOverviewLines(memoryDir, pinnedHere, freshness) {
  const index = joinPath(memoryDir, INDEX_FILE);
  if (!statIfExists(index)?.isFile() || !readable(index)) overviewEntries(memoryDir);
  const catalog = await readCardCatalog(memoryDir, { view: buildOverviewView, ...freshness ? { freshness } : {} });
  const view = (catalog.view && decodeView(catalog.view)) ?? decodeView(buildOverviewView(readRegularUtf8(index)));
  const pinned = /* @__PURE__ */ new Set();
  for (const r of catalog.always()) if (isReadable(r) && !isShardFile(r.file) && !isEpisodesArtifact(r.file) && r.priority === "always" && pinnedHere(r.scope)) pinned.add(r.file);
  const hold = readHold(memoryDir);
  const first = [];
  const rest = [];
  let count = 0;
  let runStart = 0;
  let at = 0;
  for (const [file, card] of view.names) {
    const end = view.lines.indexOf(10, at) + 1;
    const held = hold?.held(file) ?? false;
    const isPinned = !held && card !== null && pinned.has(card);
    if (held || isPinned) {
      if (at > runStart) rest.push(view.lines.subarray(runStart, at));
      if (isPinned) first.push(view.lines.subarray(at, end));
      runStart = end;
    }
    if (!held) count++;
    at = end;
  }
  if (at > runStart) rest.push(view.lines.subarray(runStart, at));
  const bytes = Buffer.concat([...first, ...rest]);
  return { count, text: bytes.toString("utf8"), bytes: bytes.length };
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
  let parsed;
  try {
    parsed = JSON.parse(bytes.toString("utf8", 0, nl));
  } catch {
    return void 0;
  }
  if (!Array.isArray(parsed)) return void 0;
  const names = new Array(parsed.length);
  for (let i = 0; i < parsed.length; i++) {
    const n = parsed[i];
    if (typeof n === "string") names[i] = [n, n];
    else if (Array.isArray(n) && (n.length === 2 || n.length === 3 && typeof n[2] === "string") && typeof n[0] === "string" && (n[1] === null || typeof n[1] === "string"))
      names[i] = n.length === 3 ? [n[0], n[1], n[2]] : [n[0], n[1]];
    else return void 0;
  }
  const lines = bytes.subarray(nl + 1);
  let newlines = 0;
  for (let at = lines.indexOf(10); at >= 0; at = lines.indexOf(10, at + 1)) newlines++;
  return newlines === names.length && (lines.length === 0 || lines[lines.length - 1] === 10) ? { names, lines } : void 0;
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
    lines = await readOverviewLines(memoryDir, here, freshness);
    view = "overview";
  }
  if (lines.count === 0) return void 0;
  const ctx = { ...context, entryCount: lines.count };
  const injectedBytes = viewBytes({ lines: [] }, ctx) + lines.bytes;
  const overWarn = injectedBytes > warnBytes;
  const head = [view === "compact" ? COMPACT_HEAD : OVERVIEW_HEAD, ...overWarn ? [OVER_WARN_NOTE] : [], ...notes];
  return { text: renderOverview(ctx, head, lines.text), view, injectedBytes, warnBytes, overWarn, entryCount: lines.count };
}
function renderOverview(context, head, lines) {
  return `${[BLOCK_OPEN, preamble(context), ...head.map(blockText)].join("\n")}
${lines}${BLOCK_CLOSE}
`;
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

export {
  overviewEntries,
  OVER_WARN_LOG,
  sessionStartBlock,
  renderOverview,
  sessionInstructionBlock
};
