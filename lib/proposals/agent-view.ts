import { ERROR_CODES, MemctlError } from "../core/errors.js";
import type { ReviewedProposal } from "./review.js";
import type { Arrival } from "../store/arrivals.js";
import { readHold } from "../store/hold.js";

// What `memctl review` and the web view leave out for an agent (a host's shell: anyone but the owner). An agent reads
// nothing a sync holds through memory_view, view or show; review is read-only and open to it (it checks its own
// proposals there), so the same holds here: no held card's diff, no teammate's proposal, no held note's line, and no
// held card quoted as resembling the agent's own proposal.

/** Refuses an arrival to anyone but the owner: its diff is the text the hold keeps from agents. */
export function refuseArrivalToAgent(a: Arrival): never {
  throw new MemctlError(
    a.state === "quarantined" ? ERROR_CODES.E_QUARANTINED : ERROR_CODES.E_HELD,
    `${a.path} arrived with memctl sync and waits for the owner's review (${a.id}); an agent does not read it until the owner accepts it`,
    { id: a.id, path: a.path },
  );
}

/** Refuses a teammate's proposal still held as it arrived. */
export function refuseArrivedProposal(r: ReviewedProposal): void {
  if (!r.flags.arrived) return;
  throw new MemctlError(ERROR_CODES.E_HELD, `proposal ${r.proposal.id} arrived with memctl sync and waits for the owner's review; an agent does not read it`, {
    id: r.proposal.id,
  });
}

/** The proposals an agent may read (none that arrived), each without related cards or proposals the hold keeps. */
export function agentsView(memoryDir: string, reviewed: readonly ReviewedProposal[]): ReviewedProposal[] {
  const hold = readHold(memoryDir);
  const arrived = new Set(reviewed.filter((r) => r.flags.arrived).map((r) => r.proposal.id));
  const shown = (x: { card_file: string; proposal: string | null }) => (x.proposal === null ? hold?.held(x.card_file) === undefined : !arrived.has(x.proposal));
  return reviewed
    .filter((r) => !r.flags.arrived)
    .map((r) => ({ ...r, flags: { ...r.flags, near_duplicates: r.flags.near_duplicates.filter(shown), contradictions: r.flags.contradictions.filter(shown) } }));
}

/** An arrival as an agent may see it listed: where and why, never a held line's text. */
export function arrivalForAgent(a: Arrival): Arrival {
  const { line: _line, ...rest } = a;
  return rest;
}
