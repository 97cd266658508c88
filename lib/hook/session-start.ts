// The SessionStart hook (`memctl hook session-start --host <h>`): once per session, an overview of what memory
// exists, fenced like the per-prompt block. With a compact: the compact plus every record written or removed
// since its watermark (seed 000, rule 2). Without one: the pinned cards, then the index in order, budgeted.
// Both stay within `[doctor] warn_bytes` and the host's ceiling. It runs through the CLI, off the per-prompt path.
import fs from "node:fs";
import path from "node:path";
import { hostAdapter, HOSTS, type HookOutcome, type HostAdapter } from "../hosts/index.js";
import { utf8Text } from "../core/bytes.js";
import { COMPACT_FILE, readCompact } from "../compact/artifact.js";
import { readHold } from "../store/arrivals.js";
import { assembleIndexView } from "../compact/assemble.js";
import { readConfig } from "../config/config.js";
import { loadsStoreNatively } from "../config/budget.js";
import { readHistory } from "../store/history.js";
import { episodeReminder, readLastEpisode } from "../store/episode-tail.js";
import { BLOCK_CLOSE, BLOCK_OPEN, blockText, displayDir, preamble, renderEntryLine, renderUnavailable, utf8Bytes, type BlockContext } from "../core/block.js";
import type { Io } from "../store/io.js";
import { viewStore, type StoreView } from "../records/store-view.js";
import { warnBytesFromConfig } from "../reports/injection.js";
import { resolveMemory } from "../config/resolve.js";
import { readStore } from "../store/read.js";
import { logHookError } from "./run.js";
import { sessionStarted, type SessionStartEvent } from "./session.js";

export type SessionStartStatus = "injected" | "no-store" | "bad-input" | "native-index" | "unavailable";

export interface SessionStartResult {
  status: SessionStartStatus;
  outcome: HookOutcome;
  /** The block as delivered ("" when none), its bytes, and which view it carries. */
  text: string;
  bytes: number;
  view?: "compact" | "overview";
  session?: SessionStartEvent;
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

export async function runSessionStartHook(stdin: Uint8Array | string, options: { host: string; maxBytes?: number }, io: Io): Promise<SessionStartResult> {
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
  try {
    const resolution = resolveMemory({ repoRoot: event.cwd, allowNonGit: true }, io, config);
    if (resolution.status !== "resolved" || !resolution.memory_dir) return none("no-store", event);
    memoryDir = resolution.memory_dir;
    // The per-session state (issue 19's dedupe) starts over here, whatever this hook then prints.
    sessionStarted(memoryDir, event);
    const nativeIndex = loadsStoreNatively(host, { ...resolution, memory_dir: memoryDir }, io);
    if (nativeIndex) return none("native-index", event);
    context = { projectKey: resolution.project_key, source: resolution.resolution_source, entryCount: 0, dir: displayDir(memoryDir, io.home) };
  } catch (err) {
    return unavailable(host, `cannot resolve the memory store: ${(err as Error).message}`, io, event);
  }
  const warn = warnBytesFromConfig(config.value.raw).value;
  const limit = Math.min(options.maxBytes ?? warn, host.hardCeilingBytes);
  try {
    // Once per session, not on every prompt: the reminder to log this session, in the host's own command.
    const reminder = episodeReminder(readLastEpisode(memoryDir), io.now(), host.logCommand);
    const built = await sessionStartBlock(memoryDir, context, limit, reminder ? [reminder] : []);
    if (!built) return none("no-store", event);
    return { status: "injected", outcome: host.sessionContext(built.text), text: built.text, bytes: utf8Bytes(built.text), view: built.view, session: event };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return none("no-store", event);
    return unavailable(host, (err as Error).message, io, event);
  }
}

/** The session-start block for a store, within `limitBytes`; undefined when the index is empty. */
export async function sessionStartBlock(
  memoryDir: string,
  context: BlockContext,
  limitBytes: number,
  notes: readonly string[] = [],
): Promise<{ text: string; view: "compact" | "overview" } | undefined> {
  const store = viewStore(await readStore(memoryDir));
  if (store.entries.length === 0) return undefined;
  const ctx = { ...context, entryCount: store.entries.length };
  // A compact a sync brought in and the owner has not accepted is not shown: the overview stands in for it.
  const compact = readHold(memoryDir)?.held(COMPACT_FILE) ? ({ status: "absent" } as const) : readCompact(memoryDir);
  if (compact.status === "ok") {
    const view = assembleIndexView(store, compact.compact, readHistory(memoryDir).entries);
    const head = "Session start: the compact summary of this project's memory, then what changed since it. Relevant lines also arrive with each prompt.";
    return { text: fitBlock(ctx, [head, ...notes], view.lines, limitBytes, "memctl compact --show"), view: "compact" };
  }
  const pinned = new Set(pinnedCards(store));
  const lines = store.entries.map((e) => ({ pinned: e.card !== null && pinned.has(e.card), text: renderEntryLine(e) }));
  const head = "Session start: an overview of this project's memory (pinned cards first, then the index in order). Relevant lines also arrive with each prompt.";
  const ordered = [...lines.filter((l) => l.pinned), ...lines.filter((l) => !l.pinned)].map((l) => l.text);
  return { text: fitBlock(ctx, [head, ...notes], ordered, limitBytes, 'memctl context "<query>"'), view: "overview" };
}

function pinnedCards(store: StoreView): string[] {
  return [...store.cards.values()].filter((c) => c.card?.meta.priority === "always").map((c) => c.file);
}

/**
 * The fenced block with as many of `lines` (in order) as fit in `limitBytes`, and a note of how many did not.
 * Exact: sizes are summed from the pieces the block joins.
 */
export function fitBlock(context: BlockContext, head: string[], lines: readonly string[], limitBytes: number, more: string): string {
  const omittedNote = (n: number) => `(${n} more ${n === 1 ? "line" : "lines"} not shown to stay within ${limitBytes} bytes — run \`${more}\` or read MEMORY.md)`;
  const fixed = [BLOCK_OPEN, preamble(context), ...head.map(blockText), BLOCK_CLOSE].reduce((n, l) => n + utf8Bytes(l) + 1, 0);
  const kept: string[] = [];
  let used = fixed;
  for (let i = 0; i < lines.length; i++) {
    const b = utf8Bytes(lines[i]!) + 1;
    const rest = lines.length - i - 1;
    const note = rest > 0 ? utf8Bytes(omittedNote(lines.length - kept.length - 1)) + 1 : 0;
    if (used + b + note > limitBytes) break;
    kept.push(lines[i]!);
    used += b;
  }
  const out = [BLOCK_OPEN, preamble(context), ...head.map(blockText), ...kept];
  if (kept.length < lines.length) out.push(omittedNote(lines.length - kept.length));
  out.push(BLOCK_CLOSE);
  return out.join("\n") + "\n";
}

/**
 * True when the store is Claude Code's auto-memory directory for this project (Claude loads its MEMORY.md at
 * session start by itself) and auto memory is not switched off by the environment.
 */
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
