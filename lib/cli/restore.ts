import type { Io } from "../store/io.js";
import { pastedWord } from "../core/shell-quote.js";
import { usageError } from "../core/errors.js";
import { restoreCard } from "../records/restore.js";
import { inertText } from "../core/sanitize.js";
import { bool, parseArgs, type CommandSpec } from "./args.js";
import { colorsFor, printJson } from "./output.js";
import { ACTOR_FLAGS, JSON_FLAG, requireStore, STORE_FLAGS, writeContext } from "./store-access.js";
import { commandSummary } from "./command-summary.js";

export const spec: CommandSpec = {
  name: "restore",
  summary: commandSummary("restore"),
  positionals: [
    { name: "name", description: "card name, or its file name (removed cards too)", required: true, completes: "card" },
    { name: "rev", description: "the revision to restore: 3 or r3 (memctl history NAME lists them); default for a removed card: its last text" },
  ],
  flags: {
    synced: { type: "boolean", description: "restore a revision a sync brought from a shared remote (its history line is that machine's word)" },
    ...ACTOR_FLAGS,
    ...STORE_FLAGS,
    ...JSON_FLAG,
  },
  exitCodes: {
    0: "restored (or the card already says that)",
    1: "no such revision, its text was not kept or does not verify, pushed from a shared remote (without --synced) or two texts for one number, card rules, guardrail, secret, lock timeout, agent caller, or no store",
    2: "usage error",
    3: "invalid explicit memory selection",
  },
  notes:
    "The revision's text is written back as a NEW revision attributed to you, through the same checks as memctl save;\nhistory is never rewritten. Revisions written before memctl kept revision texts cannot be restored.",
  examples: ["memctl restore run-tests 1", "memctl restore run-tests r2 --json", "memctl restore run-tests   # undo memctl rm run-tests"],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const [name, revArg] = args.positionals as [string, string | undefined];
  const rev = revArg === undefined ? undefined : /^r?([1-9][0-9]{0,8})$/.exec(revArg)?.[1];
  if (revArg !== undefined && rev === undefined) throw usageError(`"${revArg}" is not a revision; give its number as memctl history ${pastedWord(name)} shows it, e.g. 2 or r2`);
  const { memoryDir } = requireStore(args, io);
  const result = await restoreCard(writeContext(args, io, memoryDir), name, rev === undefined ? undefined : Number(rev), { synced: bool(args, "synced") });
  if (bool(args, "json")) {
    printJson(io, {
      memory_dir: memoryDir,
      file: result.file,
      op: result.op,
      restored_rev: result.from.rev,
      rev: result.entry?.rev ?? null,
      sha256: result.entry?.sha256 ?? result.from.sha256,
      actor: result.entry?.actor ?? null,
      index_line: result.indexLine,
    });
    return 0;
  }
  const c = colorsFor(io);
  if (result.op === "unchanged") io.stdout.write(`${c.dim("unchanged:")} ${inertText(result.file)} already says what r${result.from.rev} said\n`);
  else
    io.stdout.write(
      `${c.green("✓")} restored r${result.from.rev} of ${inertText(result.file)} as rev ${result.entry!.rev} (${result.entry!.actor})\n  ${inertText(result.indexLine)}\n`,
    );
  return 0;
}
