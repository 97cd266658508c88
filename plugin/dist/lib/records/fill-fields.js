// lib/records/fill-fields.ts
import fs from "node:fs";
import path from "node:path";
import { missingFields } from "../core/card.js";
import { isCardFile } from "../core/card-rules.js";
import { MemctlError } from "../core/errors.js";
import { setFrontmatterFieldsBytes } from "../core/frontmatter-edit.js";
import { latestByCard, makeEntry, readHistory, sha256Hex } from "../store/history.js";
import { readRegularBytes } from "../store/checked-fs.js";
import { readStoreOrEmptyIndex } from "../store/read.js";
import { keepRevisionsBatch } from "../store/revisions.js";
import { assertMayWrite } from "./actor.js";
import { withRecordsLock } from "./commit.js";
import { commitRewritesBatch } from "./commit-batch.js";
import { viewStore } from "./store-view.js";
import { utcDay } from "../core/frecency.js";
import { recordAdopted, unrecordedEntry } from "./adopt-first.js";
function defaults(updatedAt) {
  return { topics: [], priority: "normal", status: "active", updated_at: updatedAt, repo_refs: [] };
}
async function plan(memoryDir) {
  const view = viewStore(await readStoreOrEmptyIndex(memoryDir));
  const latest = latestByCard(readHistory(memoryDir).entries);
  const planned = [];
  const skipped = [];
  for (const [file, cf] of view.cards) {
    if (!isCardFile(file) && !view.referenced.has(file)) continue;
    if (cf.readError !== void 0 || !cf.card || cf.card.errors.length > 0) continue;
    const missing = missingFields(cf.card);
    if (missing.length === 0) continue;
    const abs = path.join(memoryDir, file);
    const before = Buffer.from(readRegularBytes(abs));
    const date = latest.get(file)?.at.slice(0, 10) ?? utcDay(fs.statSync(abs).mtime);
    const all = defaults(date);
    const added = Object.fromEntries(missing.map((f) => [f, all[f]]));
    try {
      planned.push({ card: file, added, before, after: setFrontmatterFieldsBytes(before, added) });
    } catch (err) {
      if (!(err instanceof MemctlError)) throw err;
      skipped.push({ card: file, reason: err.message });
    }
  }
  return { planned, skipped };
}
async function planMissingFields(memoryDir) {
  const { planned, skipped } = await plan(memoryDir);
  return { fixes: planned.map(({ card, added }) => ({ card, added })), skipped };
}
async function fillMissingFields(ctx) {
  assertMayWrite(ctx.actor, "add fields to memory cards");
  return withRecordsLock(ctx, async () => {
    const { planned, skipped } = await plan(ctx.memoryDir);
    if (planned.length === 0) return { fixes: [], skipped };
    const entries = [...readHistory(ctx.memoryDir).entries];
    const latest = latestByCard(entries);
    const adopted = planned.flatMap((p) => {
      const entry = unrecordedEntry(ctx, latest.get(p.card), p.card, p.before);
      return entry ? [{ entry, content: p.before }] : [];
    });
    await recordAdopted(ctx, adopted);
    entries.push(...adopted.map((a) => a.entry));
    const changes = planned.map((p) => {
      const entry = makeEntry(entries, p.card, "update", ctx.actor, ctx.now, p.after);
      entries.push(entry);
      return { card: p.card, before: sha256Hex(p.before), content: p.after, entry };
    });
    await keepRevisionsBatch(ctx.memoryDir, changes);
    await commitRewritesBatch(ctx.memoryDir, { changes });
    return { fixes: planned.map(({ card, added }, i) => ({ card, added, entry: changes[i].entry })), skipped };
  });
}
export {
  fillMissingFields,
  planMissingFields
};
