// MEMORY.md's links kept by line in the card cache (lib/store/index-links.ts) and memctl's journaled line edits
// applied to them and to session start's view (lib/hook/overview-store.ts editOverviewView) instead of parsing the
// whole index again. Every answer is compared with a from-scratch rebuild of the cache: after real saves (an
// update, a new card), an rm, hand edits of a card and of an index line, and a torn journal. Real stores, the real
// CLI in process, the real write journal.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test, type TestContext } from "node:test";
import { parseIndex } from "../../../lib/core/index-file.js";
import { readCardCatalog } from "../../../lib/store/card-cache.js";
import { decodeCardCache, encodeCardCache } from "../../../lib/store/card-cache-format.js";
import { plainRecord } from "../../../lib/store/card-record.js";
import { applyLineEdits, decodeLinks, encodeLinks, linksBytes, linksHas } from "../../../lib/store/index-links.js";
import { WRITE_JOURNAL } from "../../../lib/store/write-journal.js";
import { buildOverviewView, editOverviewView } from "../../../lib/hook/overview-store.js";
import { cacheFile, handCard, sleep } from "../../support/card-cache-fixture.js";
import { makeWorld, memctl, type World } from "../../support/fixture.js";

const INDEX = [
  "# Memory",
  "",
  "Some prose.",
  "- [a](project_a.md) — first",
  "- not a link",
  "- [b](./project_b.md) — second",
  "## Later",
  "- [a again](project_a.md) — twice",
  "- [gone](project_gone.md) — no card",
];

test("line edits applied to the links give what parsing the edited index gives", () => {
  const base = INDEX.join("\n");
  const table = decodeLinks(encodeLinks(parseIndex(base).entries))!;
  const cases: [number, number, string[]][] = [
    [4, 1, ["- [a](project_a.md) — first, edited"]], // a save's update: same link
    [10, 0, ["- [c](project_c.md) — new"]], // a save's new card, appended
    [6, 1, []], // an rm of b
    [3, 0, ["- [d](project_d.md) — inserted above", "plain text"]], // lines inserted: later ones move
    [8, 1, ["- [x](project_x.md) — relinked"]], // a's second line now links x
  ];
  for (const edit of cases) {
    const lines = [...INDEX];
    lines.splice(edit[0] - 1, edit[1], ...edit[2]);
    const expected = encodeLinks(parseIndex(lines.join("\n")).entries);
    const applied = applyLineEdits(table, [edit])!;
    assert.ok(linksBytes(applied.table).equals(expected), `edit ${JSON.stringify(edit)}`);
  }
  const rm = applyLineEdits(table, [[6, 1, []]])!;
  assert.deepEqual([...rm.changed], ["project_b.md"]);
  assert.equal(linksHas(rm.table, "project_b.md"), false);
  const relink = applyLineEdits(table, [[8, 1, ["- [x](project_x.md) — relinked"]]])!;
  assert.equal(linksHas(relink.table, "project_a.md"), true, "a is still linked from line 4");
  assert.equal(linksHas(relink.table, "project_x.md"), true);
  assert.equal(linksHas(relink.table, "a.md"), false, "a key matches whole, never a suffix of another");
});

test("a links section that is not what linksBytes wrote is refused", () => {
  const good = encodeLinks(parseIndex(INDEX.join("\n")).entries);
  assert.ok(decodeLinks(good));
  assert.equal(decodeLinks(good.subarray(0, good.length - 1)), undefined, "torn");
  const planted = Buffer.from(good);
  planted.writeUInt32LE(1, 4 + 4); // the second line number below the first
  assert.equal(decodeLinks(planted), undefined, "lines out of order");
  assert.equal(decodeLinks(Buffer.from([255, 255, 255, 255])), undefined, "a count past the bytes");
});

test("the view after line edits is the view built from the edited text, byte for byte", () => {
  const base = INDEX.join("\n");
  const view = buildOverviewView(base);
  const edits: [number, number, string[]][] = [
    [4, 1, ["- [a](project_a.md) — first, edited  with  spaces"]],
    [10, 0, ["- [c](project_c.md) — new"]],
    [6, 1, []],
    [3, 0, ["- [d](<dir with space/project_d.md>) — inserted", "- [shard](MEMORY.more.md) — a shard link, left out"]],
  ];
  const lines = [...INDEX];
  for (const [at, removed, inserted] of edits) lines.splice(at - 1, removed, ...inserted);
  const edited = editOverviewView(view, edits)!;
  assert.equal(edited.toString("latin1"), buildOverviewView(lines.join("\n")).toString("latin1"));
});

/** A store of 8 cards, an hour old, indexed in MEMORY.md, its card cache built with the overview's view. */
async function store(t: TestContext): Promise<World> {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  const lines: string[] = [];
  for (let i = 0; i < 8; i++) {
    const name = `c${i}`;
    fs.writeFileSync(path.join(w.mem, `project_${name}.md`), handCard(name, `card number ${i}`, `Body ${i}.`));
    lines.push(`- [${name}](project_${name}.md) — card number ${i}`);
  }
  lines.push("- [missing](project_later.md) — a link to a card not written yet");
  fs.writeFileSync(path.join(w.mem, "MEMORY.md"), `# Memory\n\n${lines.join("\n")}\n`);
  const past = new Date(Date.now() - 3_600_000);
  for (const name of fs.readdirSync(w.mem)) fs.utimesSync(path.join(w.mem, name), past, past);
  await sleep(250);
  await read(w);
  return w;
}

const read = (w: World) => readCardCatalog(w.mem, { view: buildOverviewView, viewEdit: editOverviewView });

/** What a reader sees: every card's fields with `linked`, the view's bytes, and the cache's links to no card. */
async function seen(w: World) {
  const c = await read(w);
  const head = decodeCardCache(fs.readFileSync(cacheFile(w)))!.head;
  return {
    // headBytes / bodyBytes place a card's search words, which a first build without a search leaves unmade.
    cards: c.cards.map((r) => JSON.stringify({ ...plainRecord(r), stamp: undefined, headBytes: undefined, bodyBytes: undefined })),
    view: c.view?.toString("latin1"),
    linkedOther: [...head.linkedOther].sort(),
  };
}

/** The same from a cache built from scratch. */
async function rebuilt(w: World) {
  fs.rmSync(cacheFile(w));
  return seen(w);
}

/** The cache's head after a read: whether its links were taken from MEMORY.md read whole shows in nothing else. */
async function afterWrite(w: World, write: () => Promise<void> | void) {
  await write();
  await sleep(150); // past the racy window: a stamp this recent is read whole
  const incremental = await seen(w);
  return { incremental, scratch: await rebuilt(w) };
}

const ok = async (w: World, args: string[]) => {
  const r = await memctl(w, args);
  assert.equal(r.code, 0, r.stderr);
};

test("after a save (an update, a new card), an rm, and hand edits, the next read is what a rebuild reads", async (t) => {
  const w = await store(t);
  const steps: [string, () => Promise<void> | void][] = [
    ["save, an update", () => ok(w, ["save", "c3", "-d", "card number 3, described again"])],
    ["save, a new card", () => ok(w, ["save", "fresh", "-t", "project", "-d", "a card saved new"])],
    ["save of the card a line already linked", () => ok(w, ["save", "later", "-t", "project", "-d", "now written"])],
    ["rm", () => ok(w, ["rm", "project_c5"])],
    ["a hand edit of a card", () => fs.appendFileSync(path.join(w.mem, "project_c1.md"), "More words.\n")],
    [
      "a hand edit of an index line",
      () => {
        const file = path.join(w.mem, "MEMORY.md");
        fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("card number 6", "card number six, by hand"));
      },
    ],
    ["save after the hand edit", () => ok(w, ["save", "c2", "-d", "card number 2 again"])],
  ];
  for (const [name, write] of steps) {
    const { incremental, scratch } = await afterWrite(w, write);
    assert.deepEqual(incremental, scratch, name);
  }
});

test("memctl's journaled edit is what the next read applies: MEMORY.md is not parsed again", async (t) => {
  const w = await store(t);
  await ok(w, ["save", "c4", "-d", "card number 4, saved"]);
  await sleep(150);
  // The journal's record of that save, its stamps kept, its inserted line planted: the read follows the journal.
  const journal = path.join(w.mem, ".memctl", WRITE_JOURNAL);
  const records = fs.readFileSync(journal, "utf8").trimEnd().split("\n");
  const last = JSON.parse(records.at(-1)!) as { e: [number, number, string[]] };
  assert.equal(last.e[1], 1, "the save journaled its line's edit");
  last.e[2] = ["- [c4](project_c4.md) — from the journal"];
  records[records.length - 1] = JSON.stringify(last);
  fs.writeFileSync(journal, `${records.join("\n")}\n`);
  const after = await seen(w);
  assert.match(after.view!, /from the journal/);
  assert.doesNotMatch(after.view!, /saved/);
});

test("a torn journal is not applied: the next read parses MEMORY.md and is what a rebuild reads", async (t) => {
  const w = await store(t);
  const { incremental, scratch } = await afterWrite(w, async () => {
    await ok(w, ["save", "c4", "-d", "card number 4, saved"]);
    fs.appendFileSync(path.join(w.mem, ".memctl", WRITE_JOURNAL), '{"i":[1,2,3],"o":'); // a writer mid-append
  });
  assert.deepEqual(incremental, scratch);
  assert.match(incremental.view!, /card number 4, saved/);
});

test("a planted or torn links section is not applied: the next read parses MEMORY.md and is what a rebuild reads", async (t) => {
  const w = await store(t);
  const decoded = decodeCardCache(fs.readFileSync(cacheFile(w)))!;
  const planted = Buffer.from(decoded.links);
  planted.writeUInt32LE(decoded.links.readUInt32LE(0) + 5, 0); // more entries than its bytes hold
  fs.writeFileSync(cacheFile(w), encodeCardCache({ ...decoded, links: planted }));
  const { incremental, scratch } = await afterWrite(w, () => ok(w, ["save", "c6", "-d", "card number 6, saved"]));
  assert.deepEqual(incremental, scratch);
  assert.match(incremental.view!, /card number 6, saved/);
});

test("a hand edit in place after a save, same size and its mtime put back, is not hidden by the save's journaled edit", async (t) => {
  const w = await store(t);
  const { incremental, scratch } = await afterWrite(w, async () => {
    await ok(w, ["save", "c4", "-d", "card number 4, saved"]);
    await sleep(20);
    // An editor's save in place: same size, same inode, the mtime put back (to the save's sub-millisecond mtime).
    const file = path.join(w.mem, "MEMORY.md");
    const before = fs.statSync(file, { bigint: true });
    const fd = fs.openSync(file, "r+");
    fs.writeSync(fd, fs.readFileSync(file, "utf8").replace("card number 2", "card NUMBER 2"), 0, "utf8");
    fs.closeSync(fd);
    // touch, not utimes: the mtime to the nanosecond (a double of seconds loses the save's last digits).
    const { mtimeNs } = before;
    spawnSync("touch", ["-m", "-d", `@${mtimeNs / 1_000_000_000n}.${String(mtimeNs % 1_000_000_000n).padStart(9, "0")}`, file]);
    const after = fs.statSync(file, { bigint: true });
    assert.deepEqual([after.size, after.mtimeNs, after.ino], [before.size, before.mtimeNs, before.ino]);
  });
  assert.deepEqual(incremental, scratch);
  assert.match(incremental.view!, /card NUMBER 2/);
});
