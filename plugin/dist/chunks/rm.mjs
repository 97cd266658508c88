import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  removeCard
} from "./records-admin.mjs";
import "./records-interrupted.mjs";
import "./records-card-find.mjs";
import "./records-adopt-first.mjs";
import "./records-commit.mjs";
import "./records-proposal-files.mjs";
import "./core-frontmatter-edit.mjs";
import "./store-safe-open.mjs";
import "./store-revisions.mjs";
import "./core-card-rules.mjs";
import "./store-write-journal.mjs";
import "./core-index-edit.mjs";
import {
  ACTOR_FLAGS,
  JSON_FLAG,
  STORE_FLAGS,
  requireStore,
  writeContext
} from "./cli-store-access.mjs";
import "./config-agent-env.mjs";
import "./records-guardrails.mjs";
import "./store-history.mjs";
import "./store-read.mjs";
import "./core-index-file.mjs";
import "./core-card.mjs";
import "./core-card-types.mjs";
import "./store-lock.mjs";
import {
  colorsFor,
  printJson
} from "./cli-output.mjs";
import {
  bool,
  commandSummary,
  parseArgs
} from "./cli-args.mjs";
import "./config-project.mjs";
import "./config-git.mjs";
import {
  inertText
} from "./core-sanitize.mjs";
import "./config-config-keys.mjs";
import "./core-closest.mjs";
import "./core-sha256.mjs";
import "./store-paths.mjs";
import "./core-bytes.mjs";
import "./core-errors.mjs";
import "./npm-js-yaml-dist-js-yaml.mjs";
import "./runtime.mjs";

// lib/cli/rm.ts
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
  else io.stdout.write(`${colorsFor(io).green("\u2713")} removed ${inertText(result.file)} (rev ${result.entry.rev}, tombstone); last content kept at ${inertText(result.trash)}
`);
  return 0;
}
export {
  run,
  spec
};
