import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  recordAdopted,
  unrecordedEntry
} from "./records-adopt-first.mjs";
import {
  clearIntent,
  shaOf,
  withRecordsLock,
  writeIntent
} from "./records-commit.mjs";
import "./records-proposal-files.mjs";
import {
  setFrontmatterFieldsBytes
} from "./core-frontmatter-edit.mjs";
import "./store-safe-open.mjs";
import {
  viewStore
} from "./records-store-view.mjs";
import "./core-line-key.mjs";
import "./rank-stem.mjs";
import "./core-block.mjs";
import "./rank-stop-words-data.mjs";
import {
  utcDay
} from "./core-frecency.mjs";
import "./store-full-check.mjs";
import {
  keepRevisionsBatch
} from "./store-revisions.mjs";
import {
  isCardFile
} from "./core-card-rules.mjs";
import {
  indexStamp,
  journalChange
} from "./store-write-journal.mjs";
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
import {
  appendLine,
  historyPath,
  latestByCard,
  makeEntry,
  readHistory
} from "./store-history.mjs";
import {
  readStoreOrEmptyIndex
} from "./store-read.mjs";
import "./core-index-file.mjs";
import {
  missingFields
} from "./core-card.mjs";
import "./core-card-types.mjs";
import {
  commitStaged,
  stageFiles
} from "./store-lock.mjs";
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
import {
  sha256Hex
} from "./core-sha256.mjs";
import "./store-paths.mjs";
import {
  readRegularBytes
} from "./core-bytes.mjs";
import {
  MemctlError
} from "./core-errors.mjs";
import "./npm-js-yaml-dist-js-yaml.mjs";
import "./runtime.mjs";

// lib/records/fill-fields.ts
import fs from "node:fs";
import path2 from "node:path";

// lib/records/commit-batch.ts
import path from "node:path";
async function commitRewritesBatch(memoryDir, intent) {
  if (intent.archive || intent.changes.some((c) => c.content === null || c.index)) throw new Error("commitRewritesBatch takes card rewrites only");
  await writeIntent(memoryDir, intent);
  const indexBefore = indexStamp(memoryDir);
  let temps = [];
  const todo = intent.changes.filter((c) => shaOf(path.join(memoryDir, c.card)) === c.before);
  const targets = todo.map((c) => ({ file: path.join(memoryDir, c.card), content: c.content }));
  try {
    temps = await stageFiles(targets);
  } catch (err) {
    clearIntent(memoryDir);
    throw err;
  }
  commitStaged(temps.map((temp, i) => ({ temp, file: targets[i].file })));
  journalChange(
    memoryDir,
    { stamp: indexBefore },
    todo.map((c) => c.card)
  );
  const recorded = latestByCard(readHistory(memoryDir).entries);
  const lines = todo.filter((c) => c.entry && !((recorded.get(c.card)?.rev ?? 0) >= c.entry.rev)).map((c) => JSON.stringify(c.entry) + "\n").join("");
  if (lines) appendLine(historyPath(memoryDir), lines);
  clearIntent(memoryDir);
}

// lib/records/fill-fields.ts
function defaults(updatedAt) {
  return { topics: [], priority: "normal", status: "active", updated_at: updatedAt, repo_refs: [] };
}
async function plan(memoryDir) {
  const view = viewStore(await readStoreOrEmptyIndex(memoryDir));
  const latest = latestByCard(readHistory(memoryDir).entries);
  const planned = [];
  const skipped = [];
  for (const [file, cf] of view.cards) {
    if (!isCardFile(file) && !view.referenced.has(file)) continue;
    if (cf.readError !== void 0 || !cf.card || cf.card.errors.length > 0) continue;
    const missing = missingFields(cf.card);
    if (missing.length === 0) continue;
    const abs = path2.join(memoryDir, file);
    const before = Buffer.from(readRegularBytes(abs));
    const date = latest.get(file)?.at.slice(0, 10) ?? utcDay(fs.statSync(abs).mtime);
    const all = defaults(date);
    const added = Object.fromEntries(missing.map((f) => [f, all[f]]));
    try {
      planned.push({ card: file, added, before, after: setFrontmatterFieldsBytes(before, added) });
    } catch (err) {
      if (!(err instanceof MemctlError)) throw err;
      skipped.push({ card: file, reason: err.message });
    }
  }
  return { planned, skipped };
}
async function planMissingFields(memoryDir) {
  const { planned, skipped } = await plan(memoryDir);
  return { fixes: planned.map(({ card, added }) => ({ card, added })), skipped };
}
async function fillMissingFields(ctx) {
  assertMayWrite(ctx.actor, "add fields to memory cards");
  return withRecordsLock(ctx, async () => {
    const { planned, skipped } = await plan(ctx.memoryDir);
    if (planned.length === 0) return { fixes: [], skipped };
    const entries = [...readHistory(ctx.memoryDir).entries];
    const latest = latestByCard(entries);
    const adopted = planned.flatMap((p) => {
      const entry = unrecordedEntry(ctx, latest.get(p.card), p.card, p.before);
      return entry ? [{ entry, content: p.before }] : [];
    });
    await recordAdopted(ctx, adopted);
    entries.push(...adopted.map((a) => a.entry));
    const changes = planned.map((p) => {
      const entry = makeEntry(entries, p.card, "update", ctx.actor, ctx.now, p.after);
      entries.push(entry);
      return { card: p.card, before: sha256Hex(p.before), content: p.after, entry };
    });
    await keepRevisionsBatch(ctx.memoryDir, changes);
    await commitRewritesBatch(ctx.memoryDir, { changes });
    return { fixes: planned.map(({ card, added }, i) => ({ card, added, entry: changes[i].entry })), skipped };
  });
}

// lib/cli/fix-fields.ts
var spec = {
  name: "fix-fields",
  summary: commandSummary("fix-fields"),
  flags: {
    "dry-run": { type: "boolean", description: "list the cards and the fields each would get; write nothing" },
    ...ACTOR_FLAGS,
    ...STORE_FLAGS,
    ...JSON_FLAG
  },
  exitCodes: {
    0: "fixed (or nothing to fix); a card that cannot be edited safely is listed and left as it is",
    1: "no store, lock timeout, or a caller that may not write cards (an agent, or a host not opted in)",
    2: "usage error",
    3: "invalid explicit memory selection"
  },
  notes: [
    "For the cards doctor lists under missing fields (hand-written or imported cards): adds topics: [], priority: normal,",
    "status: active, updated_at (the date of the card's last recorded revision, else of its file) and repo_refs: [],",
    "only the ones a card lacks. Only those lines are added: every other byte of the card stays, its legacy metadata: block",
    "included. One write under the store lock, one history revision per card; a second run finds nothing to do."
  ].join("\n"),
  examples: ["memctl fix-fields --dry-run", "memctl fix-fields", "memctl fix-fields --json"]
};
var LISTED = 20;
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const { memoryDir } = requireStore(args, io);
  const dryRun = bool(args, "dry-run");
  const result = dryRun ? await planMissingFields(memoryDir) : await fillMissingFields(writeContext(args, io, memoryDir));
  if (bool(args, "json")) {
    printJson(io, { memory_dir: memoryDir, dry_run: dryRun, fixed: result.fixes, skipped: result.skipped });
    return 0;
  }
  io.stdout.write(render(result, dryRun, io));
  return 0;
}
function render(result, dryRun, io) {
  const c = colorsFor(io);
  const out = [];
  const line = (f) => `  ${inertText(f.card)}: ${Object.keys(f.added).join(", ")}${f.entry ? c.dim(` (rev ${f.entry.rev})`) : ""}`;
  out.push(...result.fixes.slice(0, LISTED).map(line));
  if (result.fixes.length > LISTED) out.push(c.dim(`  \u2026 and ${result.fixes.length - LISTED} more (--json lists them all)`));
  for (const s of result.skipped) out.push(`${c.yellow("!")} skipped ${inertText(s.card)}: ${inertText(s.reason)}`);
  const n = result.fixes.length;
  const cards = `${n} card${n === 1 ? "" : "s"}`;
  if (n === 0) out.push(`${c.dim("nothing to fix:")} every card has the standard fields${result.skipped.length > 0 ? " (except the skipped ones above)" : ""}`);
  else if (dryRun) out.push(`would add the missing fields to ${cards}; run memctl fix-fields to write them`);
  else out.push(`${c.green("\u2713")} added the missing fields to ${cards}, one history revision each`);
  return out.join("\n") + "\n";
}
export {
  run,
  spec
};
