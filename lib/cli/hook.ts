import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defaultBudgetsText } from "../config/budget.js";
import { isHostName } from "../../hosts/index.js";
import { inputRefusal, logHookError, readHookInput, refusedInputOutcome, runUserPromptHook } from "../hook/run.js";
import { resetFromPayload } from "../hook/reset.js";
import { sessionStartCommand, unknownHostNote } from "../hook/session-start-command.js";
import { runSessionEndHook } from "../hook/session-end.js";
import type { Io } from "../store/io.js";
import { usageError } from "../core/errors.js";
import { inertText } from "../core/sanitize.js";
import { bool, num, parseArgs, str, type CommandSpec } from "./args.js";
import { commandSummary } from "./command-summary.js";
import { parseJsonBounded } from "../core/json-bounded.js";

export const spec: CommandSpec = {
  name: "hook",
  summary: commandSummary("hook"),
  positionals: [
    {
      name: "event",
      description: "user-prompt-submit, session-start, session-end or pre-compact",
      required: true,
      completes: ["user-prompt-submit", "session-start", "session-end", "pre-compact"],
    },
  ],
  flags: {
    host: { type: "string", valueName: "HOST", description: "claude, codex, generic, grok or opencode (default generic): budget and output shape" },
    "max-bytes": { type: "number", valueName: "N", description: "byte budget for the whole block (overrides the config file)" },
    "max-entries": { type: "number", valueName: "N", description: "entry budget (overrides the config file)" },
    foreground: {
      type: "boolean",
      description: "session-end: capture in this process and print what was staged and how many proposals wait in total (the hook itself detaches and returns at once)",
    },
    plugin: { type: "boolean", description: "run by the memctl plugin's hooks: hints name the plugin's commands (/memctl:mem-init)" },
  },
  exitCodes: {
    0: "done (also when there is no memory, no hit, or the store could not be read — the prompt is never blocked for those)",
    2: "usage error; or, for codex/generic/opencode, the prompt is blocked because the explicit memory selection is invalid",
  },
  notes:
    'stdin is the host\'s JSON payload ({"cwd": …, "prompt": …}; Grok\'s camelCase is accepted too). Hosts should wire the compiled\n' +
    "entry instead: node --preserve-symlinks-main <abs>/dist/hooks/user-prompt-submit.cjs --host <host> (no CLI start-up cost).\n" +
    "session-start (once per session): the compact plus every card written or removed since it, or without a compact the pinned\n" +
    "cards and the index in order, always complete (nothing is cut). Over [doctor] warn_bytes (--max-bytes sets the threshold for\n" +
    "this run) it says so in one line pointing at memctl doctor and logs one line. On Claude Code, when the store is Claude's own\n" +
    "auto-memory directory and auto memory is on, it prints only a note saying so (Claude already loads that MEMORY.md). In a git\n" +
    "project with no store it prints one line naming the step that starts one. A second wiring's run in the same session prints nothing.\n" +
    `Budget precedence: --max-bytes/--max-entries > [hook.<host>] > [hook] in the user config > host default (${defaultBudgetsText()}).\n` +
    "pre-compact: the host compacted or cleared the conversation (PreCompact, or SessionStart with source compact/clear):\n" +
    "the session's already-shown lines are forgotten, so relevant lines are injected again. Prints nothing.\n" +
    "session-end (SessionEnd; OpenCode's session.idle): stages what the user's own messages in the session's transcript\n" +
    "(transcript_path, read only under the host's transcript directories) say durably as proposals, never cards, at most\n" +
    "5 per session; then starts memctl sync --detach when the store is a git repository. Detaches and prints nothing;\n" +
    "[capture] enabled = false in the user config turns capture off.",
  examples: [
    `echo '{"cwd":"'$PWD'","source":"startup"}' | memctl hook session-start --host codex`,
    `echo '{"cwd":"'$PWD'","prompt":"how do we deploy?"}' | memctl hook user-prompt-submit --host claude`,
  ],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const event = args.positionals[0];
  if (event !== "user-prompt-submit" && event !== "session-start" && event !== "session-end" && event !== "pre-compact") {
    throw usageError(`unknown hook event "${event}"; the events are user-prompt-submit, session-start, session-end and pre-compact`);
  }
  const host = str(args, "host") ?? "generic";
  // What bin.ts starts without the CLI for the wired flags: one body either way (lib/hook/session-start-command.ts).
  if (event === "session-start")
    return (await sessionStartCommand({ host, maxBytes: num(args, "max-bytes"), wiring: bool(args, "plugin") ? "plugin" : "install" }, keeperScript, io)).exitCode;
  if (!isHostName(host)) io.stderr.write(unknownHostNote(host));
  // The same bounds as the compiled entry: past 8 MiB, or still open after 2 s, the input is refused (exit 0).
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
  // SessionStart resets its session itself, after checking that no other wiring already ran it.
  if (event === "pre-compact") {
    let raw: unknown;
    try {
      raw = parseJsonBounded(stdin.toString("utf8"));
    } catch {
      raw = undefined;
    }
    // A compacted conversation starts its session afresh.
    // Never fails the host: a fault is logged where the hook logs its own.
    const reset = resetFromPayload(raw, host, io);
    if (reset.status === "failed") logHookError(io, `session not reset: ${reset.message}`);
    return 0;
  }
  const result = await runUserPromptHook(stdin, { host, maxBytes: num(args, "max-bytes"), maxEntries: num(args, "max-entries") }, io);
  if (result.outcome.stdout) io.stdout.write(result.outcome.stdout);
  if (result.outcome.stderr) io.stderr.write(result.outcome.stderr);
  result.afterOutput?.();
  return result.outcome.exitCode;
}

/** Never fails the host: whatever happens is logged, and the exit is 0. With --foreground, one line says what was staged and what waits in all. */
async function sessionEnd(stdin: Uint8Array, host: string, foreground: boolean, io: Io): Promise<number> {
  try {
    const r = await runSessionEndHook(stdin, { host, foreground }, io);
    if (!foreground) return 0;
    const staged = r.capture?.staged ?? [];
    const done =
      r.status === "captured"
        ? `${staged.length} proposal(s) staged from ${r.capture!.messages} user message(s) (${r.capture!.pass})`
        : `nothing captured: ${r.status}${r.reason ? ` (${r.reason})` : ""}`;
    const waiting = r.pending !== undefined ? `; ${r.pending} pending in total` : "";
    const next = (r.pending ?? staged.length) > 0 ? "; review them: memctl review" : "";
    const what = done + waiting + next;
    io.stdout.write(`memctl hook session-end: ${inertText(what)}${r.syncStarted ? "; sync started" : ""}\n`);
    for (const s of staged) io.stdout.write(`  ${s.id}  ${inertText(s.name)}: ${inertText(s.description)}\n`);
    for (const s of r.capture?.skipped ?? []) io.stdout.write(`  not staged ${inertText(s.name)}: ${inertText(s.reason)}\n`);
  } catch (err) {
    logHookError(io, `session end (${host}): ${(err as Error).message}`);
  }
  return 0;
}

/**
 * The freshness keeper's entry session start starts for a large store: dist/hooks/keeper.cjs, beside this bundle's
 * directory (dist/ installed, dist/lib/cli/ in the plugin) or under dist/ from a checkout running the sources.
 */
function keeperScript(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 3; i++) {
    for (const candidate of [path.join(dir, "hooks", "keeper.cjs"), path.join(dir, "dist", "hooks", "keeper.cjs")]) if (fs.existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}
