// lib/hook/session-end.ts
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
import { captureMessages } from "../capture/capture.js";
import { opencodeMessage, readSessionMessages } from "../capture/transcript.js";
import { DEFAULT_SESSION_LIMIT } from "../capture/stage.js";
import { cliEntry, findPackageRoot } from "../../install/context.js";
import { countPending } from "../records/proposal-read.js";
import { secretPolicy } from "../records/secrets.js";
import { childEnv } from "../store/io.js";
import { logHookError } from "./run.js";
import { parseJsonBounded } from "../core/json-bounded.js";
function normalizeSessionEnd(raw) {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return void 0;
  const o = raw;
  const str = (...v) => v.find((x) => typeof x === "string" && x !== "");
  const cwd = str(o.cwd, o.workspaceRoot, o.workspace_root);
  if (!cwd) return void 0;
  const transcriptPath = str(o.transcript_path, o.transcriptPath);
  const messages = Array.isArray(o.messages) ? o.messages.filter((m) => typeof m === "string").slice(-500) : void 0;
  return {
    cwd,
    sessionId: sessionLabel(str(o.session_id, o.sessionId) ?? "unknown"),
    ...transcriptPath ? { transcriptPath } : {},
    ...messages ? { messages } : {},
    subagent: str(o.agent_id, o.subagentType, o.subagent_type) !== void 0
  };
}
async function runSessionEndHook(stdin, options, io) {
  let event;
  try {
    event = normalizeSessionEnd(parseJsonBounded(utf8Text(stdin)));
  } catch {
    event = void 0;
  }
  if (!event || !path.isAbsolute(event.cwd)) return { status: "bad-input" };
  if (io.env.GROK_HOOK_EVENT && options.host !== "grok") return { status: "skipped", reason: "a Grok session running another host's hook" };
  if (event.subagent) return { status: "skipped", reason: "a subagent's session" };
  if (!options.foreground) return detachSelf(stdin, options.host, io);
  return endSession(event, options.host, io);
}
async function endSession(event, host, io) {
  const config = readConfig(io);
  const resolution = resolveMemory({ repoRoot: event.cwd, allowNonGit: true, compatibility: true }, io, config);
  if (resolution.status !== "resolved" || !resolution.memory_dir) return { status: "no-store", reason: resolution.reason };
  const memoryDir = resolution.memory_dir;
  const result = { status: "off" };
  const capture = config.value.capture ?? {};
  if (capture.enabled !== false) {
    try {
      const messages = sessionMessages(event, host, io);
      const command = capture.llm_command ?? config.value.compact?.llm_command;
      const timeoutMs = (capture.timeout_seconds ?? config.value.compact?.timeout_seconds ?? DEFAULT_LLM_TIMEOUT_SECONDS) * 1e3;
      const model = command ? (prompt) => runLlmCommand({ command, prompt, timeoutMs, env: io.env }) : void 0;
      result.capture = await captureMessages(
        { memoryDir, actor: `host:${host}`, now: io.now(), secrets: secretPolicy(io), limit: capture.max_proposals ?? DEFAULT_SESSION_LIMIT },
        { host, sessionId: event.sessionId },
        messages,
        model,
        { verify: capture.verify !== false }
      );
      result.status = "captured";
      if (/^(rules|model) \(/.test(result.capture.pass)) logHookError(io, `session end (${host}): ${result.capture.pass}`);
    } catch (err) {
      const code = err.code ?? systemCode(err);
      logHookError(io, `session end (${host}): capture skipped: ${err.message}`);
      const refused = code === "E_PATH_ESCAPE" || code === "E_NOT_REGULAR" || code === "E_TRANSCRIPT_NOT_SESSION";
      return { status: refused ? "refused" : "skipped", reason: refused ? `${err.message} (${code})` : err.message };
    }
  }
  try {
    result.pending = countPending(memoryDir);
  } catch {
  }
  if (fs.existsSync(path.join(memoryDir, ".git"))) result.syncStarted = startSync(event.cwd, io);
  return result;
}
function sessionMessages(event, host, io) {
  if (host === "opencode" && event.messages) return event.messages.map((text, i) => ({ n: i + 1, text: opencodeMessage(text) }));
  if (!event.transcriptPath) return [];
  return readSessionMessages(event.transcriptPath, host, io, { cwd: event.cwd, sessionId: event.sessionId });
}
function detachSelf(stdin, host, io) {
  try {
    const child = spawn(process.execPath, [selfCli(), "hook", "session-end", "--host", host, "--foreground"], {
      cwd: io.cwd,
      env: childEnv(io),
      detached: true,
      stdio: ["pipe", "ignore", "ignore"]
    });
    child.on("error", (err) => logHookError(io, `session end (${host}): cannot start the capture: ${err.message}`));
    child.stdin.on("error", () => void 0);
    child.stdin.end(stdin);
    child.unref();
    return { status: "detached" };
  } catch (err) {
    logHookError(io, `session end (${host}): cannot start the capture: ${err.message}`);
    return { status: "skipped", reason: err.message };
  }
}
function startSync(cwd, io) {
  try {
    const child = spawn(process.execPath, [selfCli(), "sync", "--detach", "--repo-root", cwd, "--allow-non-git"], {
      cwd,
      env: childEnv(io),
      detached: true,
      stdio: "ignore"
    });
    child.on("error", () => void 0);
    child.unref();
    return true;
  } catch {
    return false;
  }
}
function selfCli() {
  const running = process.argv[1];
  return running && /[/\\]cli\.m?js$/.test(running) ? running : cliEntry(findPackageRoot());
}
export {
  normalizeSessionEnd,
  runSessionEndHook
};
