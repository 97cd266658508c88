// lib/records/fill-fields.ts
import fs from "node:fs";
import path from "node:path";
import { missingFields } from "../core/card.js";
import { missingFieldValues } from "./card-input.js";
import { isCardFile } from "../core/card-rules.js";
import { MemctlError } from "../core/errors.js";
import { setFrontmatterFieldsBytes } from "../core/frontmatter-edit.js";
import { latestByCard, readHistory, sha256Hex } from "../store/history.js";
import { readRegularBytes } from "../store/checked-fs.js";
import { readStoreOrEmptyIndex } from "../store/read.js";
import { assertMayWrite } from "./actor.js";
import { withRecordsLock } from "./commit.js";
import { commitRewritesBatch } from "./commit-batch.js";
import { viewStore } from "./store-view.js";
import { utcDay } from "../core/frecency.js";
import { writeEntry } from "./adopt-first.js";
async function plan(memoryDir) {
  const view = viewStore(await readStoreOrEmptyIndex(memoryDir));
  const latest = latestByCard(readHistory(memoryDir).entries);
  const planned = [];
  const skipped = [];
  for (const [file, cf] of view.cards) {
    if (!isCardFile(file) && !view.referenced.has(file)) continue;
    const unreadable = cf.readError ?? (cf.card ? cf.card.errors[0]?.message : "the card could not be read");
    if (unreadable !== void 0) {
      skipped.push({ card: file, reason: `${unreadable}; nothing was written` });
      continue;
    }
    if (!cf.card) continue;
    const missing = missingFields(cf.card);
    if (missing.length === 0) continue;
    const abs = path.join(memoryDir, file);
    const before = Buffer.from(readRegularBytes(abs));
    const date = latest.get(file)?.at.slice(0, 10) ?? utcDay(fs.statSync(abs).mtime);
    const added = missingFieldValues(missing, date);
    try {
      planned.push({ card: file, added, before, after: setFrontmatterFieldsBytes(before, added) });
    } catch (err) {
      if (!(err instanceof MemctlError)) throw err;
      skipped.push({ card: file, reason: err.message });
    }
  }
  return { planned, skipped, history: [...latest.values()] };
}
async function planMissingFields(memoryDir) {
  const { planned, skipped } = await plan(memoryDir);
  return { fixes: planned.map(({ card, added }) => ({ card, added })), skipped };
}
async function fillMissingFields(ctx) {
  assertMayWrite(ctx.actor, "add fields to memory cards");
  return withRecordsLock(ctx, async () => {
    const { planned, skipped, history } = await plan(ctx.memoryDir);
    if (planned.length === 0) return { fixes: [], skipped };
    const changes = planned.map((p) => {
      const entry = writeEntry(history, p.card, "update", ctx, p.after, p.before);
      return { card: p.card, before: sha256Hex(p.before), previous: p.before, content: p.after, entry };
    });
    await commitRewritesBatch(ctx, { changes }, history);
    return { fixes: planned.map(({ card, added }, i) => ({ card, added, entry: changes[i].entry })), skipped };
  });
}
export {
  fillMissingFields,
  planMissingFields
};
