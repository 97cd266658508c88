// lib/records/restore.ts
import { assertMayWrite } from "./actor.js";
import { CARD_TYPES } from "../core/card-rules.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { pastedWord } from "../core/shell-quote.js";
import { readHistory } from "../store/history.js";
import { readRevision } from "../store/revisions.js";
import { syncedMarksOf } from "../store/history-synced.js";
import { findNamedCard, finderOver } from "./card-links.js";
import { withRecordsLock } from "./commit.js";
import { saveCardLocked } from "./save.js";
import { warmSecretScan } from "./secrets.js";
import { LOG_MAX_BYTES } from "../store/checked-fs.js";
async function entriesOfCard(memoryDir, entries, name) {
  const live = await findNamedCard(memoryDir, name);
  const gone = live === void 0 ? removedFile(entries, name) : void 0;
  const candidates = new Set([live, gone, name, `${name}.md`, ...CARD_TYPES.map((t) => `${t}_${name}.md`)].filter(Boolean));
  return entries.filter((e) => candidates.has(e.card));
}
function removedFile(entries, name) {
  const files = new Set(entries.map((e) => e.card));
  try {
    return finderOver(
      (f) => files.has(f),
      () => /* @__PURE__ */ new Map(),
      () => files
    ).byName(name);
  } catch {
    return void 0;
  }
}
function missingTextReason(state, reason) {
  if (state === "absent") return "its text was not kept (written before memctl kept revision texts, pruned past the revision limits, or not synced here yet)";
  return reason ?? "its text cannot be read";
}
function lastTextRev(name, mine, usable) {
  const files = [...new Set(mine.map((e) => e.card))];
  if (files.length > 1)
    throw usageError(`"${name}" names ${files.map(pastedWord).join(", ")}; restore by file name and revision ("memctl history ${pastedWord(name)}" lists them)`);
  const last = mine[mine.length - 1];
  if (last.sha256 !== null)
    throw usageError(
      `${name} is live (r${last.rev}); give the revision to restore, e.g. memctl restore ${pastedWord(name)} ${Math.max(1, last.rev - 1)} ("memctl history ${pastedWord(name)}" lists them)`
    );
  const kept = [...mine].reverse().find((e) => e.sha256 !== null && usable(e));
  if (!kept) throw usageError(`"${name}" has no revision with a text to restore ("memctl history ${pastedWord(name)}")`);
  return kept.rev;
}
async function restoreCard(ctx, name, wanted, opts = {}) {
  assertMayWrite(ctx.actor, "restore memory cards");
  await warmSecretScan();
  return withRecordsLock(ctx, async () => {
    const history = readHistory(ctx.memoryDir, LOG_MAX_BYTES);
    if (history.error) throw new MemctlError(history.errorCode ?? ERROR_CODES.E_IO, `${history.error}; nothing was restored`);
    const mine = await entriesOfCard(ctx.memoryDir, history.entries, name);
    if (mine.length === 0) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no history for "${name}"; see "memctl history"`, { name });
    const pushed = syncedMarksOf(ctx.memoryDir, mine);
    const rev = wanted ?? lastTextRev(name, mine, (e) => opts.synced === true || pushed(e) === void 0);
    const matches = mine.filter((e) => e.rev === rev);
    const files = [...new Set(matches.map((e) => e.card))];
    if (matches.length === 0) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `"${name}" has no revision r${rev}; "memctl history ${pastedWord(name)}" lists them`, { name, rev });
    if (files.length > 1)
      throw usageError(`r${rev} of "${name}" is ambiguous (${files.map(pastedWord).join(", ")}); restore by file name, e.g. memctl restore ${pastedWord(files[0])} ${rev}`);
    const own = matches.filter((e) => pushed(e) === void 0);
    const chosen = own.length > 0 ? own : matches;
    if (own.length === 0 && opts.synced !== true) {
      const by = [...new Set(matches.flatMap((e) => pushed(e).pushed_by))].join(", ") || "an unknown author";
      throw new MemctlError(
        ERROR_CODES.E_HELD,
        `r${rev} of ${files[0]} was pushed from another machine (by ${by}): its actor and text are that machine's word, never reviewed here; read it with "memctl history ${pastedWord(name)}", then "memctl restore ${pastedWord(name)} ${rev} --synced" writes it back as yours`,
        { name, rev, pushed_by: by }
      );
    }
    if (new Set(chosen.map((e) => e.sha256)).size > 1)
      throw new MemctlError(
        ERROR_CODES.E_MULTIPLE_MATCHES,
        `r${rev} of ${files[0]} names ${new Set(chosen.map((e) => e.sha256)).size} different texts (written on two machines at once); nothing was restored: "memctl history ${pastedWord(name)}" shows each`,
        { name, rev }
      );
    const from = chosen[chosen.length - 1];
    if (from.sha256 === null) throw usageError(`r${rev} of "${name}" removed the card and has no text; restore an earlier revision ("memctl history ${pastedWord(name)}")`);
    const text = readRevision(ctx.memoryDir, from.sha256);
    if (text.state !== "kept")
      throw new MemctlError(
        ERROR_CODES.E_NOT_FOUND,
        `r${rev} of ${from.card} cannot be restored: ${missingTextReason(text.state, "reason" in text ? text.reason : void 0)}; nothing was written`,
        {
          name,
          rev,
          text: text.state
        }
      );
    const saved = await saveCardLocked(ctx, { name, restore: { file: from.card, text: text.bytes } });
    return { ...saved, from };
  });
}
export {
  entriesOfCard,
  missingTextReason,
  restoreCard
};
