// The SessionStart hook (`memctl hook session-start --host <h>`): once per session, an overview of what memory
// exists, fenced like the per-prompt block (lib/hook/session-overview.ts builds it), after the payload is read,
// the store resolved and the session claimed. Over `[doctor] warn_bytes` it logs one line, and doctor diagnoses
// (seed 000, rule 4). Off the per-prompt path: its own bundle, which the CLI's entry starts (lib/hook/entry/session-start.ts).
import fs from "node:fs";
import path from "node:path";
import { hostAdapter, HOSTS, type HookOutcome, type HostAdapter } from "../../hosts/index.js";
import { utf8Text } from "../core/bytes.js";
import { readConfig } from "../config/config.js";
import { loadsStoreNatively } from "../config/budget.js";
import { episodeReminder, readLastEpisode } from "../store/episode-tail.js";
import { displayDir, renderUnavailable, utf8Bytes, type BlockContext } from "../core/block.js";
import type { Io } from "../store/io.js";
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
import type { PiecedText } from "../core/pieced-text.js";
import { AUTO_MEMORY_NOTICE, autoMemoryNote, initHint, nativelyLoadedLines, noteBlock, pendingNote, retiredLoadedLines, type Wiring } from "./session-notes.js";
import { parseJsonBounded } from "../core/json-bounded.js";
import { isDirectory } from "../store/checked-fs.js";

export type SessionStartStatus =
  | "injected" // the overview (or compact) was printed
  | "no-store" // no store: nothing printed, or in a git project the one-line hint how to start one
  | "bad-input"
  | "native-index" // Claude loads this store itself: only the auto-memory note is printed
  | "duplicate" // another wiring already ran this session start (plugin and install, two scopes)
  | "unavailable";

export interface SessionStartResult {
  status: SessionStartStatus;
  outcome: HookOutcome;
  /** The block as delivered ("" when none), its bytes, and which view it carries. */
  readonly text: string;
  bytes: number;
  /** The block in pieces when it was printed without being made one string (the overview); `text` reads through it. */
  block?: PiecedText;
  view?: "compact" | "overview";
  /** True when the overview is over the advisory threshold (it then carries OVER_WARN_NOTE). */
  overWarn?: boolean;
  session?: SessionStartEvent;
  /** The line for the user that went with the text (Claude Code's systemMessage), kept so the text can grow. */
  notice?: string;
  /** Bytes of the instruction block memctl added ahead of the memory block (0 or absent: none). */
  instructionBytes?: number;
  /** Work for after the block is printed (the freshness keeper's renewal or start): the session never waits for it. */
  afterOutput?: () => void;
}

const NOTHING: HookOutcome = { stdout: "", stderr: "", exitCode: 0 };

/** A SessionStart payload (Claude/Codex snake_case, Grok camelCase): cwd, session id and source. */
export function normalizeSessionStart(raw: unknown): SessionStartEvent | undefined {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return undefined;
  const o = raw as Record<string, unknown>;
  const str = (...v: unknown[]) => v.find((x): x is string => typeof x === "string" && x !== "");
  const cwd = str(o.cwd, o.workspaceRoot, o.workspace_root);
  if (!cwd) return undefined;
  const sessionId = str(o.session_id, o.sessionId);
  const source = str(o.source);
  return { cwd, ...(sessionId ? { sessionId } : {}), ...(source ? { source } : {}) };
}

export interface SessionStartOptions {
  host: string;
  maxBytes?: number;
  /** Which wiring runs this hook (the plugin's hooks say so): the hints name that wiring's commands. */
  wiring?: Wiring;
  /** The freshness keeper's entry (dist/hooks/keeper.cjs), looked up only when a large store needs it. */
  keeperScript?: () => string | undefined;
}

export async function runSessionStartHook(stdin: Uint8Array | string, options: SessionStartOptions, io: Io): Promise<SessionStartResult> {
  return withInstructions(await memorySessionStart(stdin, options, io), options, io);
}

/**
 * The instruction parts the host lacks go first, ahead of the memory block: standing rules before recalled data.
 * Not on a second wiring's run (the first added them) nor without a usable payload.
 */
function withInstructions(result: SessionStartResult, options: SessionStartOptions, io: Io): SessionStartResult {
  if (!result.session || result.status === "duplicate" || result.status === "bad-input") return result;
  const host = hostAdapter(options.host) ?? HOSTS.generic;
  const block = sessionInstructionBlock(host.name, result.session.cwd, io);
  if (!block) return result;
  // No store and so no claim made yet: a second wiring must still not add the block twice.
  if (result.bytes === 0 && claimedElsewhere(host, stateHome(io), result.session, io)) return result;
  // Not a spread: that would read `text`, making the overview one string after all.
  const { text: _t, block: _b, outcome: _o, bytes: _n, ...rest } = Object.getOwnPropertyDescriptors(result);
  const fields = Object.fromEntries(Object.entries(rest).map(([k, d]) => [k, d.value])) as Omit<SessionStartResult, "text" | "block" | "outcome" | "bytes">;
  const text = result.block ? result.block.prepend(block) : block + result.text;
  return withText({ ...fields, instructionBytes: utf8Bytes(block) }, host, text, result.notice);
}

/**
 * `fields` with the outcome, text and bytes of a block. A pieced one (the overview: 17 MB at 100,000 cards) is
 * printed from its pieces, and `text` makes the one string only when something reads it.
 */
function withText(fields: Omit<SessionStartResult, "text" | "block" | "outcome" | "bytes">, host: HostAdapter, text: string | PiecedText, notice?: string): SessionStartResult {
  const outcome = host.sessionContext(text, notice);
  if (typeof text === "string") return { ...fields, outcome, text, bytes: utf8Bytes(text) };
  return Object.defineProperty({ ...fields, outcome, block: text, bytes: text.bytes }, "text", { get: () => text.toString(), enumerable: true }) as SessionStartResult;
}

async function memorySessionStart(stdin: Uint8Array | string, options: SessionStartOptions, io: Io): Promise<SessionStartResult> {
  const host = hostAdapter(options.host) ?? HOSTS.generic;
  let event: SessionStartEvent | undefined;
  try {
    event = normalizeSessionStart(parseJsonBounded(typeof stdin === "string" ? stdin : utf8Text(stdin)));
  } catch {
    event = undefined;
  }
  if (!event || !path.isAbsolute(event.cwd) || !isDirectory(event.cwd)) return none("bad-input");
  const config = readConfig(io);
  let memoryDir: string;
  let context: BlockContext;
  let scopeAt: string | null;
  try {
    const resolution = resolveMemory({ repoRoot: event.cwd, allowNonGit: true, compatibility: true }, io, config);
    // The legacy folder of this project's Claude name is another project's store: say whose, not "run init".
    if (resolution.legacy_owner !== undefined) return unavailable(host, resolution.reason, io, event);
    if (resolution.status !== "resolved" || !resolution.memory_dir)
      return resolution.status === "unavailable" && resolution.git ? hint(host, options.wiring, event, io) : none("no-store", event);
    memoryDir = resolution.memory_dir;
    scopeAt = scopeAtFor(resolution, event.cwd);
    // Two wirings (the plugin and an install, two scopes) each run SessionStart: the first claims it, the
    // second prints nothing and leaves the session state alone (its reset already happened).
    if (claimedElsewhere(host, memoryDir, event, io)) return none("duplicate", event);
    // The per-session state (issue 19's dedupe) starts over after a compact or clear, whatever this hook then prints.
    resetIfFresh(host, memoryDir, event, io);
    const nativeIndex = loadsStoreNatively(host, { ...resolution, memory_dir: memoryDir }, io);
    if (nativeIndex) return nativeNote(host, memoryDir, event, io);
    context = { projectKey: resolution.project_key, source: resolution.resolution_source, entryCount: 0, dir: displayDir(memoryDir, io.home) };
  } catch (err) {
    return unavailable(host, `cannot resolve the memory store: ${(err as Error).message}`, io, event);
  }
  const warn = options.maxBytes ?? warnBytesFromConfig(config.value.raw).value;
  try {
    // Once per session, not on every prompt: the reminder to log this session, in the host's own command.
    const reminder = episodeReminder(readLastEpisode(memoryDir, io.now()), io.now(), host.logCommand);
    const waiting = pendingNote(memoryDir);
    const freshness = freshnessOf(io);
    const notes = [...(reminder ? [reminder] : []), ...(waiting ? [waiting] : [])];
    const built = await sessionStartBlock(memoryDir, context, warn, utcDay(io.now()), notes, scopeAt, freshness, secretOrNone(io));
    if (!built) {
      if (!waiting) return none("no-store", event);
      // No card yet, but proposals wait: the one line still reaches the session.
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
        ...afterOutput(built.keep, keeperAfter(memoryDir, built.entryCount > keeperMinFrom(io.env) && config.value.keeper !== false ? options.keeperScript : undefined, io)),
      },
      host,
      built.block,
    );
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return none("no-store", event);
    return unavailable(host, (err as Error).message, io, event);
  }
}

/**
 * A session opens after the keeper may have exited for idleness: a large store's keeper is renewed or started once
 * the block is out (as the prompt hook does, lib/hook/run.ts), so the session's next calls find a recent full check.
 */
function keeperAfter(memoryDir: string, script: (() => string | undefined) | undefined, io: Io): Pick<SessionStartResult, "afterOutput"> {
  if (!script) return {};
  return {
    afterOutput: () => {
      const entry = script();
      if (entry) keepStoreFresh(memoryDir, entry, io, (m) => logHookError(io, m));
      else logHookError(io, "keeper not started: dist/hooks/keeper.cjs not found beside the CLI");
    },
  };
}

/** The keeper's renewal first (the session's next calls want its check), then the lines kept for the next start. */
function afterOutput(keep: (() => void) | undefined, keeper: Pick<SessionStartResult, "afterOutput">): Pick<SessionStartResult, "afterOutput"> {
  if (!keep) return keeper;
  return {
    afterOutput: () => {
      keeper.afterOutput?.();
      keep();
    },
  };
}

/** In a git project with no store at all: the one step that starts one, said once per session start. */
function hint(host: HostAdapter, wiring: Wiring | undefined, session: SessionStartEvent, io: Io): SessionStartResult {
  if (claimedElsewhere(host, stateHome(io), session, io)) return none("duplicate", session);
  const note = initHint(host.name, wiring ?? "install");
  const text = noteBlock(note);
  return { status: "no-store", outcome: host.sessionContext(text, note), text, bytes: utf8Bytes(text), session, notice: note };
}

/** No store to keep the session's state in: a second wiring's claim goes to memctl's own state directory. */
function stateHome(io: Io): string {
  const dir = memctlStateHome(io);
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch {
    // the claim then fails and the text is given, as without the state
  }
  return dir;
}

/**
 * Claude loads this MEMORY.md itself: no overview (it would be the second copy), the index lines it loaded are
 * marked shown for the per-prompt hook, and one note says its auto memory writes here unreviewed.
 */
async function nativeNote(host: HostAdapter, memoryDir: string, session: SessionStartEvent, io: Io): Promise<SessionStartResult> {
  let entries: ReturnType<typeof overviewEntries> = [];
  try {
    entries = overviewEntries(memoryDir);
  } catch (err) {
    logHookError(io, `session start: native index not read: ${(err as Error).message}`);
  }
  if (session.sessionId && host.keepsContext) {
    try {
      markShown(memoryDir, sessionKeys(sessionSecret(io), host.name, session.sessionId), nativelyLoadedLines(entries), io.now().getTime());
    } catch (err) {
      logHookError(io, `session start: native index lines not marked shown: ${(err as Error).message}`);
    }
  }
  // Claude loaded the index itself, so no overview follows: what it would have said besides the lines still must
  // be said (the proposals waiting, the loaded lines no longer true).
  const waiting = pendingNote(memoryDir);
  const text = noteBlock([autoMemoryNote(), ...(waiting ? [waiting] : [])], retiredLoadedLines(memoryDir, entries, utcDay(io.now())));
  return { status: "native-index", outcome: host.sessionContext(text, AUTO_MEMORY_NOTICE), text, bytes: utf8Bytes(text), session, notice: AUTO_MEMORY_NOTICE };
}

/** Whether another wiring already ran this session's start (the claim is the per-prompt hook's, keyed by source). */
function claimedElsewhere(host: HostAdapter, memoryDir: string, session: SessionStartEvent, io: Io): boolean {
  if (!session.sessionId || !host.keepsContext) return false;
  try {
    return beginSession(memoryDir, sessionKeys(sessionSecret(io), host.name, session.sessionId), `\u0000session-start ${host.name} ${session.source ?? ""}`, io.now().getTime())
      .duplicate;
  } catch (err) {
    logHookError(io, `session start: session state not used: ${(err as Error).message}`);
    return false;
  }
}

/** The user's secret, or none when it cannot be read or made (kept lines are then checked when read, as unsealed ones are). */
function secretOrNone(io: Io): string | undefined {
  try {
    return sessionSecret(io);
  } catch {
    return undefined;
  }
}

/** One SessionStart as the host reports it: the project's folder, the host's session id and why it (re)started
 * (Claude Code / Codex: startup | resume | clear | compact; Grok: new | load). */
export interface SessionStartEvent {
  cwd: string;
  sessionId?: string;
  source?: string;
}

/** SessionStart after compact or clear: the conversation lost the earlier blocks, so the session starts afresh. */
function resetIfFresh(host: HostAdapter, memoryDir: string, session: SessionStartEvent, io: Io): void {
  if (!session.sessionId || !CONTEXT_CLEARED.has(session.source ?? "")) return;
  try {
    forgetSession(memoryDir, sessionKeys(sessionSecret(io), host.name, session.sessionId), io.now().getTime(), "SessionStart");
  } catch (err) {
    logHookError(io, `session not reset: ${(err as Error).message}`);
  }
}

const CONTEXT_CLEARED = new Set(["compact", "clear"]);

function none(status: SessionStartStatus, session?: SessionStartEvent): SessionStartResult {
  return { status, outcome: NOTHING, text: "", bytes: 0, ...(session ? { session } : {}) };
}

function unavailable(host: HostAdapter, reason: string, io: Io, session: SessionStartEvent): SessionStartResult {
  logHookError(io, `session start: ${reason}`);
  const text = renderUnavailable(reason);
  return { status: "unavailable", outcome: host.sessionContext(text), text, bytes: utf8Bytes(text), session };
}
