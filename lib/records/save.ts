// Records: named cards `<type>_<name>.md` with full frontmatter, one index line each, every write attributed
// and appended to history, all under the one store lock. What goes into a card's text is card-input.ts; finding
// a card by name is card-find.ts; rm / adopt live in admin.ts.
import { pastedWord } from "../core/shell-quote.js";
import fs from "node:fs";
import path from "node:path";
import { assertMayWrite } from "./actor.js";
import { assertCardText, CARD_TYPES } from "../core/card-rules.js";
import { findNamedCard } from "./card-links.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { checkPathShape, checkWrite, storeLimitsBind, withDefaults, type Guardrails } from "./guardrails.js";
import { latestByCard, readHistory, sha256Hex, type HistoryEntry, type HistoryRead } from "../store/history.js";
import { readLatestHistory } from "../store/history-latest.js";
import { withRecordsLock } from "./commit.js";
import type { CardChange, Intent } from "./intent-file.js";
import { assertNoSecrets, warmSecretScan, type SecretPolicy } from "./secrets.js";
import { parseCard } from "../core/card.js";
import { upsertIndexLineBytes } from "../core/index-edit.js";
import { renderIndexLine } from "../core/index-file.js";
import { INDEX_FILE } from "../store/read.js";
import type { CommitOptions } from "../store/write.js";
import { type CardType, withoutTypePrefix } from "../core/card-types.js";
import { renderNewCard, typeOf, updatedCardBytes, validateName, validateSaveInput, withStandardFields, type SaveInput } from "./card-input.js";
import { currentIndexTitle, findCardFile } from "./card-find.js";
import { readRegularMemo } from "../store/checked-fs.js";
import { utcDay } from "../core/frecency.js";
import { writeEntry } from "./adopt-first.js";
import { commitWrite } from "./commit-write.js";
import { removedLine } from "./removed-titles.js";

/** Everything a write needs besides its input: where, who, when, limits. */
export interface WriteContext {
  memoryDir: string;
  actor: string;
  now: Date;
  guardrails?: Partial<Guardrails>;
  commit?: CommitOptions;
  lockTimeoutMs?: number;
  /** The `[secrets] allow` list; every write is scanned whether or not it is given. */
  secrets?: SecretPolicy;
}

export interface SaveResult {
  file: string;
  op: "create" | "update" | "unchanged";
  revived: boolean;
  entry?: HistoryEntry;
  indexLine: string;
}

/** Creates or updates a card and its index line; a save after `rm` revives the card as a new revision. */
/** `locked`: run under the lock before the save (save --supersede: checks its cards, returns their changes). */
export async function saveCard(ctx: WriteContext, input: SaveInput, locked?: () => Promise<Also>): Promise<SaveResult> {
  if (!isKeysOnlyModelWrite(ctx.actor, input)) assertMayWrite(ctx.actor, "save memory cards");
  validateSaveInput(input);
  await warmSecretScan(JSON.stringify(input));
  return withRecordsLock(ctx, async () => saveCardLocked(ctx, input, undefined, locked ? await locked() : undefined));
}

/**
 * A model's output may write one thing directly: an existing card's recall keys, which are never injected, and
 * only as a compare-and-swap on the bytes it read. No caller can claim a model:<program> actor (resolveActor),
 * so this is `memctl keys` run by the owner; everything else a model writes is a proposal.
 */
function isKeysOnlyModelWrite(actor: string, input: SaveInput): boolean {
  if (!actor.startsWith("model:") || input.recall === undefined || typeof input.expectSha256 !== "string") return false;
  const { name: _n, recall: _r, keepUpdatedAt: _k, expectSha256: _e, ...rest } = input;
  return Object.values(rest).every((v) => v === undefined);
}

/** What a write decides besides the card (accept: the proposal it archives), given the save's outcome. */
export type Decide = (save: { file: string; op: SaveResult["op"]; rev: number | null }) => NonNullable<Intent["archive"]>;

/**
 * Other cards' changes made in the same write (accept --supersede), given the saved card's file and name; `history`
 * reads the whole history, only when another card is changed (a save reads its own card's entries).
 */
export type Also = (save: { file: string; name: string; history: () => readonly HistoryEntry[] }) => CardChange[];

/** saveCard under a lock the caller took with withRecordsLock (accept checks its proposal in the same hold). */
export async function saveCardLocked(ctx: WriteContext, input: SaveInput, decide?: Decide, also?: Also): Promise<SaveResult> {
  validateSaveInput(input);
  // A restore, or a save with no type (which only an existing card can be), names a card as show finds it (a
  // subfolder card by its name too); a save with a type may create one, and looks only where a new card would go.
  const quick = input.restore ? undefined : findCardFile(ctx.memoryDir, input.name, { forSave: true });
  const existing = quick ?? (input.restore || input.type === undefined ? await findNamedCard(ctx.memoryDir, input.name) : undefined);
  if (input.expectSha256 !== undefined) checkBase(ctx.memoryDir, input.name, existing, input.expectSha256);
  const today = utcDay(ctx.now);
  let file: string;
  let before: Buffer | undefined;
  let namedHistory: HistoryRead | undefined; // a new card's: every type's file of that name
  let next: Buffer;
  if (input.restore) {
    file = existing ?? input.restore.file;
    if (file !== input.restore.file)
      throw usageError(
        `card "${input.name}" is now ${file}, not ${input.restore.file} as in that revision; "memctl rm ${pastedWord(input.name)}" first to restore it as ${input.restore.file}`,
      );
    if (existing) before = fs.readFileSync(path.join(ctx.memoryDir, file));
    else if (fs.existsSync(path.join(ctx.memoryDir, file)) || isSymlink(path.join(ctx.memoryDir, file)))
      throw new MemctlError(ERROR_CODES.E_PATH_ESCAPE, `${file} exists but is not a regular card file (a symlink or directory); memctl will not write through or over it`, {
        file,
      });
    // A text this store held (a hand-written card adopted, say) gets the standard fields it lacks, as fix-fields
    // adds them, instead of being refused for lacking them; its description is judged as unchanged.
    next = withStandardFields(Buffer.from(input.restore.text), today);
  } else if (existing) {
    file = existing;
    before = fs.readFileSync(path.join(ctx.memoryDir, file));
    const existingType = typeOf(file, before.toString("utf8"));
    if (input.type && existingType && input.type !== existingType) {
      throw usageError(
        `card "${input.name}" already exists as ${file} (type ${existingType}); save it with -t ${existingType}, or "memctl rm ${pastedWord(input.name)}" first to start over as ${input.type}`,
      );
    }
    next = updatedCardBytes(before, input, today, existingType);
  } else {
    const named = CARD_TYPES.map((t) => `${t}_${input.name}.md`);
    namedHistory = readLatestHistory(ctx.memoryDir, named);
    const removed = latestByCard(namedHistory.entries);
    const removedType = CARD_TYPES.find((t) => removed.get(`${t}_${input.name}.md`)?.op === "delete");
    input = { ...input, type: input.type ?? removedType };
    validateName(input.name); // only new cards: an existing (e.g. imported) card is found by any name it has
    if (!input.type) throw usageError(`card "${input.name}" does not exist yet: give its type with -t (${CARD_TYPES.join(", ")})`);
    if (input.description === undefined) throw usageError(`card "${input.name}" does not exist yet: give its one-line description with -d`);
    file = `${input.type}_${input.name}.md`;
    if (fs.existsSync(path.join(ctx.memoryDir, file)) || isSymlink(path.join(ctx.memoryDir, file))) {
      throw new MemctlError(ERROR_CODES.E_PATH_ESCAPE, `${file} exists but is not a regular card file (a symlink or directory); memctl will not write through or over it`, {
        file,
      });
    }
    next = Buffer.from(renderNewCard({ ...input, type: input.type as CardType, description: input.description }, today), "utf8");
  }
  const nextText = next.toString("utf8");
  const previous = input.restore ? Buffer.from(input.restore.text).toString("utf8") : before?.toString("utf8");
  assertCardText(file, nextText, previous, `give the description with -d "…" (save fills in the other fields)`);
  const meta = parseCard(nextText).meta;
  // A title the owner chose by hand in MEMORY.md is kept; the hook always follows the description.
  // A card revived (restore, or a save after rm) gets back the title its removed line had (removed-titles.ts).
  // Its line goes back where the removed one stood, when the neighbours kept with it are still linked.
  const removed = existing === undefined ? removedLine(ctx.memoryDir, file) : {};
  const title = currentIndexTitle(ctx.memoryDir, file) ?? removed.title ?? meta.name ?? input.name;
  const indexLine = renderIndexLine({ title, file, hook: meta.description ?? "" });
  // This card's latest revision only (not the store's); another card's changes (`also`) get the whole history.
  const history = namedHistory ? { ...namedHistory, entries: namedHistory.entries.filter((e) => e.card === file) } : readLatestHistory(ctx.memoryDir, [file]);
  const latest = latestByCard(history.entries).get(file);
  const unchanged = before !== undefined && before.equals(next);
  if (!unchanged) {
    const limits = withDefaults(ctx.guardrails);
    checkPathShape([file], limits, file);
    checkWrite(fs.realpathSync(ctx.memoryDir), file, before?.length, next.length, limits, storeLimitsBind(ctx.actor));
    await assertNoSecrets(next.toString("utf8"), ctx.secrets, file);
  }
  // Bytes no revision records (a hand edit, or a write from before history) are recorded even when unchanged.
  const recorded = latest !== undefined && latest.sha256 === sha256Hex(next);
  const op: SaveResult["op"] = unchanged ? "unchanged" : before === undefined ? "create" : "update";
  const revived = !unchanged && latest?.op === "delete";
  // Bytes being replaced that no revision holds (a card memctl did not write, a hand edit) are adopted first by the
  // commit (adopt-first.ts); the entry is numbered after that adopt.
  const entry = unchanged && recorded ? undefined : writeEntry(history.entries, file, op === "unchanged" ? "adopt" : op, ctx, next, before);
  const archive = decide?.({ file, op, rev: entry?.rev ?? null });
  // The saved card is the first change: the intent's commit point (records-commit.ts).
  let all: readonly HistoryEntry[] | undefined;
  const whole = () => (all ??= readHistory(ctx.memoryDir).entries);
  const others = also?.({ file, name: meta.name ?? withoutTypePrefix(file.replace(/\.md$/, "")), history: whole }) ?? [];
  if (entry || archive || others.length > 0 || indexDiffers(ctx.memoryDir, file, indexLine)) {
    const change = {
      card: file,
      before: before === undefined ? null : sha256Hex(before),
      previous: before,
      content: next,
      index: { line: indexLine, ...(removed.place ? { place: removed.place } : {}) },
      entry: entry ?? null,
    };
    await commitWrite(ctx, { changes: [change, ...others], archive }, others.length > 0 ? whole() : history.entries);
  }
  return { file, op, revived, entry, indexLine };
}

/** The compare-and-swap of a proposal's base: the card must still be exactly what the proposer saw. */
function checkBase(memoryDir: string, name: string, existing: string | undefined, expected: string | null): void {
  const current = existing === undefined ? null : sha256Hex(fs.readFileSync(path.join(memoryDir, existing)));
  if (current === expected) return;
  const what =
    expected === null
      ? `card "${name}" was created (${existing}) after this was prepared`
      : current === null
        ? `card "${name}" was removed after this was prepared`
        : `card "${name}" (${existing}) changed after this was prepared`;
  throw new MemctlError(
    ERROR_CODES.E_STALE_BASE,
    `${what}; nothing was written. Review the difference first (memctl review ID), then accept with --force to overwrite, or reject it.`,
    { card: existing ?? null, expected_sha256: expected, current_sha256: current },
  );
}

/** Whether MEMORY.md lacks `line` for `file` (a missing index counts). */
function indexDiffers(memoryDir: string, file: string, line: string): boolean {
  let index: Buffer;
  try {
    index = readRegularMemo(path.join(memoryDir, INDEX_FILE));
  } catch {
    return true;
  }
  return !upsertIndexLineBytes(index, file, line).equals(index);
}

function isSymlink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}
