// lib/hook/session-notes.ts
import { BLOCK_CLOSE, BLOCK_OPEN, blockText } from "../core/block.js";
import { renderEntryLine } from "../core/block.js";
import { countPending } from "../records/proposal-read.js";
import { noLongerTrue, noLongerTrueReason, parseCard } from "../core/card.js";
import { readRegularUtf8 } from "../store/checked-fs.js";
import { resolveMemoryPath } from "../store/safe-path.js";
function initStep(host, wiring) {
  if (wiring === "plugin" && host === "claude") return "/memctl:mem-init";
  if (wiring === "plugin" && host === "codex") return "$memctl:mem-init (or `memctl init`)";
  return "`memctl init`";
}
function initHint(host, wiring) {
  return `memctl: this project has no memory store yet. To start one, run ${initStep(host, wiring)} in it; until then memctl adds nothing.`;
}
function autoMemoryNote() {
  return "memctl: Claude Code's auto memory is on and this store is its auto-memory folder, so Claude's own instructions say to write memory there directly, unreviewed. Change memory only through memctl (/mem-log, `memctl propose`, the memctl memory tools) and never edit these files directly. To turn auto memory off: \"autoMemoryEnabled\": false in ~/.claude/settings.json or .claude/settings.local.json (memctl doctor shows it).";
}
var AUTO_MEMORY_NOTICE = "memctl: Claude's auto memory is on and writes this project's memctl store directly, unreviewed. Set \"autoMemoryEnabled\": false in ~/.claude/settings.json or .claude/settings.local.json (or run `memctl install claude --scope local`).";
function noteBlock(note, lines = []) {
  return `${BLOCK_OPEN}
${[...(typeof note === "string" ? [note] : note).map(blockText), ...lines].join("\n")}
${BLOCK_CLOSE}
`;
}
var NATIVE_LINES = 200;
var NATIVE_BYTES = 25 * 1024;
function nativelyLoadedLines(entries) {
  return nativelyLoaded(entries).map((e) => ({ text: renderEntryLine(e), file: e.file }));
}
function nativelyLoaded(entries) {
  const loaded = [];
  let bytes = 0;
  for (const e of entries) {
    bytes += Buffer.byteLength(e.raw) + 1;
    if (e.line > NATIVE_LINES || bytes > NATIVE_BYTES) break;
    loaded.push(e);
  }
  return loaded;
}
function retiredLoadedLines(memoryDir, entries, today) {
  const lines = [];
  for (const e of nativelyLoaded(entries)) {
    let mark;
    try {
      const at = resolveMemoryPath(memoryDir, e.file);
      if (at.kind !== "file") continue;
      mark = noLongerTrue(parseCard(readRegularUtf8(at.abs)), today);
    } catch {
      continue;
    }
    if (!mark.no_longer_true) continue;
    lines.push(renderEntryLine({ raw: "", title: e.title, file: e.file, hook: noLongerTrueReason(mark) }));
  }
  return lines.length === 0 ? [] : ["Of the MEMORY.md lines Claude loaded, these cards are no longer true (never injected); do not rely on them:", ...lines];
}
function pendingNote(memoryDir) {
  let n;
  try {
    n = countPending(memoryDir);
  } catch {
    return void 0;
  }
  return n === 0 ? void 0 : `${n} proposal${n === 1 ? "" : "s"} await${n === 1 ? "s" : ""} the owner's review (memctl review); proposals are not memory until accepted.`;
}
export {
  AUTO_MEMORY_NOTICE,
  NATIVE_BYTES,
  NATIVE_LINES,
  autoMemoryNote,
  initHint,
  initStep,
  nativelyLoadedLines,
  noteBlock,
  pendingNote,
  retiredLoadedLines
};
