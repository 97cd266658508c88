import { inertText } from "../core/sanitize.js";
import type { Related } from "./content-match.js";
import type { ProposalFlags } from "./review.js";

// One spelling of a proposal's flags for every reviewer: memctl review prints these words and the web view's
// review page shows the same ones, so the two can never disagree about what is wrong with a proposal.

export interface FlagLabel {
  text: string;
  /** "bad": accepting would lose or contradict something; "warn": worth a look before deciding. */
  tone: "bad" | "warn";
}

export function flagLabels(f: ProposalFlags): FlagLabel[] {
  const out: FlagLabel[] = [];
  if (f.not_a_card) out.push({ text: "not-a-card", tone: "bad" });
  // Its proposer is what another machine wrote: the flag says whose push brought it (names only, not emails).
  if (f.arrived) out.push({ text: `synced:${f.arrived.pushed_by.map((p) => inertText(p.replace(/\s*<[^>]*>$/, ""))).join(",") || "?"}`, tone: "bad" });
  if (f.looks_like) out.push({ text: `looks-like:${inertText(f.looks_like)}`, tone: "bad" });
  if (f.stale) out.push({ text: "stale", tone: "warn" });
  if (f.contradicts_card) out.push({ text: "contradicts", tone: "bad" });
  if (f.conflicts_with.length) out.push({ text: `conflict:${f.conflicts_with.map(shortId).join(",")}`, tone: "bad" });
  if (f.duplicate_of_card) out.push({ text: `dup-card:${inertText(f.duplicate_of_card)}`, tone: "warn" });
  if (f.duplicate_of.length) out.push({ text: `dup:${f.duplicate_of.map(shortId).join(",")}`, tone: "warn" });
  for (const r of f.near_duplicates) out.push({ text: `near-dup:${relatedName(r)}`, tone: "warn" });
  for (const r of f.contradictions) out.push({ text: `contradicts:${relatedName(r)}`, tone: "bad" });
  return out;
}

function relatedName(r: Related): string {
  return r.proposal ? shortId(r.proposal) : inertText(r.card_file);
}

/** The random tail of an id: enough to tell proposals apart in a flag, and a valid prefix-free handle in review. */
export function shortId(id: string): string {
  return `…${id.slice(-6)}`;
}
