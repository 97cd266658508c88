import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  adoptCards
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

// lib/cli/adopt.ts
var spec = {
  name: "adopt",
  summary: commandSummary("adopt"),
  positionals: [{ name: "name", description: "only this card (default: every drifted card)", completes: "card" }],
  flags: { ...ACTOR_FLAGS, ...STORE_FLAGS, ...JSON_FLAG },
  exitCodes: { 0: "adopted (or nothing to adopt)", 1: "no such card, lock timeout, agent caller, or no store", 2: "usage error", 3: "invalid explicit memory selection" },
  notes: 'doctor reports the drift; adopt is the owner saying "yes, that edit is mine". A hand-deleted card is recorded as a delete.',
  examples: ["memctl adopt", "memctl adopt run-tests --json"]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const { memoryDir } = requireStore(args, io);
  const adopted = await adoptCards(writeContext(args, io, memoryDir), args.positionals[0]);
  if (bool(args, "json")) {
    printJson(io, { memory_dir: memoryDir, adopted });
    return 0;
  }
  const c = colorsFor(io);
  if (adopted.length === 0) io.stdout.write(`${c.dim("nothing to adopt:")} every card matches its last revision
`);
  for (const e of adopted) io.stdout.write(`${c.green("\u2713")} ${e.op === "delete" ? "recorded deletion of" : "adopted"} ${inertText(e.card)} as rev ${e.rev} (${e.actor})
`);
  return 0;
}
export {
  run,
  spec
};
