import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  distillPrompt,
  parseCandidates,
  stageCandidates
} from "./proposals-distill-llm.mjs";
import "./proposals-overlap.mjs";
import {
  DEFAULT_LLM_TIMEOUT_SECONDS
} from "./compact-run.mjs";
import {
  asJob
} from "./cli-ledger.mjs";
import {
  storeLanguages
} from "./rank-languages.mjs";
import "./store-jobs.mjs";
import "./proposals-propose.mjs";
import "./records-card-find.mjs";
import "./records-proposal-files.mjs";
import "./core-frontmatter-edit.mjs";
import "./store-safe-open.mjs";
import "./compact-artifact.mjs";
import {
  runLlmCommand
} from "./compact-generate.mjs";
import "./compact-mentions.mjs";
import {
  viewStore
} from "./records-store-view.mjs";
import "./core-line-key.mjs";
import "./rank-stem.mjs";
import "./core-block.mjs";
import "./rank-stop-words-data.mjs";
import "./core-frecency.mjs";
import "./store-full-check.mjs";
import {
  DESCRIPTION_MAX
} from "./core-card-rules.mjs";
import "./store-write-journal.mjs";
import "./core-index-edit.mjs";
import {
  readEpisodes
} from "./store-episodes.mjs";
import "./store-episode-shards.mjs";
import "./store-episode-tail.mjs";
import {
  ACTOR_FLAGS,
  JSON_FLAG,
  STORE_FLAGS,
  actorFrom,
  requireStore
} from "./cli-store-access.mjs";
import "./config-agent-env.mjs";
import {
  secretPolicy
} from "./records-guardrails.mjs";
import "./store-history.mjs";
import {
  readStore
} from "./store-read.mjs";
import "./core-index-file.mjs";
import {
  RECALL_KEYS_ASKED,
  RECALL_KEYS_GUIDANCE
} from "./core-card.mjs";
import {
  CARD_TYPES
} from "./core-card-types.mjs";
import {
  commitFile,
  realDir,
  withStoreLock
} from "./store-lock.mjs";
import {
  colorsFor,
  printJson
} from "./cli-output.mjs";
import {
  bool,
  commandSummary,
  num,
  parseArgs,
  str
} from "./cli-args.mjs";
import "./config-project.mjs";
import "./config-git.mjs";
import {
  inertText
} from "./core-sanitize.mjs";
import {
  readConfig
} from "./config-config-keys.mjs";
import "./core-closest.mjs";
import "./core-sha256.mjs";
import {
  STATE_DIR
} from "./store-paths.mjs";
import "./core-bytes.mjs";
import {
  ERROR_CODES,
  MemctlError,
  systemCode,
  usageError
} from "./core-errors.mjs";
import "./npm-js-yaml-dist-js-yaml.mjs";
import "./runtime.mjs";

// lib/proposals/distill.ts
import fs from "node:fs";
import path from "node:path";
var DISTILL_STATE = `${STATE_DIR}/distill.json`;
var TIERS = {
  feedback: "explicit preferences, constraints, and repeated user or reviewer guidance",
  project: "architecture, flow definitions, decisions, and repo-specific invariants",
  reference: "stable references: command usage, scripts, external expectations",
  user: "personal workflow preferences and guardrail notes for the maintainer"
};
var RULES = [
  "One card per durable fact, preference or decision; skip what is session-specific, already known, or guessable from the code.",
  `The description is the index line injected into prompts: one sentence, at most ${DESCRIPTION_MAX} characters; the detail goes in the body.`,
  "A candidate that restates or corrects an existing card is proposed under that card's name (an update), never as a new card.",
  "Every candidate names its source (the episode, file or conversation) and its provenance: fact (seen) or inference (concluded), with a confidence from 0 to 1.",
  "Never write a card or the memory files: stage with memctl propose; the owner decides with memctl review / accept / reject.",
  `Give each candidate ${RECALL_KEYS_ASKED} recall keys (--recall "a|b|c"): ${RECALL_KEYS_GUIDANCE} (the store's languages: \`languages\`).`
];
function statePath(memoryDir) {
  return path.join(memoryDir, ...DISTILL_STATE.split("/"));
}
function readWatermark(memoryDir) {
  try {
    const v = JSON.parse(fs.readFileSync(statePath(memoryDir), "utf8"));
    return v && v.version === 1 && typeof v.through === "string" ? v : null;
  } catch (err) {
    if (systemCode(err) === "ENOENT") return null;
    return null;
  }
}
async function markDistilled(memoryDir, through, actor, now) {
  return withStoreLock(memoryDir, async () => {
    const current = readWatermark(memoryDir);
    if (current && episodeTime(current.through) >= episodeTime(through)) return current;
    const next = { version: 1, through, marked_at: now.toISOString(), marked_by: actor };
    realDir(memoryDir, STATE_DIR);
    await commitFile(statePath(memoryDir), JSON.stringify(next, null, 2) + "\n");
    return next;
  });
}
function episodeTime(ts) {
  const t = Date.parse(ts);
  return Number.isFinite(t) ? t : 0;
}
async function distillContext(memoryDir, options = {}) {
  let store;
  try {
    store = viewStore(await readStore(memoryDir));
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
  }
  const known = (store?.entries ?? []).map((e) => {
    const meta = e.card ? store.cards.get(e.card)?.card?.meta : void 0;
    const type = (e.card && /^(feedback|project|reference|user)_/.exec(e.card)?.[1]) ?? (typeof meta?.metadata?.type === "string" ? meta.metadata.type : null);
    const name = typeof meta?.name === "string" && meta.name ? meta.name : e.card ? path.basename(e.card, ".md").replace(/^(feedback|project|reference|user)_/, "") : e.title;
    return { name, type, card: e.card, line: e.raw.trim() };
  });
  const mark = options.all ? null : readWatermark(memoryDir);
  const all = readEpisodes(memoryDir).episodes;
  const since = mark ? all.filter((e) => episodeTime(e.ts) > episodeTime(mark.through)) : all;
  const shown = options.maxEpisodes !== void 0 ? since.slice(-options.maxEpisodes) : since;
  const newest = shown.reduce((n, e) => n === null || episodeTime(e.ts) > episodeTime(n) ? e.ts : n, null);
  return {
    memory_dir: memoryDir,
    known,
    episodes: shown,
    episodes_skipped: all.length - shown.length,
    watermark: { previous: mark?.through ?? null, next: newest },
    tiers: CARD_TYPES.map((t) => ({ type: t, file: `${t}_<name>.md`, holds: TIERS[t] })),
    rules: RULES,
    languages: storeLanguages(
      [...store?.cards.values() ?? []].map((c) => `${c.card?.meta.description ?? ""}
${c.card?.body ?? ""}`),
      options.languages
    )
  };
}

// lib/cli/distill.ts
var spec = {
  name: "distill",
  summary: commandSummary("distill"),
  flags: {
    all: { type: "boolean", description: "show every episode, ignoring the watermark" },
    "max-episodes": { type: "number", valueName: "N", description: "only the newest N episodes since the watermark" },
    mark: { type: "string", valueName: "TS", description: "record that episodes up to TS (the watermark.next of a run) are distilled" },
    llm: { type: "boolean", description: "run [compact] llm_command on this context and stage its candidates as proposals" },
    ...ACTOR_FLAGS,
    ...STORE_FLAGS,
    ...JSON_FLAG
  },
  exitCodes: {
    0: "context printed, watermark marked, or candidates staged",
    1: "--llm failed (nothing staged), or no store",
    2: "usage error",
    3: "invalid explicit memory selection"
  },
  notes: `What /mem-distill reads: the index lines (what is known), the episodes since the last distill, and the four tiers' conventions.
Read-only, except --mark and --llm, which move the watermark (${DISTILL_STATE}). Nothing writes a card: candidates are staged
with memctl propose, and the owner decides with memctl review / accept / reject.`,
  examples: ["memctl distill --json", "memctl distill --mark 2026-12-02T10:00:00.000Z", "memctl distill --llm"]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const { memoryDir } = requireStore(args, io);
  const json = bool(args, "json");
  const actor = actorFrom(args, io);
  const mark = str(args, "mark");
  if (mark !== void 0) {
    if (bool(args, "llm")) throw usageError("--mark and --llm cannot be combined (--llm marks by itself)");
    if (!Number.isFinite(Date.parse(mark))) throw usageError(`--mark ${mark} is not a timestamp; pass the watermark.next value distill printed`);
    const w = await markDistilled(memoryDir, mark, actor, io.now());
    if (json) printJson(io, { memory_dir: memoryDir, watermark: w });
    else io.stdout.write(`${colorsFor(io).green("\u2713")} episodes through ${w.through} are marked distilled (${DISTILL_STATE})
`);
    return 0;
  }
  const languages = readConfig(io).value.recall?.languages;
  const ctx = await distillContext(memoryDir, { all: bool(args, "all"), maxEpisodes: num(args, "max-episodes"), languages });
  if (!bool(args, "llm")) {
    if (json) printJson(io, ctx);
    else io.stdout.write(renderContext(ctx));
    return 0;
  }
  const config = readConfig(io).value.compact ?? {};
  const command = config.llm_command && config.llm_command.length > 0 ? config.llm_command : void 0;
  if (!command)
    throw new MemctlError(
      ERROR_CODES.E_COMPACT_LLM,
      '--llm: no [compact] llm_command is configured; nothing was staged (set [compact] llm_command = ["claude", "-p"] in the user config)'
    );
  const model = modelActor(command);
  io.stderr.write(`memctl distill: asking \`${inertText(command.join(" "))}\` about ${ctx.episodes.length} episode(s) and ${ctx.known.length} known card(s)
`);
  const { value } = await asJob(
    io,
    memoryDir,
    "distill",
    "memctl distill --llm",
    async () => {
      const ran = await runLlmCommand({
        command,
        prompt: distillPrompt(ctx),
        timeoutMs: (config.timeout_seconds ?? DEFAULT_LLM_TIMEOUT_SECONDS) * 1e3,
        env: io.env,
        cwd: memoryDir
      });
      if (!ran.ok) throw new MemctlError(ERROR_CODES.E_COMPACT_LLM, `--llm: ${ran.reason}; nothing was staged`, { reason: ran.reason });
      const candidates = parseCandidates(ran.summary);
      const outcome = await stageCandidates({ memoryDir, actor: model, now: io.now(), secrets: secretPolicy(io) }, candidates, ctx.known);
      const marked2 = ctx.watermark.next ? await markDistilled(memoryDir, ctx.watermark.next, actor, io.now()) : null;
      return { candidates: candidates.length, outcome, marked: marked2 };
    },
    (v) => ({ candidates: v.candidates, staged: v.outcome.staged.length, blocked: v.outcome.blocked.length })
  );
  const result = { candidates: value.candidates, outcome: value.outcome };
  const marked = value.marked;
  if (json) printJson(io, { memory_dir: memoryDir, candidates: result.candidates, ...result.outcome, watermark: marked });
  else {
    const c = colorsFor(io);
    const out = [`${c.green("\u2713")} ${result.outcome.staged.length} of ${result.candidates} candidate(s) staged as proposals; the owner decides with memctl review`];
    for (const s of result.outcome.staged)
      out.push(`  ${s.id}  ${inertText(s.name)}${s.target ? ` (update to ${inertText(s.target)})` : " (new card)"}${s.restates ? `: restates ${inertText(s.restates)}` : ""}`);
    for (const b of result.outcome.blocked) out.push(`  ${c.yellow("not staged")} candidate ${b.index + 1}${b.name ? ` (${inertText(b.name)})` : ""}: ${inertText(b.reason)}`);
    io.stdout.write(out.join("\n") + "\n");
  }
  return 0;
}
function renderContext(ctx) {
  const out = [`Known (${ctx.known.length} index lines):`, ...ctx.known.map((k) => `  ${inertText(k.line)}`)];
  const since = ctx.watermark.previous ? `since ${ctx.watermark.previous}` : "all, no distill yet";
  out.push(`Episodes (${ctx.episodes.length}, ${since}):`, ...ctx.episodes.map((e) => `  ${e.ts} [${inertText(e.host)}] ${inertText(e.summary.replace(/\s+/g, " "))}`));
  out.push("Tiers:", ...ctx.tiers.map((t) => `  ${t.file.padEnd(20)} ${t.holds}`));
  out.push("Rules:", ...ctx.rules.map((r) => `  - ${r}`));
  if (ctx.watermark.next) out.push(`When the candidates are staged: memctl distill --mark ${ctx.watermark.next}`);
  return out.join("\n") + "\n";
}
function modelActor(command) {
  const program = (command[0] ?? "").split(/[\\/]/).pop().replace(/[^A-Za-z0-9._@-]/g, "-").replace(/^[^A-Za-z0-9]+/, "").slice(0, 120);
  return `model:${program || "unknown"}`;
}
export {
  modelActor,
  run,
  spec
};
