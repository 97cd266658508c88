// lib/proposals/distill.ts
import path from "node:path";
import { CARD_TYPES } from "../core/card-types.js";
import { RECALL_KEYS_ASKED, RECALL_KEYS_GUIDANCE } from "../core/recall-keys.js";
import { readEpisodes } from "../store/episodes.js";
import { EPISODE_STALE_MS } from "../store/episode-tail.js";
import { systemCode } from "../core/errors.js";
import { withStoreLock } from "../store/lock.js";
import { viewStore } from "../records/store-view.js";
import { DESCRIPTION_MAX } from "../core/card-rules.js";
import { keyLanguages } from "../rank/languages.js";
import { STATE_DIR } from "../store/paths.js";
import { readStore } from "../store/read.js";
import { realDir } from "../store/safe-write.js";
import { commitFile } from "../store/write.js";
import { readRegularUtf8 } from "../store/checked-fs.js";
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
    const v = JSON.parse(readRegularUtf8(statePath(memoryDir), 64 * 1024, { nofollow: true }));
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
  const latest = (options.now ?? /* @__PURE__ */ new Date()).getTime() + EPISODE_STALE_MS;
  const newestMs = shown.reduce((n, e) => {
    const t = episodeTime(e.ts);
    return t > n && t <= latest ? t : n;
  }, 0);
  const newest = newestMs > 0 ? new Date(newestMs).toISOString() : null;
  return {
    memory_dir: memoryDir,
    known,
    episodes: shown,
    episodes_skipped: all.length - shown.length,
    watermark: { previous: mark?.through ?? null, next: newest },
    tiers: CARD_TYPES.map((t) => ({ type: t, file: `${t}_<name>.md`, holds: TIERS[t] })),
    rules: RULES,
    languages: languagesAsked(
      keyLanguages(
        [...store?.cards.values() ?? []].map((c) => `${c.card?.meta.description ?? ""}
${c.card?.body ?? ""}`),
        options.owner ?? {}
      )
    )
  };
}
function languagesAsked(l) {
  return [...l.cards, ...l.owner];
}
export {
  DISTILL_STATE,
  RULES,
  TIERS,
  distillContext,
  markDistilled,
  readWatermark,
  statePath
};
