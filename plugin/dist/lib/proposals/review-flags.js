// lib/proposals/review-flags.ts
import { inertText } from "../core/sanitize.js";
function flagLabels(f) {
  const out = [];
  if (f.not_a_card) out.push({ text: "not-a-card", tone: "bad" });
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
function relatedName(r) {
  return r.proposal ? shortId(r.proposal) : inertText(r.card_file);
}
function shortId(id) {
  return `\u2026${id.slice(-6)}`;
}
export {
  flagLabels,
  shortId
};
