import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  asJob
} from "./cli-ledger.mjs";
import {
  removeCard
} from "./records-admin.mjs";
import "./records-interrupted.mjs";
import "./store-jobs.mjs";
import "./records-card-find.mjs";
import "./records-adopt-first.mjs";
import "./records-commit.mjs";
import "./records-proposal-files.mjs";
import "./core-frontmatter-edit.mjs";
import "./store-safe-open.mjs";
import {
  utcDay
} from "./core-frecency.mjs";
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
import {
  assertMayWrite
} from "./config-agent-env.mjs";
import "./records-guardrails.mjs";
import "./store-history.mjs";
import {
  readStore
} from "./store-read.mjs";
import "./core-index-file.mjs";
import {
  isExpired
} from "./core-card.mjs";
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

// lib/records/expire.ts
async function expiredCards(memoryDir, today) {
  const store = await readStore(memoryDir);
  const out = [];
  for (const [file, cf] of store.cards) {
    const card = cf.card;
    if (!card || card.errors.length > 0 || !isExpired(card.meta, today)) continue;
    out.push({ file, name: card.meta.name ?? file, expires_at: card.meta.expires_at });
  }
  return out;
}
async function sweepExpired(ctx, today, onCard) {
  assertMayWrite(ctx.actor, "expire memory cards");
  const swept = [];
  for (const card of await expiredCards(ctx.memoryDir, today)) {
    const removed = await removeCard(ctx, card.file);
    const done = { ...card, rev: removed.entry.rev, restore_rev: removed.entry.rev - 1, trash: removed.trash };
    swept.push(done);
    onCard?.(done);
  }
  return swept;
}

// lib/cli/expire.ts
var spec = {
  name: "expire",
  summary: commandSummary("expire"),
  flags: {
    yes: { type: "boolean", short: "y", description: "remove the expired cards (otherwise only the list is printed)" },
    ...ACTOR_FLAGS,
    ...STORE_FLAGS,
    ...JSON_FLAG
  },
  exitCodes: {
    0: "listed, or every expired card removed (including none)",
    1: "no store, lock timeout, agent caller, another expire running",
    2: "usage error",
    3: "invalid explicit memory selection"
  },
  notes: [
    "A card is expired when its expires_at is before today (UTC); such cards are already never injected, and doctor lists them.",
    "With --yes, each is removed as memctl rm does (last text under .memctl/trash/, a delete revision attributed to you),",
    "as one job of the ledger (memctl jobs): a sweep killed part way is stuck there and the next memctl expire --yes resumes it.",
    "Undo one: memctl restore FILE REV (the revision printed), then move its expires_at forward."
  ].join("\n"),
  examples: ["memctl expire", "memctl expire --yes", "memctl expire --yes --json"]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const { memoryDir } = requireStore(args, io);
  const today = utcDay(io.now());
  const c = colorsFor(io);
  if (!bool(args, "yes")) {
    const expired = await expiredCards(memoryDir, today);
    if (bool(args, "json")) printJson(io, { memory_dir: memoryDir, today, removed: false, expired });
    else if (expired.length === 0) io.stdout.write(`no card expired before ${today}
`);
    else
      io.stdout.write(
        [
          `${expired.length} card${expired.length === 1 ? "" : "s"} expired before ${today} (never injected; nothing removed):`,
          ...expired.map((x) => `  ${inertText(x.file)}  expired ${inertText(x.expires_at)}`),
          c.dim("remove them (each restorable): memctl expire --yes")
        ].join("\n") + "\n"
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
    (s) => ({ removed: s.map((x) => x.file) })
  );
  if (bool(args, "json")) {
    printJson(io, { memory_dir: memoryDir, today, removed: true, job: job.id, actor: ctx.actor, swept });
    return 0;
  }
  if (swept.length === 0) io.stdout.write(`no card expired before ${today}; nothing removed (job ${job.id})
`);
  else
    io.stdout.write(
      [
        `${c.green("\u2713")} removed ${swept.length} expired card${swept.length === 1 ? "" : "s"} (job ${job.id}, as ${inertText(ctx.actor)}):`,
        ...swept.map((x) => `  ${inertText(x.file)}  expired ${inertText(x.expires_at)}  rev ${x.rev}; undo: memctl restore ${inertText(x.file)} ${x.restore_rev}`)
      ].join("\n") + "\n"
    );
  return 0;
}
export {
  run,
  spec
};
