// lib/hook/session-overview.ts
import { COMPACT_FILE, readCompact } from "../compact/artifact.js";
import { assembleIndexView, viewBytes } from "../compact/assemble.js";
import { BLOCK_CLOSE, BLOCK_OPEN, blockText, preamble } from "../core/block.js";
import { inScope } from "../core/scope.js";
import { isRetired } from "../core/card.js";
import { readHold } from "../store/hold.js";
import { readHistory } from "../store/history.js";
import { readOverviewLines, readOverviewStore } from "./overview-store.js";
import { PiecedText } from "../core/pieced-text.js";
import { LOG_MAX_BYTES } from "../store/checked-fs.js";
var OVER_WARN_NOTE = "This overview is over the advisory size threshold ([doctor] warn_bytes); nothing was cut for size. Run `memctl doctor` for the diagnosis and remedy.";
var OVER_WARN_LOG = "Injected memory context is over the advisory size threshold. Run memctl doctor for details.";
function leftOutNote(n) {
  const lines = n === 1 ? "1 index line" : `${n} index lines`;
  return `Not shown, as no longer true (superseded, or past expires_at): ${lines}; memctl search still finds ${n === 1 ? "it" : "them"}, marked.`;
}
var COMPACT_HEAD = "Session start: the compact summary of this project's memory, then what changed since it. Relevant lines also arrive with each prompt.";
var OVERVIEW_HEAD = "Session start: an overview of this project's memory (pinned cards first, then the index in order). Relevant lines also arrive with each prompt.";
async function sessionStartBlock(memoryDir, context, warnBytes, today, notes = [], scopeAt, freshness, secret) {
  const compact = readHold(memoryDir)?.held(COMPACT_FILE) ? { status: "absent" } : readCompact(memoryDir);
  let view;
  let keep;
  let lines;
  if (compact.status === "ok") {
    const store = await readOverviewStore(memoryDir, freshness);
    const retired = new Set(store.mayRetire.filter((c) => isRetired(c, today)).map((c) => c.file));
    const assembled = assembleIndexView(store, compact.compact, readHistory(memoryDir, LOG_MAX_BYTES).entries, retired).lines;
    const text = assembled.map((l) => `${l}
`).join("");
    const count = store.entries.filter((e) => e.card === null || !retired.has(e.card)).length;
    lines = { count, left: store.entries.length - count, text, bytes: Buffer.byteLength(text) };
    view = "compact";
  } else {
    const here = (scope) => scopeAt === void 0 || !scope?.length || scopeAt !== null && inScope(scope, scopeAt);
    const runs = await readOverviewLines(memoryDir, here, today, freshness, scopeKey(scopeAt), secret);
    lines = { count: runs.count, left: runs.left, text: runs, bytes: runs.bytes };
    keep = runs.keep;
    view = "overview";
  }
  if (lines.count === 0) return void 0;
  const ctx = { ...context, entryCount: lines.count };
  const injectedBytes = viewBytes({ lines: [] }, ctx) + lines.bytes;
  const overWarn = injectedBytes > warnBytes;
  const head = [view === "compact" ? COMPACT_HEAD : OVERVIEW_HEAD, ...overWarn ? [OVER_WARN_NOTE] : [], ...lines.left > 0 ? [leftOutNote(lines.left)] : [], ...notes];
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
    entryCount: lines.count,
    ...keep ? { keep } : {}
  };
}
function scopeKey(scopeAt) {
  return scopeAt === void 0 ? "*" : JSON.stringify(scopeAt);
}
function renderOverview(context, head, lines) {
  return overviewBlock(context, head, lines).toString();
}
function overviewBlock(context, head, lines) {
  return new PiecedText([`${[BLOCK_OPEN, preamble(context), ...head.map(blockText)].join("\n")}
`, lines, `${BLOCK_CLOSE}
`]);
}
export {
  OVER_WARN_LOG,
  OVER_WARN_NOTE,
  leftOutNote,
  renderOverview,
  sessionStartBlock
};
