import type { Io } from "../store/io.js";
import { adoptCards } from "../records/admin.js";
import { inertText } from "../core/sanitize.js";
import { bool, parseArgs, type CommandSpec } from "./args.js";
import { colorsFor, printJson } from "./output.js";
import { ACTOR_FLAGS, JSON_FLAG, requireStore, STORE_FLAGS, writeContext } from "./store-access.js";
import { commandSummary } from "./command-summary.js";

export const spec: CommandSpec = {
  name: "adopt",
  summary: commandSummary("adopt"),
  positionals: [{ name: "name", description: "only this card (default: every drifted card)", completes: "card" }],
  flags: { ...ACTOR_FLAGS, ...STORE_FLAGS, ...JSON_FLAG },
  exitCodes: { 0: "adopted (or nothing to adopt)", 1: "no such card, lock timeout, agent caller, or no store", 2: "usage error", 3: "invalid explicit memory selection" },
  notes: 'doctor reports the drift; adopt is the owner saying "yes, that edit is mine". A hand-deleted card is recorded as a delete.',
  examples: ["memctl adopt", "memctl adopt run-tests --json"],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const { memoryDir } = requireStore(args, io);
  const adopted = await adoptCards(writeContext(args, io, memoryDir), args.positionals[0]);
  if (bool(args, "json")) {
    printJson(io, { memory_dir: memoryDir, adopted });
    return 0;
  }
  const c = colorsFor(io);
  if (adopted.length === 0) io.stdout.write(`${c.dim("nothing to adopt:")} every card matches its last revision\n`);
  for (const e of adopted) io.stdout.write(`${c.green("✓")} ${e.op === "delete" ? "recorded deletion of" : "adopted"} ${inertText(e.card)} as rev ${e.rev} (${e.actor})\n`);
  return 0;
}
