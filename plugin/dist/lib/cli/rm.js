// lib/cli/rm.ts
import { pastedWord } from "../core/shell-quote.js";
import { removeCard } from "../records/admin.js";
import { inertText } from "../core/sanitize.js";
import { bool, parseArgs } from "./args.js";
import { colorsFor, printJson } from "./output.js";
import { ACTOR_FLAGS, JSON_FLAG, requireStore, STORE_FLAGS, writeContext } from "./store-access.js";
import { commandSummary } from "./command-summary.js";
var spec = {
  name: "rm",
  summary: commandSummary("rm"),
  positionals: [{ name: "name", description: "card name, or its file name", required: true, completes: "card" }],
  flags: { ...ACTOR_FLAGS, ...STORE_FLAGS, ...JSON_FLAG },
  exitCodes: { 0: "removed", 1: "no such card, lock timeout, agent caller, or no store", 2: "usage error", 3: "invalid explicit memory selection" },
  notes: "The removed file's last content is kept under .memctl/trash/ so nothing is lost.",
  examples: ["memctl rm run-tests", "memctl rm feedback_run-tests.md --json"]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const { memoryDir } = requireStore(args, io);
  const result = await removeCard(writeContext(args, io, memoryDir), args.positionals[0]);
  if (bool(args, "json"))
    printJson(io, {
      memory_dir: memoryDir,
      file: result.file,
      rev: result.entry.rev,
      actor: result.entry.actor,
      index_lines_removed: result.indexLinesRemoved,
      trash: result.trash
    });
  else
    io.stdout.write(
      `${colorsFor(io).green("\u2713")} removed ${inertText(result.file)} (rev ${result.entry.rev}, tombstone); last content kept at ${inertText(result.trash)}
  undo: memctl restore ${pastedWord(result.file)}
`
    );
  return 0;
}
export {
  run,
  spec
};
