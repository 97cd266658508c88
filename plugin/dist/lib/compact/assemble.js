// lib/compact/assemble.ts
import path from "node:path";
import { latestByCard, sha256Hex } from "../store/history.js";
import { renderBlock, renderEntryLine, utf8Bytes } from "../core/block.js";
import { inertText } from "../core/sanitize.js";
import { redactSecretLines } from "../core/secret-patterns.js";
import { parseCard } from "../core/card.js";
import { typeFromFileName, withoutTypePrefix } from "../core/card-types.js";
import { mentionsWhole } from "./mentions.js";
import { DEFAULT_READ_CAP, readRegularBytes } from "../store/checked-fs.js";
import { bufferView } from "../core/bytes.js";
function revisionOf(bytes, latest) {
  return bytes === void 0 ? "missing" : revisionOfDigest(sha256Hex(bytes), latest);
}
function revisionOfDigest(sha, latest) {
  if (latest && latest.op !== "delete" && latest.sha256 === sha) return latest.rev;
  return `h:${sha.slice(0, 16)}`;
}
function indexRecords(store, history) {
  const latest = latestByCard(history);
  const revs = /* @__PURE__ */ new Map();
  return store.entries.map((entry) => {
    const card = entry.card ?? entry.file;
    let info = revs.get(card);
    if (!info) {
      const digest = entry.card === null ? void 0 : store.digests?.get(entry.card);
      const bytes = entry.card === null || digest !== void 0 ? void 0 : readBytes(path.join(store.dir, entry.card));
      const parsed = entry.card === null ? void 0 : store.cards?.get(entry.card)?.card;
      const meta = parsed ? parsed.meta : bytes ? parseCard(bytes.toString("utf8")).meta : void 0;
      const name = typeof meta?.name === "string" && meta.name.trim() !== "" ? meta.name : void 0;
      const metaType = typeof meta?.metadata?.type === "string" ? meta.metadata.type : void 0;
      const rev = entry.card === null ? "external" : digest !== void 0 ? revisionOfDigest(digest, latest.get(card)) : revisionOf(bytes, latest.get(card));
      info = { rev, name, type: typeFromFileName(card) ?? metaType };
      revs.set(card, info);
    }
    return { card, name: info.name ?? entry.title, type: info.type ?? "other", entry, rev: info.rev };
  });
}
function plainRecords(store) {
  return store.entries.map((entry) => ({ card: entry.card ?? entry.file, name: entry.title, type: "other", entry, rev: "unread" }));
}
function watermarkOf(records) {
  const seen = /* @__PURE__ */ new Map();
  for (const r of records) if (!seen.has(r.card)) seen.set(r.card, { card: r.card, name: r.name, rev: r.rev });
  return [...seen.values()];
}
function inertLine(text) {
  return inertText(text.replace(/\s+/g, " ").trim()).replace(/<(\/?)memctl-memory/gi, "<$1memctl-memory\u200B");
}
function assembleIndexView(store, compact, history, retired) {
  return assembleFromRecords(indexRecords(store, history), compact, retired);
}
function assembleFromRecords(records, compact, retired) {
  const shown = (r) => !retired?.has(r.card);
  if (!compact) return { lines: records.filter(shown).map((r) => renderEntryLine(r.entry)), compacted: false, records, newer: [], removed: [] };
  const covered = new Map(compact.watermark.map((w) => [w.card, w.rev]));
  const newer = records.filter((r) => covered.get(r.card) !== r.rev);
  const newerShown = newer.filter(shown);
  const present = new Set(records.map((r) => r.card));
  const removed = compact.watermark.filter((w) => !present.has(w.card));
  const lines = [
    `Compact summary of ${compact.watermark.length} record${compact.watermark.length === 1 ? "" : "s"} (memctl compact, ${compact.generator}, ${compact.generated_at.slice(0, 10)}); card files are in the memory directory, open one for detail.`,
    ...markRemoved(summaryLines(compact.summary), removed)
  ];
  if (newerShown.length > 0) lines.push("Written or updated since that summary (these lines supersede it):", ...newerShown.map((r) => renderEntryLine(r.entry)));
  if (removed.length > 0) lines.push(`Removed since that summary (disregard what it says about them): ${removed.map((w) => inertLine(`${w.name} (${w.card})`)).join(", ")}`);
  return { lines, compacted: true, records, newer, removed };
}
function markRemoved(lines, removed) {
  if (removed.length === 0) return [...lines];
  const names = removed.map((w) => ({ label: inertLine(w.name), names: removedNames(w) }));
  return lines.map((line) => {
    const lower = line.toLowerCase();
    const hit = names.filter((n) => n.names.some((name) => mentionsWhole(lower, name)));
    return hit.length === 0 ? line : `${line} [removed since this summary: ${hit.map((n) => n.label).join(", ")} \u2014 not current]`;
  });
}
function removedNames(w) {
  const stem = path.basename(w.card).replace(/\.md$/i, "");
  return [...new Set([w.name, w.card, stem, withoutTypePrefix(stem)].map((n) => n.trim().toLowerCase()).filter((n) => n !== ""))];
}
function summaryLines(summary) {
  return redactSecretLines(summary.split(/\r?\n/)).filter((l) => l.trim() !== "").map(inertLine);
}
function viewBytes(view, context) {
  return utf8Bytes(renderViewBlock(view, context));
}
function renderViewBlock(view, context) {
  return renderBlock({ context, always: [], lines: view.lines.map((text) => ({ file: "", text })), omitted: 0, omittedRelevant: 0, alwaysCut: [], ceilingBytes: 0 });
}
function readBytes(file) {
  try {
    const bytes = readRegularBytes(file, DEFAULT_READ_CAP, { nofollow: true });
    return bufferView(bytes);
  } catch {
    return void 0;
  }
}
export {
  assembleFromRecords,
  assembleIndexView,
  indexRecords,
  inertLine,
  markRemoved,
  plainRecords,
  renderViewBlock,
  revisionOf,
  revisionOfDigest,
  summaryLines,
  viewBytes,
  watermarkOf
};
