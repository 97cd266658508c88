import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { commitRewritesBatch } from "../../../lib/records/commit-batch.js";
import { recoverIntent, writeIntent } from "../../../lib/records/commit.js";
import { type CardChange, intentPath } from "../../../lib/records/intent-file.js";
import { makeEntry, readHistory, sha256Hex } from "../../../lib/store/history.js";
import { scratchDir } from "../../support/scratch.js";

const ctx = (memoryDir: string) => ({ memoryDir, actor: "human", now: new Date("2026-12-02T00:00:00Z") });

// The batch apply keeps commitIntent's crash rule: the intent is on disk before any card moves, the first card's
// rename is the commit point, and the next writer's recovery finishes or drops the write.

function store(n: number): { dir: string; changes: CardChange[] } {
  const dir = scratchDir("memctl-batch-");
  fs.writeFileSync(path.join(dir, "MEMORY.md"), "# Memory\n");
  const entries: ReturnType<typeof makeEntry>[] = [];
  const changes = Array.from({ length: n }, (_, i) => {
    const card = `project_c${i}.md`;
    const before = Buffer.from(`---\nname: c${i}\n---\nbody ${i}\n`);
    fs.writeFileSync(path.join(dir, card), before);
    const content = Buffer.from(`---\nname: c${i}\nstatus: active\n---\nbody ${i}\n`);
    const entry = makeEntry(entries, card, "update", "human", new Date("2026-12-02T00:00:00Z"), content);
    entries.push(entry);
    return { card, before: sha256Hex(before), content, entry };
  });
  return { dir, changes };
}

test("commitRewritesBatch: every card rewritten, its unrecorded text adopted first, one entry each, no intent left", async () => {
  const { dir, changes } = store(5);
  await commitRewritesBatch(ctx(dir), { changes });
  for (const c of changes) assert.deepEqual(fs.readFileSync(path.join(dir, c.card)), c.content);
  // The hand-written texts no revision held are recorded first (lib/records/adopt-first.ts), so each rewrite can be undone.
  assert.deepEqual(
    readHistory(dir).entries.map((e) => `r${e.rev} ${e.op} ${e.card}`),
    [...changes.map((c) => `r1 adopt ${c.card}`), ...changes.map((c) => `r2 update ${c.card}`)],
  );
  assert.equal(fs.existsSync(intentPath(dir)), false);
});

test("killed after the first card's rename: recovery rewrites the rest and records them all; killed before it, nothing changes", async () => {
  const { dir, changes } = store(4);
  await writeIntent(dir, { changes });
  fs.writeFileSync(path.join(dir, changes[0]!.card), changes[0]!.content!); // the commit point, then the kill
  assert.equal(await recoverIntent(dir), true);
  for (const c of changes) assert.deepEqual(fs.readFileSync(path.join(dir, c.card)), c.content);
  assert.equal(readHistory(dir).entries.length, 4);

  const other = store(3);
  const before = other.changes.map((c) => fs.readFileSync(path.join(other.dir, c.card)));
  await writeIntent(other.dir, { changes: other.changes });
  assert.equal(await recoverIntent(other.dir), false);
  assert.deepEqual(
    other.changes.map((c) => fs.readFileSync(path.join(other.dir, c.card))),
    before,
  );
  assert.equal(readHistory(other.dir).entries.length, 0);
});

test("a card edited by hand after the plan is left alone and gets no history entry", async () => {
  const { dir, changes } = store(3);
  fs.writeFileSync(path.join(dir, changes[1]!.card), "edited by hand\n");
  await commitRewritesBatch(ctx(dir), { changes });
  assert.equal(fs.readFileSync(path.join(dir, changes[1]!.card), "utf8"), "edited by hand\n");
  // Nor is the hand edit adopted: that is `memctl adopt`'s (or the next write's) to record.
  assert.deepEqual(
    readHistory(dir).entries.map((e) => `${e.op} ${e.card}`),
    [`adopt ${changes[0]!.card}`, `adopt ${changes[2]!.card}`, `update ${changes[0]!.card}`, `update ${changes[2]!.card}`],
  );
});
