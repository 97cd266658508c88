import { CARD_TYPES } from "../core/card-types.js";
import { RECALL_KEYS_ASKED, RECALL_KEYS_GUIDANCE } from "../core/recall-keys.js";
import { MemctlError } from "../core/errors.js";
import { propose, type Proposal } from "./propose.js";
import type { SecretPolicy } from "../records/secrets.js";
import type { DistillContext, KnownCard } from "./distill.js";
import { hookText, overlap, RESTATES, termSet } from "./overlap.js";

// `memctl distill --llm`, for people without a host: the configured `[compact] llm_command` (run by lib/cli/distill.ts
// through compact's runner) reads the distill context and prints candidate cards as JSON lines; each is staged with propose, never
// written. A candidate missing a required field is not staged, and the field is named.

export const CANDIDATE_FIELDS = ["name", "type", "description", "source"] as const;

export interface Candidate {
  name?: unknown;
  type?: unknown;
  description?: unknown;
  body?: unknown;
  topics?: unknown;
  recall?: unknown;
  source?: unknown;
  kind?: unknown;
  confidence?: unknown;
}

export interface DistillOutcome {
  staged: { id: string; name: string; target: string | null; restates: string | null }[];
  blocked: { index: number; name: string | null; missing?: string[]; reason: string }[];
}

export function distillPrompt(ctx: DistillContext): string {
  return [
    "You distill a project's session log into durable memory cards. Rules:",
    ...ctx.rules.map((r) => `- ${r}`),
    `- languages (the ones this store is written in and the ones its owner prompts in): ${ctx.languages.join(", ")}`,
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
    `Print only JSON lines, one candidate per line: {"name","type","description","body","topics":[…],"recall":[${RECALL_KEYS_ASKED} keys: ${RECALL_KEYS_GUIDANCE}],"source","kind":"fact|inference","confidence":0..1}. Print [] if there is nothing durable.`,
    "",
  ].join("\n");
}

/** Candidates from the model's output: one JSON object per line, or one JSON array; other lines are ignored. */
export function parseCandidates(output: string): Candidate[] {
  const trimmed = output.trim();
  if (trimmed.startsWith("[")) {
    try {
      const v = JSON.parse(trimmed) as unknown;
      if (Array.isArray(v)) return v.filter((c): c is Candidate => c !== null && typeof c === "object");
    } catch {
      // fall through to lines
    }
  }
  return trimmed.split("\n").flatMap((l) => {
    const s = l.trim().replace(/,$/, "");
    if (!s.startsWith("{")) return [];
    try {
      const v = JSON.parse(s) as unknown;
      return v !== null && typeof v === "object" && !Array.isArray(v) ? [v as Candidate] : [];
    } catch {
      return [];
    }
  });
}

/** The required fields a candidate lacks (empty strings count as missing). */
export function missingCandidateFields(c: Candidate): string[] {
  return CANDIDATE_FIELDS.filter((f) => typeof c[f] !== "string" || (c[f] as string).trim() === "");
}

/** The existing card a candidate restates: same name, else the same type with overlapping terms. */
export function restatedCard(c: { name: string; type: string; description: string }, known: readonly KnownCard[]): KnownCard | undefined {
  const byName = known.find((k) => k.name === c.name);
  if (byName) return byName;
  const terms = termSet(`${c.name.replace(/[-_]/g, " ")} ${c.description}`);
  let best: { k: KnownCard; score: number } | undefined;
  for (const k of known) {
    if (k.type !== c.type) continue;
    const score = overlap(terms, termSet(`${k.name.replace(/[-_]/g, " ")} ${hookText(k.line)}`));
    if (score >= RESTATES && (!best || score > best.score)) best = { k, score };
  }
  return best?.k;
}

export interface StageContext {
  memoryDir: string;
  actor: string;
  now: Date;
  secrets?: SecretPolicy;
}

/** Stages every complete candidate; a restated card gets an update under its own name. */
export async function stageCandidates(ctx: StageContext, candidates: readonly Candidate[], known: readonly KnownCard[]): Promise<DistillOutcome> {
  const outcome: DistillOutcome = { staged: [], blocked: [] };
  for (const [index, c] of candidates.entries()) {
    const name = typeof c.name === "string" ? c.name.trim() : null;
    const missing = missingCandidateFields(c);
    if (missing.length > 0) {
      outcome.blocked.push({ index, name, missing, reason: `lacks the required field${missing.length > 1 ? "s" : ""} ${missing.join(", ")}` });
      continue;
    }
    const card = { name: name!, type: (c.type as string).trim(), description: (c.description as string).trim() };
    if (!(CARD_TYPES as readonly string[]).includes(card.type)) {
      outcome.blocked.push({ index, name, reason: `type "${card.type}" is not one of ${CARD_TYPES.join(", ")}` });
      continue;
    }
    const restated = restatedCard(card, known);
    const target = restated?.card ? restated.name : card.name;
    try {
      const p: Proposal = await propose(
        { memoryDir: ctx.memoryDir, actor: ctx.actor, now: ctx.now, ...(ctx.secrets ? { secrets: ctx.secrets } : {}) },
        {
          card: {
            name: target,
            ...(restated?.card ? {} : { type: card.type }),
            description: card.description,
            ...(typeof c.body === "string" && c.body.trim() ? { body: c.body } : {}),
            ...(Array.isArray(c.topics) ? { topics: c.topics.filter((t): t is string => typeof t === "string") } : {}),
            ...(Array.isArray(c.recall) ? { recall: c.recall.filter((t): t is string => typeof t === "string") } : {}),
          },
          source: (c.source as string).trim(),
          kind: typeof c.kind === "string" ? c.kind : "inference",
          ...(typeof c.confidence === "number" ? { confidence: c.confidence } : {}),
        },
      );
      outcome.staged.push({ id: p.id, name: target, target: p.target, restates: restated && restated.name !== card.name ? restated.name : null });
    } catch (err) {
      if (!(err instanceof MemctlError)) throw err;
      outcome.blocked.push({ index, name, reason: err.message.replace(/\s+/g, " ") });
    }
  }
  return outcome;
}
