import { assertMayWrite } from "../records/actor.js";
import type { Io } from "../store/io.js";
import { withStoreLock } from "../store/lock.js";
import { rebuildSummary } from "../store/episodes-summary.js";
import { pauseFromEnv } from "../store/write.js";
import { bool, parseArgs, type CommandSpec } from "./args.js";
import { colorsFor, printJson } from "./output.js";
import { ACTOR_FLAGS, actorFrom, JSON_FLAG, requireStore, STORE_FLAGS } from "./store-access.js";
import { commandSummary } from "./command-summary.js";

export const spec: CommandSpec = {
  name: "rebuild-summary",
  summary: commandSummary("rebuild-summary"),
  flags: { ...ACTOR_FLAGS, ...STORE_FLAGS, ...JSON_FLAG },
  exitCodes: { 0: "written", 1: "no store, lock timeout, agent caller, unreadable episode file", 2: "usage error", 3: "invalid explicit memory selection" },
  notes:
    "Writes episodes.summary.md from the monthly shards and episodes.jsonl: one line per episode under its month, empty skeletons skipped. Rewritten whole (atomic, under the store lock); the same episodes give the same bytes. It is not a card: doctor does not report it as an orphan.",
  examples: ["memctl rebuild-summary", "memctl rebuild-summary --json"],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  assertMayWrite(actorFrom(args, io), "rebuild the episode summary");
  const { memoryDir } = requireStore(args, io);
  const r = await withStoreLock(memoryDir, () => rebuildSummary(memoryDir, pauseFromEnv(io.env)));
  if (bool(args, "json")) printJson(io, { memory_dir: memoryDir, ...r });
  else
    io.stdout.write(
      `${colorsFor(io).green("✓")} wrote ${r.file}: ${r.episodes} episode${r.episodes === 1 ? "" : "s"} in ${r.months} month${r.months === 1 ? "" : "s"}${r.skipped_empty ? `, ${r.skipped_empty} empty skeleton${r.skipped_empty === 1 ? "" : "s"} skipped` : ""} (from ${r.sources.join(", ") || "no episode file"})\n`,
    );
  return 0;
}
