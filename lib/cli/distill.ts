import { readConfig } from "../config/config.js";
import { DEFAULT_LLM_TIMEOUT_SECONDS } from "../compact/run.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import type { Io } from "../store/io.js";
import { runLlmCommand } from "../compact/generate.js";
import { distillPrompt, parseCandidates, stageCandidates } from "../proposals/distill-llm.js";
import { ownerLanguages } from "../keys/prompt-languages.js";
import { DISTILL_STATE, distillContext, markDistilled, type DistillContext } from "../proposals/distill.js";
import { inertText } from "../core/sanitize.js";
import { secretPolicy } from "../records/secrets.js";
import { bool, num, parseArgs, str, type CommandSpec } from "./args.js";
import { colorsFor, printJson } from "./output.js";
import { ACTOR_FLAGS, actorFrom, JSON_FLAG, requireStore, STORE_FLAGS } from "./store-access.js";
import { commandSummary } from "./command-summary.js";
import { asJob } from "./ledger.js";

export const spec: CommandSpec = {
  name: "distill",
  summary: commandSummary("distill"),
  flags: {
    all: { type: "boolean", description: "show every episode, ignoring the watermark" },
    "max-episodes": { type: "number", valueName: "N", description: "only the newest N episodes since the watermark" },
    mark: { type: "string", valueName: "TS", description: "record that episodes up to TS (the watermark.next of a run) are distilled" },
    llm: { type: "boolean", description: "run [compact] llm_command on this context and stage its candidates as proposals" },
    ...ACTOR_FLAGS,
    ...STORE_FLAGS,
    ...JSON_FLAG,
  },
  exitCodes: {
    0: "context printed, watermark marked, or candidates staged",
    1: "--llm failed (nothing staged), or no store",
    2: "usage error",
    3: "invalid explicit memory selection",
  },
  notes:
    "What /mem-distill reads: the index lines (what is known), the episodes since the last distill, and the four tiers' conventions.\n" +
    `Read-only, except --mark and --llm, which move the watermark (${DISTILL_STATE}). Nothing writes a card: candidates are staged\n` +
    "with memctl propose, and the owner decides with memctl review / accept / reject.",
  examples: ["memctl distill --json", "memctl distill --mark 2026-12-02T10:00:00.000Z", "memctl distill --llm"],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const { memoryDir } = requireStore(args, io);
  const json = bool(args, "json");
  const actor = actorFrom(args, io);
  const mark = str(args, "mark");
  if (mark !== undefined) {
    if (bool(args, "llm")) throw usageError("--mark and --llm cannot be combined (--llm marks by itself)");
    if (!Number.isFinite(Date.parse(mark))) throw usageError(`--mark ${mark} is not a timestamp; pass the watermark.next value distill printed`);
    const w = await markDistilled(memoryDir, mark, actor, io.now());
    if (json) printJson(io, { memory_dir: memoryDir, watermark: w });
    else io.stdout.write(`${colorsFor(io).green("✓")} episodes through ${w.through} are marked distilled (${DISTILL_STATE})\n`);
    return 0;
  }
  const settings = readConfig(io).value;
  const owner = ownerLanguages(memoryDir, settings.recall?.languages);
  const ctx = await distillContext(memoryDir, { all: bool(args, "all"), maxEpisodes: num(args, "max-episodes"), owner, now: io.now() });
  if (!bool(args, "llm")) {
    if (json) printJson(io, ctx);
    else io.stdout.write(renderContext(ctx));
    return 0;
  }
  const config = settings.compact ?? {};
  const command = config.llm_command && config.llm_command.length > 0 ? config.llm_command : undefined;
  if (!command)
    throw new MemctlError(
      ERROR_CODES.E_COMPACT_LLM,
      '--llm: no [compact] llm_command is configured; nothing was staged (set [compact] llm_command = ["claude", "-p"] in the user config)',
    );
  const model = modelActor(command);
  io.stderr.write(`memctl distill: asking \`${inertText(command.join(" "))}\` about ${ctx.episodes.length} episode(s) and ${ctx.known.length} known card(s)\n`);
  // A ledger job: a killed or failed pass shows in memctl jobs and doctor; the watermark moves only once staged.
  const { value } = await asJob(
    io,
    memoryDir,
    "distill",
    "memctl distill --llm",
    async () => {
      // The runner `compact --llm` uses: argv, prompt on stdin, timeout, any failure a reason; then each candidate is staged.
      const ran = await runLlmCommand({
        command,
        prompt: distillPrompt(ctx),
        timeoutMs: (config.timeout_seconds ?? DEFAULT_LLM_TIMEOUT_SECONDS) * 1000,
        env: io.env,
      });
      if (!ran.ok) throw new MemctlError(ERROR_CODES.E_COMPACT_LLM, `--llm: ${ran.reason}; nothing was staged`, { reason: ran.reason });
      const candidates = parseCandidates(ran.summary);
      // The model wrote these candidates, so they are its proposals (model:<command>), not the owner's: a label it
      // set about its own output (kind: fact) never promotes it (docs/commands.md, consolidate).
      const outcome = await stageCandidates({ memoryDir, actor: model, now: io.now(), secrets: secretPolicy(io) }, candidates, ctx.known);
      const marked = ctx.watermark.next ? await markDistilled(memoryDir, ctx.watermark.next, actor, io.now()) : null;
      return { candidates: candidates.length, outcome, marked };
    },
    (v) => ({ candidates: v.candidates, staged: v.outcome.staged.length, blocked: v.outcome.blocked.length }),
  );
  const result = { candidates: value.candidates, outcome: value.outcome };
  const marked = value.marked;
  if (json) printJson(io, { memory_dir: memoryDir, candidates: result.candidates, ...result.outcome, watermark: marked });
  else {
    const c = colorsFor(io);
    const out = [`${c.green("✓")} ${result.outcome.staged.length} of ${result.candidates} candidate(s) staged as proposals; the owner decides with memctl review`];
    for (const s of result.outcome.staged)
      out.push(`  ${s.id}  ${inertText(s.name)}${s.target ? ` (update to ${inertText(s.target)})` : " (new card)"}${s.restates ? `: restates ${inertText(s.restates)}` : ""}`);
    for (const b of result.outcome.blocked) out.push(`  ${c.yellow("not staged")} candidate ${b.index + 1}${b.name ? ` (${inertText(b.name)})` : ""}: ${inertText(b.reason)}`);
    io.stdout.write(out.join("\n") + "\n");
  }
  return 0;
}

function renderContext(ctx: DistillContext): string {
  const out = [`Known (${ctx.known.length} index lines):`, ...ctx.known.map((k) => `  ${inertText(k.line)}`)];
  const since = ctx.watermark.previous ? `since ${ctx.watermark.previous}` : "all, no distill yet";
  out.push(`Episodes (${ctx.episodes.length}, ${since}):`, ...ctx.episodes.map((e) => `  ${e.ts} [${inertText(e.host)}] ${inertText(e.summary.replace(/\s+/g, " "))}`));
  out.push("Tiers:", ...ctx.tiers.map((t) => `  ${t.file.padEnd(20)} ${t.holds}`));
  out.push("Rules:", ...ctx.rules.map((r) => `  - ${r}`));
  if (ctx.watermark.next) out.push(`When the candidates are staged: memctl distill --mark ${ctx.watermark.next}`);
  return out.join("\n") + "\n";
}

/** The proposer of what a model command wrote: `model:<its program>` (e.g. model:claude for ["claude", "-p"]). */
export function modelActor(command: readonly string[]): string {
  const program = (command[0] ?? "")
    .split(/[\\/]/)
    .pop()!
    .replace(/[^A-Za-z0-9._@-]/g, "-")
    .replace(/^[^A-Za-z0-9]+/, "")
    .slice(0, 120);
  return `model:${program || "unknown"}`;
}
