// lib/records/import-prose.ts
import fs from "node:fs";
import path from "node:path";
import { readClaudeCard } from "../config/claude-memory.js";
import { utf8Text } from "../core/bytes.js";
import { CARD_TYPES, typeFromFileName } from "../core/card-types.js";
import { utcDay } from "../core/frecency.js";
import { headingSlug, proseDescription, splitProse } from "../core/memory-prose.js";
import { sha256Hex } from "../core/sha256.js";
import { renderNewCard } from "./card-input.js";
var PREAMBLE_TITLE = "MEMORY.md notes";
function listClaudeNotes(dir, cardFiles, cardTypes, skipped = []) {
  const index = path.join(dir, "MEMORY.md");
  const read = readClaudeCard(index);
  if ("reason" in read) {
    if (read.reason !== "") skipped.push({ path: index, reason: read.reason });
    return [];
  }
  const runs = splitProse(utf8Text(read.bytes), (file) => cardFiles.has(file)).runs;
  const mtime = new Date(read.stat.mtimeMs);
  return runs.map((run) => noteCard(dir, index, run, mtime, cardTypes));
}
function noteCard(dir, index, run, mtime, cardTypes) {
  const title = run.heading === void 0 ? PREAMBLE_TITLE : run.ordinal > 1 ? `${run.heading} (${run.ordinal})` : run.heading;
  const name = `${headingSlug(run.heading ?? PREAMBLE_TITLE) || "notes"}_${sha256Hex(run.text).slice(0, 8)}`;
  const type = noteType(run, cardTypes);
  const description = proseDescription(run.text);
  const card = { dir, file: `${type}_${name}.md`, path: index, name, description, title, type, mtimeMs: mtime.getTime(), mtime, bytes: 0 };
  const note = { line: run.line, text: run.text, lines: run.lines, ordinal: run.ordinal };
  return { ...card, bytes: Buffer.byteLength(noteText(card, note.text)), note };
}
function noteType(run, cardTypes) {
  const counts = /* @__PURE__ */ new Map();
  for (const file of run.siblings) {
    const t = typeFromFileName(file) ?? cardTypes.get(file);
    if (CARD_TYPES.includes(t ?? "")) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  const best = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (best) return best;
  const named = new RegExp(`\\b(${CARD_TYPES.join("|")})s?\\b`, "i").exec(run.heading ?? "")?.[1];
  return named?.toLowerCase() ?? "project";
}
function noteText(card, text) {
  return renderNewCard({ name: card.name, description: card.description ?? "", type: card.type, body: text }, utcDay(card.mtime));
}
function noteNow(planned, bytes, cardFiles) {
  const run = splitProse(utf8Text(bytes), (file) => cardFiles.has(file)).runs.find((r) => r.text === planned.note.text);
  return run && { line: run.line, text: run.text, lines: run.lines, ordinal: run.ordinal };
}
function claudeCardFiles(dir) {
  try {
    return new Set(fs.readdirSync(dir).filter((f) => f.endsWith(".md") && f !== "MEMORY.md" && !f.startsWith(".")));
  } catch {
    return /* @__PURE__ */ new Set();
  }
}
function earlierNotes(indexEntries, history) {
  const imported = /* @__PURE__ */ new Set();
  const last = /* @__PURE__ */ new Map();
  for (const e of history) {
    if (e.op === "import") imported.add(e.card);
    last.set(e.card, e);
  }
  const byTitle = /* @__PURE__ */ new Map();
  for (const e of indexEntries) if (imported.has(e.file) && NOTE_FILE.test(e.file) && !byTitle.has(e.title)) byTitle.set(e.title, e.file);
  const removedSections = /* @__PURE__ */ new Set();
  for (const [file, e] of last) if (e.op === "delete" && imported.has(file)) removedSections.add(NOTE_FILE.exec(file)?.[1] ?? "");
  removedSections.delete("");
  return { byTitle, removedSections };
}
function noteSection(card) {
  return card.name.replace(/_[0-9a-f]{8}$/, "");
}
function firstOfSection(card) {
  return card.note.ordinal === 1;
}
var NOTE_FILE = new RegExp(`^(?:${CARD_TYPES.join("|")})_(.+)_[0-9a-f]{8}\\.md$`);
function isNote(card) {
  return "note" in card;
}
export {
  claudeCardFiles,
  earlierNotes,
  firstOfSection,
  isNote,
  listClaudeNotes,
  noteNow,
  noteSection,
  noteText
};
