// lib/proposals/agent-view.ts
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { readHold } from "../store/hold.js";
function refuseArrivalToAgent(a) {
  throw new MemctlError(
    a.state === "quarantined" ? ERROR_CODES.E_QUARANTINED : ERROR_CODES.E_HELD,
    `${a.path} arrived with memctl sync and waits for the owner's review (${a.id}); an agent does not read it until the owner accepts it`,
    { id: a.id, path: a.path }
  );
}
function refuseArrivedProposal(r) {
  if (!r.flags.arrived) return;
  throw new MemctlError(ERROR_CODES.E_HELD, `proposal ${r.proposal.id} arrived with memctl sync and waits for the owner's review; an agent does not read it`, {
    id: r.proposal.id
  });
}
function agentsView(memoryDir, reviewed) {
  const hold = readHold(memoryDir);
  const arrived = new Set(reviewed.filter((r) => r.flags.arrived).map((r) => r.proposal.id));
  const shown = (x) => x.proposal === null ? hold?.held(x.card_file) === void 0 : !arrived.has(x.proposal);
  return reviewed.filter((r) => !r.flags.arrived).map((r) => ({ ...r, flags: { ...r.flags, near_duplicates: r.flags.near_duplicates.filter(shown), contradictions: r.flags.contradictions.filter(shown) } }));
}
function arrivalForAgent(a) {
  const { line: _line, ...rest } = a;
  return rest;
}
export {
  agentsView,
  arrivalForAgent,
  refuseArrivalToAgent,
  refuseArrivedProposal
};
