// The keeper's watch over its card directories (lib/store/card-watch.ts), on real directories with the kernel's own
// events: each kind of hand edit forgets the card's stamp by the next settle, a change in the directories makes the
// round unsure, more events than the kernel's queue holds make it unsure, and a card the watch cannot see is not kept.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test, type TestContext } from "node:test";
import { watchCards, type CardWatch } from "../../../lib/store/card-watch.js";
import { ABSENT } from "../../../lib/store/full-check.js";
import { tempDir } from "../../helpers.js";

const linux = process.platform === "linux";

/** A store of `a.md`, `b.md` and `sub/c.md`, watched, every card's stamp kept after the first two settles. */
async function watched(t: TestContext) {
  const dir = tempDir("memctl-watch-");
  fs.mkdirSync(path.join(dir, "sub"));
  fs.mkdirSync(path.join(dir, ".memctl"));
  for (const f of ["a.md", "b.md", "sub/c.md"]) fs.writeFileSync(path.join(dir, f), `${f}\n`);
  const watch = watchCards(dir)!;
  assert.ok(watch, "a local filesystem on Linux is watched");
  t.after(() => {
    watch.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const stat = (file: string) => {
    const st = fs.lstatSync(path.join(dir, file));
    watch.stamps.set(file, [st.mtimeMs, st.size, st.ctimeMs, st.nlink]);
  };
  const statAll = () => ["a.md", "b.md", "sub/c.md"].forEach(stat);
  assert.equal(await watch.settle(), "unsure", "nothing watched yet: the first round stats every card");
  statAll(); // the store's directory is watched; sub/ is wanted
  assert.deepEqual([...watch.stamps.keys()].sort(), ["a.md", "b.md"]);
  assert.equal(await watch.settle(), "changed", "sub/ watched from this round on");
  statAll();
  assert.equal(watch.sawEveryCard(), true);
  assert.equal(await watch.settle(), "quiet");
  return { dir, watch, statAll, held: () => [...watch.stamps.keys()].sort() };
}

const all = ["a.md", "b.md", "sub/c.md"];

test("each kind of hand edit forgets that card by the next settle, however soon after the edit it is called", { skip: !linux }, async (t) => {
  const w = await watched(t);
  const edits: [string, (dir: string) => void, string[]][] = [
    ["in place, the mtime put back", (d) => inPlace(path.join(d, "a.md")), ["b.md", "sub/c.md"]],
    [
      "by rename over it",
      (d) => {
        fs.writeFileSync(path.join(d, "sub", ".c.tmp"), "new\n");
        fs.renameSync(path.join(d, "sub", ".c.tmp"), path.join(d, "sub", "c.md"));
      },
      ["a.md", "b.md"],
    ],
    ["deleted", (d) => fs.rmSync(path.join(d, "b.md")), ["a.md", "sub/c.md"]],
    ["its times or mode changed", (d) => fs.chmodSync(path.join(d, "a.md"), 0o600), ["b.md", "sub/c.md"]],
    ["moved into another watched directory", (d) => fs.renameSync(path.join(d, "a.md"), path.join(d, "sub", "a.md")), ["b.md", "sub/c.md"]],
  ];
  for (const [what, edit, kept] of edits) {
    if (!fs.existsSync(path.join(w.dir, "b.md"))) fs.writeFileSync(path.join(w.dir, "b.md"), "b\n");
    if (!fs.existsSync(path.join(w.dir, "a.md"))) fs.renameSync(path.join(w.dir, "sub", "a.md"), path.join(w.dir, "a.md"));
    await w.watch.settle();
    w.statAll();
    assert.equal(await w.watch.settle(), "quiet", what);
    assert.deepEqual(w.held(), all, what);
    edit(w.dir); // no turn of the event loop between the edit and the settle
    assert.equal(await w.watch.settle(), "changed", what);
    assert.deepEqual(w.held(), kept, what);
  }
  // A new card is no stamp to forget, but the round is not quiet: the card cache's pass lists it.
  fs.renameSync(path.join(w.dir, "sub", "a.md"), path.join(w.dir, "a.md"));
  await w.watch.settle();
  w.statAll();
  await w.watch.settle();
  fs.writeFileSync(path.join(w.dir, "new.md"), "new\n");
  assert.equal(await w.watch.settle(), "changed");
  // memctl's own state is not a card: its directory changing is no event for the cards.
  fs.utimesSync(path.join(w.dir, ".memctl"), new Date(), new Date());
  assert.equal(await w.watch.settle(), "quiet");
});

test("a watched directory moved, replaced, removed or retimed, or a parent replaced, makes the round unsure: every stamp forgotten", { skip: !linux }, async (t) => {
  const w = await watched(t);
  const moves: [string, (dir: string) => void][] = [
    [
      "replaced by another directory",
      (d) => {
        fs.renameSync(path.join(d, "sub"), path.join(d, "old"));
        fs.mkdirSync(path.join(d, "sub"));
        fs.writeFileSync(path.join(d, "sub", "c.md"), "other\n");
      },
    ],
    ["its times changed", (d) => fs.utimesSync(path.join(d, "sub"), new Date(), new Date())],
    ["removed", (d) => fs.rmSync(path.join(d, "sub"), { recursive: true })],
  ];
  for (const [what, move] of moves) {
    for (const name of ["sub", "old"]) fs.rmSync(path.join(w.dir, name), { recursive: true, force: true });
    fs.mkdirSync(path.join(w.dir, "sub"));
    fs.writeFileSync(path.join(w.dir, "sub", "c.md"), "c\n");
    await w.watch.settle();
    w.statAll();
    await w.watch.settle();
    w.statAll();
    assert.equal(await w.watch.settle(), "quiet", what);
    move(w.dir);
    assert.equal(await w.watch.settle(), "unsure", what);
    assert.deepEqual(w.held(), [], what);
  }
});

test("a parent replaced under a watched directory sends it no event, and is still unsure", { skip: !linux }, async (t) => {
  const dir = tempDir("memctl-watch-");
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, "a", "b"), { recursive: true });
  fs.writeFileSync(path.join(dir, "a", "b", "c.md"), "c\n");
  const watch = watchCards(dir)!;
  t.after(() => watch.close());
  const stat = () => {
    const st = fs.lstatSync(path.join(dir, "a", "b", "c.md"));
    watch.stamps.set("a/b/c.md", [st.mtimeMs, st.size, st.ctimeMs, st.nlink]);
  };
  await watch.settle();
  stat(); // a/b wanted
  await watch.settle();
  stat();
  assert.deepEqual([...watch.stamps.keys()], ["a/b/c.md"]);
  assert.equal(await watch.settle(), "quiet");
  // a/ is not watched (no card in it): the copy's b/ is another directory at the same path.
  fs.cpSync(path.join(dir, "a"), path.join(dir, "a2"), { recursive: true });
  fs.renameSync(path.join(dir, "a"), path.join(dir, "gone"));
  fs.renameSync(path.join(dir, "a2"), path.join(dir, "a"));
  fs.writeFileSync(path.join(dir, "a", "b", "c.md"), "changed in the copy\n");
  assert.equal(await watch.settle(), "unsure");
  assert.equal(watch.stamps.size, 0);
});

test("more events than the kernel's queue holds before a read: some are lost without a word, and the round is unsure", { skip: !linux }, async (t) => {
  const w = await watched(t);
  const queue = Number(fs.readFileSync("/proc/sys/fs/inotify/max_queued_events", "utf8"));
  // The event loop is not turned while the events are made: the kernel keeps the first `queue` and drops the rest.
  // Two files in turn, as consecutive events for one file are merged into one.
  for (let i = 0; i <= queue + 100; i++) fs.appendFileSync(path.join(w.dir, i % 2 ? "a.md" : "b.md"), "x");
  assert.equal(await w.watch.settle(), "unsure");
  assert.equal(w.watch.stamps.size, 0);
});

test("a card the watch cannot see is never kept: in a directory not watched yet, or with a second link", { skip: !linux }, async (t) => {
  const w = await watched(t);
  fs.mkdirSync(path.join(w.dir, "later"));
  fs.writeFileSync(path.join(w.dir, "later", "d.md"), "d\n");
  const outside = tempDir("memctl-watch-outside-");
  t.after(() => fs.rmSync(outside, { recursive: true, force: true }));
  fs.linkSync(path.join(w.dir, "b.md"), path.join(outside, "b.md"));
  await w.watch.settle();
  w.watch.forget();
  const set = (file: string) => {
    const st = fs.lstatSync(path.join(w.dir, file));
    w.watch.stamps.set(file, [st.mtimeMs, st.size, st.ctimeMs, st.nlink]);
  };
  for (const f of [...all, "later/d.md"]) set(f);
  assert.deepEqual(w.held(), ["a.md", "sub/c.md"], "b.md has two links; later/ is not watched yet");
  assert.equal(w.watch.sawEveryCard(), false);
  // A stamp without its link count (a pass that did not give it) is not kept either.
  w.watch.stamps.delete("a.md");
  w.watch.stamps.set("a.md", [1, 2, 3]);
  assert.equal(w.watch.stamps.has("a.md"), false);
  assert.equal(await w.watch.settle(), "changed", "later/ watched from now on");
  set("later/d.md");
  assert.ok(w.held().includes("later/d.md"));
  assert.equal(await w.watch.settle(), "quiet");
  // Why b.md is not kept: written through its other link, in a directory nobody watches, it changes with no event.
  fs.appendFileSync(path.join(outside, "b.md"), "through the other link\n");
  assert.match(fs.readFileSync(path.join(w.dir, "b.md"), "utf8"), /other link/);
  assert.equal(await w.watch.settle(), "quiet");
});

test("a misses count: a card looked for and not held means the round did not see every card through the watch", { skip: !linux }, async (t) => {
  const w = await watched(t);
  assert.ok(w.watch.stamps.get("a.md"));
  assert.equal(w.watch.sawEveryCard(), true);
  assert.equal(w.watch.stamps.get("nowhere.md"), undefined);
  assert.equal(w.watch.sawEveryCard(), false);
  assert.equal(await w.watch.settle(), "quiet");
  assert.equal(w.watch.sawEveryCard(), true, "counted again from each settle");
});

test("a linked card with nothing at its path is held as absent while its directory is watched; its creation is an event", { skip: !linux }, async (t) => {
  const w = await watched(t);
  // A dead link in MEMORY.md: looked up, missed, then handed over as ABSENT (lib/rank-cache/stamps.ts cardStamp).
  for (const f of ["ghost.md", "sub/ghost.md", "gone/ghost.md"]) {
    assert.equal(w.watch.stamps.get(f), undefined);
    w.watch.stamps.set(f, ABSENT);
  }
  assert.deepEqual(w.held(), [...all, "ghost.md", "sub/ghost.md"].sort(), "gone/ is no directory: nothing vouches for it");
  assert.equal(w.watch.sawEveryCard(), false);
  assert.equal(await w.watch.settle(), "quiet");
  for (const f of ["ghost.md", "sub/ghost.md"]) assert.deepEqual(w.watch.stamps.get(f), ABSENT);
  assert.equal(w.watch.sawEveryCard(), true, "a round that finds the dead links held saw every card");
  // Made by hand, by rename into place, or as a symlink: each forgets the absence by the next settle.
  const kinds: [string, () => void][] = [
    ["written", () => fs.writeFileSync(path.join(w.dir, "ghost.md"), "now here\n")],
    [
      "renamed in",
      () => {
        fs.writeFileSync(path.join(w.dir, ".memctl", "tmp"), "x\n");
        fs.renameSync(path.join(w.dir, ".memctl", "tmp"), path.join(w.dir, "sub", "ghost.md"));
      },
    ],
  ];
  for (const [kind, make] of kinds) {
    make();
    assert.equal(await w.watch.settle(), "changed", kind);
  }
  assert.deepEqual(w.held(), all, "both forgotten");
  fs.rmSync(path.join(w.dir, "ghost.md"));
  await w.watch.settle();
  w.watch.stamps.set("ghost.md", ABSENT);
  fs.symlinkSync(path.join(w.dir, "a.md"), path.join(w.dir, "ghost.md"));
  assert.equal(await w.watch.settle(), "changed", "a symlink made at its path");
  assert.equal(w.watch.stamps.has("ghost.md"), false);
});

/** An editor's save in place: same inode, same size, the mtime put back; only the ctime moves. */
function inPlace(file: string): void {
  const before = fs.statSync(file);
  const fd = fs.openSync(file, "r+");
  fs.writeSync(fd, "X", 0, "utf8");
  fs.closeSync(fd);
  fs.utimesSync(file, before.atime, before.mtime);
}

export type { CardWatch };

test("a store reached through a link is watched (its directories inside never are)", { skip: !linux }, async (t) => {
  const dir = tempDir("memctl-watch-");
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, "real", "sub"), { recursive: true });
  fs.mkdirSync(path.join(dir, "elsewhere"));
  fs.symlinkSync(path.join(dir, "real"), path.join(dir, "store"));
  fs.symlinkSync(path.join(dir, "elsewhere"), path.join(dir, "real", "linked"));
  for (const f of ["a.md", "linked/b.md"]) fs.writeFileSync(path.join(dir, "store", f), "x\n");
  const watch = watchCards(path.join(dir, "store"))!;
  t.after(() => watch.close());
  const set = (file: string) => {
    const st = fs.lstatSync(path.join(dir, "store", file));
    watch.stamps.set(file, [st.mtimeMs, st.size, st.ctimeMs, st.nlink]);
  };
  await watch.settle();
  set("a.md");
  set("linked/b.md");
  await watch.settle();
  set("linked/b.md");
  assert.deepEqual([...watch.stamps.keys()], ["a.md"], "linked/ is a link: never watched, its card never kept");
  fs.appendFileSync(path.join(dir, "real", "a.md"), "y\n");
  assert.equal(await watch.settle(), "changed");
  assert.equal(watch.stamps.size, 0);
});
