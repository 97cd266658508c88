// lib/proposals/distill-llm.ts
import { CARD_TYPES } from "../core/card-types.js";
import { RECALL_KEYS_ASKED, RECALL_KEYS_GUIDANCE } from "../core/recall-keys.js";
import { MemctlError } from "../core/errors.js";
import { propose } from "./propose.js";
import { hookText, overlap, RESTATES, termSet } from "./overlap.js";
var CANDIDATE_FIELDS = ["name", "type", "description", "source"];
function distillPrompt(ctx) {
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
    `Print only JSON lines, one candidate per line: {"name","type","description","body","topics":[\u2026],"recall":[${RECALL_KEYS_ASKED} keys: ${RECALL_KEYS_GUIDANCE}],"source","kind":"fact|inference","confidence":0..1}. Print [] if there is nothing durable.`,
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
export {
  CANDIDATE_FIELDS,
  distillPrompt,
  missingCandidateFields,
  parseCandidates,
  restatedCard,
  stageCandidates
};
