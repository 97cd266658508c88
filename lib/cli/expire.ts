import { pastedWord } from "../core/shell-quote.js";
import type { Io } from "../store/io.js";
import { expiredCards, sweepExpired } from "../records/expire.js";
import { inertText } from "../core/sanitize.js";
import { bool, parseArgs, type CommandSpec } from "./args.js";
import { colorsFor, printJson } from "./output.js";
import { ACTOR_FLAGS, JSON_FLAG, requireStore, STORE_FLAGS, writeContext } from "./store-access.js";
import { commandSummary } from "./command-summary.js";
import { asJob } from "./ledger.js";
import { utcDay } from "../core/frecency.js";

export const spec: CommandSpec = {
  name: "expire",
  summary: commandSummary("expire"),
  flags: {
    yes: { type: "boolean", short: "y", description: "remove the expired cards (otherwise only the list is printed)" },
    ...ACTOR_FLAGS,
    ...STORE_FLAGS,
    ...JSON_FLAG,
  },
  exitCodes: {
    0: "listed, or every expired card removed (including none)",
    1: "no store, lock timeout, agent caller, another expire running",
    2: "usage error",
    3: "invalid explicit memory selection",
  },
  notes: [
    "A card is expired when its expires_at is before today (UTC); such cards are already never injected, and doctor lists them.",
    "With --yes, each is removed as memctl rm does (last text under .memctl/trash/, a delete revision attributed to you),",
    "as one job of the ledger (memctl jobs): a sweep killed part way is stuck there and the next memctl expire --yes resumes it.",
    "Undo one: memctl restore FILE REV (the revision printed), then move its expires_at forward.",
  ].join("\n"),
  examples: ["memctl expire", "memctl expire --yes", "memctl expire --yes --json"],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const { memoryDir } = requireStore(args, io);
  const today = utcDay(io.now());
  const c = colorsFor(io);
  if (!bool(args, "yes")) {
    const expired = await expiredCards(memoryDir, today);
    if (bool(args, "json")) printJson(io, { memory_dir: memoryDir, today, removed: false, expired });
    else if (expired.length === 0) io.stdout.write(`no card expired before ${today}\n`);
    else
      io.stdout.write(
        [
          `${expired.length} card${expired.length === 1 ? "" : "s"} expired before ${today} (never injected; nothing removed):`,
          ...expired.map((x) => `  ${inertText(x.file)}  expired ${inertText(x.expires_at)}`),
          c.dim("remove them (each restorable): memctl expire --yes"),
        ].join("\n") + "\n",
      );
    return 0;
  }
  const ctx = writeContext(args, io, memoryDir);
  const { value: swept, job } = await asJob(
    io,
    memoryDir,
    "expire",
    "memctl expire --yes",
    () => sweepExpired(ctx, today),
    (s) => ({ removed: s.map((x) => x.file) }),
  );
  if (bool(args, "json")) {
    printJson(io, { memory_dir: memoryDir, today, removed: true, job: job.id, actor: ctx.actor, swept });
    return 0;
  }
  if (swept.length === 0) io.stdout.write(`no card expired before ${today}; nothing removed (job ${job.id})\n`);
  else
    io.stdout.write(
      [
        `${c.green("✓")} removed ${swept.length} expired card${swept.length === 1 ? "" : "s"} (job ${job.id}, as ${inertText(ctx.actor)}):`,
        ...swept.map((x) => `  ${inertText(x.file)}  expired ${inertText(x.expires_at)}  rev ${x.rev}; undo: memctl restore ${pastedWord(x.file)} ${x.restore_rev}`),
      ].join("\n") + "\n",
    );
  return 0;
}
