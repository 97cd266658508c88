// lib/rank/provenance-mark.ts
function provenanceMark(p) {
  if (!p) return void 0;
  const low = typeof p.confidence === "number" && Number.isFinite(p.confidence) && p.confidence < 0.5 ? String(Math.round(p.confidence * 100) / 100) : void 0;
  if (p.kind === "inference") return low === void 0 ? "(inference)" : `(inference, ${low})`;
  return low === void 0 ? void 0 : `(unverified, ${low})`;
}
export {
  provenanceMark
};
