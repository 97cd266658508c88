// A hand edit of MEMORY.md in a store above the full-check size (lib/store/index-lines.ts through card-cache.ts): a
// few lines changed, added, removed, moved or relinked, line breaks made CRLF or a `touch` become the card cache's
// delta (the card-cache file is not rewritten), and list, search and session start print what a rebuild prints;
// an index rewritten past a hand edit's bound or holding a fence mark is parsed whole and the file rewritten, as
// before. Real stores, the real CLI in process, a clock past the 2 s window (a hand edit is seen 2 s after it).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { CARD_CACHE } from "../../../lib/store/card-cache.js";
import { readCardDelta } from "../../../lib/store/card-delta.js";
import { HAND_LINES } from "../../../lib/store/index-lines.js";
import { checkCardCache } from "../../../lib/store/card-cache-check.js";
import { withTrustedCardCache } from "../../../lib/store/card-cache-trusted.js";
import { journalMark } from "../../../lib/store/write-journal.js";
import { sleep } from "../../support/card-cache-fixture.js";
import { memctl } from "../../support/fixture.js";
import { baseStamp, MAX, ok, same, state, store, tick } from "../../support/card-delta-fixture.js";

test("a hand edit of a few MEMORY.md lines is a delta of their edits; a rewrite or a fence mark is parsed whole", async (t) => {
  const w = await store(t);
  const index = path.join(w.mem, "MEMORY.md");
  const write = (change: (text: string) => string) => fs.writeFileSync(index, change(fs.readFileSync(index, "utf8")));
  // Each identity taken is held open: a file replaced by rename can get the freed inode number back (seen in CI).
  const held: number[] = [];
  t.after(() => {
    for (const fd of held) fs.closeSync(fd);
  });
  const cacheIno = () => {
    const fd = fs.openSync(state(w, CARD_CACHE), "r");
    held.push(fd);
    return fs.fstatSync(fd).ino;
  };
  const base = cacheIno();

  write((text) => text.replace("card number 3\n", "card number three, by hand\n"));
  const one = await same(w, "one line edited by hand", tick(3000));
  assert.match(one.start, /card number three, by hand/);
  assert.equal(cacheIno(), base, "one line: the card-cache file is not rewritten");
  assert.deepEqual(readCardDelta(w.mem, baseStamp(w))!.edits, [[6, 1, ["- [c03](project_c03.md) — card number three, by hand"]]]);

  // A line added at the top, one removed, one moved to the end and one relinked to another card, in one write.
  write((text) => {
    const lines = text.split("\n");
    const moved = lines.splice(lines.indexOf("- [c02](project_c02.md) — card number 2"), 1);
    lines.splice(lines.indexOf("- [c09](project_c09.md) — card number 9"), 1);
    lines.splice(1, 0, "- [c07 twice](project_c07.md) — added by hand");
    const relinked = lines.indexOf("- [c05](project_c05.md) — card number 5");
    lines[relinked] = "- [c05](project_c11.md) — now links c11";
    lines.splice(lines.length - 1, 0, ...moved);
    return lines.join("\n");
  });
  await same(w, "lines added, removed, moved and relinked by hand", tick(3000));
  assert.equal(cacheIno(), base, "a few lines: still a delta");

  write((text) => text.replaceAll("\n", "\r\n"));
  await same(w, "line breaks made CRLF", tick(3000));
  fs.utimesSync(index, new Date(), new Date());
  await same(w, "MEMORY.md touched", tick(3000));
  write((text) => text.replace("card number 4\r\n", "card number four, CRLF\r\n"));
  assert.match((await same(w, "a CRLF line edited", tick(3000))).start, /card number four, CRLF/);
  assert.equal(cacheIno(), base, "CRLF, a touch and an edit of a CRLF line: still a delta");
  assert.ok(readCardDelta(w.mem, baseStamp(w))!.edits.length >= 3);

  // More lines than a hand edit's bound: MEMORY.md rewritten, parsed whole, the file rewritten.
  write((text) => `${Array.from({ length: HAND_LINES + 1 }, (_, i) => `Prose ${i}.`).join("\n")}\n${text.replaceAll("\r\n", "\n")}`);
  await same(w, "MEMORY.md rewritten", tick(3000));
  const rewritten = cacheIno();
  assert.notEqual(rewritten, base, "a rewrite: parsed whole");
  write((text) => text.replace("card number 6\n", "card number six\n"));
  await same(w, "a line edited after the rewrite", tick(3000));
  assert.equal(cacheIno(), rewritten, "the rewrite's keys kept: a delta again");

  // A fence mark: an edit could move lines in or out of a fence, so the index is parsed whole, before and after.
  write((text) => text.replace("- [c08]", "```\n- [c08]").replace("- [c10]", "```\n- [c10]"));
  await same(w, "a fence opened around a line", tick(3000));
  const fenced = cacheIno();
  assert.notEqual(fenced, rewritten, "a fence mark: parsed whole");
  write((text) => text.replace("card number 1\n", "card number one\n"));
  await same(w, "a line edited in a fenced index", tick(3000));
  assert.notEqual(cacheIno(), fenced, "no keys kept for a fenced index: parsed whole");
  write((text) => text.replaceAll("```\n", ""));
  await same(w, "the fence taken out", tick(3000));
});

test("the keeper's round after a hand edit's delta verifies it, so the next start reads the cache without decoding it", async (t) => {
  const w = await store(t);
  const index = path.join(w.mem, "MEMORY.md");
  fs.writeFileSync(index, fs.readFileSync(index, "utf8").replace("card number 8\n", "card number eight\n"));
  await sleep(150);
  await memctl(w, ["list", "--json"], { now: tick(3000) }); // the hand edit's first reader writes the delta
  await sleep(150); // past the racy window of the delta just written
  assert.ok(readCardDelta(w.mem, baseStamp(w)), "a delta in force");
  const at = tick(1).getTime();
  const round = await checkCardCache(w.mem, { nowMs: at, fullCheckMax: Number(MAX) }, new Map(), { mark: journalMark(w.mem) });
  assert.equal(round?.outcome, "verified");
  assert.equal(
    withTrustedCardCache(w.mem, { nowMs: at + 500, fullCheckMax: Number(MAX) }, (c) => c.view()?.edits.length),
    1,
    "a trusted read takes the delta the round verified, its view still to take the hand edit",
  );
  assert.match((await same(w, "a start after the round", tick(1))).start, /card number eight/);
});

test("a last line ended by a CR with no LF after it is cut as the index parser cuts it (no entry), then and after an edit above it", async (t) => {
  const w = await store(t);
  const index = path.join(w.mem, "MEMORY.md");
  const write = (change: (text: string) => string) => fs.writeFileSync(index, change(fs.readFileSync(index, "utf8")));
  write((text) => text.replace(/\n$/, "\r"));
  await same(w, "the last line ended by a CR", tick(3000));
  write((text) => text.replace("card number 3\n", "card number three\n"));
  await same(w, "a line edited above it", tick(3000));
  write((text) => text.replace(/\r$/, "\n"));
  await same(w, "the LF back", tick(3000));
});

test("a hand edit of MEMORY.md in place that keeps its size and puts its mtime back, then a save that edits another line, is read", async (t) => {
  const w = await store(t);
  const index = path.join(w.mem, "MEMORY.md");
  const ref = path.join(w.root, "times"); // outside the store: its directory keeps its mtime
  fs.writeFileSync(ref, "");
  t.after(() => fs.rmSync(ref, { force: true }));
  assert.equal(spawnSync("touch", ["-r", index, ref]).status, 0);
  const fd = fs.openSync(index, "r+");
  const bytes = Buffer.from(fs.readFileSync(index, "utf8").replace("card number 3\n", "card number 8\n"));
  fs.writeSync(fd, bytes, 0, bytes.length, 0);
  fs.closeSync(fd);
  assert.equal(spawnSync("touch", ["-r", ref, index]).status, 0);
  await ok(w, ["save", "c05", "-d", "card five, saved after the edit"]);
  assert.match((await same(w, "an edit in place, then a save", tick(3000))).start, /\[c03\]\(project_c03\.md\) — card number 8/);
});
