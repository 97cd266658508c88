import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  parseCandidates
} from "./proposals-distill-llm.mjs";
import "./proposals-overlap.mjs";
import {
  DEFAULT_LLM_TIMEOUT_SECONDS
} from "./compact-run.mjs";
import {
  AUTO_MEMORY_NOTICE,
  OVER_WARN_LOG,
  autoMemoryNote,
  initHint,
  nativelyLoadedLines,
  noteBlock,
  overviewEntries,
  pendingNote,
  renderOverview,
  sessionInstructionBlock,
  sessionStartBlock
} from "./core-pieced-text.mjs";
import {
  beginSession,
  forgetSession,
  inputRefusal,
  keepStoreFresh,
  logHookError,
  markShown,
  readHookInput,
  refusedInputOutcome,
  runUserPromptHook
} from "./hook-dedupe.mjs";
import "./hook-why-log.mjs";
import {
  scopeAtFor
} from "./config-scope-at.mjs";
import {
  DEFAULT_SESSION_LIMIT,
  candidatesIn,
  sentences,
  stageCaptured,
  titleOf
} from "./capture-rules.mjs";
import "./proposals-content-match.mjs";
import "./store-card-derived.mjs";
import "./store-card-cache-trusted.mjs";
import "./store-card-cache.mjs";
import "./store-card-cache-format.mjs";
import "./core-search-terms.mjs";
import {
  warnBytesFromConfig
} from "./reports-injection.mjs";
import "./config-instructions.mjs";
import "./core-line-diff.mjs";
import "./core-sanitize-block.mjs";
import "./proposals-propose.mjs";
import {
  cardNameProblem
} from "./records-card-find.mjs";
import "./records-proposal-files.mjs";
import "./core-frontmatter-edit.mjs";
import "./store-safe-open.mjs";
import "./usage-fold.mjs";
import "./compact-artifact.mjs";
import {
  defaultBudgetsText,
  loadsStoreNatively
} from "./config-budget.mjs";
import {
  runLlmCommand
} from "./compact-generate.mjs";
import "./compact-mentions.mjs";
import "./records-store-view.mjs";
import "./core-line-key.mjs";
import {
  tokenize
} from "./rank-stem.mjs";
import {
  displayDir,
  renderUnavailable,
  utf8Bytes
} from "./core-block.mjs";
import "./rank-stop-words-data.mjs";
import "./core-frecency.mjs";
import {
  freshnessOf
} from "./store-full-check.mjs";
import "./core-card-rules.mjs";
import "./store-write-journal.mjs";
import "./core-index-edit.mjs";
import {
  episodeReminder,
  readLastEpisode
} from "./store-episode-tail.mjs";
import "./config-agent-env.mjs";
import {
  secretPolicy
} from "./records-guardrails.mjs";
import "./store-history.mjs";
import "./store-read.mjs";
import "./core-index-file.mjs";
import "./core-card.mjs";
import {
  CARD_TYPES
} from "./core-card-types.mjs";
import {
  cliEntry,
  findPackageRoot
} from "./core-hook-flags.mjs";
import "./install-mcp-command.mjs";
import "./store-lock.mjs";
import {
  bool,
  commandSummary,
  num,
  parseArgs,
  str
} from "./cli-args.mjs";
import {
  resolveMemory
} from "./config-project.mjs";
import "./config-git.mjs";
import {
  inertText
} from "./core-sanitize.mjs";
import {
  HOSTS,
  hostAdapter,
  isHostName,
  readConfig
} from "./config-config-keys.mjs";
import "./core-closest.mjs";
import "./core-sha256.mjs";
import {
  memctlStateHome
} from "./store-paths.mjs";
import {
  close,
  openRegular,
  readAt,
  realpath,
  utf8Text
} from "./core-bytes.mjs";
import {
  ERROR_CODES,
  MemctlError,
  systemCode,
  usageError
} from "./core-errors.mjs";
import "./npm-js-yaml-dist-js-yaml.mjs";
import "./runtime.mjs";

// lib/cli/hook.ts
import fs3 from "node:fs";
import path5 from "node:path";
import { fileURLToPath } from "node:url";

// lib/hook/reset.ts
import path from "node:path";
var FRESH_SOURCES = /* @__PURE__ */ new Set(["compact", "clear"]);
function startsAfresh(payload) {
  const event = String(payload.hook_event_name ?? payload.hookEventName ?? "").toLowerCase();
  if (event === "precompact" || event === "pre_compact" || event === "postcompact" || event === "post_compact") return true;
  if (event === "sessionstart" || event === "session_start") return FRESH_SOURCES.has(String(payload.source ?? ""));
  return false;
}
function resetFromPayload(raw, io) {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return { status: "no-session" };
  const o = raw;
  const sessionId = typeof o.session_id === "string" ? o.session_id : typeof o.sessionId === "string" ? o.sessionId : void 0;
  const cwd = typeof o.cwd === "string" ? o.cwd : typeof o.workspaceRoot === "string" ? o.workspaceRoot : void 0;
  if (!sessionId || !cwd || !path.isAbsolute(cwd)) return { status: "no-session" };
  if (!startsAfresh(o)) return { status: "kept" };
  try {
    const resolution = resolveMemory({ repoRoot: cwd, allowNonGit: true, compatibility: true }, io, readConfig(io));
    if (resolution.status !== "resolved" || !resolution.memory_dir) return { status: "no-store" };
    forgetSession(resolution.memory_dir, sessionId, io.now().getTime(), String(o.hook_event_name ?? o.hookEventName ?? "reset"));
    return { status: "reset" };
  } catch (err) {
    return { status: "failed", message: err.message };
  }
}

// lib/hook/session-start.ts
import fs from "node:fs";
import path2 from "node:path";

// lib/hook/session.ts
function sessionStarted(_memoryDir, _event) {
}

// lib/hook/session-start.ts
var NOTHING = { stdout: "", stderr: "", exitCode: 0 };
function normalizeSessionStart(raw) {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return void 0;
  const o = raw;
  const str2 = (...v) => v.find((x) => typeof x === "string" && x !== "");
  const cwd = str2(o.cwd, o.workspaceRoot, o.workspace_root);
  if (!cwd) return void 0;
  const sessionId = str2(o.session_id, o.sessionId);
  const source = str2(o.source);
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
    event = normalizeSessionStart(JSON.parse(typeof stdin === "string" ? stdin : utf8Text(stdin)));
  } catch {
    event = void 0;
  }
  if (!event || !path2.isAbsolute(event.cwd) || !isDirectory(event.cwd)) return none("bad-input");
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
    const freshness = freshnessOf(io);
    const built = await sessionStartBlock(memoryDir, context, warn, [...reminder ? [reminder] : [], ...waiting ? [waiting] : []], scopeAt, freshness);
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
        ...keeperAfter(memoryDir, built.entryCount > freshness.fullCheckMax && config.value.keeper !== false ? options.keeperScript : void 0, io)
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

// lib/hook/session-start-command.ts
function unknownHostNote(host) {
  return `memctl hook: unknown host "${host}", using generic output (hosts: claude, codex, generic, grok, opencode)
`;
}
async function sessionStartCommand(args, keeperScript2, io) {
  if (!isHostName(args.host)) io.stderr.write(unknownHostNote(args.host));
  const input = await readHookInput(io);
  if (input.status !== "read") {
    const refused = refusedInputOutcome(args.host, inputRefusal(input), io, "session-start");
    if (refused.stdout) io.stdout.write(refused.stdout);
    if (refused.stderr) io.stderr.write(refused.stderr);
    return { exitCode: 0, status: "refused" };
  }
  const result = await runSessionStartHook(input.bytes, { host: args.host, maxBytes: args.maxBytes, wiring: args.wiring, keeperScript: keeperScript2 }, io);
  if (result.outcome.chunks) for (const chunk of result.outcome.chunks) io.stdout.write(chunk);
  else if (result.outcome.stdout) io.stdout.write(result.outcome.stdout);
  if (result.outcome.stderr) io.stderr.write(result.outcome.stderr);
  result.afterOutput?.();
  return { exitCode: result.outcome.exitCode, status: result.status };
}

// lib/hook/session-end.ts
import { spawn } from "node:child_process";
import fs2 from "node:fs";
import path4 from "node:path";

// lib/capture/excerpt.ts
var WHOLE_MESSAGE_CHARS = 160;
function statingExcerpt(text, description) {
  const whole = text.trim();
  if ([...whole].length <= WHOLE_MESSAGE_CHARS) return whole;
  const wanted = new Set(tokenize(description));
  const scored = sentences(whole).map((s) => ({ s, score: new Set(tokenize(s).filter((t) => wanted.has(t))).size }));
  const best = Math.max(0, ...scored.map((x) => x.score));
  if (best === 0) return whole;
  return scored.filter((x) => x.score > 0 && x.score * 2 >= best).map((x) => x.s).join(" ");
}

// lib/capture/llm.ts
var PROMPT_MESSAGES = 200;
var MESSAGE_CHARS = 2e3;
var CAPTURE_KINDS = ["instruction", "correction", "decision", "remember"];
var CONFIDENCES = ["low", "medium", "high"];
var DEFAULT_MIN_CONFIDENCE = "medium";
function capturePrompt(messages) {
  return [
    "Below are the messages a user typed to a coding agent in one session. Find only what a future agent, starting a",
    "later, unrelated session in the same repository on a different task, would need to be told and would otherwise",
    "get wrong. Most sessions contain nothing like that; an empty answer is normal and correct.",
    "",
    "Worth keeping (the candidate's kind):",
    "- instruction: a standing rule for how the agent should work or write code here (always, never, from now on,",
    '  who does what, "use A, not B"). Said once in passing still counts when it is meant beyond this task.',
    "- correction: the user correcting how the agent works, in a way that should hold next time too.",
    "- decision: a choice between alternatives with a reason that outlasts the task (a library or an approach chosen",
    "  over another, a policy the user sets for the project).",
    "- remember: an explicit request to remember something.",
    "",
    "Not memory (leave it out):",
    "- What this task builds or changes: a feature, its behaviour, options and defaults, file names and paths, output",
    "  formats, UI details, a plan. Once done, the code, its README or the git history records it.",
    "- Facts the repository already shows: what the project is, its structure, dependencies and versions, names,",
    "  where things live, what a command does.",
    "- A one-time request about this task, even when a task description says should, always, make sure or don't.",
    "- Questions, bug reports, error output, pasted documents or specs, praise, summaries of earlier sessions.",
    "- Anything that only matters in this session. Secrets, always.",
    "",
    "Test every candidate: would it still hold, and still matter, in a later session about something else, and would",
    "an agent that reads the code miss it? If not, leave it out. Prefer fewer, stronger candidates: at most 5, and",
    "most sessions have 0 to 2. Say each thing once, naming the message that states it most plainly.",
    "",
    "Card types:",
    "- feedback: how the agent should work (instructions, corrections).",
    "- project: a decision about this project, with its reason, that the code alone does not explain.",
    "- user: the user's own role or workflow, such as what they do themselves.",
    "- reference: where to find something outside the repository.",
    "",
    ...messages.slice(-PROMPT_MESSAGES).map((m) => `[message ${m.n}] ${m.text.slice(0, MESSAGE_CHARS).replace(/\s+/g, " ")}`),
    "",
    'Print only JSON lines, one per candidate: {"message": <its number>, "kind": "instruction|correction|decision|remember",',
    '"type": "feedback|project|user|reference", "name": "short-kebab-title", "description": "<the statement, one line, at',
    'most 200 characters>", "why": "<one line: why it still holds in a later, unrelated session and is not already in',
    'the code>", "confidence": "high|medium|low"}. Rate low what may be a one-off or what the code will show; low',
    "candidates are dropped. Print [] if there is nothing durable.",
    ""
  ].join("\n");
}
function confidenceOf(raw) {
  const s = typeof raw === "string" ? raw.trim().toLowerCase() : "";
  return CONFIDENCES.includes(s) ? s : void 0;
}
function weakness(raw, minConfidence) {
  if ("kind" in raw && !(typeof raw.kind === "string" && CAPTURE_KINDS.includes(raw.kind.trim().toLowerCase()))) return "kind is not one the prompt allows";
  if ("why" in raw && !(typeof raw.why === "string" && raw.why.trim() !== "")) return "no reason it is durable";
  const c = confidenceOf(raw.confidence);
  if (c !== void 0 && CONFIDENCES.indexOf(c) < CONFIDENCES.indexOf(minConfidence)) return `confidence ${c}`;
  return void 0;
}
function modelCandidates(output, messages, minConfidence = DEFAULT_MIN_CONFIDENCE) {
  const byN = new Map(messages.map((m) => [m.n, m]));
  const out = [];
  for (const raw of parseCandidates(output)) {
    const m = typeof raw.message === "number" ? byN.get(raw.message) : void 0;
    const type = typeof raw.type === "string" ? raw.type.trim() : "";
    const description = typeof raw.description === "string" ? raw.description.replace(/\s+/g, " ").trim() : "";
    if (!m || !CARD_TYPES.includes(type) || description === "" || [...description].length > 200) continue;
    if (weakness(raw, minConfidence) !== void 0) continue;
    const asked = typeof raw.name === "string" ? raw.name.trim().toLowerCase() : "";
    const name = asked !== "" && asked.length <= 60 && cardNameProblem(asked) === void 0 ? asked : titleOf(description);
    const why = typeof raw.why === "string" ? raw.why.replace(/\s+/g, " ").trim().slice(0, 300) : "";
    const confidence = confidenceOf(raw.confidence);
    out.push({
      type,
      name,
      description,
      excerpt: statingExcerpt(m.text, description),
      message: m.n,
      kind: "model",
      ...why ? { why } : {},
      ...confidence ? { confidence } : {}
    });
  }
  return out;
}

// lib/capture/verify.ts
var MESSAGE_CHARS2 = 2e3;
var REASON_CHARS = 300;
function verifyPrompt(candidates, messages) {
  const named = [...new Set(candidates.map((c) => c.message))].sort((a, b) => a - b);
  const byN = new Map(messages.map((m) => [m.n, m.text]));
  return [
    "A first reading of a coding session proposed the candidates below as long-term memory for a coding agent. The",
    "owner reviews each one before it is shown to later sessions in this repository. A wrong drop costs more than a",
    "wrong keep: a dropped statement is lost for good, a kept one-off costs the owner one rejection. So keep a candidate",
    "unless you are sure it is a one-off.",
    "",
    "Keep it when the user's words in the message it names would apply again the next time the same kind of work comes",
    "up, even when said in passing inside a task request, as an aside, or without a reason:",
    "- how to work here: who runs, deploys or tests what, what the agent should or should not do itself, a step not to",
    "  forget, an environment to use;",
    "- where things go: where dependencies, files or shared code belong; a convention for the whole codebase;",
    "- what to use or avoid: a library, model, tool or approach the user chose, insisted on or ruled out;",
    "- what the project does not need or want (a guarantee, a step, a kind of code), for now or for good;",
    "- the user's own workflow or setup that later work has to fit;",
    "- a correction of the agent that should hold next time, or an explicit request to remember.",
    "That the code will show the result of this task does not make such a preference a one-off: a later task, on other",
    "code, would still need to be told.",
    "",
    "Drop it only when the user's words are a one-off about this task that the candidate restates as a rule: the request",
    "is done once this task is done, and nothing in the user's words reaches beyond it. Such as: what this feature should",
    "do, its options, defaults or output; what one document should say; which account, project or setting to use for",
    "this one setup; how to go about this one problem. Drop too a candidate whose message does not say it at all. Judge",
    "the user's words, not the candidate's wording.",
    "",
    "The user's messages the candidates name:",
    ...named.map((n) => `[message ${n}] ${(byN.get(n) ?? "").slice(0, MESSAGE_CHARS2).replace(/\s+/g, " ")}`),
    "",
    "The candidates:",
    ...candidates.map((c, i) => `[candidate ${i + 1}] message ${c.message} (${c.type}): ${c.description.replace(/\s+/g, " ")}`),
    "",
    'Print only JSON lines, one per candidate: {"candidate": <its number>, "keep": true|false, "confidence":',
    `"high|medium|low", "reason": "<one line: what in the user's words holds beyond this task, or why it is done once`,
    'this task is done>"}. Confidence is how sure you are of the verdict; rate a drop high only when you are sure.',
    ""
  ].join("\n");
}
var DEFAULT_DROP_CONFIDENCE = "high";
var DEFAULT_KEEP_CONFIDENCE = "medium";
function verdictsIn(output, count) {
  const seen = /* @__PURE__ */ new Map();
  for (const raw of parseCandidates(output)) {
    const i = typeof raw.candidate === "number" && Number.isInteger(raw.candidate) ? raw.candidate - 1 : -1;
    const reason = typeof raw.reason === "string" ? raw.reason.replace(/\s+/g, " ").trim().slice(0, REASON_CHARS) : "";
    if (i < 0 || i >= count || typeof raw.keep !== "boolean" || reason === "") continue;
    const confidence = confidenceOf(raw.confidence);
    const before = seen.get(i);
    seen.set(i, before === void 0 ? { keep: raw.keep, reason, ...confidence ? { confidence } : {} } : before !== "conflict" && before.keep === raw.keep ? before : "conflict");
  }
  return new Map([...seen].filter((e) => e[1] !== "conflict"));
}
function applyVerdicts(output, candidates, thresholds = {}) {
  const { minDrop = DEFAULT_DROP_CONFIDENCE, minKeep = DEFAULT_KEEP_CONFIDENCE } = thresholds;
  const atLeast = (v, min) => v.confidence === void 0 || CONFIDENCES.indexOf(v.confidence) >= CONFIDENCES.indexOf(min);
  const verdicts = verdictsIn(output, candidates.length);
  const out = { kept: [], dropped: [], judged: verdicts.size };
  candidates.forEach((c, i) => {
    const v = verdicts.get(i);
    if (!v) out.kept.push(c);
    else if (v.keep && atLeast(v, minKeep)) out.kept.push({ ...c, verified: v.reason });
    else if (v.keep) out.dropped.push({ candidate: c, reason: `kept only with ${v.confidence} confidence, after a first reading that was not sure either: ${v.reason}` });
    else if (atLeast(v, minDrop)) out.dropped.push({ candidate: c, reason: v.reason });
    else out.kept.push({ ...c, doubted: `${v.reason} (confidence ${v.confidence})` });
  });
  return out;
}

// lib/capture/capture.ts
function ruleCandidates(messages) {
  const seen = /* @__PURE__ */ new Set();
  return messages.flatMap((m) => candidatesIn(m.text, m.n)).filter((c) => !seen.has(c.description.toLowerCase()) && seen.add(c.description.toLowerCase())).map((c) => ({ type: c.type, name: c.name, description: c.description, excerpt: c.excerpt, message: c.message, kind: c.kind }));
}
async function modelPass(messages, model, options = {}) {
  const answer = await model(capturePrompt(messages));
  if (!answer.ok) return { ok: false, reason: answer.reason };
  const candidates = modelCandidates(answer.summary, messages, options.minConfidence ?? DEFAULT_MIN_CONFIDENCE);
  const { prompt, high } = options.verifyWith ?? { prompt: verifyPrompt, high: false };
  const checked = candidates.filter((c) => high || c.confidence !== "high");
  if (options.verify === false || checked.length === 0) return { ok: true, candidates, dropped: [], pass: "model" };
  const check = await model(prompt(checked, messages));
  if (!check.ok) return { ok: true, candidates, dropped: [], pass: `model (unverified: ${check.reason})` };
  const verified = applyVerdicts(check.summary, checked, { ...options.minDrop ? { minDrop: options.minDrop } : {}, ...options.minKeep ? { minKeep: options.minKeep } : {} });
  if (verified.judged === 0) return { ok: true, candidates, dropped: [], pass: "model (unverified: the verify answer judged no candidate)" };
  const gone = new Set(verified.dropped.map((d) => d.candidate));
  const isChecked = new Set(checked);
  let next = 0;
  const kept = candidates.flatMap((c) => !isChecked.has(c) ? [c] : gone.has(c) ? [] : [verified.kept[next++]]);
  return { ok: true, candidates: kept, dropped: verified.dropped, pass: "model, verified" };
}
async function captureMessages(options, src, messages, model, passOptions = {}) {
  let pass = "rules";
  let candidates;
  let dropped = [];
  if (model && messages.length > 0) {
    const run2 = await modelPass(messages, model, passOptions);
    if (run2.ok) {
      candidates = run2.candidates;
      dropped = run2.dropped.map((d) => ({ name: d.candidate.name, reason: `the verify pass dropped it: ${d.reason}` }));
      pass = run2.pass;
    } else pass = `rules (model failed: ${run2.reason})`;
  }
  candidates ??= ruleCandidates(messages);
  const staged = await stageCaptured(options, src, candidates);
  return { ...staged, skipped: [...dropped, ...staged.skipped], pass, messages: messages.length };
}

// lib/capture/transcript.ts
import path3 from "node:path";
var TRANSCRIPT_TAIL_BYTES = 2 * 1024 * 1024;
function transcriptRoots(host, io) {
  switch (host) {
    case "claude":
      return [path3.join(io.env.CLAUDE_CONFIG_DIR || path3.join(io.home, ".claude"), "projects")];
    case "codex":
      return [path3.join(io.env.CODEX_HOME || path3.join(io.home, ".codex"), "sessions")];
    case "grok":
      return [path3.join(io.home, ".grok", "sessions")];
    default:
      return [];
  }
}
function checkedTranscriptPath(file, roots, host) {
  const refuse = (why) => new MemctlError(
    ERROR_CODES.E_PATH_ESCAPE,
    `transcript ${JSON.stringify(file)} refused: ${why}; only ${host}'s own transcript directories are read (${roots.join(", ") || "none"})`,
    {
      file
    }
  );
  if (!path3.isAbsolute(file)) throw refuse("not an absolute path");
  let real;
  try {
    real = realpath(file);
  } catch {
    throw refuse("it does not exist");
  }
  for (const root of roots) {
    let realRoot;
    try {
      realRoot = realpath(root);
    } catch {
      continue;
    }
    if (real.startsWith(realRoot + path3.sep)) return real;
  }
  throw refuse("it is outside them");
}
function readTail(file, maxBytes = TRANSCRIPT_TAIL_BYTES) {
  const { fd, stat } = openRegular(file, { nofollow: true });
  try {
    const start = Math.max(0, stat.size - maxBytes);
    const buf = new Uint8Array(stat.size - start);
    let length = 0;
    while (length < buf.length) {
      const n = readAt(fd, buf, length, buf.length - length, start + length);
      if (n === 0) break;
      length += n;
    }
    const text = Buffer.from(buf.buffer, buf.byteOffset, length).toString("utf8");
    return start === 0 ? text : text.slice(text.indexOf("\n") + 1);
  } finally {
    close(fd);
  }
}
var NOT_TYPED = /^\s*(<(command-|local-command|system-reminder|environment_context|user_instructions|user-prompt-submit-hook|bash-)|Caveat: |\[Request interrupted|# AGENTS\.md instructions)/;
function typed(text) {
  const t = text.trim();
  return t === "" || NOT_TYPED.test(t) ? void 0 : t;
}
function contentText(content) {
  if (typeof content === "string") return typed(content);
  if (!Array.isArray(content)) return void 0;
  const parts = content.flatMap((b) => {
    if (b === null || typeof b !== "object") return [];
    const block = b;
    return (block.type === "text" || block.type === "input_text") && typeof block.text === "string" ? [block.text] : [];
  });
  return parts.length > 0 ? typed(parts.join("\n")) : void 0;
}
function userMessages(jsonl) {
  const typedByUser = [];
  const codexItems = [];
  let codexEvents = false;
  const grokPrompts = /* @__PURE__ */ new Map();
  for (const line of jsonl.split("\n")) {
    if (!line.trim().startsWith("{")) continue;
    let o;
    try {
      o = JSON.parse(line);
    } catch {
      continue;
    }
    const payload = o.payload ?? {};
    if (o.type === "event_msg" && payload.type === "user_message") {
      codexEvents = true;
      const t = typeof payload.message === "string" ? typed(payload.message) : void 0;
      if (t) typedByUser.push(t);
    } else if (o.type === "response_item" && payload.type === "message" && payload.role === "user") {
      const t = contentText(payload.content);
      if (t) codexItems.push(t);
    } else if (o.type === "user" && o.isMeta !== true && o.isSidechain !== true) {
      const message = o.message ?? {};
      const t = message.role === void 0 || message.role === "user" ? contentText(message.content) : void 0;
      if (t) typedByUser.push(t);
    } else if (o.method === "session/update") {
      const chunk = grokUserChunk(o.params);
      if (chunk) grokPrompts.set(chunk.prompt, [...grokPrompts.get(chunk.prompt) ?? [], chunk.text]);
    } else if (o.type === void 0 && o.role === "user") {
      const t = contentText(o.content);
      if (t) typedByUser.push(t);
    }
  }
  for (const chunks of grokPrompts.values()) {
    const t = typed(chunks.join(""));
    if (t) typedByUser.push(t);
  }
  const texts = codexEvents || codexItems.length === 0 ? typedByUser : [...typedByUser, ...codexItems];
  return texts.map((text, i) => ({ n: i + 1, text }));
}
function opencodeMessage(text) {
  return /^"([^"]+)"$/.exec(text.trim())?.[1] ?? text;
}
function grokUserChunk(params) {
  const update = params?.update;
  if (update?.sessionUpdate !== "user_message_chunk" || update.content?.type !== "text" || typeof update.content.text !== "string") return void 0;
  const index = update._meta?.promptIndex;
  return { prompt: typeof index === "number" ? index : /* @__PURE__ */ Symbol(), text: update.content.text };
}
function readSessionMessages(file, host, io, maxBytes = TRANSCRIPT_TAIL_BYTES) {
  const real = checkedTranscriptPath(file, transcriptRoots(host, io), host);
  return userMessages(readTail(real, maxBytes));
}

// lib/hook/session-end.ts
function normalizeSessionEnd(raw) {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return void 0;
  const o = raw;
  const str2 = (...v) => v.find((x) => typeof x === "string" && x !== "");
  const cwd = str2(o.cwd, o.workspaceRoot, o.workspace_root);
  if (!cwd) return void 0;
  const transcriptPath = str2(o.transcript_path, o.transcriptPath);
  const messages = Array.isArray(o.messages) ? o.messages.filter((m) => typeof m === "string").slice(-500) : void 0;
  return {
    cwd,
    sessionId: (str2(o.session_id, o.sessionId) ?? "unknown").replace(/[^A-Za-z0-9._:-]/g, "_").slice(0, 80),
    ...transcriptPath ? { transcriptPath } : {},
    ...messages ? { messages } : {},
    subagent: str2(o.agent_id, o.subagentType, o.subagent_type) !== void 0
  };
}
async function runSessionEndHook(stdin, options, io) {
  let event;
  try {
    event = normalizeSessionEnd(JSON.parse(utf8Text(stdin)));
  } catch {
    event = void 0;
  }
  if (!event || !path4.isAbsolute(event.cwd)) return { status: "bad-input" };
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
      const model = command ? (prompt) => runLlmCommand({ command, prompt, timeoutMs, env: io.env, cwd: memoryDir }) : void 0;
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
      return { status: code === "E_PATH_ESCAPE" || code === "E_NOT_REGULAR" ? "refused" : "skipped", reason: err.message };
    }
  }
  if (fs2.existsSync(path4.join(memoryDir, ".git"))) result.syncStarted = startSync(event.cwd, io);
  return result;
}
function sessionMessages(event, host, io) {
  if (host === "opencode" && event.messages) return event.messages.map((text, i) => ({ n: i + 1, text: opencodeMessage(text) }));
  if (!event.transcriptPath) return [];
  return readSessionMessages(event.transcriptPath, host, io);
}
function detachSelf(stdin, host, io) {
  try {
    const child = spawn(process.execPath, [selfCli(), "hook", "session-end", "--host", host, "--foreground"], {
      cwd: io.cwd,
      env: io.env,
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
      env: io.env,
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

// lib/cli/hook.ts
var spec = {
  name: "hook",
  summary: commandSummary("hook"),
  positionals: [
    {
      name: "event",
      description: "user-prompt-submit, session-start, session-end or pre-compact",
      required: true,
      completes: ["user-prompt-submit", "session-start", "session-end", "pre-compact"]
    }
  ],
  flags: {
    host: { type: "string", valueName: "HOST", description: "claude, codex, generic, grok or opencode (default generic): budget and output shape" },
    "max-bytes": { type: "number", valueName: "N", description: "byte budget for the whole block (overrides the config file)" },
    "max-entries": { type: "number", valueName: "N", description: "entry budget (overrides the config file)" },
    foreground: { type: "boolean", description: "session-end: capture in this process and print what was staged (the hook itself detaches and returns at once)" },
    plugin: { type: "boolean", description: "run by the memctl plugin's hooks: hints name the plugin's commands (/memctl:mem-init)" }
  },
  exitCodes: {
    0: "done (also when there is no memory, no hit, or the store could not be read \u2014 the prompt is never blocked for those)",
    2: "usage error; or, for codex/generic/opencode, the prompt is blocked because the explicit memory selection is invalid"
  },
  notes: `stdin is the host's JSON payload ({"cwd": \u2026, "prompt": \u2026}; Grok's camelCase is accepted too). Hosts should wire the compiled
entry instead: node --preserve-symlinks-main <abs>/dist/hooks/user-prompt-submit.cjs --host <host> (no CLI start-up cost).
session-start (once per session): the compact plus every card written or removed since it, or without a compact the pinned
cards and the index in order, always complete (nothing is cut). Over [doctor] warn_bytes (--max-bytes sets the threshold for
this run) it says so in one line pointing at memctl doctor and logs one line. On Claude Code, when the store is Claude's own
auto-memory directory and auto memory is on, it prints only a note saying so (Claude already loads that MEMORY.md). In a git
project with no store it prints one line naming the step that starts one. A second wiring's run in the same session prints nothing.
Budget precedence: --max-bytes/--max-entries > [hook.<host>] > [hook] in the user config > host default (${defaultBudgetsText()}).
pre-compact: the host compacted or cleared the conversation (PreCompact, or SessionStart with source compact/clear):
the session's already-shown lines are forgotten, so relevant lines are injected again. Prints nothing.
session-end (SessionEnd; OpenCode's session.idle): stages what the user's own messages in the session's transcript
(transcript_path, read only under the host's transcript directories) say durably as proposals, never cards, at most
5 per session; then starts memctl sync --detach when the store is a git repository. Detaches and prints nothing;
[capture] enabled = false in the user config turns capture off.`,
  examples: [
    `echo '{"cwd":"'$PWD'","source":"startup"}' | memctl hook session-start --host codex`,
    `echo '{"cwd":"'$PWD'","prompt":"how do we deploy?"}' | memctl hook user-prompt-submit --host claude`
  ]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const event = args.positionals[0];
  if (event !== "user-prompt-submit" && event !== "session-start" && event !== "session-end" && event !== "pre-compact") {
    throw usageError(`unknown hook event "${event}"; the events are user-prompt-submit, session-start, session-end and pre-compact`);
  }
  const host = str(args, "host") ?? "generic";
  if (event === "session-start")
    return (await sessionStartCommand({ host, maxBytes: num(args, "max-bytes"), wiring: bool(args, "plugin") ? "plugin" : "install" }, keeperScript, io)).exitCode;
  if (!isHostName(host)) io.stderr.write(unknownHostNote(host));
  const input = await readHookInput(io);
  if (input.status !== "read") {
    const reason = inputRefusal(input);
    if (event === "pre-compact" || event === "session-end") {
      logHookError(io, `${event}: ${reason}`);
      return 0;
    }
    const refused = refusedInputOutcome(host, reason, io);
    if (refused.stdout) io.stdout.write(refused.stdout);
    if (refused.stderr) io.stderr.write(refused.stderr);
    return 0;
  }
  const stdin = input.bytes;
  if (event === "session-end") return sessionEnd(stdin, host, bool(args, "foreground"), io);
  if (event === "pre-compact") {
    let raw;
    try {
      raw = JSON.parse(stdin.toString("utf8"));
    } catch {
      raw = void 0;
    }
    const reset = resetFromPayload(raw, io);
    if (reset.status === "failed") logHookError(io, `session not reset: ${reset.message}`);
    return 0;
  }
  const result = await runUserPromptHook(stdin, { host, maxBytes: num(args, "max-bytes"), maxEntries: num(args, "max-entries") }, io);
  if (result.outcome.stdout) io.stdout.write(result.outcome.stdout);
  if (result.outcome.stderr) io.stderr.write(result.outcome.stderr);
  result.afterOutput?.();
  return result.outcome.exitCode;
}
async function sessionEnd(stdin, host, foreground, io) {
  try {
    const r = await runSessionEndHook(stdin, { host, foreground }, io);
    if (!foreground) return 0;
    const staged = r.capture?.staged ?? [];
    const what = r.status === "captured" ? `${staged.length} proposal(s) staged from ${r.capture.messages} user message(s) (${r.capture.pass})${staged.length > 0 ? "; review them: memctl review" : ""}` : `nothing captured: ${r.status}${r.reason ? ` (${r.reason})` : ""}`;
    io.stdout.write(`memctl hook session-end: ${inertText(what)}${r.syncStarted ? "; sync started" : ""}
`);
    for (const s of staged) io.stdout.write(`  ${s.id}  ${inertText(s.name)}: ${inertText(s.description)}
`);
    for (const s of r.capture?.skipped ?? []) io.stdout.write(`  not staged ${inertText(s.name)}: ${inertText(s.reason)}
`);
  } catch (err) {
    logHookError(io, `session end (${host}): ${err.message}`);
  }
  return 0;
}
function keeperScript() {
  let dir = path5.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 3; i++) {
    for (const candidate of [path5.join(dir, "hooks", "keeper.cjs"), path5.join(dir, "dist", "hooks", "keeper.cjs")]) if (fs3.existsSync(candidate)) return candidate;
    dir = path5.dirname(dir);
  }
  return void 0;
}
export {
  run,
  spec
};
