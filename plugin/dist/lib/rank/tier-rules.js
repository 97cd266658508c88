// lib/rank/tier-rules.ts
var RELATIVE_CUTOFF = 0.1;
var FRECENCY_BOOST = 0.25;
var SINK_STATUSES = /* @__PURE__ */ new Set(["stale", "superseded"]);
function sinkReason(entry, today) {
  if (entry.priority === "low") return "priority: low";
  if (entry.status && SINK_STATUSES.has(entry.status)) return `status: ${entry.status}`;
  if (entry.expires_at && /^\d{4}-\d{2}-\d{2}/.test(entry.expires_at) && entry.expires_at.slice(0, 10) < today) return `expired ${entry.expires_at.slice(0, 10)}`;
  return void 0;
}
export {
  FRECENCY_BOOST,
  RELATIVE_CUTOFF,
  sinkReason
};
