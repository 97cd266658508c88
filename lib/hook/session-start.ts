// The SessionStart hook (`memctl hook session-start --host <h>`): once per session, an overview of what memory
// exists, fenced like the per-prompt block. With a compact: the compact plus every record written or removed
// since its watermark (seed 000, rule 2). Without one: the pinned cards, then the index in order. Either way
// complete: over `[doctor] warn_bytes` it says so in one line and logs one, and doctor diagnoses (rule 4).
// It runs through the CLI, off the per-prompt path.
import fs from "node:fs";
import path from "node:path";
import { hostAdapter, HOSTS, type HookOutcome, type HostAdapter } from "../../hosts/index.js";
import { utf8Text } from "../core/bytes.js";
import { COMPACT_FILE, readCompact } from "../compact/artifact.js";
import { readHold } from "../store/arrivals.js";
import { assembleIndexView, viewBytes } from "../compact/assemble.js";
import { readConfig } from "../config/config.js";
import { loadsStoreNatively } from "../config/budget.js";
import { readHistory } from "../store/history.js";
import { readPending } from "../records/proposal-files.js";
import { episodeReminder, readLastEpisode } from "../store/episode-tail.js";
import { BLOCK_CLOSE, BLOCK_OPEN, blockText, displayDir, preamble, renderEntryLine, renderUnavailable, utf8Bytes, type BlockContext } from "../core/block.js";
import type { Io } from "../store/io.js";
import { warnBytesFromConfig } from "../reports/injection.js";
import { resolveMemory } from "../config/resolve.js";
import { scopeAtFor } from "../config/scope-at.js";
import { inScope } from "../core/scope.js";
import { logHookError } from "./run.js";
import { overviewEntries, readOverviewStore, type OverviewStore } from "./overview-store.js";
import { memctlStateHome } from "../store/paths.js";
import { sessionStarted, type SessionStartEvent } from "./session.js";
import { beginSession, forgetSession, markShown } from "./session-state.js";
import { sessionInstructionBlock } from "./session-instructions.js";
import { AUTO_MEMORY_NOTICE, autoMemoryNote, initHint, nativelyLoadedLines, noteBlock, type Wiring } from "./session-notes.js";

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
  text: string;
  bytes: number;
  view?: "compact" | "overview";
  /** True when the overview is over the advisory threshold (it then carries OVER_WARN_NOTE). */
  overWarn?: boolean;
  session?: SessionStartEvent;
  /** The line for the user that went with the text (Claude Code's systemMessage), kept so the text can grow. */
  notice?: string;
  /** Bytes of the instruction block memctl added ahead of the memory block (0 or absent: none). */
  instructionBytes?: number;
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
  if (!result.text && claimedElsewhere(host, stateHome(io), result.session, io)) return result;
  const text = block + result.text;
  return { ...result, outcome: host.sessionContext(text, result.notice), text, bytes: utf8Bytes(text), instructionBytes: utf8Bytes(block) };
}

async function memorySessionStart(stdin: Uint8Array | string, options: SessionStartOptions, io: Io): Promise<SessionStartResult> {
  const host = hostAdapter(options.host) ?? HOSTS.generic;
  let event: SessionStartEvent | undefined;
  try {
    event = normalizeSessionStart(JSON.parse(typeof stdin === "string" ? stdin : utf8Text(stdin)));
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
    if (resolution.status !== "resolved" || !resolution.memory_dir)
      return resolution.status === "unavailable" && resolution.git ? hint(host, options.wiring, event, io) : none("no-store", event);
    memoryDir = resolution.memory_dir;
    scopeAt = scopeAtFor(resolution, event.cwd);
    // Two wirings (the plugin and an install, two scopes) each run SessionStart: the first claims it, the
    // second prints nothing and leaves the session state alone (its reset already happened).
    if (claimedElsewhere(host, memoryDir, event, io)) return none("duplicate", event);
    resetIfFresh(memoryDir, event, io);
    // The per-session state (issue 19's dedupe) starts over here, whatever this hook then prints.
    sessionStarted(memoryDir, event);
    const nativeIndex = loadsStoreNatively(host, { ...resolution, memory_dir: memoryDir }, io);
    if (nativeIndex) return nativeNote(host, memoryDir, event, io);
    context = { projectKey: resolution.project_key, source: resolution.resolution_source, entryCount: 0, dir: displayDir(memoryDir, io.home) };
  } catch (err) {
    return unavailable(host, `cannot resolve the memory store: ${(err as Error).message}`, io, event);
  }
  const warn = options.maxBytes ?? warnBytesFromConfig(config.value.raw).value;
  try {
    // Once per session, not on every prompt: the reminder to log this session, in the host's own command.
    const reminder = episodeReminder(readLastEpisode(memoryDir), io.now(), host.logCommand);
    const waiting = pendingNote(memoryDir);
    const built = await sessionStartBlock(memoryDir, context, warn, [...(reminder ? [reminder] : []), ...(waiting ? [waiting] : [])], scopeAt);
    if (!built) {
      if (!waiting) return none("no-store", event);
      // No card yet, but proposals wait: the one line still reaches the session.
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
      session: event,
    };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return none("no-store", event);
    return unavailable(host, (err as Error).message, io, event);
  }
}

export interface SessionStartBlock {
  text: string;
  view: "compact" | "overview";
  /** The assembled view as doctor and `memctl compact` measure it (no session heading, no warning): the number that decides "over". */
  injectedBytes: number;
  warnBytes: number;
  overWarn: boolean;
}

/** Said once, in the block, when it is over the threshold: no sizes and no remedy, those are doctor's (seed 000, rule 4). */
export const OVER_WARN_NOTE = "This overview is over the advisory size threshold ([doctor] warn_bytes); nothing was left out. Run `memctl doctor` for the diagnosis and remedy.";
/** The one generic line logged whenever an overview over the threshold is assembled. */
export const OVER_WARN_LOG = "Injected memory context is over the advisory size threshold. Run memctl doctor for details.";

/**
 * The session-start block for a store, complete: nothing is ever cut (seed 000, rule 4). Over `warnBytes` it
 * carries OVER_WARN_NOTE right after its heading and the caller logs OVER_WARN_LOG. Undefined when the index is empty.
 */
export async function sessionStartBlock(
  memoryDir: string,
  context: BlockContext,
  warnBytes: number,
  notes: readonly string[] = [],
  scopeAt?: string | null,
): Promise<SessionStartBlock | undefined> {
  const store = await readOverviewStore(memoryDir);
  if (store.entries.length === 0) return undefined;
  const ctx = { ...context, entryCount: store.entries.length };
  // A compact a sync brought in and the owner has not accepted is not shown: the overview stands in for it.
  const compact = readHold(memoryDir)?.held(COMPACT_FILE) ? ({ status: "absent" } as const) : readCompact(memoryDir);
  const built =
    compact.status === "ok"
      ? {
          view: "compact" as const,
          head: "Session start: the compact summary of this project's memory, then what changed since it. Relevant lines also arrive with each prompt.",
          lines: assembleIndexView(store, compact.compact, readHistory(memoryDir).entries).lines,
        }
      : {
          view: "overview" as const,
          head: "Session start: an overview of this project's memory (pinned cards first, then the index in order). Relevant lines also arrive with each prompt.",
          lines: pinnedFirst(store, scopeAt),
        };
  // Measured as printed (the preamble names the store), as doctor measures it, so the two agree on "over".
  const injectedBytes = viewBytes({ lines: built.lines }, ctx);
  const overWarn = injectedBytes > warnBytes;
  const head = [built.head, ...(overWarn ? [OVER_WARN_NOTE] : []), ...notes];
  return { text: renderOverview(ctx, head, built.lines), view: built.view, injectedBytes, warnBytes, overWarn };
}

/**
 * The index lines, the `priority: always` cards first, the rest in index order. A pinned card scoped elsewhere
 * (docs/ranking.md, "Scope") is not pinned here: it keeps its place in the index, which stays complete.
 */
function pinnedFirst(store: OverviewStore, scopeAt: string | null | undefined): string[] {
  const here = (scope: readonly string[] | undefined) => scopeAt === undefined || !scope?.length || (scopeAt !== null && inScope(scope, scopeAt));
  const pinned = new Set([...store.pins].filter(([, c]) => c.priority === "always" && here(c.scope)).map(([file]) => file));
  const lines = store.entries.map((e) => ({ pinned: e.card !== null && pinned.has(e.card), text: renderEntryLine(e) }));
  return [...lines.filter((l) => l.pinned), ...lines.filter((l) => !l.pinned)].map((l) => l.text);
}

/** The fenced block: preamble, heading lines, then every line. */
function renderOverview(context: BlockContext, head: readonly string[], lines: readonly string[]): string {
  return [BLOCK_OPEN, preamble(context), ...head.map(blockText), ...lines, BLOCK_CLOSE].join("\n") + "\n";
}

/** One line when proposals wait for the owner (captured at session end, proposed by hosts or agents). */
export function pendingNote(memoryDir: string): string | undefined {
  let n: number;
  try {
    n = readPending(memoryDir).proposals.length;
  } catch {
    return undefined;
  }
  return n === 0 ? undefined : `${n} proposal${n === 1 ? "" : "s"} await${n === 1 ? "s" : ""} the owner's review (memctl review); proposals are not memory until accepted.`;
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
  if (session.sessionId && host.keepsContext) {
    try {
      markShown(memoryDir, session.sessionId, nativelyLoadedLines(overviewEntries(memoryDir)), io.now().getTime());
    } catch (err) {
      logHookError(io, `session start: native index lines not marked shown: ${(err as Error).message}`);
    }
  }
  const text = noteBlock(autoMemoryNote());
  return { status: "native-index", outcome: host.sessionContext(text, AUTO_MEMORY_NOTICE), text, bytes: utf8Bytes(text), session, notice: AUTO_MEMORY_NOTICE };
}

/** Whether another wiring already ran this session's start (the claim is the per-prompt hook's, keyed by source). */
function claimedElsewhere(host: HostAdapter, memoryDir: string, session: SessionStartEvent, io: Io): boolean {
  if (!session.sessionId || !host.keepsContext) return false;
  try {
    return beginSession(memoryDir, session.sessionId, `\u0000session-start ${host.name} ${session.source ?? ""}`, io.now().getTime()).duplicate;
  } catch (err) {
    logHookError(io, `session start: session state not used: ${(err as Error).message}`);
    return false;
  }
}

/** SessionStart after compact or clear: the conversation lost the earlier blocks, so the session starts afresh. */
function resetIfFresh(memoryDir: string, session: SessionStartEvent, io: Io): void {
  if (!session.sessionId || !CONTEXT_CLEARED.has(session.source ?? "")) return;
  try {
    forgetSession(memoryDir, session.sessionId, io.now().getTime(), "SessionStart");
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

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
