import { diffLines, type DiffLine } from "../core/line-diff.js";
import { inertText } from "../core/sanitize.js";
import type { HistoryEntry } from "../store/history.js";
import { readRevision } from "../store/revisions.js";
import { missingTextReason } from "../records/restore.js";
import type { Colors } from "./output.js";

// What each revision of one card changed: its text (kept under .memctl/revisions, verified) against the text of
// the revision before it, as a line diff with one line of context. Revisions with no kept text say so.

export interface RevisionChange {
  rev: number;
  card: string;
  op: HistoryEntry["op"];
  /**
   * kept, absent (written before texts were kept, pruned, not synced yet), corrupt or error; "none" for a delete;
   * "withheld": not shown to this caller (an agent, and a text a sync holds or a teammate pushed).
   */
  text: "kept" | "absent" | "corrupt" | "error" | "none" | "withheld";
  text_error?: string;
  /** The revision this one is compared with (the previous one that has a text); null for the first. */
  base_rev: number | null;
  /** The change against base_rev; null when either text is missing or there is no base. */
  diff: DiffLine[] | null;
}

/**
 * The change each entry made, oldest first (entries of one card, in history order). A `withheld` entry's text is never
 * read, and the next revision is not compared with it (its `-` lines would quote it).
 */
export function revisionChanges(memoryDir: string, entries: readonly HistoryEntry[], withheld: (e: HistoryEntry) => boolean = () => false): RevisionChange[] {
  const out: RevisionChange[] = [];
  const previous = new Map<string, { rev: number; text: string | null }>();
  for (const e of entries) {
    const base = previous.get(e.card) ?? null;
    if (e.sha256 === null) {
      out.push({ rev: e.rev, card: e.card, op: e.op, text: "none", base_rev: base?.rev ?? null, diff: null });
      continue;
    }
    if (withheld(e)) {
      out.push({ rev: e.rev, card: e.card, op: e.op, text: "withheld", base_rev: base?.rev ?? null, diff: null });
      previous.set(e.card, { rev: e.rev, text: null });
      continue;
    }
    const read = readRevision(memoryDir, e.sha256);
    const text = read.state === "kept" ? read.bytes.toString("utf8") : null;
    out.push({
      rev: e.rev,
      card: e.card,
      op: e.op,
      text: read.state,
      ...("reason" in read ? { text_error: read.reason } : {}),
      base_rev: base?.rev ?? null,
      diff: text !== null && base && base.text !== null ? diffLines(base.text, text) : null,
    });
    previous.set(e.card, { rev: e.rev, text });
  }
  return out;
}

/** The human section under the history table. */
export function renderChanges(changes: readonly RevisionChange[], c: Colors): string[] {
  const lines = ["", c.bold("What each revision changed")];
  for (const ch of changes) {
    const head = `  r${ch.rev} ${ch.op}`;
    if (ch.text === "none") {
      lines.push(`${head}: ${c.dim(`removed the card${ch.base_rev !== null ? ` (its last text: r${ch.base_rev})` : ""}`)}`);
      continue;
    }
    if (ch.text === "withheld") {
      lines.push(`${head}: ${c.dim("text not shown to an agent: a sync holds this card, or another machine pushed this revision")}`);
      continue;
    }
    if (ch.text !== "kept") {
      const why = missingTextReason(ch.text, ch.text_error);
      lines.push(`${head}: ${ch.text === "absent" ? c.yellow(`text not kept — ${why.replace(/^its text was not kept /, "")}`) : c.red(why)}`);
      continue;
    }
    if (ch.base_rev === null) {
      lines.push(`${head}: ${c.dim("the first text (memctl restore NAME REV writes one back)")}`);
      continue;
    }
    if (ch.diff === null) {
      lines.push(`${head}: ${c.dim(`text kept; r${ch.base_rev}'s was not, so nothing to compare`)}`);
      continue;
    }
    const changed = ch.diff.some((d) => d.op !== " ");
    lines.push(`${head} ${c.dim(`vs r${ch.base_rev}`)}${changed ? ":" : `: ${c.dim("same text")}`}`);
    if (changed) lines.push(...hunks(ch.diff).map((d) => (d === null ? `      ${c.dim("…")}` : paint(d, c))));
  }
  return lines;
}

function paint(d: DiffLine, c: Colors): string {
  const text = inertText(d.text);
  return d.op === "+" ? `    ${c.green(`+${text}`)}` : d.op === "-" ? `    ${c.red(`-${text}`)}` : `     ${text}`;
}

/** The changed lines with one line of context around each; null marks unchanged lines left out. */
function hunks(diff: readonly DiffLine[]): (DiffLine | null)[] {
  const near = diff.map((_, i) => [i - 1, i, i + 1].some((j) => diff[j] !== undefined && diff[j]!.op !== " "));
  const out: (DiffLine | null)[] = [];
  diff.forEach((d, i) => {
    if (near[i]) out.push(d);
    else if (out.length > 0 && out[out.length - 1] !== null) out.push(null);
  });
  if (out[out.length - 1] === null) out.pop();
  return out;
}
