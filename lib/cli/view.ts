import { usageError } from "../core/errors.js";
import { viewMemory } from "../records/file-view.js";
import type { Io } from "../store/io.js";
import { inertBlock } from "../core/sanitize-block.js";
import { bool, parseArgs, str, type CommandSpec } from "./args.js";
import { printJson } from "./output.js";
import { actorFrom, JSON_FLAG, requireStore, STORE_FLAGS } from "./store-access.js";
import { commandSummary } from "./command-summary.js";

export const spec: CommandSpec = {
  name: "view",
  summary: commandSummary("view"),
  positionals: [{ name: "path", description: "relative to the memory directory, or under /memories/ (default: the root)" }],
  flags: {
    range: { type: "string", valueName: "A:B", description: "only lines A to B (1-based, inclusive; B = -1 or empty for the end)" },
    ...STORE_FLAGS,
    ...JSON_FLAG,
  },
  exitCodes: { 0: "shown", 1: "no such path, a path that escapes the store (.., absolute, NUL, symlink), or no store", 2: "usage error", 3: "invalid explicit memory selection" },
  examples: ["memctl view", "memctl view feedback_run-tests.md --range 1:5", "memctl view /memories/notes"],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const requested = args.positionals[0] ?? "/memories";
  const range = parseRange(str(args, "range"));
  const { memoryDir } = requireStore(args, io);
  // An agent's shell reads no held arrival; the owner sees all but the quarantined, as memctl show shows them.
  const text = viewMemory(memoryDir, requested, range, actorFrom(args, io) === "human" ? "quarantined" : "every");
  if (bool(args, "json")) printJson(io, { path: requested, text });
  else io.stdout.write(inertBlock(text) + "\n");
  return 0;
}

function parseRange(raw: string | undefined): [number, number] | undefined {
  if (raw === undefined) return undefined;
  const m = /^(\d+):(-1|\d*)$/.exec(raw);
  if (!m) throw usageError(`--range ${raw} must look like A:B (e.g. 3:10, or 3: for "to the end")`);
  return [Number(m[1]), m[2] === "" ? -1 : Number(m[2])];
}
