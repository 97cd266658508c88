import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  beginSession,
  forgetSession,
  logHookError,
  markShown
} from "./hook-dedupe.mjs";
import {
  scopeAtFor
} from "./config-scope-at.mjs";
import {
  readCardCatalog
} from "./store-card-cache-format.mjs";
import {
  warnBytesFromConfig
} from "./reports-injection.mjs";
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
  loadsStoreNatively
} from "./config-budget.mjs";
import {
  isEpisodesArtifact,
  isShardFile,
  viewStore
} from "./records-store-view.mjs";
import {
  episodeReminder,
  readLastEpisode
} from "./store-episode-tail.mjs";
import {
  HOSTS,
  hostAdapter
} from "./hosts-claude-adapter.mjs";
import {
  BLOCK_CLOSE,
  BLOCK_OPEN,
  blockText,
  displayDir,
  preamble,
  renderEntryLine,
  renderUnavailable,
  utf8Bytes
} from "./core-block.mjs";
import {
  readPending
} from "./records-proposal-files.mjs";
import {
  readHistory,
  readIndexOnly
} from "./store-history.mjs";
import {
  readHold
} from "./core-index-file.mjs";
import {
  inScope
} from "./core-card-types.mjs";
import {
  resolveMemory
} from "./config-project.mjs";
import {
  memctlStateHome,
  readConfig
} from "./config-config.mjs";
import {
  utf8Text
} from "./core-bytes.mjs";

// lib/hook/session-start.ts
import fs from "node:fs";
import path from "node:path";

// lib/hook/overview-store.ts
function overviewEntries(memoryDir) {
  return viewStore(readIndexOnly(memoryDir)).entries;
}
async function readOverviewStore(memoryDir) {
  const entries = overviewEntries(memoryDir);
  const catalog = await readCardCatalog(memoryDir);
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

// lib/hook/session.ts
function sessionStarted(_memoryDir, _event) {
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

// lib/hook/session-start.ts
var NOTHING = { stdout: "", stderr: "", exitCode: 0 };
function normalizeSessionStart(raw) {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return void 0;
  const o = raw;
  const str = (...v) => v.find((x) => typeof x === "string" && x !== "");
  const cwd = str(o.cwd, o.workspaceRoot, o.workspace_root);
  if (!cwd) return void 0;
  const sessionId = str(o.session_id, o.sessionId);
  const source = str(o.source);
  return { cwd, ...sessionId ? { sessionId } : {}, ...source ? { source } : {} };
}
async function runSessionStartHook(stdin, options, io) {
  return withInstructions(await memorySessionStart(stdin, options, io), options, io);
}
function withInstructions(result, options, io) {
  if (!result.session || result.status === "duplicate" || result.status === "bad-input") return result;
  const host = hostAdapter(options.host) ?? HOSTS.generic;
  const block = sessionInstructionBlock(host.name, result.session.cwd, io);
  if (!block) return result;
  if (!result.text && claimedElsewhere(host, stateHome(io), result.session, io)) return result;
  const text = block + result.text;
  return { ...result, outcome: host.sessionContext(text, result.notice), text, bytes: utf8Bytes(text), instructionBytes: utf8Bytes(block) };
}
async function memorySessionStart(stdin, options, io) {
  const host = hostAdapter(options.host) ?? HOSTS.generic;
  let event;
  try {
    event = normalizeSessionStart(JSON.parse(typeof stdin === "string" ? stdin : utf8Text(stdin)));
  } catch {
    event = void 0;
  }
  if (!event || !path.isAbsolute(event.cwd) || !isDirectory(event.cwd)) return none("bad-input");
  const config = readConfig(io);
  let memoryDir;
  let context;
  let scopeAt;
  try {
    const resolution = resolveMemory({ repoRoot: event.cwd, allowNonGit: true, compatibility: true }, io, config);
    if (resolution.status !== "resolved" || !resolution.memory_dir)
      return resolution.status === "unavailable" && resolution.git ? hint(host, options.wiring, event, io) : none("no-store", event);
    memoryDir = resolution.memory_dir;
    scopeAt = scopeAtFor(resolution, event.cwd);
    if (claimedElsewhere(host, memoryDir, event, io)) return none("duplicate", event);
    resetIfFresh(memoryDir, event, io);
    sessionStarted(memoryDir, event);
    const nativeIndex = loadsStoreNatively(host, { ...resolution, memory_dir: memoryDir }, io);
    if (nativeIndex) return nativeNote(host, memoryDir, event, io);
    context = { projectKey: resolution.project_key, source: resolution.resolution_source, entryCount: 0, dir: displayDir(memoryDir, io.home) };
  } catch (err) {
    return unavailable(host, `cannot resolve the memory store: ${err.message}`, io, event);
  }
  const warn = options.maxBytes ?? warnBytesFromConfig(config.value.raw).value;
  try {
    const reminder = episodeReminder(readLastEpisode(memoryDir), io.now(), host.logCommand);
    const waiting = pendingNote(memoryDir);
    const built = await sessionStartBlock(memoryDir, context, warn, [...reminder ? [reminder] : [], ...waiting ? [waiting] : []], scopeAt);
    if (!built) {
      if (!waiting) return none("no-store", event);
      const text = renderOverview(context, [waiting], []);
      return { status: "injected", outcome: host.sessionContext(text), text, bytes: utf8Bytes(text), view: "overview", session: event };
    }
    if (built.overWarn) logHookError(io, `session start (${host.name}): ${OVER_WARN_LOG}`);
    return {
      status: "injected",
      outcome: host.sessionContext(built.text),
      text: built.text,
      bytes: utf8Bytes(built.text),
      view: built.view,
      overWarn: built.overWarn,
      session: event
    };
  } catch (err) {
    if (err.code === "ENOENT") return none("no-store", event);
    return unavailable(host, err.message, io, event);
  }
}
var OVER_WARN_NOTE = "This overview is over the advisory size threshold ([doctor] warn_bytes); nothing was left out. Run `memctl doctor` for the diagnosis and remedy.";
var OVER_WARN_LOG = "Injected memory context is over the advisory size threshold. Run memctl doctor for details.";
async function sessionStartBlock(memoryDir, context, warnBytes, notes = [], scopeAt) {
  const store = await readOverviewStore(memoryDir);
  if (store.entries.length === 0) return void 0;
  const ctx = { ...context, entryCount: store.entries.length };
  const compact = readHold(memoryDir)?.held(COMPACT_FILE) ? { status: "absent" } : readCompact(memoryDir);
  const built = compact.status === "ok" ? {
    view: "compact",
    head: "Session start: the compact summary of this project's memory, then what changed since it. Relevant lines also arrive with each prompt.",
    lines: assembleIndexView(store, compact.compact, readHistory(memoryDir).entries).lines
  } : {
    view: "overview",
    head: "Session start: an overview of this project's memory (pinned cards first, then the index in order). Relevant lines also arrive with each prompt.",
    lines: pinnedFirst(store, scopeAt)
  };
  const injectedBytes = viewBytes({ lines: built.lines }, ctx);
  const overWarn = injectedBytes > warnBytes;
  const head = [built.head, ...overWarn ? [OVER_WARN_NOTE] : [], ...notes];
  return { text: renderOverview(ctx, head, built.lines), view: built.view, injectedBytes, warnBytes, overWarn };
}
function pinnedFirst(store, scopeAt) {
  const here = (scope) => scopeAt === void 0 || !scope?.length || scopeAt !== null && inScope(scope, scopeAt);
  const pinned = new Set([...store.pins].filter(([, c]) => c.priority === "always" && here(c.scope)).map(([file]) => file));
  const lines = store.entries.map((e) => ({ pinned: e.card !== null && pinned.has(e.card), text: renderEntryLine(e) }));
  return [...lines.filter((l) => l.pinned), ...lines.filter((l) => !l.pinned)].map((l) => l.text);
}
function renderOverview(context, head, lines) {
  return [BLOCK_OPEN, preamble(context), ...head.map(blockText), ...lines, BLOCK_CLOSE].join("\n") + "\n";
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
function hint(host, wiring, session, io) {
  if (claimedElsewhere(host, stateHome(io), session, io)) return none("duplicate", session);
  const note = initHint(host.name, wiring ?? "install");
  const text = noteBlock(note);
  return { status: "no-store", outcome: host.sessionContext(text, note), text, bytes: utf8Bytes(text), session, notice: note };
}
function stateHome(io) {
  const dir = memctlStateHome(io);
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch {
  }
  return dir;
}
async function nativeNote(host, memoryDir, session, io) {
  if (session.sessionId && host.keepsContext) {
    try {
      markShown(memoryDir, session.sessionId, nativelyLoadedLines(overviewEntries(memoryDir)), io.now().getTime());
    } catch (err) {
      logHookError(io, `session start: native index lines not marked shown: ${err.message}`);
    }
  }
  const text = noteBlock(autoMemoryNote());
  return { status: "native-index", outcome: host.sessionContext(text, AUTO_MEMORY_NOTICE), text, bytes: utf8Bytes(text), session, notice: AUTO_MEMORY_NOTICE };
}
function claimedElsewhere(host, memoryDir, session, io) {
  if (!session.sessionId || !host.keepsContext) return false;
  try {
    return beginSession(memoryDir, session.sessionId, `\0session-start ${host.name} ${session.source ?? ""}`, io.now().getTime()).duplicate;
  } catch (err) {
    logHookError(io, `session start: session state not used: ${err.message}`);
    return false;
  }
}
function resetIfFresh(memoryDir, session, io) {
  if (!session.sessionId || !CONTEXT_CLEARED.has(session.source ?? "")) return;
  try {
    forgetSession(memoryDir, session.sessionId, io.now().getTime(), "SessionStart");
  } catch (err) {
    logHookError(io, `session not reset: ${err.message}`);
  }
}
var CONTEXT_CLEARED = /* @__PURE__ */ new Set(["compact", "clear"]);
function none(status, session) {
  return { status, outcome: NOTHING, text: "", bytes: 0, ...session ? { session } : {} };
}
function unavailable(host, reason, io, session) {
  logHookError(io, `session start: ${reason}`);
  const text = renderUnavailable(reason);
  return { status: "unavailable", outcome: host.sessionContext(text), text, bytes: utf8Bytes(text), session };
}
function isDirectory(p) {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

export {
  sessionInstructionBlock,
  runSessionStartHook,
  OVER_WARN_LOG,
  sessionStartBlock
};
