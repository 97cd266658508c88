import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  restoreCard
} from "./records-restore.mjs";
import "./records-save.mjs";
import "./records-interrupted.mjs";
import "./records-card-find.mjs";
import "./records-adopt-first.mjs";
import "./records-commit.mjs";
import "./records-proposal-files.mjs";
import "./core-frontmatter-edit.mjs";
import "./store-safe-open.mjs";
import "./core-frecency.mjs";
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
import {
  usageError
} from "./core-errors.mjs";
import "./npm-js-yaml-dist-js-yaml.mjs";
import "./runtime.mjs";

// lib/cli/restore.ts
var spec = {
  name: "restore",
  summary: commandSummary("restore"),
  positionals: [
    { name: "name", description: "card name, or its file name (removed cards too)", required: true, completes: "card" },
    { name: "rev", description: "the revision to restore: 3 or r3 (memctl history NAME lists them)", required: true }
  ],
  flags: { ...ACTOR_FLAGS, ...STORE_FLAGS, ...JSON_FLAG },
  exitCodes: {
    0: "restored (or the card already says that)",
    1: "no such revision, its text was not kept or does not verify, card rules, guardrail, secret, lock timeout, agent caller, or no store",
    2: "usage error",
    3: "invalid explicit memory selection"
  },
  notes: "The revision's text is written back as a NEW revision attributed to you, through the same checks as memctl save;\nhistory is never rewritten. Revisions written before memctl kept revision texts cannot be restored.",
  examples: ["memctl restore run-tests 1", "memctl restore run-tests r2 --json"]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const [name, revArg] = args.positionals;
  const rev = /^r?([1-9][0-9]{0,8})$/.exec(revArg)?.[1];
  if (rev === void 0) throw usageError(`"${revArg}" is not a revision; give its number as memctl history ${name} shows it, e.g. 2 or r2`);
  const { memoryDir } = requireStore(args, io);
  const result = await restoreCard(writeContext(args, io, memoryDir), name, Number(rev));
  if (bool(args, "json")) {
    printJson(io, {
      memory_dir: memoryDir,
      file: result.file,
      op: result.op,
      restored_rev: result.from.rev,
      rev: result.entry?.rev ?? null,
      sha256: result.entry?.sha256 ?? result.from.sha256,
      actor: result.entry?.actor ?? null,
      index_line: result.indexLine
    });
    return 0;
  }
  const c = colorsFor(io);
  if (result.op === "unchanged") io.stdout.write(`${c.dim("unchanged:")} ${inertText(result.file)} already says what r${result.from.rev} said
`);
  else
    io.stdout.write(
      `${c.green("\u2713")} restored r${result.from.rev} of ${inertText(result.file)} as rev ${result.entry.rev} (${result.entry.actor})
  ${inertText(result.indexLine)}
`
    );
  return 0;
}
export {
  run,
  spec
};
