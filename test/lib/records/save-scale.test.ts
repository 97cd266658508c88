// A save's cost follows the change (issue 32): it reads the card it writes, MEMORY.md and history, stats what a
// name lookup needs, and never lists the store or opens another card, however many the store holds.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { mock, test } from "node:test";
import { renderIndexLine } from "../../../lib/core/index-file.js";
import { findCardFile } from "../../../lib/records/card-find.js";
import { saveCard, type WriteContext } from "../../../lib/records/save.js";
import { readHistory, sha256Hex } from "../../../lib/store/history.js";
import { PRUNE_STEP, pruneDue } from "../../../lib/store/revisions.js";
import { scratchDir } from "../../support/scratch.js";

const CARDS = 3000;

function store(): WriteContext {
  const memoryDir = fs.realpathSync(scratchDir("memctl-save-scale-"));
  const index = ["# Memory", ""];
  const history: string[] = [];
  for (let i = 0; i < CARDS; i++) {
    const file = `project_c${i}.md`;
    const text = `---\nname: c${i}\ndescription: card ${i}\nmetadata:\n  node_type: memory\n  type: project\n---\nbody ${i}\n`;
    fs.writeFileSync(path.join(memoryDir, file), text);
    index.push(renderIndexLine({ title: `c${i}`, file, hook: `card ${i}` }));
    history.push(JSON.stringify({ rev: 1, card: file, op: "create", actor: "human", at: "2026-12-01T00:00:00.000Z", sha256: sha256Hex(text), bytes: text.length }));
  }
  // An imported card keeps its own file name; its frontmatter name is its index title.
  fs.writeFileSync(path.join(memoryDir, "feedback_prefs.md"), "---\nname: compose-first\ndescription: prefs\ntype: feedback\n---\nbody\n");
  index.push(renderIndexLine({ title: "compose-first", file: "feedback_prefs.md", hook: "prefs" }));
  fs.writeFileSync(path.join(memoryDir, "MEMORY.md"), index.join("\n") + "\n");
  fs.mkdirSync(path.join(memoryDir, ".memctl"));
  fs.writeFileSync(path.join(memoryDir, ".memctl", "history.jsonl"), history.join("\n") + "\n");
  return { memoryDir, actor: "human", now: new Date("2026-12-06T01:00:00.000Z") };
}

/** Runs `fn` counting store-root listings and the cards opened other than `allowed`. */
async function counted(memoryDir: string, allowed: readonly string[], fn: () => Promise<unknown>): Promise<{ listings: number; otherCards: string[] }> {
  let listings = 0;
  const otherCards: string[] = [];
  const note = (p: unknown) => {
    const file = path.resolve(String(p));
    if (path.dirname(file) === memoryDir && /\.md$/.test(file) && !["MEMORY.md", ...allowed].includes(path.basename(file))) otherCards.push(path.basename(file));
  };
  const readdir = fs.readdirSync;
  const open = fs.openSync;
  const read = fs.readFileSync;
  mock.method(fs, "readdirSync", function (this: unknown, ...args: Parameters<typeof fs.readdirSync>) {
    if (path.resolve(String(args[0])) === memoryDir) listings++;
    return (readdir as (...a: unknown[]) => unknown).apply(fs, args);
  });
  mock.method(fs, "openSync", function (this: unknown, ...args: Parameters<typeof fs.openSync>) {
    note(args[0]);
    return open.apply(fs, args);
  });
  mock.method(fs, "readFileSync", function (this: unknown, ...args: Parameters<typeof fs.readFileSync>) {
    note(args[0]);
    return (read as (...a: unknown[]) => unknown).apply(fs, args);
  });
  try {
    await fn();
  } finally {
    mock.restoreAll();
  }
  return { listings, otherCards };
}

test("a save in a store of 3,000 cards neither lists the store nor opens another card: create, update, and an update by frontmatter name", async () => {
  const c = store();
  const created = await counted(c.memoryDir, ["project_fresh.md"], () => saveCard(c, { name: "fresh", type: "project", description: "a new card" }));
  assert.deepEqual(created, { listings: 0, otherCards: [] });
  const updated = await counted(c.memoryDir, ["project_c42.md"], () => saveCard(c, { name: "c42", description: "an update" }));
  assert.deepEqual(updated, { listings: 0, otherCards: [] });
  const byName = await counted(c.memoryDir, ["feedback_prefs.md"], () => saveCard(c, { name: "compose-first", description: "found by its index title" }));
  assert.deepEqual(byName, { listings: 0, otherCards: [] });
  assert.match(fs.readFileSync(path.join(c.memoryDir, "feedback_prefs.md"), "utf8"), /description: found by its index title/);
  // Revisions follow each card's own history: c42 goes to rev 2, the new card to 1; the imported one (no entry yet)
  // has its bytes adopted as rev 1 first, so its update is rev 2 and the original stays restorable.
  const latest = readHistory(c.memoryDir).entries.slice(-4);
  assert.deepEqual(
    latest.map((e) => [e.card, e.rev, e.op]),
    [
      ["project_fresh.md", 1, "create"],
      ["project_c42.md", 2, "update"],
      ["feedback_prefs.md", 1, "adopt"],
      ["feedback_prefs.md", 2, "update"],
    ],
  );
});

test("a save of a new card opens MEMORY.md twice, as an update does: one look-up for its name and its line, one copy", async () => {
  const c = store();
  const index = path.join(c.memoryDir, "MEMORY.md");
  const opens = async (fn: () => Promise<unknown>) => {
    let n = 0;
    const open = fs.openSync;
    mock.method(fs, "openSync", function (this: unknown, ...args: Parameters<typeof fs.openSync>) {
      if (path.resolve(String(args[0])) === index) n++;
      return open.apply(fs, args);
    });
    try {
      await fn();
    } finally {
      mock.restoreAll();
    }
    return n;
  };
  assert.equal(await opens(() => saveCard(c, { name: "fresh", type: "project", description: "a new card" })), 2);
  assert.equal(await opens(() => saveCard(c, { name: "c2999", description: "the index's last card, updated" })), 2);
  const lines = fs.readFileSync(index, "utf8").split("\n");
  assert.equal(lines.at(-2), renderIndexLine({ title: "fresh", file: "project_fresh.md", hook: "a new card" }), "appended last");
  assert.ok(lines.includes(renderIndexLine({ title: "c2999", file: "project_c2999.md", hook: "the index's last card, updated" })));
});

test("a new card whose file a MEMORY.md line already links (its file removed by hand) replaces that line and keeps its title", async () => {
  const c = store();
  const index = path.join(c.memoryDir, "MEMORY.md");
  const dangling = renderIndexLine({ title: "Chosen by hand", file: "project_gone.md", hook: "the old hook" });
  const lines = fs.readFileSync(index, "utf8").split("\n");
  lines.splice(1000, 0, dangling);
  fs.writeFileSync(index, lines.join("\n"));
  const saved = await saveCard(c, { name: "gone", type: "project", description: "saved again" });
  assert.equal(saved.op, "create");
  const after = fs.readFileSync(index, "utf8").split("\n");
  assert.deepEqual(
    after.filter((l) => l.includes("project_gone.md")),
    [renderIndexLine({ title: "Chosen by hand", file: "project_gone.md", hook: "saved again" })],
  );
  assert.equal(after.indexOf(after.find((l) => l.includes("project_gone.md"))!), 1000, "in place, not appended");
});

test("a card whose frontmatter name is not its file name is found through its index title; a free-form name still reads the cards", () => {
  const c = store();
  assert.equal(findCardFile(c.memoryDir, "compose-first"), "feedback_prefs.md");
  fs.writeFileSync(path.join(c.memoryDir, "user_me.md"), "---\nname: About me\ndescription: who\n---\nbody\n");
  assert.equal(findCardFile(c.memoryDir, "About me"), "user_me.md", "a name no new card could have: every card's frontmatter is read");
  assert.equal(findCardFile(c.memoryDir, "nothing-here"), undefined);
});

test("once its side index is made, a save reads its card's latest history line, not the whole history", async () => {
  const c = store();
  const history = path.join(c.memoryDir, ".memctl", "history.jsonl");
  // Past PRUNE_STEP (1 MiB): below it every write prunes its revisions, which reads the history whole by design (a
  // small read). Older cards removed by hand make it that long; the saves below are then not at a prune step.
  const gone = Array.from({ length: 4000 }, (_, i) =>
    JSON.stringify({ rev: 1, card: `project_gone${i}.md`, op: "create", actor: "human", at: "2026-11-01T00:00:00.000Z", sha256: sha256Hex(`gone ${i}`), bytes: 9 }),
  );
  fs.appendFileSync(history, gone.join("\n") + "\n");
  assert.ok(fs.statSync(history).size > PRUNE_STEP && !pruneDue(c.memoryDir), "the history is past the prune step and not at one");
  await saveCard(c, { name: "c1", description: "the first save reads the history whole and indexes it" });
  const size = fs.statSync(history).size;
  const fds = new Set<number>();
  let bytes = 0;
  const open = fs.openSync;
  const read = fs.readSync;
  const readFile = fs.readFileSync;
  const closeFd = fs.closeSync;
  mock.method(fs, "closeSync", (fd: number) => {
    fds.delete(fd); // its number is reused by the next open
    closeFd(fd);
  });
  mock.method(fs, "openSync", function (this: unknown, ...args: Parameters<typeof fs.openSync>) {
    const fd = open.apply(fs, args);
    if (path.resolve(String(args[0])) === history) fds.add(fd);
    return fd;
  });
  mock.method(fs, "readSync", function (this: unknown, ...args: unknown[]) {
    const n = (read as (...a: unknown[]) => number).apply(fs, args);
    if (fds.has(args[0] as number)) bytes += n;
    return n;
  });
  mock.method(fs, "readFileSync", function (this: unknown, ...args: Parameters<typeof fs.readFileSync>) {
    assert.notEqual(path.resolve(String(args[0])), history, "history.jsonl read whole");
    return (readFile as (...a: unknown[]) => unknown).apply(fs, args);
  });
  try {
    await saveCard(c, { name: "c2000", description: "an update far from the end of the history" });
    await saveCard(c, { name: "fresh", type: "project", description: "a new card: four candidate names looked up" });
  } finally {
    mock.restoreAll();
  }
  assert.ok(bytes > 0 && bytes < 64 * 1024, `read ${bytes} bytes of a ${size}-byte history`);
  assert.deepEqual(
    readHistory(c.memoryDir)
      .entries.slice(-3)
      .map((e) => [e.card, e.rev]),
    [
      ["project_c1.md", 2],
      ["project_c2000.md", 2],
      ["project_fresh.md", 1],
    ],
  );
});
