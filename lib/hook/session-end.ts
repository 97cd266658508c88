// The end-of-session hook (`memctl hook session-end --host <h>`): Claude Code / Codex / Grok SessionEnd,
// OpenCode's session.idle. It must never hold up the host's exit (Claude gives all SessionEnd hooks 1.5 s), so
// by default it hands the payload to a detached `--foreground` copy of itself and returns. That copy reads
// the session's user messages, stages what they say durably as proposals (lib/capture; never cards; with a model
// command, two calls at most, each bounded by timeout_seconds: the pass and its verify pass), then,
// when the store is a git repository of its own, starts `memctl sync --detach`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { utf8Text } from "../core/bytes.js";
import { systemCode } from "../core/errors.js";
import { sessionLabel } from "../core/sanitize.js";
import { readConfig } from "../config/config.js";
import { resolveMemory } from "../config/resolve.js";
import { runLlmCommand } from "../compact/generate.js";
import { DEFAULT_LLM_TIMEOUT_SECONDS } from "../compact/run.js";
import { captureMessages, type CaptureResult, type ModelRunner } from "../capture/capture.js";
import { opencodeMessage, readSessionMessages, type UserMessage } from "../capture/transcript.js";
import { DEFAULT_SESSION_LIMIT } from "../capture/stage.js";
import { cliEntry, findPackageRoot } from "../../install/context.js";
import { countPending } from "../records/proposal-read.js";
import { secretPolicy } from "../records/secrets.js";
import { childEnv, type Io } from "../store/io.js";
import { logHookError } from "./run.js";
import { parseJsonBounded } from "../core/json-bounded.js";

export interface SessionEndEvent {
  cwd: string;
  sessionId: string;
  transcriptPath?: string;
  /** What OpenCode's plugin sends instead of a transcript: the user's messages of the session. */
  messages?: string[];
  subagent: boolean;
}

export type SessionEndStatus = "detached" | "captured" | "off" | "no-store" | "bad-input" | "refused" | "skipped";

export interface SessionEndResult {
  status: SessionEndStatus;
  reason?: string;
  capture?: CaptureResult;
  syncStarted?: boolean;
  /** Every proposal waiting for the owner's review after this capture (this session's and earlier ones'); unset when unread. */
  pending?: number;
}

/** A session-end payload: Claude/Codex snake_case, Grok camelCase, OpenCode's plugin (messages instead of a transcript). */
export function normalizeSessionEnd(raw: unknown): SessionEndEvent | undefined {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return undefined;
  const o = raw as Record<string, unknown>;
  const str = (...v: unknown[]) => v.find((x): x is string => typeof x === "string" && x !== "");
  const cwd = str(o.cwd, o.workspaceRoot, o.workspace_root);
  if (!cwd) return undefined;
  const transcriptPath = str(o.transcript_path, o.transcriptPath);
  const messages = Array.isArray(o.messages) ? o.messages.filter((m): m is string => typeof m === "string").slice(-500) : undefined;
  return {
    cwd,
    sessionId: sessionLabel(str(o.session_id, o.sessionId) ?? "unknown"),
    ...(transcriptPath ? { transcriptPath } : {}),
    ...(messages ? { messages } : {}),
    subagent: str(o.agent_id, o.subagentType, o.subagent_type) !== undefined,
  };
}

export interface SessionEndOptions {
  host: string;
  /** Do the work in this process (what the detached copy runs; tests and manual runs use it). */
  foreground: boolean;
}

export async function runSessionEndHook(stdin: Uint8Array, options: SessionEndOptions, io: Io): Promise<SessionEndResult> {
  let event: SessionEndEvent | undefined;
  try {
    event = normalizeSessionEnd(parseJsonBounded(utf8Text(stdin)));
  } catch {
    event = undefined;
  }
  if (!event || !path.isAbsolute(event.cwd)) return { status: "bad-input" };
  // Grok also runs the hooks in .claude/settings.json: its own SessionEnd hook (--host grok) captures its session.
  if (io.env.GROK_HOOK_EVENT && options.host !== "grok") return { status: "skipped", reason: "a Grok session running another host's hook" };
  if (event.subagent) return { status: "skipped", reason: "a subagent's session" };
  if (!options.foreground) return detachSelf(stdin, options.host, io);
  return endSession(event, options.host, io);
}

async function endSession(event: SessionEndEvent, host: string, io: Io): Promise<SessionEndResult> {
  const config = readConfig(io);
  const resolution = resolveMemory({ repoRoot: event.cwd, allowNonGit: true, compatibility: true }, io, config);
  if (resolution.status !== "resolved" || !resolution.memory_dir) return { status: "no-store", reason: resolution.reason };
  const memoryDir = resolution.memory_dir;
  const result: SessionEndResult = { status: "off" };
  const capture = config.value.capture ?? {};
  if (capture.enabled !== false) {
    try {
      const messages = sessionMessages(event, host, io);
      const command = capture.llm_command ?? config.value.compact?.llm_command;
      const timeoutMs = (capture.timeout_seconds ?? config.value.compact?.timeout_seconds ?? DEFAULT_LLM_TIMEOUT_SECONDS) * 1000;
      const model: ModelRunner | undefined = command ? (prompt) => runLlmCommand({ command, prompt, timeoutMs, env: io.env }) : undefined;
      result.capture = await captureMessages(
        { memoryDir, actor: `host:${host}`, now: io.now(), secrets: secretPolicy(io), limit: capture.max_proposals ?? DEFAULT_SESSION_LIMIT },
        { host, sessionId: event.sessionId },
        messages,
        model,
        { verify: capture.verify !== false },
      );
      result.status = "captured";
      if (/^(rules|model) \(/.test(result.capture.pass)) logHookError(io, `session end (${host}): ${result.capture.pass}`);
    } catch (err) {
      const code = (err as { code?: string }).code ?? systemCode(err);
      logHookError(io, `session end (${host}): capture skipped: ${(err as Error).message}`);
      const refused = code === "E_PATH_ESCAPE" || code === "E_NOT_REGULAR" || code === "E_TRANSCRIPT_NOT_SESSION";
      return { status: refused ? "refused" : "skipped", reason: refused ? `${(err as Error).message} (${code})` : (err as Error).message };
    }
  }
  // What now waits in all: the staged count alone reads as the whole queue when earlier sessions left some.
  try {
    result.pending = countPending(memoryDir);
  } catch {
    // an unreadable queue is review's to report; the line just leaves the total out
  }
  if (fs.existsSync(path.join(memoryDir, ".git"))) result.syncStarted = startSync(event.cwd, io);
  return result;
}

function sessionMessages(event: SessionEndEvent, host: string, io: Io): UserMessage[] {
  // Only OpenCode's plugin (in the host's own process) hands over messages; every other host names a transcript.
  if (host === "opencode" && event.messages) return event.messages.map((text, i) => ({ n: i + 1, text: opencodeMessage(text) }));
  if (!event.transcriptPath) return [];
  return readSessionMessages(event.transcriptPath, host, io, { cwd: event.cwd, sessionId: event.sessionId });
}

/** The same hook, detached, with the payload on its stdin; this process returns at once. */
function detachSelf(stdin: Uint8Array, host: string, io: Io): SessionEndResult {
  try {
    const child = spawn(process.execPath, [selfCli(), "hook", "session-end", "--host", host, "--foreground"], {
      cwd: io.cwd,
      env: childEnv(io),
      detached: true,
      stdio: ["pipe", "ignore", "ignore"],
    });
    child.on("error", (err) => logHookError(io, `session end (${host}): cannot start the capture: ${err.message}`));
    child.stdin.on("error", () => undefined);
    child.stdin.end(stdin);
    child.unref();
    return { status: "detached" };
  } catch (err) {
    logHookError(io, `session end (${host}): cannot start the capture: ${(err as Error).message}`);
    return { status: "skipped", reason: (err as Error).message };
  }
}

/** `memctl sync --detach` in the project: its output goes to the store's .memctl/sync/last.log. */
function startSync(cwd: string, io: Io): boolean {
  try {
    const child = spawn(process.execPath, [selfCli(), "sync", "--detach", "--repo-root", cwd, "--allow-non-git"], {
      cwd,
      env: childEnv(io),
      detached: true,
      stdio: "ignore",
    });
    child.on("error", () => undefined);
    child.unref();
    return true;
  } catch {
    return false;
  }
}

/** The CLI running now (dist/cli.js, or a plugin's dist/cli.mjs), else this package's. */
function selfCli(): string {
  const running = process.argv[1];
  return running && /[/\\]cli\.m?js$/.test(running) ? running : cliEntry(findPackageRoot());
}
