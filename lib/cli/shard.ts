import { assertMayWrite } from "../records/actor.js";
import { usageError } from "../core/errors.js";
import type { Io } from "../store/io.js";
import { withStoreLock } from "../store/lock.js";
import { shardEpisodes } from "../store/episode-shards.js";
import { pauseFromEnv } from "../store/write.js";
import { bool, parseArgs, str, type CommandSpec } from "./args.js";
import { colorsFor, printJson } from "./output.js";
import { ACTOR_FLAGS, actorFrom, JSON_FLAG, requireStore, STORE_FLAGS } from "./store-access.js";
import { commandSummary } from "./command-summary.js";
import { asJob } from "./ledger.js";

export const spec: CommandSpec = {
  name: "shard",
  summary: commandSummary("shard"),
  flags: {
    before: { type: "string", valueName: "YYYY-MM", description: "move episodes dated before this month (default: the current month, UTC)" },
    ...ACTOR_FLAGS,
    ...STORE_FLAGS,
    ...JSON_FLAG,
  },
  exitCodes: {
    0: "sharded (including nothing to move)",
    1: "no store, lock timeout, agent caller, unreadable episode file",
    2: "usage error",
    3: "invalid explicit memory selection",
  },
  notes: [
    "Moves each episode of episodes.jsonl dated before the bound into episodes.YYYY-MM.jsonl (its month, UTC), appended in order.",
    "Malformed lines and the newest episode stay in episodes.jsonl (the per-prompt reminder reads only its tail).",
    "Locked and crash safe: a killed run is finished by the next shard, rebuild-summary or log; readers see every episode once meanwhile.",
    "search, recall, stats and doctor read every shard.",
  ].join("\n"),
  examples: ["memctl shard", "memctl shard --before 2026-06 --json"],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const before = str(args, "before") ?? io.now().toISOString().slice(0, 7);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(before)) throw usageError(`--before ${before} must be a month, YYYY-MM (e.g. ${io.now().toISOString().slice(0, 7)})`);
  assertMayWrite(actorFrom(args, io), "shard episodes");
  const { memoryDir } = requireStore(args, io);
  const { value: result } = await asJob(
    io,
    memoryDir,
    "shard",
    `memctl shard --before ${before}`,
    () => withStoreLock(memoryDir, () => shardEpisodes(memoryDir, before, pauseFromEnv(io.env))),
    (r) => ({ moved: r.moved, recovered: r.recovered }),
  );
  if (bool(args, "json")) {
    printJson(io, { memory_dir: memoryDir, ...result });
    return 0;
  }
  const c = colorsFor(io);
  const lines = [
    ...(result.recovered ? [c.yellow("finished a shard a killed run had left")] : []),
    result.moved === 0
      ? `${c.dim("nothing to move:")} no episode in episodes.jsonl is dated before ${before} (the newest always stays)`
      : `${c.green("✓")} moved ${result.moved} episode${result.moved === 1 ? "" : "s"} dated before ${before} out of episodes.jsonl:`,
    ...result.shards.map((s) => `  ${s.file}  +${s.moved}`),
  ];
  if (result.moved > 0) lines.push(c.dim("  memctl rebuild-summary writes episodes.summary.md from them"));
  io.stdout.write(lines.join("\n") + "\n");
  return 0;
}
