// lib/proposals/accept-preview.ts
import fs from "node:fs";
import path from "node:path";
import { diffLines } from "../core/line-diff.js";
import { findCardFile } from "../records/card-find.js";
import { renderNewCard, typeOf, updatedCardText } from "../records/card-input.js";
import { cardFileOf } from "./propose.js";
function saveInputOf(p, overrides = {}) {
  return {
    name: p.card.name,
    type: p.card.type,
    description: overrides.description ?? p.card.description,
    body: p.card.body,
    topics: overrides.topics ?? p.card.topics,
    recall: p.card.recall,
    scope: overrides.scope ?? p.card.scope,
    provenance: { ...p.provenance, source: allSources(p) }
  };
}
function allSources(p) {
  return [.../* @__PURE__ */ new Set([p.source, ...(p.merged ?? []).map((m) => m.source)])].join("; ");
}
function previewProposal(memoryDir, p, today) {
  const file = findTarget(memoryDir, p);
  const input = saveInputOf(p);
  if (file === void 0) {
    const type = p.card.type ?? "reference";
    const after = renderNewCard({ ...input, type, description: input.description ?? "" }, today);
    return { card_file: cardFileOf(p), exists: false, before: "", after, diff: diffLines("", after) };
  }
  const before = fs.readFileSync(path.join(memoryDir, file), "utf8");
  try {
    const after = updatedCardText(before, input, today, typeOf(file, before));
    return { card_file: file, exists: true, before, after, diff: diffLines(before, after) };
  } catch (err) {
    return { card_file: file, exists: true, before, after: before, diff: diffLines(before, before), error: err.message };
  }
}
function findTarget(memoryDir, p) {
  try {
    return findCardFile(memoryDir, p.card.name);
  } catch {
    return void 0;
  }
}
export {
  allSources,
  findTarget,
  previewProposal,
  saveInputOf
};
