import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  appendWhy
} from "./hook-why-log.mjs";
import {
  buildInjection,
  scopeAtFor
} from "./config-scope-at.mjs";
import {
  resolveBudget,
  resolveStoreBudget
} from "./config-budget.mjs";
import {
  lineKey
} from "./core-line-key.mjs";
import {
  BLOCK_CLOSE,
  blockText,
  displayDir,
  renderUnavailable,
  utf8Bytes
} from "./core-block.mjs";
import {
  fullCheckMaxFrom
} from "./store-full-check.mjs";
import {
  appendBytes,
  hostname,
  lockHolder,
  openAppend,
  processAlive,
  realDir,
  replaceFile,
  tryStoreLock
} from "./store-lock.mjs";
import {
  resolveMemory
} from "./config-project.mjs";
import {
  HOSTS,
  hostAdapter,
  readConfig
} from "./config-config-keys.mjs";
import {
  sha256Hex
} from "./core-sha256.mjs";
import {
  INDEX_FILE,
  STATE_DIR,
  joinPath,
  memctlStateHome
} from "./store-paths.mjs";
import {
  close,
  encodeUtf8,
  fstat,
  lstatIfExists,
  readAt,
  readRegular,
  readdirNames,
  statIfExists,
  utf8Text,
  utimes,
  writeBytes
} from "./core-bytes.mjs";

// lib/hook/run.ts
import fs3 from "node:fs";
import path2 from "node:path";

// lib/hook/session-state.ts
import fs from "node:fs";
var SESSIONS_FILE = "sessions.log";
var SESSION_TTL_MS = 12 * 60 * 60 * 1e3;
var DUPLICATE_WINDOW_MS = 1e4;
var COMPACT_AT_BYTES = 64 * 1024;
var READ_CAP = 1024 * 1024;
var MAX_SESSIONS = 32;
var MAX_LINES_PER_SESSION = 512;
var SESSIONS_LOCK = "sessions-lock";
function shortHash(text) {
  return sha256Hex(text).slice(0, 16);
}
function sessionsFile(memoryDir) {
  return joinPath(memoryDir, STATE_DIR, SESSIONS_FILE);
}
function beginSession(memoryDir, sessionId, prompt, nowMs) {
  const file = joinPath(realDir(memoryDir, STATE_DIR), SESSIONS_FILE);
  const session = shortHash(sessionId);
  const promptHash = shortHash(prompt);
  const nonce = `${process.pid.toString(36)}.${Math.floor(Math.random() * 2147483647).toString(36)}`;
  appendRecord(file, `${nowMs}	${session}	c	${promptHash} ${nonce}
`);
  const { seen, duplicate } = readSession(readRegular(file, READ_CAP, { nofollow: true }).bytes, session, promptHash, nonce, nowMs);
  return { memoryDir, file, session, promptHash, nowMs, seen, duplicate };
}
function recordShown(view, keys) {
  if (keys.length === 0) return;
  const size = appendRecord(view.file, `${view.nowMs}	${view.session}	s	${keys.join(" ")}
`);
  if (size > COMPACT_AT_BYTES) compactSessions(view.memoryDir, view.nowMs);
}
function forgetSession(memoryDir, sessionId, nowMs, reason = "reset") {
  const file = joinPath(realDir(memoryDir, STATE_DIR), SESSIONS_FILE);
  appendRecord(file, `${nowMs}	${shortHash(sessionId)}	r	${reason.replace(/\s+/g, "-")}
`);
}
function markShown(memoryDir, sessionId, texts, nowMs) {
  if (texts.length === 0) return;
  const file = joinPath(realDir(memoryDir, STATE_DIR), SESSIONS_FILE);
  appendRecord(file, `${nowMs}	${shortHash(sessionId)}	s	${texts.map(lineKey).join(" ")}
`);
}
function* records(bytes) {
  const text = utf8Text(bytes);
  let start = 0;
  for (; ; ) {
    const end = text.indexOf("\n", start);
    if (end < 0) return;
    const rec = parseRecord(text.slice(start, end));
    start = end + 1;
    if (rec) yield rec;
  }
}
function parseRecord(line) {
  const parts = line.split("	");
  if (parts.length !== 4) return void 0;
  const t = Number(parts[0]);
  if (!Number.isFinite(t) || !/^[0-9a-f]{16}$/.test(parts[1])) return void 0;
  return { t, session: parts[1], kind: parts[2], data: parts[3] };
}
function* sessionRecords(bytes, session) {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const needle = `	${session}	`;
  let from = 0;
  for (; ; ) {
    const at = buf.indexOf(needle, from, "latin1");
    if (at < 0) return;
    const start = buf.lastIndexOf(10, at) + 1;
    const end = buf.indexOf(10, at);
    if (end < 0) return;
    const rec = parseRecord(utf8Text(bytes.subarray(start, end)));
    if (rec) yield rec;
    from = end + 1;
  }
}
function readSession(bytes, session, promptHash, nonce, nowMs) {
  let seen = /* @__PURE__ */ new Set();
  let duplicate = false;
  let ownClaimSeen = false;
  for (const r of sessionRecords(bytes, session)) {
    if (r.session !== session) continue;
    if (r.kind === "r") {
      seen = /* @__PURE__ */ new Set();
      continue;
    }
    if (nowMs - r.t > SESSION_TTL_MS) continue;
    if (r.kind === "s") {
      for (const k of r.data.split(" ")) if (k) seen.add(k);
    } else if (r.kind === "c") {
      const [hash, by] = r.data.split(" ");
      if (by === nonce) ownClaimSeen = true;
      else if (!ownClaimSeen && hash === promptHash && Math.abs(nowMs - r.t) <= DUPLICATE_WINDOW_MS) duplicate = true;
    }
  }
  return { seen, duplicate: duplicate && ownClaimSeen };
}
function appendRecord(file, line) {
  const data = encodeUtf8(line);
  for (let attempt = 0; ; attempt++) {
    const fd = openAppend(file);
    try {
      let written = 0;
      while (written < data.length) written += writeBytes(fd, data, written, data.length - written);
      const mine = fstat(fd);
      const now = lstatIfExists(file);
      if (attempt >= 3 || now !== void 0 && now.ino === mine.ino) return mine.size;
    } finally {
      close(fd);
    }
  }
}
function compactSessions(memoryDir, nowMs) {
  const file = sessionsFile(memoryDir);
  const held = tryStoreLock(memoryDir, { name: SESSIONS_LOCK });
  if (!held) return;
  try {
    const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
    try {
      const first = readFrom(fd, 0);
      const compacted = encodeUtf8(compactText(first, nowMs));
      const second = readFrom(fd, first.length);
      replaceFile(file, concat(compacted, second), `${file}.${process.pid}.tmp`);
      const late = readFrom(fd, first.length + second.length);
      if (late.length > 0) appendRecord(file, utf8Text(late));
    } finally {
      close(fd);
    }
  } finally {
    held.release();
  }
}
function readFrom(fd, position) {
  const size = fstat(fd).size;
  if (size <= position) return new Uint8Array(0);
  const buf = new Uint8Array(size - position);
  let length = 0;
  while (length < buf.length) {
    const n = readAt(fd, buf, length, buf.length - length, position + length);
    if (n === 0) break;
    length += n;
  }
  const lastNewline = buf.subarray(0, length).lastIndexOf(10);
  return buf.subarray(0, lastNewline + 1);
}
function concat(a, b) {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
function compactText(bytes, nowMs) {
  const sessions = /* @__PURE__ */ new Map();
  for (const r of records(bytes)) {
    if (r.kind === "r") {
      sessions.delete(r.session);
      continue;
    }
    if (nowMs - r.t > SESSION_TTL_MS) continue;
    let s = sessions.get(r.session);
    if (!s) sessions.set(r.session, s = { last: r.t, lines: /* @__PURE__ */ new Map(), claims: [] });
    s.last = Math.max(s.last, r.t);
    if (r.kind === "s") {
      for (const k of r.data.split(" ")) if (k) s.lines.set(k, r.t);
    }
    if (r.kind === "c" && nowMs - r.t <= DUPLICATE_WINDOW_MS) s.claims.push(r);
  }
  const kept = [...sessions.entries()].sort((x, y) => y[1].last - x[1].last).slice(0, MAX_SESSIONS);
  let out = "";
  for (const [session, s] of kept) {
    const lines = [...s.lines.entries()].sort((x, y) => x[1] - y[1]).slice(-MAX_LINES_PER_SESSION);
    for (let i = 0; i < lines.length; i += 64) {
      const chunk = lines.slice(i, i + 64);
      out += `${chunk[chunk.length - 1][1]}	${session}	s	${chunk.map(([k]) => k).join(" ")}
`;
    }
    for (const c of s.claims) out += `${c.t}	${session}	c	${c.data}
`;
  }
  return out;
}

// lib/hook/dedupe.ts
function startDedupe(memoryDir, sessionId, prompt, nowMs) {
  if (!sessionId) return {};
  try {
    return { view: beginSession(memoryDir, sessionId, prompt, nowMs) };
  } catch (err) {
    return { error: err.message };
  }
}
function seenFilter(dedupe) {
  const seen = dedupe.view?.seen;
  return seen && seen.size > 0 ? (line) => seen.has(keyOf(line)) : void 0;
}
function keyOf(line) {
  return line.key ?? lineKey(line.text);
}
var POINTER_NAMES = 4;
function withPointer(text, skipped, budget, ceiling) {
  if (text === "") return text;
  const files = [...new Set(skipped.map((l) => l.file))];
  if (files.length === 0) return text;
  const more = files.length > POINTER_NAMES ? `, +${files.length - POINTER_NAMES} more` : "";
  const pointer = `(also relevant, shown earlier this session: ${files.slice(0, POINTER_NAMES).map((f) => blockText(f)).join(", ")}${more})
`;
  const closing = BLOCK_CLOSE + "\n";
  if (!text.endsWith(closing) || Buffer.byteLength(text) + Buffer.byteLength(pointer) > Math.min(budget.maxBytes, ceiling)) return text;
  return text.slice(0, text.length - closing.length) + pointer + closing;
}
function rememberShown(dedupe, printed) {
  if (!dedupe.view) return void 0;
  try {
    recordShown(dedupe.view, printed.map(keyOf));
    return void 0;
  } catch (err) {
    return err.message;
  }
}
function whyRecord(input) {
  const inj = input.injection;
  const lines = [];
  if (inj && input.bytes > 0) {
    for (const l of inj.composed.always) lines.push({ file: l.file, rule: "pinned (priority: always)", bytes: Buffer.byteLength(l.text) + 1 });
    for (const l of inj.composed.lines) {
      const r = inj.rankedOf(l);
      const terms = r ? r.matches.map((m) => `${m.term}(${m.fields.join(",")})`).join(" ") : "";
      lines.push({
        file: l.file,
        rule: r ? `${r.tier}${terms ? ": " + terms : ""}${r.sink ? `; ${r.sink}` : ""}` : "relevant",
        ...r ? { score: Math.round(r.score * 1e3) / 1e3 } : {},
        bytes: Buffer.byteLength(l.text) + 1
      });
    }
  }
  const shown = inj ? [...new Set([...inj.skippedPinned, ...inj.skipped].map((l) => l.file))] : [];
  return {
    at: input.now.toISOString(),
    host: input.host,
    ...input.sessionId ? { session: input.sessionId } : {},
    prompt_hash: input.promptHash ?? shortHash(input.prompt),
    ...input.logPrompt ? { prompt: input.prompt } : {},
    status: input.status,
    bytes: input.bytes,
    budget: { max_bytes: input.budget.maxBytes, max_entries: input.budget.maxEntries },
    lines,
    ...shown.length > 0 ? { already_shown: shown } : {},
    ...input.dedupeError ? { dedupe_error: input.dedupeError } : {}
  };
}

// lib/hook/keeper.ts
import fs2 from "node:fs";
import path from "node:path";

// lib/rank-cache/keeper-lock.ts
var KEEPER_LOCK = "keeper";
var KEEPER_LOCK_STALE_MS = 6e3;

// lib/hook/keeper.ts
var LIVE_HEARTBEAT_MS = KEEPER_LOCK_STALE_MS * 10;
function keepStoreFresh(memoryDir, script, io, log) {
  try {
    const now = io.now().getTime();
    const holder = lockHolder(memoryDir, KEEPER_LOCK);
    const age = holder ? now - holder.heartbeatMs : Number.POSITIVE_INFINITY;
    if (holder && age < LIVE_HEARTBEAT_MS && (processAlive(holder.pid) || age < KEEPER_LOCK_STALE_MS && holder.host !== hostname())) {
      utimes(holder.ownerFile, now);
      return { status: "renewed" };
    }
    try {
      fs2.accessSync(path.join(memoryDir, STATE_DIR), fs2.constants.W_OK);
    } catch {
      return { status: "skipped" };
    }
    const { spawn } = process.getBuiltinModule("node:child_process");
    const child = spawn(process.execPath, [script, memoryDir], {
      detached: true,
      stdio: "ignore",
      windowsHide: true,
      env: io.env,
      // Not the project's directory, nor the store's: a background process should pin neither.
      cwd: path.parse(memoryDir).root
    });
    child.on("error", (err) => log(`keeper not started: ${err.message}`));
    child.unref();
    if (child.pid !== void 0) log(`keeper ${child.pid} for ${memoryDir}: spawned`);
    return { status: "started", pid: child.pid };
  } catch (err) {
    log(`keeper not renewed: ${err.message}`);
    return { status: "failed" };
  }
}

// lib/hook/run.ts
var NOTHING = { stdout: "", stderr: "", exitCode: 0 };
async function runUserPromptHook(stdin, options, io) {
  const host = hostAdapter(options.host) ?? HOSTS.generic;
  let payload;
  try {
    payload = host.normalize(JSON.parse(typeof stdin === "string" ? stdin : utf8Text(stdin)));
  } catch {
    payload = void 0;
  }
  if (!payload || !payload.cwd || !path2.isAbsolute(payload.cwd) || !isDirectory(payload.cwd)) return { status: "bad-input", outcome: NOTHING };
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
  if (resolution.status !== "resolved" || !resolution.memory_dir) return { status: "no-store", outcome: NOTHING, resolution };
  const memoryDir = resolution.memory_dir;
  let budget = resolveBudget({ host: host.name, cliMaxBytes: options.maxBytes, cliMaxEntries: options.maxEntries, config: config.value });
  const now = io.now();
  const fullCheckMax = fullCheckMaxFrom(io.env);
  const dedupe = host.keepsContext ? startDedupe(memoryDir, payload.sessionId, payload.prompt, now.getTime()) : {};
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
      fullCheckMax
    });
    const script = options.keeperScript;
    const afterOutput = script && config.value.keeper !== false && injection.store.entryCount > fullCheckMax ? { afterOutput: () => void keepStoreFresh(memoryDir, script, io, (m) => logHookError(io, m)) } : {};
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
  return path2.join(memctlStateHome(io), "hook.log");
}
function logHookError(io, message) {
  try {
    const file = hookLogPath(io);
    fs3.mkdirSync(path2.dirname(file), { recursive: true });
    appendBytes(file, Buffer.from(`${io.now().toISOString()}	${message.replace(/\s+/g, " ")}
`, "utf8"));
  } catch {
  }
}
function missingIndexReason(memoryDir) {
  let names;
  try {
    names = readdirNames(memoryDir);
  } catch {
    return void 0;
  }
  const cards = names.filter((n) => n.endsWith(".md") && n !== INDEX_FILE && !n.startsWith(".")).length;
  if (cards === 0) return void 0;
  return `memory exists, its index is missing: ${memoryDir} holds ${cards} card ${cards === 1 ? "file" : "files"} but no ${INDEX_FILE}; run memctl doctor`;
}
function isDirectory(p) {
  try {
    return statIfExists(p)?.isDirectory() ?? false;
  } catch {
    return false;
  }
}

export {
  beginSession,
  forgetSession,
  markShown,
  keepStoreFresh,
  runUserPromptHook,
  readHookInput,
  inputRefusal,
  refusedInputOutcome,
  logHookError,
  missingIndexReason
};
