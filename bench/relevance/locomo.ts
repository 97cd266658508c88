// LoCoMo (snap-research/LoCoMo, data/locomo10.json, CC BY-NC 4.0, evaluation only) as relevance groups: one
// memory store per conversation, one card per observation, one labelled prompt per question whose evidence
// turn has an observation. Fetched at bench time and cached outside the repository; never committed.
// Conversations 3–9 are the held-out check: the default range is 0–2, and nothing here reads the others
// unless asked for them by --conversations.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BenchCard, BenchGroup } from "./harness.js";
import type { LabelledPrompt } from "./types.js";

export const LOCOMO_URL = "https://raw.githubusercontent.com/snap-research/LoCoMo/main/data/locomo10.json";
export const DEFAULT_CONVERSATIONS: readonly number[] = [0, 1, 2];
/** Question categories kept: 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop. 5 (adversarial: the question names the wrong speaker) has no answering card. */
const CATEGORIES = new Set([1, 2, 3, 4]);

/** Where the file is cached: $XDG_CACHE_HOME/memctl-bench or ~/.cache/memctl-bench (never the repository). */
export function locomoCachePath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME || path.join(env.HOME || os.homedir(), ".cache");
  return path.join(base, "memctl-bench", "locomo10.json");
}

/**
 * The JSON text of locomo10.json: from `source` (a local path or an http(s) URL; default $MEMCTL_LOCOMO, then
 * the cache, then LOCOMO_URL), cached after a download.
 */
export async function readLocomo(source: string | undefined, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const from = source ?? env.MEMCTL_LOCOMO;
  const cache = locomoCachePath(env);
  if (from && !/^https?:\/\//.test(from)) return fs.readFileSync(from, "utf8");
  if (!from && fs.existsSync(cache)) return fs.readFileSync(cache, "utf8");
  const url = from ?? LOCOMO_URL;
  let text: string;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    text = await res.text();
  } catch (err) {
    throw new Error(
      `could not download LoCoMo from ${url} (${(err as Error).message}). Get data/locomo10.json from snap-research/LoCoMo by any means ` +
        `(e.g. a git clone) and pass --locomo <path> or set MEMCTL_LOCOMO=<path>.`,
    );
  }
  fs.mkdirSync(path.dirname(cache), { recursive: true });
  fs.writeFileSync(cache, text);
  return text;
}

interface LocomoQa {
  question: string;
  answer?: unknown;
  evidence?: string[];
  category: number;
}
interface LocomoConversation {
  sample_id?: string;
  conversation: Record<string, unknown>;
  observation: Record<string, Record<string, [string, string | string[]][]>>;
  qa: LocomoQa[];
}

/** "1:56 pm on 8 May, 2023" → "8 May 2023". */
function sessionDay(dateTime: unknown): string {
  const text = typeof dateTime === "string" ? dateTime : "";
  const on = text.split(" on ")[1] ?? text;
  return on.replace(",", "").trim();
}

/** One conversation as a store: cards per observation (title "Speaker, day", hook the observation) and its questions. */
export function locomoGroup(conv: LocomoConversation, index: number): BenchGroup & { dropped: number } {
  const cards: BenchCard[] = [];
  const byTurn = new Map<string, string[]>();
  for (const [key, bySpeaker] of Object.entries(conv.observation)) {
    const session = Number(/session_(\d+)_observation/.exec(key)?.[1]);
    if (!Number.isFinite(session)) continue;
    const day = sessionDay(conv.conversation[`session_${session}_date_time`]);
    for (const [speaker, items] of Object.entries(bySpeaker)) {
      items.forEach(([text, turns], k) => {
        const file = `project_c${index}_s${session}_${speaker.toLowerCase().replace(/[^a-z0-9]+/g, "")}_${k + 1}.md`;
        cards.push({ file, title: `${speaker}, ${day}`, hook: text.replace(/\s+/g, " ").trim(), topics: [] });
        for (const turn of Array.isArray(turns) ? turns : [turns]) {
          for (const id of String(turn)
            .split(/[;,\s]+/)
            .filter(Boolean))
            byTurn.set(id, [...(byTurn.get(id) ?? []), file]);
        }
      });
    }
  }
  const prompts: LabelledPrompt[] = [];
  let dropped = 0;
  conv.qa.forEach((qa, q) => {
    if (!CATEGORIES.has(qa.category)) return;
    const relevant = [...new Set((qa.evidence ?? []).flatMap((id) => byTurn.get(id.trim()) ?? []))];
    if (relevant.length === 0) {
      dropped++;
      return;
    }
    prompts.push({ id: `c${index}q${q}`, kind: `cat${qa.category}`, prompt: qa.question, relevant });
  });
  return { name: `locomo-${index}`, cards, prompts, dropped };
}

/** The chosen conversations (default 0–2) as groups. */
export async function loadLocomo(options: { source?: string; conversations?: readonly number[]; env?: NodeJS.ProcessEnv } = {}): Promise<(BenchGroup & { dropped: number })[]> {
  const data = JSON.parse(await readLocomo(options.source, options.env)) as LocomoConversation[];
  return (options.conversations ?? DEFAULT_CONVERSATIONS).map((i) => {
    const conv = data[i];
    if (!conv) throw new Error(`LoCoMo has no conversation ${i}`);
    return locomoGroup(conv, i);
  });
}
