import fs from "node:fs";
import path from "node:path";
import type { CardType } from "../core/card-types.js";
import { diffLines, type DiffLine } from "../core/line-diff.js";
import { findCardFile } from "../records/card-find.js";
import { renderNewCard, typeOf, updatedCardText, type SaveInput } from "../records/card-input.js";
import { cardFileOf, type Proposal } from "./propose.js";

// What accepting a proposal would write: the card it targets, the `memctl save` input it becomes (with every source
// consolidate folded into it), and that text against the card as it is now. Review shows it; accept writes it.

/** The proposal as `memctl save` input, with its provenance (what accept writes). */
export function saveInputOf(p: Proposal, overrides: { description?: string; topics?: string[]; scope?: string[] } = {}): SaveInput {
  return {
    name: p.card.name,
    type: p.card.type,
    description: overrides.description ?? p.card.description,
    body: p.card.body,
    topics: overrides.topics ?? p.card.topics,
    recall: p.card.recall,
    scope: overrides.scope ?? p.card.scope,
    provenance: { ...p.provenance, source: allSources(p) },
  };
}

/** The proposal's source plus those of the duplicates consolidate folded into it, each once. */
export function allSources(p: Proposal): string {
  return [...new Set([p.source, ...(p.merged ?? []).map((m) => m.source)])].join("; ");
}

export interface ProposalPreview {
  card_file: string;
  exists: boolean;
  before: string;
  after: string;
  diff: DiffLine[];
  /** Set when the card's frontmatter cannot be edited safely; accept would refuse the same way. */
  error?: string;
}

/** The card text accept would write, against the card as it is now. */
export function previewProposal(memoryDir: string, p: Proposal, today: string): ProposalPreview {
  const file = findTarget(memoryDir, p);
  const input = saveInputOf(p);
  if (file === undefined) {
    const type = (p.card.type ?? "reference") as CardType;
    const after = renderNewCard({ ...input, type, description: input.description ?? "" }, today);
    return { card_file: cardFileOf(p), exists: false, before: "", after, diff: diffLines("", after) };
  }
  const before = fs.readFileSync(path.join(memoryDir, file), "utf8");
  try {
    const after = updatedCardText(before, input, today, typeOf(file, before));
    return { card_file: file, exists: true, before, after, diff: diffLines(before, after) };
  } catch (err) {
    return { card_file: file, exists: true, before, after: before, diff: diffLines(before, before), error: (err as Error).message };
  }
}

/** The card file the proposal would change, or undefined for a new card. */
export function findTarget(memoryDir: string, p: Proposal): string | undefined {
  try {
    return findCardFile(memoryDir, p.card.name);
  } catch {
    return undefined; // an ambiguous name: accept refuses it the same way (it names the files)
  }
}
