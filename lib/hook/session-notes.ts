// The one-line notes the session-start hook gives when there is no overview to give: no store yet (how to start
// one, in the wiring's own command), and a store Claude Code loads and writes itself (its auto memory is on and
// the store is its auto-memory folder, so its system prompt invites unreviewed writes into canonical memory).
import { BLOCK_CLOSE, BLOCK_OPEN, blockText } from "../core/block.js";
import type { IndexEntry } from "../core/index-file.js";
import { renderEntryLine } from "../core/block.js";
import { countPending } from "../records/proposal-read.js";
import { noLongerTrue, noLongerTrueReason, parseCard } from "../core/card.js";
import { readRegularUtf8 } from "../store/checked-fs.js";
import { resolveMemoryPath } from "../store/safe-path.js";

/** How the session-start hook was wired: the plugin's commands are namespaced (/memctl:…, $memctl:…). */
export type Wiring = "install" | "plugin";

/** The single step that starts a store, as this host and wiring spell it. */
export function initStep(host: string, wiring: Wiring): string {
  if (wiring === "plugin" && host === "claude") return "/memctl:mem-init";
  if (wiring === "plugin" && host === "codex") return "$memctl:mem-init (or `memctl init`)";
  return "`memctl init`";
}

/** Said at session start in a git project with no memory store: the one step, nothing else. */
export function initHint(host: string, wiring: Wiring): string {
  return `memctl: this project has no memory store yet. To start one, run ${initStep(host, wiring)} in it; until then memctl adds nothing.`;
}

/** Said at session start when Claude Code loads and may write this store itself (its auto memory is on). */
export function autoMemoryNote(): string {
  return (
    "memctl: Claude Code's auto memory is on and this store is its auto-memory folder, so Claude's own instructions say to write memory there directly, unreviewed. " +
    "Change memory only through memctl (/mem-log, `memctl propose`, the memctl memory tools) and never edit these files directly. " +
    'To turn auto memory off: "autoMemoryEnabled": false in ~/.claude/settings.json or .claude/settings.local.json (memctl doctor shows it).'
  );
}

/** What the user sees of it (Claude Code shows a hook's systemMessage; the model reads the block). */
export const AUTO_MEMORY_NOTICE =
  "memctl: Claude's auto memory is on and writes this project's memctl store directly, unreviewed. Set \"autoMemoryEnabled\": false in ~/.claude/settings.json or .claude/settings.local.json (or run `memctl install claude --scope local`).";

/** Notes as the fenced block the hooks print; `lines`: index lines already rendered (renderEntryLine) to follow them. */
export function noteBlock(note: string | readonly string[], lines: readonly string[] = []): string {
  return `${BLOCK_OPEN}\n${[...(typeof note === "string" ? [note] : note).map(blockText), ...lines].join("\n")}\n${BLOCK_CLOSE}\n`;
}

/** What Claude Code loads of MEMORY.md by itself: its first 200 lines (and at most 25 KB). */
export const NATIVE_LINES = 200;
export const NATIVE_BYTES = 25 * 1024;

/**
 * The index lines Claude already holds from loading MEMORY.md natively, as the per-prompt hook would print them:
 * marked shown at session start, so the per-prompt block adds only what Claude did not load.
 */
export function nativelyLoadedLines(entries: readonly IndexEntry[]): { text: string; file: string }[] {
  return nativelyLoaded(entries).map((e) => ({ text: renderEntryLine(e), file: e.file }));
}

/** The index entries within what Claude Code loads of MEMORY.md by itself. */
function nativelyLoaded(entries: readonly IndexEntry[]): IndexEntry[] {
  const loaded: IndexEntry[] = [];
  let bytes = 0;
  for (const e of entries) {
    bytes += Buffer.byteLength(e.raw) + 1;
    if (e.line > NATIVE_LINES || bytes > NATIVE_BYTES) break;
    loaded.push(e);
  }
  return loaded;
}

/**
 * Claude holds the lines it loaded as written: a card superseded or past its expires_at (on `today`) among them
 * reads as current there, though memctl never injects it. Named once, at session start, with what replaced it:
 * a heading, then each such line rendered as the hook renders lines; none, nothing.
 * Each loaded line's card is read (at most NATIVE_LINES), its link resolved inside the store by the one resolver;
 * a link that escapes or a card that cannot be read is skipped.
 */
export function retiredLoadedLines(memoryDir: string, entries: readonly IndexEntry[], today: string): string[] {
  const lines: string[] = [];
  for (const e of nativelyLoaded(entries)) {
    let mark: ReturnType<typeof noLongerTrue>;
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

/** One line when proposals wait for the owner (captured at session end, proposed by hosts or agents). */
export function pendingNote(memoryDir: string): string | undefined {
  let n: number;
  try {
    n = countPending(memoryDir);
  } catch {
    return undefined;
  }
  return n === 0 ? undefined : `${n} proposal${n === 1 ? "" : "s"} await${n === 1 ? "s" : ""} the owner's review (memctl review); proposals are not memory until accepted.`;
}
