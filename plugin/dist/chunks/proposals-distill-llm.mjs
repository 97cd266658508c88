import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  RESTATES,
  hookText,
  overlap,
  termSet
} from "./proposals-overlap.mjs";
import {
  viewStore
} from "./records-store-view.mjs";
import {
  readEpisodes
} from "./store-episodes.mjs";
import {
  storeLanguages
} from "./rank-languages.mjs";
import {
  propose
} from "./proposals-propose.mjs";
import {
  DESCRIPTION_MAX
} from "./core-card-rules.mjs";
import {
  readStore
} from "./store-history.mjs";
import {
  CARD_TYPES
} from "./core-card-types.mjs";
import {
  commitFile,
  realDir,
  withStoreLock
} from "./store-lock.mjs";
import {
  STATE_DIR
} from "./config-config.mjs";
import {
  MemctlError,
  systemCode
} from "./core-bytes.mjs";

// lib/proposals/distill-llm.ts
var CANDIDATE_FIELDS = ["name", "type", "description", "source"];
function distillPrompt(ctx) {
  return [
    "You distill a project's session log into durable memory cards. Rules:",
    ...ctx.rules.map((r) => `- ${r}`),
    `- languages (the ones this store is written in): ${ctx.languages.join(", ")}`,
    "",
    "Card types (tiers):",
    ...ctx.tiers.map((t) => `- ${t.type}: ${t.holds}`),
    "",
    "Already known (one index line per card; to update one, reuse its name):",
    ...ctx.known.map((k) => `- name=${k.name} type=${k.type ?? "?"}: ${k.line}`),
    "",
    `Sessions since the last distill (${ctx.episodes.length}):`,
    ...ctx.episodes.map((e) => `- ${e.ts} [${e.host}] ${e.summary.replace(/\s+/g, " ")}`),
    "",
    'Print only JSON lines, one candidate per line: {"name","type","description","body","topics":[\u2026],"recall":[8 to 14 keys],"source","kind":"fact|inference","confidence":0..1}. Print [] if there is nothing durable.',
    ""
  ].join("\n");
}
function parseCandidates(output) {
  const trimmed = output.trim();
  if (trimmed.startsWith("[")) {
    try {
      const v = JSON.parse(trimmed);
      if (Array.isArray(v)) return v.filter((c) => c !== null && typeof c === "object");
    } catch {
    }
  }
  return trimmed.split("\n").flatMap((l) => {
    const s = l.trim().replace(/,$/, "");
    if (!s.startsWith("{")) return [];
    try {
      const v = JSON.parse(s);
      return v !== null && typeof v === "object" && !Array.isArray(v) ? [v] : [];
    } catch {
      return [];
    }
  });
}
function missingCandidateFields(c) {
  return CANDIDATE_FIELDS.filter((f) => typeof c[f] !== "string" || c[f].trim() === "");
}
function restatedCard(c, known) {
  const byName = known.find((k) => k.name === c.name);
  if (byName) return byName;
  const terms = termSet(`${c.name.replace(/[-_]/g, " ")} ${c.description}`);
  let best;
  for (const k of known) {
    if (k.type !== c.type) continue;
    const score = overlap(terms, termSet(`${k.name.replace(/[-_]/g, " ")} ${hookText(k.line)}`));
    if (score >= RESTATES && (!best || score > best.score)) best = { k, score };
  }
  return best?.k;
}
async function stageCandidates(ctx, candidates, known) {
  const outcome = { staged: [], blocked: [] };
  for (const [index, c] of candidates.entries()) {
    const name = typeof c.name === "string" ? c.name.trim() : null;
    const missing = missingCandidateFields(c);
    if (missing.length > 0) {
      outcome.blocked.push({ index, name, missing, reason: `lacks the required field${missing.length > 1 ? "s" : ""} ${missing.join(", ")}` });
      continue;
    }
    const card = { name, type: c.type.trim(), description: c.description.trim() };
    if (!CARD_TYPES.includes(card.type)) {
      outcome.blocked.push({ index, name, reason: `type "${card.type}" is not one of ${CARD_TYPES.join(", ")}` });
      continue;
    }
    const restated = restatedCard(card, known);
    const target = restated?.card ? restated.name : card.name;
    try {
      const p = await propose(
        { memoryDir: ctx.memoryDir, actor: ctx.actor, now: ctx.now, ...ctx.secrets ? { secrets: ctx.secrets } : {} },
        {
          card: {
            name: target,
            ...restated?.card ? {} : { type: card.type },
            description: card.description,
            ...typeof c.body === "string" && c.body.trim() ? { body: c.body } : {},
            ...Array.isArray(c.topics) ? { topics: c.topics.filter((t) => typeof t === "string") } : {},
            ...Array.isArray(c.recall) ? { recall: c.recall.filter((t) => typeof t === "string") } : {}
          },
          source: c.source.trim(),
          kind: typeof c.kind === "string" ? c.kind : "inference",
          ...typeof c.confidence === "number" ? { confidence: c.confidence } : {}
        }
      );
      outcome.staged.push({ id: p.id, name: target, target: p.target, restates: restated && restated.name !== card.name ? restated.name : null });
    } catch (err) {
      if (!(err instanceof MemctlError)) throw err;
      outcome.blocked.push({ index, name, reason: err.message.replace(/\s+/g, " ") });
    }
  }
  return outcome;
}

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
  'Give each candidate 8 to 14 recall keys (--recall "a|b|c"): short lines a developer would type when this card is what they need without knowing it exists \u2014 the symptom they see, questions it answers, synonyms and related tool names it does not spell out \u2014 some in each of `languages`; never the title again.'
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
    languages: storeLanguages([...store?.cards.values() ?? []].map((c) => `${c.card?.meta.description ?? ""}
${c.card?.body ?? ""}`))
  };
}

export {
  distillPrompt,
  parseCandidates,
  stageCandidates,
  DISTILL_STATE,
  TIERS,
  markDistilled,
  distillContext
};
