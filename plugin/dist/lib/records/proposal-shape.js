// lib/records/proposal-shape.ts
var ID = /^p-\d{8}T\d{6}Z-[0-9a-f]{6}$/;
function isProposalId(id) {
  return typeof id === "string" && ID.test(id);
}
var str = (v) => typeof v === "string";
var optStr = (v) => v === void 0 || str(v);
var strOrNull = (v) => v === null || str(v);
var optStrings = (v) => v === void 0 || Array.isArray(v) && v.every(str);
var isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
function proposalShapeProblem(v) {
  if (!isObject(v)) return "not an object";
  const { card, provenance, merged } = v;
  const fields = [
    // Printed for the owner to paste into review / accept / reject: only the shape memctl makes.
    ["id", isProposalId(v.id)],
    ["seq", v.seq === void 0 || Number.isSafeInteger(v.seq)],
    ["status", optStr(v.status)],
    ["proposer", str(v.proposer)],
    ["created_at", str(v.created_at)],
    ["source", str(v.source)],
    ["provenance", isObject(provenance) && str(provenance.kind) && optStr(provenance.source) && (provenance.confidence === void 0 || Number.isFinite(provenance.confidence))],
    ["card", isObject(card) && str(card.name) && optStr(card.type) && optStr(card.description) && optStr(card.body)],
    ["card.topics", !isObject(card) || optStrings(card.topics)],
    ["card.recall", !isObject(card) || optStrings(card.recall)],
    ["card.scope", !isObject(card) || optStrings(card.scope)],
    ["target", v.target === void 0 || strOrNull(v.target)],
    ["base_sha256", v.base_sha256 === void 0 || strOrNull(v.base_sha256)],
    ["merged", merged === void 0 || Array.isArray(merged) && merged.every((m) => isObject(m) && str(m.id) && str(m.proposer) && str(m.source) && str(m.created_at))]
  ];
  const bad = fields.find(([, ok]) => !ok);
  return bad ? `not a proposal: its ${bad[0]} is not as memctl writes it` : void 0;
}
export {
  isProposalId,
  proposalShapeProblem
};
