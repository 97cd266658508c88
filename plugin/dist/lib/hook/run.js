// lib/hook/run.ts
import fs from "node:fs";
import path from "node:path";
import { hostAdapter, HOSTS } from "../../hosts/index.js";
import { resolveBudget, resolveStoreBudget } from "../config/budget.js";
import { readConfig } from "../config/config.js";
import { displayDir, renderUnavailable, utf8Bytes } from "../core/block.js";
import { resolveMemory } from "../config/resolve.js";
import { buildInjection } from "./inject.js";
import { isDirectory } from "../store/checked-fs.js";
import { countCardFiles } from "../store/card-count.js";
import { appendRotating } from "../store/safe-write.js";
import { INDEX_FILE, memctlStateHome } from "../store/paths.js";
import { utf8Text } from "../core/bytes.js";
import { rememberShown, seenFilter, startDedupe, whyRecord, withPointer } from "./dedupe.js";
import { appendWhy } from "../store/why-log.js";
import { scopeAtFor } from "../config/scope-at.js";
import { fullCheckMaxFrom } from "../store/full-check.js";
import { keepStoreFresh } from "./keeper.js";
import { askKeeper } from "../rank-cache/keeper-ask.js";
import { keeperMinFrom } from "../rank-cache/keeper-lock.js";
import { parseJsonBounded } from "../core/json-bounded.js";
import { utcIso } from "../core/frecency.js";
var KEEPER_ANSWER_MS = 25;
var keeperAnswerMs = (env) => /^\d+$/.test(env.MEMCTL_KEEPER_ANSWER_MS ?? "") ? Number(env.MEMCTL_KEEPER_ANSWER_MS) : KEEPER_ANSWER_MS;
var NOTHING = { stdout: "", stderr: "", exitCode: 0 };
async function runUserPromptHook(stdin, options, io) {
  const host = hostAdapter(options.host) ?? HOSTS.generic;
  let payload;
  try {
    payload = host.normalize(parseJsonBounded(typeof stdin === "string" ? stdin : utf8Text(stdin)));
  } catch {
    payload = void 0;
  }
  if (!payload || !payload.cwd || !path.isAbsolute(payload.cwd) || !isDirectory(payload.cwd)) return { status: "bad-input", outcome: NOTHING };
  const config = readConfig(io);
  let resolution;
  try {
    resolution = resolveMemory({ repoRoot: payload.cwd, allowNonGit: true, compatibility: true }, io, config);
  } catch (err) {
    return unavailable(host, `cannot resolve the memory store: ${err.message}`, io);
  }
  for (const warning of resolution.warnings ?? []) logHookError(io, warning);
  if (resolution.status === "invalid-explicit") {
    const reason = `memory selection is invalid \u2014 ${resolution.reason}; "memctl resolve --repo-root ${resolution.repo_root}" shows it`;
    return { ...unavailable(host, reason, io), status: "invalid-explicit", resolution };
  }
  if (resolution.legacy_owner !== void 0) return { ...unavailable(host, resolution.reason, io), resolution };
  if (resolution.status !== "resolved" || !resolution.memory_dir) return { status: "no-store", outcome: NOTHING, resolution };
  const memoryDir = resolution.memory_dir;
  const keeperAnswer = config.value.keeper !== false ? askKeeper(memoryDir, keeperAnswerMs(io.env)) : void 0;
  let answered = false;
  void keeperAnswer?.then((a) => answered = a !== void 0);
  let budget = resolveBudget({ host: host.name, cliMaxBytes: options.maxBytes, cliMaxEntries: options.maxEntries, config: config.value });
  const now = io.now();
  const fullCheckMax = fullCheckMaxFrom(io.env);
  const dedupe = host.keepsContext ? startDedupe(memoryDir, host.name, payload.sessionId, payload.prompt, now.getTime(), io) : {};
  if (dedupe.error) logHookError(io, `session state not used: ${dedupe.error}`);
  const why = (status, bytes, injection) => {
    try {
      const record = whyRecord({
        host: host.name,
        ...payload.sessionId ? { sessionId: payload.sessionId } : {},
        prompt: payload.prompt,
        ...dedupe.view ? { promptHash: dedupe.view.promptHash } : {},
        logPrompt: config.value.logPrompts === true,
        status,
        bytes,
        budget,
        now,
        ...injection ? { injection } : {},
        ...dedupe.error ? { dedupeError: dedupe.error } : {}
      });
      appendWhy(memoryDir, record);
    } catch (err) {
      logHookError(io, `why log not written: ${err.message}`);
    }
  };
  const storeBudget = () => resolveStoreBudget({ host: host.name, cliMaxBytes: options.maxBytes, cliMaxEntries: options.maxEntries, config: config.value }, { ...resolution, memory_dir: memoryDir }, io);
  if (dedupe.view?.duplicate) {
    try {
      budget = storeBudget();
    } catch {
    }
    why("duplicate", 0);
    return { status: "duplicate", outcome: NOTHING, resolution };
  }
  try {
    budget = storeBudget();
    const skipLine = seenFilter(dedupe);
    const injection = await buildInjection({
      memoryDir: resolution.memory_dir,
      projectKey: resolution.project_key,
      displayDir: displayDir(resolution.memory_dir, io.home),
      source: resolution.resolution_source,
      prompt: payload.prompt,
      // Scoped cards are matched against where the prompt was asked from (docs/ranking.md, "Scope").
      scopeAt: scopeAtFor(resolution, payload.cwd),
      host,
      budget,
      now,
      // An observe-only host (Grok) ignores the output: no block reached the model, so no card was injected.
      record: host.injectsContext,
      ...skipLine ? { skipLine } : {},
      fullCheckMax,
      ...keeperAnswer ? { keeperAnswer } : {}
    });
    const script = options.keeperScript;
    const afterOutput = script && config.value.keeper !== false && !answered && injection.store.entryCount > keeperMinFrom(io.env) ? { afterOutput: () => void keepStoreFresh(memoryDir, script, io, (m) => logHookError(io, m)) } : {};
    if (injection.recordError) logHookError(io, `usage not recorded: ${injection.recordError}`);
    if (injection.store.entryCount === 0) return { status: "no-store", outcome: NOTHING, resolution, injection };
    if (injection.composed.text === "") {
      const status = injection.skipped.length + injection.skippedPinned.length > 0 ? "repeat" : "no-hits";
      why(status, 0, injection);
      return { status, outcome: NOTHING, resolution, injection, ...afterOutput };
    }
    const text = withPointer(injection.composed.text, injection.skipped, budget, host.hardCeilingBytes);
    const remembered = rememberShown(dedupe, [...injection.composed.always, ...injection.composed.lines]);
    if (remembered) logHookError(io, `session state not updated: ${remembered}`);
    why(host.injectsContext ? "injected" : "observed", utf8Bytes(text), injection);
    return { status: "injected", outcome: host.context(text), resolution, injection, ...afterOutput };
  } catch (err) {
    if (err.code === "ENOENT" && isDirectory(resolution.memory_dir)) {
      const missing = missingIndexReason(resolution.memory_dir);
      return missing ? { ...unavailable(host, missing, io), resolution } : { status: "no-store", outcome: NOTHING, resolution };
    }
    return { ...unavailable(host, describe(err), io), resolution };
  }
}
var HOOK_DEADLINE_MS = 2e3;
var HOOK_INPUT_MAX_BYTES = 8 * 1024 * 1024;
var HOOK_INPUT_BOUNDS = { maxBytes: HOOK_INPUT_MAX_BYTES, deadlineMs: HOOK_DEADLINE_MS };
async function readHookInput(io) {
  if (io.readInput) return io.readInput(HOOK_INPUT_BOUNDS);
  const bytes = io.readStdin ? await io.readStdin() : Buffer.alloc(0);
  return bytes.length > HOOK_INPUT_MAX_BYTES ? { status: "over", seen: bytes.length, ended: true } : { status: "read", bytes };
}
function inputRefusal(input) {
  if (input.status === "over") {
    const seen = `${input.seen} bytes ${input.ended ? "arrived" : `arrived within ${HOOK_DEADLINE_MS} ms and it was still open`}`;
    return `hook input over ${HOOK_INPUT_MAX_BYTES} bytes (${seen}); memory was not consulted`;
  }
  return `hook input did not end within ${HOOK_DEADLINE_MS} ms (${input.seen} bytes arrived); memory was not consulted`;
}
function refusedInputOutcome(hostName, reason, io, event = "prompt") {
  const host = hostAdapter(hostName) ?? HOSTS.generic;
  if (event === "session-start") {
    logHookError(io, `session start: ${reason}`);
    return host.sessionContext(renderUnavailable(reason));
  }
  return unavailable(host, reason, io).outcome;
}
function unavailable(host, reason, io) {
  logHookError(io, reason);
  return { status: "unavailable", outcome: host.unavailable(renderUnavailable(reason), reason) };
}
function describe(err) {
  const e = err;
  return e?.code && e.path ? `${e.code} ${e.path}` : e instanceof Error ? e.message : String(err);
}
function hookLogPath(io) {
  return path.join(memctlStateHome(io), "hook.log");
}
var HOOK_LOG_LINE_CHARS = 4096;
var HOOK_LOG_CAP_BYTES = 1024 * 1024;
function logHookError(io, message) {
  try {
    const file = hookLogPath(io);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const flat = message.replace(/\s+/g, " ");
    const line = flat.length > HOOK_LOG_LINE_CHARS ? `${flat.slice(0, HOOK_LOG_LINE_CHARS)}\u2026 (${flat.length - HOOK_LOG_LINE_CHARS} more characters)` : flat;
    appendRotating(file, Buffer.from(`${utcIso(io.now())}	${line}
`, "utf8"), HOOK_LOG_CAP_BYTES, path.join(path.dirname(file), "hook.1.log"));
  } catch {
  }
}
function missingIndexReason(memoryDir) {
  let cards;
  try {
    cards = countCardFiles(memoryDir);
  } catch {
    return void 0;
  }
  if (cards === 0) return void 0;
  return `memory exists, its index is missing: ${memoryDir} holds ${cards} card ${cards === 1 ? "file" : "files"} but no ${INDEX_FILE}; run memctl doctor`;
}
export {
  HOOK_DEADLINE_MS,
  HOOK_INPUT_BOUNDS,
  HOOK_INPUT_MAX_BYTES,
  KEEPER_ANSWER_MS,
  hookLogPath,
  inputRefusal,
  logHookError,
  missingIndexReason,
  readHookInput,
  refusedInputOutcome,
  runUserPromptHook
};
