// lib/hook/session-start.ts
import fs from "node:fs";
import path from "node:path";
import { hostAdapter, HOSTS } from "../../hosts/index.js";
import { utf8Text } from "../core/bytes.js";
import { readConfig } from "../config/config.js";
import { loadsStoreNatively } from "../config/budget.js";
import { episodeReminder, readLastEpisode } from "../store/episode-tail.js";
import { displayDir, renderUnavailable, utf8Bytes } from "../core/block.js";
import { warnBytesFromConfig } from "../reports/injection.js";
import { resolveMemory } from "../config/resolve.js";
import { scopeAtFor } from "../config/scope-at.js";
import { logHookError } from "./run.js";
import { keepStoreFresh } from "./keeper.js";
import { keeperMinFrom } from "../rank-cache/keeper-lock.js";
import { freshnessOf } from "../store/full-check.js";
import { utcDay } from "../core/frecency.js";
import { overviewEntries } from "./overview-store.js";
import { OVER_WARN_LOG, renderOverview, sessionStartBlock } from "./session-overview.js";
import { memctlStateHome } from "../store/paths.js";
import { beginSession, forgetSession, markShown, sessionKeys } from "./session-state.js";
import { sessionSecret } from "../store/session-secret.js";
import { sessionInstructionBlock } from "./session-instructions.js";
import { AUTO_MEMORY_NOTICE, autoMemoryNote, initHint, nativelyLoadedLines, noteBlock, pendingNote, retiredLoadedLines } from "./session-notes.js";
import { parseJsonBounded } from "../core/json-bounded.js";
import { isDirectory } from "../store/checked-fs.js";
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
  if (result.bytes === 0 && claimedElsewhere(host, stateHome(io), result.session, io)) return result;
  const { text: _t, block: _b, outcome: _o, bytes: _n, ...rest } = Object.getOwnPropertyDescriptors(result);
  const fields = Object.fromEntries(Object.entries(rest).map(([k, d]) => [k, d.value]));
  const text = result.block ? result.block.prepend(block) : block + result.text;
  return withText({ ...fields, instructionBytes: utf8Bytes(block) }, host, text, result.notice);
}
function withText(fields, host, text, notice) {
  const outcome = host.sessionContext(text, notice);
  if (typeof text === "string") return { ...fields, outcome, text, bytes: utf8Bytes(text) };
  return Object.defineProperty({ ...fields, outcome, block: text, bytes: text.bytes }, "text", { get: () => text.toString(), enumerable: true });
}
async function memorySessionStart(stdin, options, io) {
  const host = hostAdapter(options.host) ?? HOSTS.generic;
  let event;
  try {
    event = normalizeSessionStart(parseJsonBounded(typeof stdin === "string" ? stdin : utf8Text(stdin)));
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
    if (resolution.legacy_owner !== void 0) return unavailable(host, resolution.reason, io, event);
    if (resolution.status !== "resolved" || !resolution.memory_dir)
      return resolution.status === "unavailable" && resolution.git ? hint(host, options.wiring, event, io) : none("no-store", event);
    memoryDir = resolution.memory_dir;
    scopeAt = scopeAtFor(resolution, event.cwd);
    if (claimedElsewhere(host, memoryDir, event, io)) return none("duplicate", event);
    resetIfFresh(host, memoryDir, event, io);
    const nativeIndex = loadsStoreNatively(host, { ...resolution, memory_dir: memoryDir }, io);
    if (nativeIndex) return nativeNote(host, memoryDir, event, io);
    context = { projectKey: resolution.project_key, source: resolution.resolution_source, entryCount: 0, dir: displayDir(memoryDir, io.home) };
  } catch (err) {
    return unavailable(host, `cannot resolve the memory store: ${err.message}`, io, event);
  }
  const warn = options.maxBytes ?? warnBytesFromConfig(config.value.raw).value;
  try {
    const reminder = episodeReminder(readLastEpisode(memoryDir, io.now()), io.now(), host.logCommand);
    const waiting = pendingNote(memoryDir);
    const freshness = freshnessOf(io);
    const notes = [...reminder ? [reminder] : [], ...waiting ? [waiting] : []];
    const built = await sessionStartBlock(memoryDir, context, warn, utcDay(io.now()), notes, scopeAt, freshness, secretOrNone(io));
    if (!built) {
      if (!waiting) return none("no-store", event);
      const text = renderOverview(context, [waiting], "");
      return { status: "injected", outcome: host.sessionContext(text), text, bytes: utf8Bytes(text), view: "overview", session: event };
    }
    if (built.overWarn) logHookError(io, `session start (${host.name}): ${OVER_WARN_LOG}`);
    return withText(
      {
        status: "injected",
        view: built.view,
        overWarn: built.overWarn,
        session: event,
        ...afterOutput(built.keep, keeperAfter(memoryDir, built.entryCount > keeperMinFrom(io.env) && config.value.keeper !== false ? options.keeperScript : void 0, io))
      },
      host,
      built.block
    );
  } catch (err) {
    if (err.code === "ENOENT") return none("no-store", event);
    return unavailable(host, err.message, io, event);
  }
}
function keeperAfter(memoryDir, script, io) {
  if (!script) return {};
  return {
    afterOutput: () => {
      const entry = script();
      if (entry) keepStoreFresh(memoryDir, entry, io, (m) => logHookError(io, m));
      else logHookError(io, "keeper not started: dist/hooks/keeper.cjs not found beside the CLI");
    }
  };
}
function afterOutput(keep, keeper) {
  if (!keep) return keeper;
  return {
    afterOutput: () => {
      keeper.afterOutput?.();
      keep();
    }
  };
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
  let entries = [];
  try {
    entries = overviewEntries(memoryDir);
  } catch (err) {
    logHookError(io, `session start: native index not read: ${err.message}`);
  }
  if (session.sessionId && host.keepsContext) {
    try {
      markShown(memoryDir, sessionKeys(sessionSecret(io), host.name, session.sessionId), nativelyLoadedLines(entries), io.now().getTime());
    } catch (err) {
      logHookError(io, `session start: native index lines not marked shown: ${err.message}`);
    }
  }
  const waiting = pendingNote(memoryDir);
  const text = noteBlock([autoMemoryNote(), ...waiting ? [waiting] : []], retiredLoadedLines(memoryDir, entries, utcDay(io.now())));
  return { status: "native-index", outcome: host.sessionContext(text, AUTO_MEMORY_NOTICE), text, bytes: utf8Bytes(text), session, notice: AUTO_MEMORY_NOTICE };
}
function claimedElsewhere(host, memoryDir, session, io) {
  if (!session.sessionId || !host.keepsContext) return false;
  try {
    return beginSession(memoryDir, sessionKeys(sessionSecret(io), host.name, session.sessionId), `\0session-start ${host.name} ${session.source ?? ""}`, io.now().getTime()).duplicate;
  } catch (err) {
    logHookError(io, `session start: session state not used: ${err.message}`);
    return false;
  }
}
function secretOrNone(io) {
  try {
    return sessionSecret(io);
  } catch {
    return void 0;
  }
}
function resetIfFresh(host, memoryDir, session, io) {
  if (!session.sessionId || !CONTEXT_CLEARED.has(session.source ?? "")) return;
  try {
    forgetSession(memoryDir, sessionKeys(sessionSecret(io), host.name, session.sessionId), io.now().getTime(), "SessionStart");
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
export {
  normalizeSessionStart,
  runSessionStartHook
};
