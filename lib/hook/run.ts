// The UserPromptSubmit hook as a library function: stdin bytes in, what to print and the exit code out.
// It never blocks a prompt: a failure, or an invalid explicit selection the user must fix, is reported in the block.
import fs from "node:fs";
import path from "node:path";
import { hostAdapter, HOSTS, type HookOutcome, type HostAdapter } from "../../hosts/index.js";
import { resolveBudget, resolveStoreBudget } from "../config/budget.js";
import { readConfig } from "../config/config.js";
import { displayDir, renderUnavailable, utf8Bytes } from "../core/block.js";
import type { Io } from "../store/io.js";
import type { BoundedInput, InputBounds } from "../store/bounded-input.js";
import { resolveMemory, type Resolution } from "../config/resolve.js";
import { buildInjection, type Injection } from "./inject.js";
import { isDirectory } from "../store/checked-fs.js";
import { countCardFiles } from "../store/card-count.js";
import { appendRotating } from "../store/safe-write.js";
import { INDEX_FILE, memctlStateHome } from "../store/paths.js";
import { utf8Text } from "../core/bytes.js";
import { rememberShown, seenFilter, startDedupe, whyRecord, withPointer, type Dedupe } from "./dedupe.js";
import { appendWhy } from "../store/why-log.js";
import { scopeAtFor } from "../config/scope-at.js";
import { fullCheckMaxFrom } from "../store/full-check.js";
import { keepStoreFresh } from "./keeper.js";
import { askKeeper } from "../rank-cache/keeper-ask.js";
import { keeperMinFrom } from "../rank-cache/keeper-lock.js";
import { parseJsonBounded } from "../core/json-bounded.js";
import { utcIso } from "../core/frecency.js";

/**
 * How long a prompt waits for its store's keeper to answer (keeper-ask.ts) before it stats every card itself: a
 * live keeper answers in ~1–3 ms here; a stopped one never does (bench/history/2026-12.md, h/watch).
 */
export const KEEPER_ANSWER_MS = 25;

/** KEEPER_ANSWER_MS, or MEMCTL_KEEPER_ANSWER_MS when it is a whole number (a test on a loaded machine). */
const keeperAnswerMs = (env: Record<string, string | undefined>) => (/^\d+$/.test(env.MEMCTL_KEEPER_ANSWER_MS ?? "") ? Number(env.MEMCTL_KEEPER_ANSWER_MS) : KEEPER_ANSWER_MS);

export interface HookOptions {
  host: string;
  maxBytes?: number;
  maxEntries?: number;
  /** The freshness keeper's entry (dist/hooks/keeper.cjs): given, a large store's keeper is renewed or started (afterOutput). */
  keeperScript?: string;
}

export type HookStatus =
  | "injected" // a block was printed
  | "observed" // (why log only) a block was printed for an observe-only host (Grok), which ignores it: no hits recorded
  | "no-hits" // store read, nothing relevant and nothing pinned
  | "repeat" // everything relevant or pinned was already injected in this session
  | "duplicate" // another wiring of the hook already runs this prompt in this session
  | "no-store" // no memory resolved, or an empty index
  | "bad-input" // stdin not a JSON payload with a prompt and an existing cwd
  | "unavailable" // the store exists but could not be read
  | "invalid-explicit"; // the selection is unusable: reported loudly in the UNAVAILABLE block until fixed

export interface HookResult {
  status: HookStatus;
  outcome: HookOutcome;
  resolution?: Resolution;
  injection?: Injection;
  /** Work for after the block is printed (the keeper's renewal or start): the prompt never waits for it. */
  afterOutput?: () => void;
}

const NOTHING: HookOutcome = { stdout: "", stderr: "", exitCode: 0 };

export async function runUserPromptHook(stdin: Uint8Array | string, options: HookOptions, io: Io): Promise<HookResult> {
  const host = hostAdapter(options.host) ?? HOSTS.generic;
  let payload;
  try {
    payload = host.normalize(parseJsonBounded(typeof stdin === "string" ? stdin : utf8Text(stdin)));
  } catch {
    payload = undefined;
  }
  if (!payload || !payload.cwd || !path.isAbsolute(payload.cwd) || !isDirectory(payload.cwd)) return { status: "bad-input", outcome: NOTHING };

  const config = readConfig(io);
  let resolution: Resolution;
  try {
    resolution = resolveMemory({ repoRoot: payload.cwd, allowNonGit: true, compatibility: true }, io, config);
  } catch (err) {
    return unavailable(host, `cannot resolve the memory store: ${(err as Error).message}`, io);
  }
  for (const warning of resolution.warnings ?? []) logHookError(io, warning);
  if (resolution.status === "invalid-explicit") {
    // Never block the prompt (DESIGN: the hook never blocks); say it loudly in the block and the host's log instead.
    const reason = `memory selection is invalid — ${resolution.reason}; "memctl resolve --repo-root ${resolution.repo_root}" shows it`;
    return { ...unavailable(host, reason, io), status: "invalid-explicit", resolution };
  }
  // Another project's legacy store under this project's Claude folder name: say so rather than stay silent.
  if (resolution.legacy_owner !== undefined) return { ...unavailable(host, resolution.reason, io), resolution };
  if (resolution.status !== "resolved" || !resolution.memory_dir) return { status: "no-store", outcome: NOTHING, resolution };

  const memoryDir = resolution.memory_dir;
  // Asked first, answered while this process reads its config and session state (the keeper runs beside it).
  const keeperAnswer = config.value.keeper !== false ? askKeeper(memoryDir, keeperAnswerMs(io.env)) : undefined;
  // A keeper that answered counts the question as a prompt (lib/rank-cache/keeper.ts): it needs no renewal after
  // the block (a lock read, a /proc read, an lstat and a utimes: ~0.4 ms of every prompt's CPU).
  let answered = false;
  void keeperAnswer?.then((a) => (answered = a !== undefined));
  // The why record names the budget the block was built with (reassigned below once the native index is known).
  let budget = resolveBudget({ host: host.name, cliMaxBytes: options.maxBytes, cliMaxEntries: options.maxEntries, config: config.value });
  const now = io.now();
  const fullCheckMax = fullCheckMaxFrom(io.env);
  // Deduplication only where earlier blocks stay in the conversation (hosts/types.ts keepsContext) and the
  // payload names a session.
  const dedupe: Dedupe = host.keepsContext ? startDedupe(memoryDir, host.name, payload.sessionId, payload.prompt, now.getTime(), io) : {};
  if (dedupe.error) logHookError(io, `session state not used: ${dedupe.error}`);
  const why = (status: HookStatus, bytes: number, injection?: Injection) => {
    try {
      const record = whyRecord({
        host: host.name,
        ...(payload.sessionId ? { sessionId: payload.sessionId } : {}),
        prompt: payload.prompt,
        ...(dedupe.view ? { promptHash: dedupe.view.promptHash } : {}),
        logPrompt: config.value.logPrompts === true,
        status,
        bytes,
        budget,
        now,
        ...(injection ? { injection } : {}),
        ...(dedupe.error ? { dedupeError: dedupe.error } : {}),
      });
      appendWhy(memoryDir, record);
    } catch (err) {
      logHookError(io, `why log not written: ${(err as Error).message}`);
    }
  };
  const storeBudget = () =>
    resolveStoreBudget({ host: host.name, cliMaxBytes: options.maxBytes, cliMaxEntries: options.maxEntries, config: config.value }, { ...resolution, memory_dir: memoryDir }, io);
  if (dedupe.view?.duplicate) {
    try {
      budget = storeBudget(); // the record names the budget this store's other runs name, not the host's bare default
    } catch {
      // the config's budget stays in the record; the prompt is never blocked for it
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
      ...(skipLine ? { skipLine } : {}),
      fullCheckMax,
      ...(keeperAnswer ? { keeperAnswer } : {}),
    });
    // A store whose prompts trust a recent full check gets a keeper making one (lib/rank-cache/keeper.ts), and one
    // past KEEPER_MIN a keeper answering its prompts, unless the user turned it off ([hook] keeper = false).
    const script = options.keeperScript;
    const afterOutput =
      script && config.value.keeper !== false && !answered && injection.store.entryCount > keeperMinFrom(io.env)
        ? { afterOutput: () => void keepStoreFresh(memoryDir, script, io, (m) => logHookError(io, m)) }
        : {};
    // Recording hits is skipped, never fatal (a full disk, a link under .memctl/): the prompt still gets its block.
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
    if ((err as NodeJS.ErrnoException).code === "ENOENT" && isDirectory(resolution.memory_dir)) {
      // Cards without their index are memory that cannot be ranked, not "no memory".
      const missing = missingIndexReason(resolution.memory_dir);
      return missing ? { ...unavailable(host, missing, io), resolution } : { status: "no-store", outcome: NOTHING, resolution };
    }
    return { ...unavailable(host, describe(err), io), resolution };
  }
}

/** The hook's bound on waiting for stdin: past it the entry prints the UNAVAILABLE block and exits 0. */
export const HOOK_DEADLINE_MS = 2_000;

/**
 * The most stdin a hook reads: 8 MiB. A payload is a prompt plus a few short fields (session id, transcript path,
 * cwd), and a prompt fits the model's context window: a million tokens is about 4 MB of text, and pasted logs
 * grow at most a few times under JSON escaping. Larger input is refused (UNAVAILABLE block, hook.log, exit 0).
 */
export const HOOK_INPUT_MAX_BYTES = 8 * 1024 * 1024;

export const HOOK_INPUT_BOUNDS: InputBounds = { maxBytes: HOOK_INPUT_MAX_BYTES, deadlineMs: HOOK_DEADLINE_MS };

/** A hook's stdin within HOOK_INPUT_BOUNDS; an injected io without a bounded reader is checked for size only. */
export async function readHookInput(io: Io): Promise<BoundedInput> {
  if (io.readInput) return io.readInput(HOOK_INPUT_BOUNDS);
  const bytes = io.readStdin ? await io.readStdin() : Buffer.alloc(0);
  return bytes.length > HOOK_INPUT_MAX_BYTES ? { status: "over", seen: bytes.length, ended: true } : { status: "read", bytes };
}

/** Why a hook refused its input: over its size bound, or still open at the deadline. */
export function inputRefusal(input: Exclude<BoundedInput, { status: "read" }>): string {
  if (input.status === "over") {
    const seen = `${input.seen} bytes ${input.ended ? "arrived" : `arrived within ${HOOK_DEADLINE_MS} ms and it was still open`}`;
    return `hook input over ${HOOK_INPUT_MAX_BYTES} bytes (${seen}); memory was not consulted`;
  }
  return `hook input did not end within ${HOOK_DEADLINE_MS} ms (${input.seen} bytes arrived); memory was not consulted`;
}

/** What a hook prints for refused input: the UNAVAILABLE block in the host's per-prompt (or session-start) shape, logged. */
export function refusedInputOutcome(hostName: string, reason: string, io: Io, event: "prompt" | "session-start" = "prompt"): HookOutcome {
  const host = hostAdapter(hostName) ?? HOSTS.generic;
  if (event === "session-start") {
    logHookError(io, `session start: ${reason}`);
    return host.sessionContext(renderUnavailable(reason));
  }
  return unavailable(host, reason, io).outcome;
}

function unavailable(host: HostAdapter, reason: string, io: Io): HookResult {
  logHookError(io, reason);
  return { status: "unavailable", outcome: host.unavailable(renderUnavailable(reason), reason) };
}

function describe(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return e?.code && e.path ? `${e.code} ${e.path}` : e instanceof Error ? e.message : String(err);
}

/** The hook's error log: $XDG_STATE_HOME/memctl/hook.log, else <home>/.local/state/memctl/hook.log. Never throws. */
export function hookLogPath(io: Pick<Io, "env" | "home">): string {
  return path.join(memctlStateHome(io), "hook.log");
}

/** A hook log line's message is cut past this many characters, and the log rotates past HOOK_LOG_CAP_BYTES. */
const HOOK_LOG_LINE_CHARS = 4096;
const HOOK_LOG_CAP_BYTES = 1024 * 1024;

/** Messages quote payload fields (a transcript path, a cwd) that may be megabytes: each line and the log are bounded. */
export function logHookError(io: Io, message: string): void {
  try {
    const file = hookLogPath(io);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const flat = message.replace(/\s+/g, " ");
    const line = flat.length > HOOK_LOG_LINE_CHARS ? `${flat.slice(0, HOOK_LOG_LINE_CHARS)}… (${flat.length - HOOK_LOG_LINE_CHARS} more characters)` : flat;
    appendRotating(file, Buffer.from(`${utcIso(io.now())}\t${line}\n`, "utf8"), HOOK_LOG_CAP_BYTES, path.join(path.dirname(file), "hook.1.log"));
  } catch {
    // Logging must never turn into a hook failure.
  }
}

/** When MEMORY.md is missing but the directory holds cards: the reason to report (else undefined: no memory). */
export function missingIndexReason(memoryDir: string): string | undefined {
  let cards: number;
  try {
    cards = countCardFiles(memoryDir); // doctor's count too (lib/reports/open.ts)
  } catch {
    return undefined;
  }
  if (cards === 0) return undefined;
  return `memory exists, its index is missing: ${memoryDir} holds ${cards} card ${cards === 1 ? "file" : "files"} but no ${INDEX_FILE}; run memctl doctor`;
}
