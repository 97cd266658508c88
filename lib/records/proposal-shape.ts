// Whether a parsed proposal file has the shape memctl writes. A proposal may arrive by memctl sync from another
// machine (or be planted in a store kept in a project checkout), and every reader of the queue (review, propose's
// numbering, consolidate, the web view) used its fields as typed: one `created_at` that was a number failed them all.
const ID = /^p-\d{8}T\d{6}Z-[0-9a-f]{6}$/;

/** True for a proposal id (p-YYYYMMDDTHHMMSSZ-xxxxxx): the only names a proposal file may have. */
export function isProposalId(id: unknown): id is string {
  return typeof id === "string" && ID.test(id);
}

const str = (v: unknown): v is string => typeof v === "string";
const optStr = (v: unknown) => v === undefined || str(v);
const strOrNull = (v: unknown) => v === null || str(v);
const optStrings = (v: unknown) => v === undefined || (Array.isArray(v) && v.every(str));
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The first field that is not as memctl writes it, or undefined. Fields older versions did not write may be absent. */
export function proposalShapeProblem(v: unknown): string | undefined {
  if (!isObject(v)) return "not an object";
  const { card, provenance, merged } = v;
  const fields: [string, boolean][] = [
    // Printed for the owner to paste into review / accept / reject: only the shape memctl makes.
    ["id", isProposalId(v.id)],
    ["seq", v.seq === undefined || Number.isSafeInteger(v.seq)],
    ["status", optStr(v.status)],
    ["proposer", str(v.proposer)],
    ["created_at", str(v.created_at)],
    ["source", str(v.source)],
    ["provenance", isObject(provenance) && str(provenance.kind) && optStr(provenance.source) && (provenance.confidence === undefined || Number.isFinite(provenance.confidence))],
    ["card", isObject(card) && str(card.name) && optStr(card.type) && optStr(card.description) && optStr(card.body)],
    ["card.topics", !isObject(card) || optStrings(card.topics)],
    ["card.recall", !isObject(card) || optStrings(card.recall)],
    ["card.scope", !isObject(card) || optStrings(card.scope)],
    ["target", v.target === undefined || strOrNull(v.target)],
    ["base_sha256", v.base_sha256 === undefined || strOrNull(v.base_sha256)],
    ["merged", merged === undefined || (Array.isArray(merged) && merged.every((m) => isObject(m) && str(m.id) && str(m.proposer) && str(m.source) && str(m.created_at)))],
  ];
  const bad = fields.find(([, ok]) => !ok);
  return bad ? `not a proposal: its ${bad[0]} is not as memctl writes it` : undefined;
}
