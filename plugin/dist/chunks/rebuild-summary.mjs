import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  utcDay
} from "./core-frecency.mjs";
import {
  readEpisodes
} from "./store-episodes.mjs";
import {
  recoverShard
} from "./store-episode-shards.mjs";
import "./store-episode-tail.mjs";
import {
  ACTOR_FLAGS,
  JSON_FLAG,
  STORE_FLAGS,
  actorFrom,
  requireStore
} from "./cli-store-access.mjs";
import {
  assertMayWrite
} from "./config-agent-env.mjs";
import "./records-guardrails.mjs";
import "./store-history.mjs";
import "./store-read.mjs";
import "./core-index-file.mjs";
import "./core-card.mjs";
import "./core-card-types.mjs";
import {
  commitFile,
  pauseFromEnv,
  withStoreLock
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
import "./core-sanitize.mjs";
import "./config-config-keys.mjs";
import "./core-closest.mjs";
import "./core-sha256.mjs";
import {
  EPISODES_SUMMARY_FILE
} from "./store-paths.mjs";
import "./core-bytes.mjs";
import {
  ERROR_CODES,
  MemctlError
} from "./core-errors.mjs";
import "./npm-js-yaml-dist-js-yaml.mjs";
import "./runtime.mjs";

// lib/store/episodes-summary.ts
import path from "node:path";
function renderSummary(read) {
  const filled = read.episodes.filter((e) => e.summary.trim() !== "");
  const sorted = [...filled].sort((a, b) => Date.parse(a.ts) - Date.parse(b.ts));
  const months = /* @__PURE__ */ new Map();
  for (const e of sorted) {
    const day = utcDay(new Date(e.ts));
    const line = `- ${day} ${e.host || "unknown host"}: ${e.summary.replace(/\s+/g, " ").trim()}`;
    months.set(day.slice(0, 7), [...months.get(day.slice(0, 7)) ?? [], line]);
  }
  const sources = [...new Set(read.episodes.map((e) => e.file))];
  const skipped = read.episodes.length - filled.length;
  const head = [
    "# Episodes",
    "",
    `Written by \`memctl rebuild-summary\` from ${sources.length ? sources.join(", ") : "no episode file"}: ${filled.length} episode${filled.length === 1 ? "" : "s"}${skipped ? `, ${skipped} empty skeleton${skipped === 1 ? "" : "s"} skipped` : ""}. Rebuilt whole each time; edit the episodes, not this file.`
  ];
  const body = [...months].flatMap(([month, lines]) => ["", `## ${month}`, "", ...lines]);
  return { text: [...head, ...body].join("\n") + "\n", episodes: filled.length, skipped_empty: skipped, months: months.size, sources };
}
async function rebuildSummary(memoryDir, commit) {
  await recoverShard(memoryDir, commit);
  const read = readEpisodes(memoryDir);
  if (read.status === "error") throw new MemctlError(ERROR_CODES.E_IO, `${read.error}; nothing was written \u2014 fix the file (a regular, readable episodes file) and retry`);
  const r = renderSummary(read);
  await commitFile(path.join(memoryDir, EPISODES_SUMMARY_FILE), r.text, commit);
  return { file: EPISODES_SUMMARY_FILE, episodes: r.episodes, skipped_empty: r.skipped_empty, months: r.months, bytes: Buffer.byteLength(r.text), sources: r.sources };
}

// lib/cli/rebuild-summary.ts
var spec = {
  name: "rebuild-summary",
  summary: commandSummary("rebuild-summary"),
  flags: { ...ACTOR_FLAGS, ...STORE_FLAGS, ...JSON_FLAG },
  exitCodes: { 0: "written", 1: "no store, lock timeout, agent caller, unreadable episode file", 2: "usage error", 3: "invalid explicit memory selection" },
  notes: "Writes episodes.summary.md from the monthly shards and episodes.jsonl: one line per episode under its month, empty skeletons skipped. Rewritten whole (atomic, under the store lock); the same episodes give the same bytes. It is not a card: doctor does not report it as an orphan.",
  examples: ["memctl rebuild-summary", "memctl rebuild-summary --json"]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  assertMayWrite(actorFrom(args, io), "rebuild the episode summary");
  const { memoryDir } = requireStore(args, io);
  const r = await withStoreLock(memoryDir, () => rebuildSummary(memoryDir, pauseFromEnv(io.env)));
  if (bool(args, "json")) printJson(io, { memory_dir: memoryDir, ...r });
  else
    io.stdout.write(
      `${colorsFor(io).green("\u2713")} wrote ${r.file}: ${r.episodes} episode${r.episodes === 1 ? "" : "s"} in ${r.months} month${r.months === 1 ? "" : "s"}${r.skipped_empty ? `, ${r.skipped_empty} empty skeleton${r.skipped_empty === 1 ? "" : "s"} skipped` : ""} (from ${r.sources.join(", ") || "no episode file"})
`
    );
  return 0;
}
export {
  run,
  spec
};
