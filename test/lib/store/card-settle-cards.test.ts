// The keeper's round over the card cache when cards were added or removed (lib/store/card-cache-settle.ts): a `save`
// of a new card, an `rm`, a card written or deleted by hand. Each is settled into the card cache's delta with the
// check recorded against it, so the next list, search and session start read the cache trusted; and what they print
// is what a copy of the store with no cache prints. Real stores above a lowered full-check size, the real CLI in
// process, the real write journal, the round's clock never behind the machine's (whose mtimes it compares with).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { CARD_CHECK } from "../../../lib/store/full-check.js";
import { checkCardCache } from "../../../lib/store/card-cache-check.js";
import { cacheIdentity } from "../../../lib/store/card-cache-open.js";
import { readCardDelta } from "../../../lib/store/card-delta.js";
import { withTrustedCardCache } from "../../../lib/store/card-cache-trusted.js";
import { journalMark } from "../../../lib/store/write-journal.js";
import { handCard, sleep } from "../../support/card-cache-fixture.js";
import { baseStamp, MAX, ok, same, state, store, tick } from "../../support/card-delta-fixture.js";
import type { World } from "../../support/fixture.js";

/** The keeper's round at a clock never behind the machine's, and whether it recorded its check of the cache now in force. */
async function round(w: World) {
  await sleep(150); // past the racy window of what was just written, by the machine's clock
  const at = tick(Math.max(1, Date.now() - tick(0).getTime())).getTime();
  const r = await checkCardCache(w.mem, { nowMs: at, fullCheckMax: Number(MAX) }, new Map(), { mark: journalMark(w.mem) });
  const file = state(w, CARD_CHECK);
  const check = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as { cache: number[]; at: number }) : undefined;
  const recorded = check?.at === at && JSON.stringify(check.cache) === JSON.stringify(cacheIdentity(w.mem));
  const trusted = withTrustedCardCache(w.mem, { nowMs: at + 500, fullCheckMax: Number(MAX) }, () => true) === true;
  return { outcome: r?.outcome, recorded, trusted };
}

const settled = { outcome: "verified", recorded: true, trusted: true };
const records = (w: World) => readCardDelta(w.mem, baseStamp(w))?.records.map((r) => r.file) ?? [];
const removed = (w: World) => readCardDelta(w.mem, baseStamp(w))?.removed ?? [];

test("the keeper's round settles a new card's save, an rm, and cards written or deleted by hand into the delta, and the next calls read it trusted as a rebuild prints", async (t) => {
  const w = await store(t);
  const steps: [string, () => Promise<void> | void, (w: World) => void][] = [
    ["a new card's save", () => ok(w, ["save", "wombat", "-t", "project", "-d", "the wombat migration runs at noon"]), () => assert.ok(records(w).includes("project_wombat.md"))],
    // MEMORY.md linked it before it existed (a link to no card): its record is linked, the head's link to no card dropped.
    [
      "the save of the card a line already links",
      () => ok(w, ["save", "later", "-t", "project", "-d", "now written, deploy"]),
      () => assert.ok(records(w).includes("project_later.md")),
    ],
    ["an rm of a card of the base", () => ok(w, ["rm", "c05"]), () => assert.deepEqual(removed(w), ["project_c05.md"])],
    ["an rm of a card the delta added", () => ok(w, ["rm", "wombat"]), () => assert.ok(!records(w).includes("project_wombat.md"))],
    ["an rm of a card the delta changed", () => ok(w, ["save", "c07", "-d", "card seven, saved"]), () => undefined],
    ["", () => ok(w, ["rm", "c07"]), () => assert.deepEqual(removed(w), ["project_c05.md", "project_c07.md"])],
    ["a removed card saved again", () => ok(w, ["save", "c05", "-t", "project", "-d", "card five, back again on deploy"]), () => assert.deepEqual(removed(w), ["project_c07.md"])],
    [
      "a card written by hand (no line links it)",
      () => fs.writeFileSync(path.join(w.mem, "project_byhand.md"), handCard("byhand", "MADE BY HAND, deploy", "In an editor.")),
      () => undefined,
    ],
    // As a save's card settled by a round before its line of MEMORY.md landed: the delta's record is relinked.
    [
      "a line added by hand for the card the delta added",
      () => fs.appendFileSync(path.join(w.mem, "MEMORY.md"), "- [byhand](project_byhand.md) — linked by hand\n"),
      () => assert.ok(readCardDelta(w.mem, baseStamp(w))?.records.find((r) => r.file === "project_byhand.md")?.linked),
    ],
    [
      "a base card edited and its only line removed by hand in one round",
      () => {
        fs.appendFileSync(path.join(w.mem, "project_c10.md"), "Unlinked, EDITED IN PLACE.\n");
        const index = path.join(w.mem, "MEMORY.md");
        fs.writeFileSync(index, fs.readFileSync(index, "utf8").replace(/^- \[c10\]\(project_c10\.md\).*\n/m, ""));
      },
      () => assert.equal(readCardDelta(w.mem, baseStamp(w))?.records.find((r) => r.file === "project_c10.md")?.linked, false),
    ],
    // Still linked by MEMORY.md: its link waits for a card of that name (the head's links to no card).
    ["a linked card deleted by hand", () => fs.rmSync(path.join(w.mem, "project_c02.md")), () => assert.ok(removed(w).includes("project_c02.md"))],
    ["it written again by hand", () => fs.writeFileSync(path.join(w.mem, "project_c02.md"), handCard("c02", "card two, BACK BY HAND", "Again.")), () => undefined],
    [
      "a new card saved and an existing one edited in place in one round",
      () => {
        fs.appendFileSync(path.join(w.mem, "project_c09.md"), "More deploy words, EDITED IN PLACE.\n");
        return ok(w, ["save", "quokka", "-t", "project", "-d", "the quokka deploy"]);
      },
      () => assert.ok(records(w).includes("project_quokka.md") && records(w).includes("project_c09.md")),
    ],
  ];
  for (const [what, write, check] of steps) {
    await write();
    if (!what) continue; // two writes, one round
    assert.deepEqual(await round(w), settled, what);
    check(w);
    await same(w, `after the keeper's round over ${what}`, tick(1));
  }
});

test("what the round cannot settle is left to the next command: a card in a new directory, more cards than its bound, a card too recent to trust", async (t) => {
  const w = await store(t);
  // A new directory: the listing walks another directory than the cache's.
  fs.mkdirSync(path.join(w.mem, "sub"));
  fs.writeFileSync(path.join(w.mem, "sub", "project_deep.md"), handCard("deep", "DEEP IN A DIRECTORY", "Below."));
  const deep = await round(w);
  assert.equal(deep.recorded, false, "a new directory: nothing recorded");
  await same(w, "a card in a new directory", tick(3000));
  // Past the round's bound of cards read: the next command's.
  for (let i = 0; i < 20; i++) fs.writeFileSync(path.join(w.mem, `project_many${String(i).padStart(2, "0")}.md`), handCard(`many${i}`, `many ${i}, deploy`, "Many."));
  const many = await round(w);
  assert.equal(many.recorded, false, "20 new cards: nothing recorded");
  await same(w, "20 cards written by hand", tick(3000));
  // Too recent by the round's clock: "unsure", nothing written, so the next round looks again.
  await ok(w, ["save", "recent", "-t", "project", "-d", "saved a moment ago"]);
  const index = path.join(w.mem, "MEMORY.md");
  const r = await checkCardCache(w.mem, { nowMs: fs.statSync(index).mtimeMs + 50, fullCheckMax: Number(MAX) }, new Map(), { mark: journalMark(w.mem) });
  assert.equal(r?.outcome, "unsure");
  assert.deepEqual(await round(w), settled, "the next round settles it");
  await same(w, "the recent save", tick(1));
});
