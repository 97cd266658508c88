import fs from "node:fs";
import path from "node:path";
import { missingFields } from "../core/card.js";
import { missingFieldValues } from "./card-input.js";
import { isCardFile } from "../core/card-rules.js";
import { MemctlError } from "../core/errors.js";
import { setFrontmatterFieldsBytes } from "../core/frontmatter-edit.js";
import { latestByCard, readHistory, sha256Hex, type HistoryEntry } from "../store/history.js";
import { readRegularBytes } from "../store/checked-fs.js";
import { readStoreOrEmptyIndex } from "../store/read.js";
import { assertMayWrite } from "./actor.js";
import { withRecordsLock } from "./commit.js";
import type { CardChange } from "./intent-file.js";
import { commitRewritesBatch } from "./commit-batch.js";
import type { WriteContext } from "./save.js";
import { viewStore } from "./store-view.js";
import { utcDay } from "../core/frecency.js";
import { writeEntry } from "./adopt-first.js";

// Cards that came in by hand or by `memctl import` often lack the standard fields, and doctor lists each one.
// This adds what is missing with the neutral value a save would give (no topics, normal priority, active, no
// repo refs; updated_at the date of the card's last recorded revision, else of its file). Each edit is
// text-level (lib/core/frontmatter-edit.ts): only the added lines are new, every other byte stays, the legacy
// `metadata:` block included. All the cards go in one write-ahead intent under the one lock, each with a
// history entry (lib/records/commit-batch.ts), so a kill leaves every card either as it was or fixed and recorded.

export interface FieldFix {
  card: string;
  /** The fields added, with their values, in REQUIRED_FIELDS order. */
  added: Record<string, unknown>;
  entry?: HistoryEntry;
}

export interface FieldFixPlan {
  fixes: FieldFix[];
  /** Cards lacking fields that cannot be edited safely (no frontmatter block, YAML that does not parse), with why. */
  skipped: { card: string; reason: string }[];
}

interface Planned extends FieldFix {
  before: Buffer;
  after: Buffer;
}

/** The cards doctor reports as missing fields, each with its edit (read-only). */
async function plan(memoryDir: string): Promise<{ planned: Planned[]; skipped: FieldFixPlan["skipped"]; history: HistoryEntry[] }> {
  const view = viewStore(await readStoreOrEmptyIndex(memoryDir));
  const latest = latestByCard(readHistory(memoryDir).entries);
  const planned: Planned[] = [];
  const skipped: FieldFixPlan["skipped"] = [];
  for (const [file, cf] of view.cards) {
    // The same cards doctor checks: a free note (not named like a card, linked from nowhere) has no card rules.
    if (!isCardFile(file) && !view.referenced.has(file)) continue;
    // Doctor lists these as unreadable; here they are skipped out loud, as the docs promise, never passed over.
    const unreadable = cf.readError ?? (cf.card ? cf.card.errors[0]?.message : "the card could not be read");
    if (unreadable !== undefined) {
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

/** What `fillMissingFields` would do, writing nothing. */
export async function planMissingFields(memoryDir: string): Promise<FieldFixPlan> {
  const { planned, skipped } = await plan(memoryDir);
  return { fixes: planned.map(({ card, added }) => ({ card, added })), skipped };
}

/** Adds the missing standard fields to every card that lacks them, in one recorded write. Idempotent. */
export async function fillMissingFields(ctx: WriteContext): Promise<FieldFixPlan> {
  assertMayWrite(ctx.actor, "add fields to memory cards");
  return withRecordsLock(ctx, async () => {
    const { planned, skipped, history } = await plan(ctx.memoryDir);
    if (planned.length === 0) return { fixes: [], skipped };
    // Texts no revision holds (cards memctl did not write) are adopted first by the commit, so the fields added can be undone.
    const changes: CardChange[] = planned.map((p) => {
      const entry = writeEntry(history, p.card, "update", ctx, p.after, p.before);
      return { card: p.card, before: sha256Hex(p.before), previous: p.before, content: p.after, entry };
    });
    await commitRewritesBatch(ctx, { changes }, history);
    return { fixes: planned.map(({ card, added }, i) => ({ card, added, entry: changes[i]!.entry! })), skipped };
  });
}
