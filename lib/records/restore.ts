// `memctl restore NAME REV`: an earlier revision's text written back as a NEW revision, attributed to the caller,
// through the save path (card rules, guardrails, secret scan, the agent and host boundary). Nothing old is rewritten.
import { assertMayWrite } from "./actor.js";
import { CARD_TYPES } from "../core/card-rules.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { pastedWord } from "../core/shell-quote.js";
import { readHistory, type HistoryEntry } from "../store/history.js";
import { readRevision } from "../store/revisions.js";
import { syncedMarksOf } from "../store/history-synced.js";
import { findNamedCard, finderOver } from "./card-links.js";
import { withRecordsLock } from "./commit.js";
import { saveCardLocked, type SaveResult, type WriteContext } from "./save.js";
import { warmSecretScan } from "./secrets.js";
import { LOG_MAX_BYTES } from "../store/checked-fs.js";

/**
 * The history entries of the card `name` (removed cards included): its live file as show finds it (findNamedCard),
 * and every file the name can be; for a removed card, the one file history holds that the name reaches as a link
 * would (a subfolder card by its file name, `-` and `_` alike).
 */
export async function entriesOfCard(memoryDir: string, entries: readonly HistoryEntry[], name: string): Promise<HistoryEntry[]> {
  const live = await findNamedCard(memoryDir, name);
  const gone = live === undefined ? removedFile(entries, name) : undefined;
  const candidates = new Set([live, gone, name, `${name}.md`, ...CARD_TYPES.map((t) => `${t}_${name}.md`)].filter(Boolean));
  return entries.filter((e) => candidates.has(e.card));
}

/** The one file in `entries` that `name` reaches as a `[[name]]` link would; undefined for none or two. */
function removedFile(entries: readonly HistoryEntry[], name: string): string | undefined {
  const files = new Set(entries.map((e) => e.card));
  try {
    return finderOver(
      (f) => files.has(f),
      () => new Map(),
      () => files,
    ).byName(name);
  } catch {
    return undefined; // two removed cards by that name: only the exact forms are looked for
  }
}

export interface RestoreResult extends SaveResult {
  /** The revision whose text was restored. */
  from: HistoryEntry;
}

/** Why a revision has no text to show or restore, for people. */
export function missingTextReason(state: "absent" | "corrupt" | "error", reason?: string): string {
  if (state === "absent") return "its text was not kept (written before memctl kept revision texts, pruned past the revision limits, or not synced here yet)";
  return reason ?? "its text cannot be read";
}

/** The revision `restore NAME` with none given means: a removed card's last text (undo rm); a live card has no such default. */
function lastTextRev(name: string, mine: readonly HistoryEntry[], usable: (e: HistoryEntry) => boolean): number {
  const files = [...new Set(mine.map((e) => e.card))];
  if (files.length > 1)
    throw usageError(`"${name}" names ${files.map(pastedWord).join(", ")}; restore by file name and revision ("memctl history ${pastedWord(name)}" lists them)`);
  const last = mine[mine.length - 1]!;
  if (last.sha256 !== null)
    throw usageError(
      `${name} is live (r${last.rev}); give the revision to restore, e.g. memctl restore ${pastedWord(name)} ${Math.max(1, last.rev - 1)} ("memctl history ${pastedWord(name)}" lists them)`,
    );
  const kept = [...mine].reverse().find((e) => e.sha256 !== null && usable(e));
  if (!kept) throw usageError(`"${name}" has no revision with a text to restore ("memctl history ${pastedWord(name)}")`);
  return kept.rev;
}

/**
 * `wanted` (or, with none, a removed card's last text) as one revision: a line a sync brought from a shared remote
 * (syncedMarksOf) is that machine's word, its actor too, so it is taken only with `synced`. One number naming two
 * texts (a teammate's line beside the owner's, or two machines' concurrent writes) is refused, never guessed.
 */
export async function restoreCard(ctx: WriteContext, name: string, wanted: number | undefined, opts: { synced?: boolean } = {}): Promise<RestoreResult> {
  assertMayWrite(ctx.actor, "restore memory cards");
  await warmSecretScan();
  return withRecordsLock(ctx, async () => {
    const history = readHistory(ctx.memoryDir, LOG_MAX_BYTES);
    if (history.error) throw new MemctlError(history.errorCode ?? ERROR_CODES.E_IO, `${history.error}; nothing was restored`);
    const mine = await entriesOfCard(ctx.memoryDir, history.entries, name);
    if (mine.length === 0) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no history for "${name}"; see "memctl history"`, { name });
    const pushed = syncedMarksOf(ctx.memoryDir, mine);
    const rev = wanted ?? lastTextRev(name, mine, (e) => opts.synced === true || pushed(e) === undefined);
    const matches = mine.filter((e) => e.rev === rev);
    const files = [...new Set(matches.map((e) => e.card))];
    if (matches.length === 0) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `"${name}" has no revision r${rev}; "memctl history ${pastedWord(name)}" lists them`, { name, rev });
    if (files.length > 1)
      throw usageError(`r${rev} of "${name}" is ambiguous (${files.map(pastedWord).join(", ")}); restore by file name, e.g. memctl restore ${pastedWord(files[0]!)} ${rev}`);
    const own = matches.filter((e) => pushed(e) === undefined);
    const chosen = own.length > 0 ? own : matches;
    if (own.length === 0 && opts.synced !== true) {
      const by = [...new Set(matches.flatMap((e) => pushed(e)!.pushed_by))].join(", ") || "an unknown author";
      throw new MemctlError(
        ERROR_CODES.E_HELD,
        `r${rev} of ${files[0]} was pushed from another machine (by ${by}): its actor and text are that machine's word, never reviewed here; read it with "memctl history ${pastedWord(name)}", then "memctl restore ${pastedWord(name)} ${rev} --synced" writes it back as yours`,
        { name, rev, pushed_by: by },
      );
    }
    if (new Set(chosen.map((e) => e.sha256)).size > 1)
      throw new MemctlError(
        ERROR_CODES.E_MULTIPLE_MATCHES,
        `r${rev} of ${files[0]} names ${new Set(chosen.map((e) => e.sha256)).size} different texts (written on two machines at once); nothing was restored: "memctl history ${pastedWord(name)}" shows each`,
        { name, rev },
      );
    const from = chosen[chosen.length - 1]!;
    if (from.sha256 === null) throw usageError(`r${rev} of "${name}" removed the card and has no text; restore an earlier revision ("memctl history ${pastedWord(name)}")`);
    const text = readRevision(ctx.memoryDir, from.sha256);
    if (text.state !== "kept")
      throw new MemctlError(
        ERROR_CODES.E_NOT_FOUND,
        `r${rev} of ${from.card} cannot be restored: ${missingTextReason(text.state, "reason" in text ? text.reason : undefined)}; nothing was written`,
        {
          name,
          rev,
          text: text.state,
        },
      );
    const saved = await saveCardLocked(ctx, { name, restore: { file: from.card, text: text.bytes } });
    return { ...saved, from };
  });
}
