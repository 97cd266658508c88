import { assertMayWrite } from "../records/actor.js";
import { usageError } from "../core/errors.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { configuredGuardrails, withDefaults } from "../records/guardrails.js";
import { isNote } from "../records/import-prose.js";
import { applyClaudeImport, checkImportLimits, defaultImportDirs, planClaudeImport, type ImportItem, type ImportPlan } from "../records/import-claude.js";
import type { Io } from "../store/io.js";
import { DESCRIPTION_MAX } from "../core/card-rules.js";
import { inertText } from "../core/sanitize.js";
import { secretPolicy } from "../records/secrets.js";
import { pauseFromEnv } from "../store/write.js";
import { bool, dirArg, parseArgs, strs, type CommandSpec } from "./args.js";
import { colorsFor, printJson, progressLine } from "./output.js";
import { ACTOR_FLAGS, actorFrom, directWriterFrom, JSON_FLAG, requireStore, STORE_FLAGS, writeContext } from "./store-access.js";
import { commandSummary } from "./command-summary.js";
import { asJob } from "./ledger.js";
import { backfillExitCode, backfillWithProgress, configuredModel, renderBackfill } from "./keys.js";

export const spec: CommandSpec = {
  name: "import",
  summary: commandSummary("import"),
  positionals: [{ name: "source", description: "claude", required: true, completes: ["claude"] }],
  flags: {
    yes: { type: "boolean", short: "y", description: "import without asking (otherwise only a preview is printed)" },
    from: { type: "string", valueName: "DIR", description: "also scan this Claude memory directory (e.g. another project's)", multiple: true },
    all: { type: "boolean", description: "scan every <claude home>/projects/*/memory/, other projects' memory included" },
    keys: { type: "boolean", description: "with --yes: then write recall keys for every card without them (memctl keys --backfill; needs a model command)" },
    ...ACTOR_FLAGS,
    ...STORE_FLAGS,
    ...JSON_FLAG,
  },
  exitCodes: {
    0: "previewed or imported (including nothing to do)",
    1: "no store, lock timeout, agent caller (with --yes); with --keys, the model gave no keys for some cards (they are imported without)",
    2: "usage error, or --keys with no model command configured",
    3: "invalid explicit memory selection",
    130: "with --keys, the key backfill was interrupted after the import (rerun memctl keys --backfill)",
  },
  notes: [
    "Scans <CLAUDE_CONFIG_DIR or ~/.claude>/projects/<slug>/memory/ for this repository and its worktrees, plus every --from DIR",
    "(--all: every project's; other projects' memory is otherwise only counted, never read).",
    "Cards are stored byte for byte (no 200-character rule, no truncation), attributed to system (to the host, from an opted-in host's shell), deduplicated by name",
    "(newest copy wins), and only when memctl has no card of that name or file — a second run imports nothing.",
    "MEMORY.md's prose (each run of non-link lines under a heading) comes in as notes: one card each, its text byte",
    "for byte, titled by its heading, named by the heading and a hash of the text (the key a re-run finds).",
  ].join("\n"),
  examples: ["memctl import claude", "memctl import claude --yes", "memctl import claude --from ~/.claude/projects/-home-me-old-app/memory --yes"],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  if (args.positionals[0] !== "claude") throw usageError(`cannot import from "${args.positionals[0]}"; the supported source is: claude`);
  const { memoryDir, resolution } = requireStore(args, io);
  const found = defaultImportDirs(resolution, io);
  const extra = strs(args, "from").map((d) => dirArg(io.cwd, "from", d));
  const scan = bool(args, "all") ? [...found.dirs, ...found.otherDirs, ...extra] : [...found.dirs, ...extra];
  const plan = planClaudeImport(memoryDir, scan, found.otherDirs);
  const yes = bool(args, "yes");
  if (bool(args, "keys") && !yes) throw usageError("--keys writes keys after an import: give it with --yes");
  // Checked before anything is imported: --keys without a model is a configuration error, not a half-done import.
  const model = bool(args, "keys") ? configuredModel(io) : undefined;
  const guardrails = configuredGuardrails(io);
  // The owner's import is memctl's own (system, which the store-wide limits do not bind); a host's is the host's.
  const writer = yes ? directWriterFrom(args, io, "import memory") : actorFrom(args, io);
  const actor = writer === "human" ? "system" : writer;
  let imported: ImportItem[] = [];
  const command = suggestedCommand(args.positionals[0]!, extra, bool(args, "all"));
  const checkLimits = () =>
    checkImportLimits(
      memoryDir,
      plan.items.filter((i) => i.action === "import"),
      withDefaults(guardrails),
      io,
      actor,
    );
  if (yes) {
    assertMayWrite(writer, "import memory");
    // A refusal up front writes nothing, not even a ledger line (the import re-checks under the lock).
    checkLimits();
    const progress = progressLine(io);
    try {
      // A ledger job: a killed import shows as stuck, and running it again imports what is left (present cards are skipped).
      const job = await asJob(
        io,
        memoryDir,
        "import",
        command,
        () =>
          applyClaudeImport({ memoryDir, actor, now: io.now(), commit: pauseFromEnv(io.env), guardrails, secrets: secretPolicy(io) }, plan, {
            io,
            onProgress: progress.update && ((done, total) => progress.update!(`importing Claude memory: ${done}/${total} cards`, done === total)),
          }),
        (items) => ({ imported: items.length }),
      );
      imported = job.value;
    } finally {
      progress.done();
    }
  }
  const refusal = yes ? undefined : guardrailRefusal(checkLimits);
  const keys = model && (await backfillWithProgress(io, { ...writeContext(args, io, memoryDir) }, { model, env: io.env, force: false, dryRun: false }));
  if (bool(args, "json")) {
    printJson(io, {
      memory_dir: memoryDir,
      applied: yes,
      scanned_dirs: plan.dirs,
      other_dirs: plan.otherDirs,
      imported: imported.map((i) => i.file),
      items: plan.items.map((i) => ({
        name: i.name,
        file: i.file,
        kind: isNote(i.source) ? "note" : "card",
        ...(isNote(i.source) ? { title: i.source.title, line: i.source.note.line, lines: i.source.note.lines } : {}),
        action: i.action,
        pinned: i.source.pinned === true,
        source: i.source.path,
        older_copies: i.older.map((o) => o.path),
        description_chars: i.longDescription ?? null,
      })),
      skipped: plan.skipped.map((s) => ({ source: s.path, reason: s.reason })),
      redacted: imported.flatMap((i) => (i.redacted ?? []).map((r) => ({ file: i.file, kind: r.kind, line: r.line, masked: r.masked }))),
      hidden: imported.filter((i) => i.hidden !== undefined).map((i) => ({ file: i.file, removed: i.hidden })),
      over_limit: plan.items.filter((i) => i.longDescription !== undefined && i.action === "import").map((i) => i.file),
      guardrail: refusal ? { code: refusal.code, message: refusal.message, ...refusal.data } : null,
      command: yes ? null : command,
      ...(keys ? { keys } : {}),
    });
  } else io.stdout.write(renderPlan(plan, yes, imported, io, command, refusal) + (keys ? renderBackfill(keys) : ""));
  return keys ? backfillExitCode(keys) : 0;
}

/** The command that applies this preview: the same source and scan flags, plus --yes. */
function suggestedCommand(source: string, from: readonly string[], all: boolean): string {
  return ["memctl", "import", source, ...from.flatMap((d) => ["--from", shellWord(d)]), ...(all ? ["--all"] : []), "--yes"].join(" ");
}

function shellWord(s: string): string {
  return /^[A-Za-z0-9_./@%+=:,-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`;
}

/** The E_GUARDRAIL a write would meet, for a preview to show instead of throwing. */
function guardrailRefusal(check: () => void): MemctlError | undefined {
  try {
    check();
    return undefined;
  } catch (err) {
    if (err instanceof MemctlError && err.code === ERROR_CODES.E_GUARDRAIL) return err;
    throw err;
  }
}

/** "3 cards", or "3 cards and 2 notes from MEMORY.md" when the scanned MEMORY.md files hold prose. */
function importCount(done: readonly ImportItem[], plan: ImportPlan): string {
  const notes = done.filter((i) => isNote(i.source)).length;
  const cards = done.length - notes;
  const cardText = `${cards} card${cards === 1 ? "" : "s"}`;
  return plan.items.some((i) => isNote(i.source)) ? `${cardText} and ${notes} note${notes === 1 ? "" : "s"} from MEMORY.md` : cardText;
}

/** Where an item comes from: a card's name and directory, a note's heading and MEMORY.md line. */
function itemOrigin(i: ImportItem): string {
  return isNote(i.source) ? `"${i.source.title}", ${i.source.path} line ${i.source.note.line}` : `${i.name}, from ${i.source.dir}`;
}

function renderPlan(plan: ImportPlan, applied: boolean, imported: ImportItem[], io: Io, command: string, refusal: MemctlError | undefined): string {
  const c = colorsFor(io);
  const out: string[] = [];
  if (plan.dirs.length === 0) out.push(`${c.dim("no Claude Code memory found for this project")}`);
  else out.push(`Claude Code memory: ${plan.dirs.map((d) => inertText(d)).join(", ")}`);
  const todo = plan.items.filter((i) => i.action === "import");
  const verb = applied ? "imported" : "would import";
  const done = applied ? imported : todo;
  out.push(`${verb} ${importCount(done, plan)}${done.length ? ":" : ""}`);
  for (const i of done)
    out.push(
      `  ${c.green("+")} ${inertText(i.file)}  ${c.dim(`(${inertText(itemOrigin(i))})`)}${i.source.pinned ? `  ${c.yellow("pinned (priority: always): injected into every prompt")}` : ""}`,
    );
  const why: Record<string, string> = {
    present: "memctl already has it",
    removed: "removed from memctl earlier (see memctl history)",
    clash: "another imported card has that file name",
    changed: "memctl has this section from an earlier import; Claude's text changed since (memctl's copy is kept: compare with memctl show)",
  };
  for (const i of plan.items.filter((x) => x.action !== "import")) out.push(`  ${c.dim("=")} ${inertText(i.file)}  ${c.dim(`skipped: ${why[i.action]}`)}`);
  for (const s of plan.skipped) out.push(`  ${c.yellow("!")} ${inertText(s.path)}  ${c.dim(`not read: ${inertText(s.reason)}`)}`);
  for (const i of plan.items) for (const o of i.older) out.push(`  ${c.dim("~")} ${inertText(o.path)}  ${c.dim(`older copy of "${inertText(i.name)}", not imported`)}`);
  for (const i of imported)
    for (const r of i.redacted ?? []) out.push(`  ${c.yellow("!")} redacted ${r.masked} (${r.kind}) in ${inertText(i.file)} line ${r.line}: secrets never enter memory`);
  for (const i of imported.filter((x) => x.hidden !== undefined))
    out.push(`  ${c.yellow("!")} removed ${i.hidden} hidden Unicode tag character${i.hidden === 1 ? "" : "s"} from ${inertText(i.file)}: text a model reads and no person sees`);
  const long = done.filter((i) => i.longDescription !== undefined);
  if (long.length > 0) {
    out.push(
      `${c.yellow("hint:")} ${long.length} description${long.length > 1 ? "s are" : " is"} over ${DESCRIPTION_MAX} characters (stored verbatim; tighten with "memctl save NAME -d …" when you like):`,
    );
    for (const i of long) out.push(`  ${inertText(i.file)} (${i.longDescription} characters)`);
  }
  if (plan.otherDirs.length > 0)
    out.push(c.dim(`${plan.otherDirs.length} other project${plan.otherDirs.length > 1 ? "s'" : "'s"} Claude memory not scanned; add one with --from DIR, or all with --all`));
  if (refusal) out.push(`${c.red("refused:")} ${refusal.message}`);
  else if (!applied && todo.length > 0) out.push(`run "${inertText(command)}" to import ${todo.length === 1 ? "it" : "them"}`);
  return out.join("\n") + "\n";
}
