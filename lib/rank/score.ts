// Ranking, pure: keyword relevance (BM25F over title, topics and hook, rarer terms weighing more) layered
// above frecency. Order, deterministic for equal inputs:
//   1. priority: always cards (pinned; the hook prints them outside the budget)
//   2. relevant cards: relevance × a frecency boost of at most FRECENCY_BOOST (so frecency only reorders
//      cards of similar relevance and can never lift an irrelevant card above a relevant one)
//   3. irrelevant cards, by frecency
//   4. sunk cards (priority: low, status stale/superseded, expires_at past), relevant before irrelevant
// Ties fall back to MEMORY.md line order.
import { frecency, type CardUsage } from "../usage.js";

/** What ranking needs of one index line: its text, the card fields that move it, and its terms per field. */
export interface RankEntry {
  line: number;
  raw: string;
  title: string;
  file: string;
  hook: string;
  priority?: string;
  status?: string;
  expires_at?: string;
  topics: string[];
  terms: { title: string[]; topics: string[]; hook: string[] };
}

export type Field = keyof RankEntry["terms"];
export const FIELDS: readonly Field[] = ["title", "topics", "hook"];
/** Field weights: a word in the title says more than one in the topics, which says more than one in the hook. */
export const FIELD_WEIGHT: Readonly<Record<Field, number>> = { title: 3, topics: 2, hook: 1 };
const FIELD_B: Readonly<Record<Field, number>> = { title: 0.3, topics: 0.3, hook: 0.6 };
const K1 = 1.2;
/** A card scoring below this share of the best card's relevance is a weak match and counted irrelevant. */
export const RELATIVE_CUTOFF = 0.15;
/** The most frecency can multiply relevance by (1 + this), reached asymptotically. */
export const FRECENCY_BOOST = 0.25;
const SINK_STATUSES = new Set(["stale", "superseded"]);

export type Tier = "always" | "relevant" | "irrelevant" | "sunk-relevant" | "sunk";

export interface Ranked {
  entry: RankEntry;
  /** Position in MEMORY.md order (0-based). */
  index: number;
  tier: Tier;
  /** BM25F relevance (0 when nothing matched). */
  relevance: number;
  frecency: number;
  /** The sort key within the tier. */
  score: number;
  /** Why it sank: "priority: low", "status: stale", "expired 2026-01-01". */
  sink?: string;
  /** Matched query terms with the fields they matched in. */
  matches: { term: string; fields: Field[] }[];
}

export interface RankOptions {
  today: string;
  usage?: ReadonlyMap<string, CardUsage>;
}

/** Why a card sinks to the tail, or undefined. */
export function sinkReason(entry: RankEntry, today: string): string | undefined {
  if (entry.priority === "low") return "priority: low";
  if (entry.status && SINK_STATUSES.has(entry.status)) return `status: ${entry.status}`;
  if (entry.expires_at && /^\d{4}-\d{2}-\d{2}/.test(entry.expires_at) && entry.expires_at.slice(0, 10) < today) return `expired ${entry.expires_at.slice(0, 10)}`;
  return undefined;
}

/** Ranks every entry against the query terms (see tokenize.ts queryTerms). */
export function rankEntries(entries: readonly RankEntry[], query: ReadonlyMap<string, number>, options: RankOptions): Ranked[] {
  const n = entries.length;
  const avg = { title: 0, topics: 0, hook: 0 };
  for (const e of entries) for (const f of FIELDS) avg[f] += e.terms[f].length;
  for (const f of FIELDS) avg[f] = n > 0 ? Math.max(1, avg[f] / n) : 1;

  // One pass: per-entry weighted term frequencies for query terms only, and document frequencies.
  const df = new Map<string, number>();
  const hits: (Map<string, { tf: number; fields: Field[] }> | undefined)[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const e = entries[i]!;
    let m: Map<string, { tf: number; fields: Field[] }> | undefined;
    for (const f of FIELDS) {
      const terms = e.terms[f];
      if (terms.length === 0) continue;
      const norm = 1 - FIELD_B[f] + (FIELD_B[f] * terms.length) / avg[f];
      for (const t of terms) {
        if (!query.has(t)) continue;
        m ??= new Map();
        let h = m.get(t);
        if (!h) {
          h = { tf: 0, fields: [] };
          m.set(t, h);
          df.set(t, (df.get(t) ?? 0) + 1);
        }
        h.tf += FIELD_WEIGHT[f] / norm;
        if (!h.fields.includes(f)) h.fields.push(f);
      }
    }
    hits[i] = m;
  }

  const relevance = new Float64Array(n);
  let best = 0;
  for (let i = 0; i < n; i++) {
    const m = hits[i];
    if (!m) continue;
    let s = 0;
    for (const [t, h] of m) {
      const d = df.get(t)!;
      const idf = Math.log(1 + (n - d + 0.5) / (d + 0.5));
      s += query.get(t)! * idf * ((h.tf * (K1 + 1)) / (h.tf + K1));
    }
    relevance[i] = s;
    if (entries[i]!.priority !== "always" && s > best) best = s;
  }

  const ranked: Ranked[] = entries.map((entry, index) => {
    const rel = relevance[index]!;
    const fr = frecency(options.usage?.get(entry.file), options.today);
    const relevant = rel > 0 && rel >= best * RELATIVE_CUTOFF;
    const sink = sinkReason(entry, options.today);
    const tier: Tier = entry.priority === "always" ? "always" : sink ? (relevant ? "sunk-relevant" : "sunk") : relevant ? "relevant" : "irrelevant";
    const score = relevant ? rel * (1 + (FRECENCY_BOOST * fr) / (fr + 3)) : fr;
    const matches = hits[index] ? [...hits[index]!].map(([term, h]) => ({ term, fields: h.fields })) : [];
    return { entry, index, tier, relevance: rel, frecency: fr, score, matches, ...(sink ? { sink } : {}) };
  });
  return ranked.sort(compareRanked);
}

const TIER_ORDER: Readonly<Record<Tier, number>> = { always: 0, relevant: 1, irrelevant: 2, "sunk-relevant": 3, sunk: 4 };

export function compareRanked(a: Ranked, b: Ranked): number {
  return TIER_ORDER[a.tier] - TIER_ORDER[b.tier] || b.score - a.score || b.relevance - a.relevance || a.index - b.index;
}

/** Tiers whose cards count as keyword hits (recorded in the usage sidecar, eligible for injection). */
export function isHit(r: Ranked): boolean {
  return r.tier === "relevant" || r.tier === "sunk-relevant";
}
