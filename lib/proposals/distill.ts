import path from "node:path";
import { CARD_TYPES } from "../core/card-types.js";
import { RECALL_KEYS_ASKED, RECALL_KEYS_GUIDANCE } from "../core/recall-keys.js";
import { readEpisodes, type Episode } from "../store/episodes.js";
import { EPISODE_STALE_MS } from "../store/episode-tail.js";
import { systemCode } from "../core/errors.js";
import { withStoreLock } from "../store/lock.js";
import { viewStore, type StoreView } from "../records/store-view.js";
import { DESCRIPTION_MAX } from "../core/card-rules.js";
import { keyLanguages, type KeyLanguages, type OwnerLanguages } from "../rank/languages.js";
import { STATE_DIR } from "../store/paths.js";
import { readStore } from "../store/read.js";
import { realDir } from "../store/safe-write.js";
import { commitFile } from "../store/write.js";
import { readRegularUtf8 } from "../store/checked-fs.js";

// The mechanical part of /mem-distill: what memory already knows (the index lines), the episodes since the last
// distill (a watermark in .memctl/distill.json), and the conventions of the four tiers, so the host's prompt
// stays short. Distill never writes a card: candidates are staged with `memctl propose` for the owner.

export const DISTILL_STATE = `${STATE_DIR}/distill.json`;

/** The four tiers (seed 001 "Four card tiers"): what each holds. */
export const TIERS: Record<(typeof CARD_TYPES)[number], string> = {
  feedback: "explicit preferences, constraints, and repeated user or reviewer guidance",
  project: "architecture, flow definitions, decisions, and repo-specific invariants",
  reference: "stable references: command usage, scripts, external expectations",
  user: "personal workflow preferences and guardrail notes for the maintainer",
};

export const RULES = [
  "One card per durable fact, preference or decision; skip what is session-specific, already known, or guessable from the code.",
  `The description is the index line injected into prompts: one sentence, at most ${DESCRIPTION_MAX} characters; the detail goes in the body.`,
  "A candidate that restates or corrects an existing card is proposed under that card's name (an update), never as a new card.",
  "Every candidate names its source (the episode, file or conversation) and its provenance: fact (seen) or inference (concluded), with a confidence from 0 to 1.",
  "Never write a card or the memory files: stage with memctl propose; the owner decides with memctl review / accept / reject.",
  `Give each candidate ${RECALL_KEYS_ASKED} recall keys (--recall "a|b|c"): ${RECALL_KEYS_GUIDANCE} (the store's languages: \`languages\`).`,
];

export interface DistillWatermark {
  version: 1;
  /** The newest episode timestamp already distilled. */
  through: string;
  marked_at: string;
  marked_by: string;
}

export interface KnownCard {
  name: string;
  type: string | null;
  card: string | null;
  line: string;
}

export interface DistillContext {
  memory_dir: string;
  known: KnownCard[];
  episodes: (Episode & { line: number })[];
  /** Episodes before the watermark, not shown. */
  episodes_skipped: number;
  watermark: { previous: string | null; next: string | null };
  tiers: { type: string; file: string; holds: string }[];
  rules: string[];
  /** The languages the store's cards are written in (English first), then those its owner prompts in: recall keys are asked for in each. */
  languages: string[];
}

export function statePath(memoryDir: string): string {
  return path.join(memoryDir, ...DISTILL_STATE.split("/"));
}

/**
 * The watermark, or null when there is none (or it is unreadable: then every episode is shown again). A few hundred
 * bytes, read without following a link or opening a FIFO (a planted link to /dev/zero grew distill to 4 GB).
 */
export function readWatermark(memoryDir: string): DistillWatermark | null {
  try {
    const v = JSON.parse(readRegularUtf8(statePath(memoryDir), 64 * 1024, { nofollow: true })) as DistillWatermark;
    return v && v.version === 1 && typeof v.through === "string" ? v : null;
  } catch (err) {
    if (systemCode(err) === "ENOENT") return null;
    return null;
  }
}

/** Moves the watermark forward (never back) under the store lock; atomic, so a reader sees old or new. */
export async function markDistilled(memoryDir: string, through: string, actor: string, now: Date): Promise<DistillWatermark> {
  return withStoreLock(memoryDir, async () => {
    const current = readWatermark(memoryDir);
    if (current && episodeTime(current.through) >= episodeTime(through)) return current;
    const next: DistillWatermark = { version: 1, through, marked_at: now.toISOString(), marked_by: actor };
    realDir(memoryDir, STATE_DIR);
    await commitFile(statePath(memoryDir), JSON.stringify(next, null, 2) + "\n");
    return next;
  });
}

function episodeTime(ts: string): number {
  const t = Date.parse(ts);
  return Number.isFinite(t) ? t : 0;
}

/**
 * Everything a distilling model needs, read-only. `all` ignores the watermark; `owner` says which languages the
 * owner asks in ([recall] languages, else the codes of their recent prompts), as the key writer's are found.
 */
export async function distillContext(memoryDir: string, options: { all?: boolean; maxEpisodes?: number; owner?: OwnerLanguages; now?: Date } = {}): Promise<DistillContext> {
  let store: StoreView | undefined;
  try {
    store = viewStore(await readStore(memoryDir));
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
  }
  const known: KnownCard[] = (store?.entries ?? []).map((e) => {
    const meta = e.card ? store!.cards.get(e.card)?.card?.meta : undefined;
    const type = (e.card && /^(feedback|project|reference|user)_/.exec(e.card)?.[1]) ?? (typeof meta?.metadata?.type === "string" ? meta.metadata.type : null);
    const name = typeof meta?.name === "string" && meta.name ? meta.name : e.card ? path.basename(e.card, ".md").replace(/^(feedback|project|reference|user)_/, "") : e.title;
    return { name, type, card: e.card, line: e.raw.trim() };
  });
  const mark = options.all ? null : readWatermark(memoryDir);
  const all = readEpisodes(memoryDir).episodes;
  const since = mark ? all.filter((e) => episodeTime(e.ts) > episodeTime(mark.through)) : all;
  const shown = options.maxEpisodes !== undefined ? since.slice(-options.maxEpisodes) : since;
  // The mark is printed inside `memctl distill --mark …` for an agent or the owner to run: an ISO time, never a line's
  // own spelling (a pushed episode's `Dec 8 2099 $(…)` parses as a date). A line dated more than a day ahead (logs
  // merge by time) is no one's newest, or it would hide every later episode from distill.
  const latest = (options.now ?? new Date()).getTime() + EPISODE_STALE_MS;
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
        [...(store?.cards.values() ?? [])].map((c) => `${c.card?.meta.description ?? ""}\n${c.card?.body ?? ""}`),
        options.owner ?? {},
      ),
    ),
  };
}

/** One list for the distilling model: the cards' languages, then the owner's. */
function languagesAsked(l: KeyLanguages): string[] {
  return [...l.cards, ...l.owner];
}
