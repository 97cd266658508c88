// lib/records/save.ts
import { pastedWord } from "../core/shell-quote.js";
import fs from "node:fs";
import path from "node:path";
import { assertMayWrite } from "./actor.js";
import { assertCardText, CARD_TYPES } from "../core/card-rules.js";
import { findNamedCard } from "./card-links.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { checkPathShape, checkWrite, storeLimitsBind, withDefaults } from "./guardrails.js";
import { latestByCard, readHistory, sha256Hex } from "../store/history.js";
import { readLatestHistory } from "../store/history-latest.js";
import { withRecordsLock } from "./commit.js";
import { assertNoSecrets, warmSecretScan } from "./secrets.js";
import { parseCard } from "../core/card.js";
import { upsertIndexLineBytes } from "../core/index-edit.js";
import { renderIndexLine } from "../core/index-file.js";
import { INDEX_FILE } from "../store/read.js";
import { withoutTypePrefix } from "../core/card-types.js";
import { renderNewCard, typeOf, updatedCardBytes, validateName, validateSaveInput, withStandardFields } from "./card-input.js";
import { currentIndexTitle, findCardFile } from "./card-find.js";
import { readRegularMemo } from "../store/checked-fs.js";
import { utcDay } from "../core/frecency.js";
import { writeEntry } from "./adopt-first.js";
import { commitWrite } from "./commit-write.js";
import { removedLine } from "./removed-titles.js";
async function saveCard(ctx, input, locked) {
  if (!isKeysOnlyModelWrite(ctx.actor, input)) assertMayWrite(ctx.actor, "save memory cards");
  validateSaveInput(input);
  await warmSecretScan(JSON.stringify(input));
  return withRecordsLock(ctx, async () => saveCardLocked(ctx, input, void 0, locked ? await locked() : void 0));
}
function isKeysOnlyModelWrite(actor, input) {
  if (!actor.startsWith("model:") || input.recall === void 0 || typeof input.expectSha256 !== "string") return false;
  const { name: _n, recall: _r, keepUpdatedAt: _k, expectSha256: _e, ...rest } = input;
  return Object.values(rest).every((v) => v === void 0);
}
async function saveCardLocked(ctx, input, decide, also) {
  validateSaveInput(input);
  const quick = input.restore ? void 0 : findCardFile(ctx.memoryDir, input.name, { forSave: true });
  const existing = quick ?? (input.restore || input.type === void 0 ? await findNamedCard(ctx.memoryDir, input.name) : void 0);
  if (input.expectSha256 !== void 0) checkBase(ctx.memoryDir, input.name, existing, input.expectSha256);
  const today = utcDay(ctx.now);
  let file;
  let before;
  let namedHistory;
  let next;
  if (input.restore) {
    file = existing ?? input.restore.file;
    if (file !== input.restore.file)
      throw usageError(
        `card "${input.name}" is now ${file}, not ${input.restore.file} as in that revision; "memctl rm ${pastedWord(input.name)}" first to restore it as ${input.restore.file}`
      );
    if (existing) before = fs.readFileSync(path.join(ctx.memoryDir, file));
    else if (fs.existsSync(path.join(ctx.memoryDir, file)) || isSymlink(path.join(ctx.memoryDir, file)))
      throw new MemctlError(ERROR_CODES.E_PATH_ESCAPE, `${file} exists but is not a regular card file (a symlink or directory); memctl will not write through or over it`, {
        file
      });
    next = withStandardFields(Buffer.from(input.restore.text), today);
  } else if (existing) {
    file = existing;
    before = fs.readFileSync(path.join(ctx.memoryDir, file));
    const existingType = typeOf(file, before.toString("utf8"));
    if (input.type && existingType && input.type !== existingType) {
      throw usageError(
        `card "${input.name}" already exists as ${file} (type ${existingType}); save it with -t ${existingType}, or "memctl rm ${pastedWord(input.name)}" first to start over as ${input.type}`
      );
    }
    next = updatedCardBytes(before, input, today, existingType);
  } else {
    const named = CARD_TYPES.map((t) => `${t}_${input.name}.md`);
    namedHistory = readLatestHistory(ctx.memoryDir, named);
    const removed2 = latestByCard(namedHistory.entries);
    const removedType = CARD_TYPES.find((t) => removed2.get(`${t}_${input.name}.md`)?.op === "delete");
    input = { ...input, type: input.type ?? removedType };
    validateName(input.name);
    if (!input.type) throw usageError(`card "${input.name}" does not exist yet: give its type with -t (${CARD_TYPES.join(", ")})`);
    if (input.description === void 0) throw usageError(`card "${input.name}" does not exist yet: give its one-line description with -d`);
    file = `${input.type}_${input.name}.md`;
    if (fs.existsSync(path.join(ctx.memoryDir, file)) || isSymlink(path.join(ctx.memoryDir, file))) {
      throw new MemctlError(ERROR_CODES.E_PATH_ESCAPE, `${file} exists but is not a regular card file (a symlink or directory); memctl will not write through or over it`, {
        file
      });
    }
    next = Buffer.from(renderNewCard({ ...input, type: input.type, description: input.description }, today), "utf8");
  }
  const nextText = next.toString("utf8");
  const previous = input.restore ? Buffer.from(input.restore.text).toString("utf8") : before?.toString("utf8");
  assertCardText(file, nextText, previous, `give the description with -d "\u2026" (save fills in the other fields)`);
  const meta = parseCard(nextText).meta;
  const removed = existing === void 0 ? removedLine(ctx.memoryDir, file) : {};
  const title = currentIndexTitle(ctx.memoryDir, file) ?? removed.title ?? meta.name ?? input.name;
  const indexLine = renderIndexLine({ title, file, hook: meta.description ?? "" });
  const history = namedHistory ? { ...namedHistory, entries: namedHistory.entries.filter((e) => e.card === file) } : readLatestHistory(ctx.memoryDir, [file]);
  const latest = latestByCard(history.entries).get(file);
  const unchanged = before !== void 0 && before.equals(next);
  if (!unchanged) {
    const limits = withDefaults(ctx.guardrails);
    checkPathShape([file], limits, file);
    checkWrite(fs.realpathSync(ctx.memoryDir), file, before?.length, next.length, limits, storeLimitsBind(ctx.actor));
    await assertNoSecrets(next.toString("utf8"), ctx.secrets, file);
  }
  const recorded = latest !== void 0 && latest.sha256 === sha256Hex(next);
  const op = unchanged ? "unchanged" : before === void 0 ? "create" : "update";
  const revived = !unchanged && latest?.op === "delete";
  const entry = unchanged && recorded ? void 0 : writeEntry(history.entries, file, op === "unchanged" ? "adopt" : op, ctx, next, before);
  const archive = decide?.({ file, op, rev: entry?.rev ?? null });
  let all;
  const whole = () => all ??= readHistory(ctx.memoryDir).entries;
  const others = also?.({ file, name: meta.name ?? withoutTypePrefix(file.replace(/\.md$/, "")), history: whole }) ?? [];
  if (entry || archive || others.length > 0 || indexDiffers(ctx.memoryDir, file, indexLine)) {
    const change = {
      card: file,
      before: before === void 0 ? null : sha256Hex(before),
      previous: before,
      content: next,
      index: { line: indexLine, ...removed.place ? { place: removed.place } : {} },
      entry: entry ?? null
    };
    await commitWrite(ctx, { changes: [change, ...others], archive }, others.length > 0 ? whole() : history.entries);
  }
  return { file, op, revived, entry, indexLine };
}
function checkBase(memoryDir, name, existing, expected) {
  const current = existing === void 0 ? null : sha256Hex(fs.readFileSync(path.join(memoryDir, existing)));
  if (current === expected) return;
  const what = expected === null ? `card "${name}" was created (${existing}) after this was prepared` : current === null ? `card "${name}" was removed after this was prepared` : `card "${name}" (${existing}) changed after this was prepared`;
  throw new MemctlError(
    ERROR_CODES.E_STALE_BASE,
    `${what}; nothing was written. Review the difference first (memctl review ID), then accept with --force to overwrite, or reject it.`,
    { card: existing ?? null, expected_sha256: expected, current_sha256: current }
  );
}
function indexDiffers(memoryDir, file, line) {
  let index;
  try {
    index = readRegularMemo(path.join(memoryDir, INDEX_FILE));
  } catch {
    return true;
  }
  return !upsertIndexLineBytes(index, file, line).equals(index);
}
function isSymlink(p) {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}
export {
  saveCard,
  saveCardLocked
};
