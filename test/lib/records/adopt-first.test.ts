import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { commitWrite } from "../../../lib/records/commit-write.js";
import { withRecordsLock } from "../../../lib/records/commit.js";
import { makeEntry, readHistory, sha256Hex } from "../../../lib/store/history.js";
import { readRevision } from "../../../lib/store/revisions.js";
import { makeWorld, memctl, type World } from "../../support/fixture.js";

// Audit finding 1: a card memctl did not write (the sample store, a hand-written card, Claude's auto memory) or
// one edited by hand since its last revision had no revision holding its text, so the first rm / save / fix-fields
// / memory-tool delete / accept --supersede recorded a revision after which `memctl restore` had nothing to bring back.

const CARD = "project_caching.md";
// Written by hand: a title in the index that is not the card's name, CRLF-free but with a body and topics.
const HAND = [
  "---",
  "name: caching",
  'description: "Redis fronts the pricing API; TTL 300 s"',
  "metadata:",
  "  node_type: memory",
  "  type: project",
  "topics:",
  "  - redis",
  "priority: always",
  "status: active",
  'updated_at: "2026-10-01"',
  "repo_refs: []",
  "---",
  "# Caching",
  "",
  "Invalidate on price import; never cache the checkout total.",
  "",
].join("\n");

function handWritten(w: World, text = HAND): void {
  fs.writeFileSync(path.join(w.mem, "MEMORY.md"), `# Memory\n\n- [Caching layer](${CARD}) — Redis fronts the pricing API; TTL 300 s\n`);
  fs.writeFileSync(path.join(w.mem, CARD), text);
}

function ops(w: World): string[] {
  return readHistory(w.mem)
    .entries.filter((e) => e.card === CARD)
    .map((e) => `r${e.rev} ${e.op}`);
}

async function ok(w: World, argv: string[]): Promise<string> {
  const r = await memctl(w, argv);
  assert.equal(r.code, 0, `${argv.join(" ")}: ${r.stderr}`);
  return r.stdout;
}

test("rm of a card memctl never wrote adopts it first: restore brings the original back byte for byte", async () => {
  const w = makeWorld();
  handWritten(w);
  await ok(w, ["rm", "caching"]);
  assert.deepEqual(ops(w), ["r1 adopt", "r2 delete"]);
  await ok(w, ["restore", "caching", "1"]);
  assert.equal(fs.readFileSync(path.join(w.mem, CARD), "utf8"), HAND);
});

test("the first save of an unrecorded card records the original text first, so restore undoes the save", async () => {
  const w = makeWorld();
  handWritten(w);
  await ok(w, ["save", "caching", "-d", "Redis in front of pricing"]);
  assert.deepEqual(ops(w), ["r1 adopt", "r2 update"]);
  await ok(w, ["restore", "caching", "1"]);
  assert.equal(fs.readFileSync(path.join(w.mem, CARD), "utf8"), HAND);
});

test("a hand edit since the last revision is adopted before rm, and is what restore brings back", async () => {
  const w = makeWorld();
  await ok(w, ["save", "caching", "-t", "project", "-d", "Redis fronts the pricing API"]);
  const edited = fs.readFileSync(path.join(w.mem, CARD), "utf8") + "Hand-added: flush on deploy.\n";
  fs.writeFileSync(path.join(w.mem, CARD), edited);
  await ok(w, ["rm", "caching"]);
  assert.deepEqual(ops(w), ["r1 create", "r2 adopt", "r3 delete"]);
  await ok(w, ["restore", "caching", "2"]);
  assert.equal(fs.readFileSync(path.join(w.mem, CARD), "utf8"), edited);
});

test("a recorded card is not adopted again: rm writes only its delete", async () => {
  const w = makeWorld();
  await ok(w, ["save", "caching", "-t", "project", "-d", "Redis fronts the pricing API"]);
  await ok(w, ["rm", "caching"]);
  assert.deepEqual(ops(w), ["r1 create", "r2 delete"]);
});

test("memory-tool delete and fix-fields of unrecorded cards keep the original text restorable", async () => {
  const w = makeWorld();
  handWritten(w);
  await ok(w, ["manage", "delete", CARD]);
  assert.deepEqual(ops(w), ["r1 adopt", "r2 delete"]);
  await ok(w, ["restore", "caching", "1"]);
  assert.equal(fs.readFileSync(path.join(w.mem, CARD), "utf8"), HAND);

  const w2 = makeWorld();
  const bare = HAND.replace("priority: always\n", "").replace("repo_refs: []\n", "");
  handWritten(w2, bare);
  await ok(w2, ["fix-fields"]);
  assert.deepEqual(ops(w2), ["r1 adopt", "r2 update"]);
  // restore refuses a text that breaks the card rules (this one lacks fields), but the text is kept, byte for byte
  const r1 = readHistory(w2.mem).entries[0]!;
  assert.deepEqual(readRevision(w2.mem, r1.sha256), { state: "kept", bytes: Buffer.from(bare) });
});

test("accept --supersede adopts the superseded card first, so its text before the mark can be restored", async () => {
  const w = makeWorld();
  handWritten(w);
  const proposed = await memctl(w, ["propose", "cache-ttl", "-t", "project", "-d", "Pricing cache TTL is 60 s now", "--source", "ops chat", "--json"], {
    env: { MEMCTL_ACTOR: "agent:test" },
  });
  assert.equal(proposed.code, 0, proposed.stderr);
  const id = JSON.parse(proposed.stdout).proposal.id as string;
  await ok(w, ["accept", id, "--supersede", "caching"]);
  assert.deepEqual(ops(w), ["r1 adopt", "r2 update"]);
  await ok(w, ["restore", "caching", "1"]);
  assert.equal(fs.readFileSync(path.join(w.mem, CARD), "utf8"), HAND);
});

test("a write path that only builds an intent still gets the adopt: the commit records the original and numbers its entry after it", async () => {
  const w = makeWorld();
  handWritten(w);
  const ctx = { memoryDir: w.mem, actor: "human", now: new Date("2026-12-06T00:00:00Z") };
  const next = Buffer.from(HAND.replace("TTL 300 s", "TTL 60 s"));
  // Numbered as a new write path would number it, knowing nothing of adoption: revision 1.
  const entry = makeEntry([], CARD, "update", ctx.actor, ctx.now, next);
  const change = { card: CARD, before: sha256Hex(Buffer.from(HAND)), content: next, entry };
  const adopted = await withRecordsLock(ctx, () => commitWrite(ctx, { changes: [change] }));
  assert.deepEqual(ops(w), ["r1 adopt", "r2 update"]);
  assert.deepEqual(
    adopted.map((e) => `r${e.rev} ${e.op}`),
    ["r1 adopt"],
  );
  assert.equal(entry.rev, 2, "the caller's entry is the one recorded");
  assert.deepEqual(readRevision(w.mem, sha256Hex(Buffer.from(HAND))), { state: "kept", bytes: Buffer.from(HAND) });
  await ok(w, ["restore", "caching", "1"]);
  assert.equal(fs.readFileSync(path.join(w.mem, CARD), "utf8"), HAND);
});

test("rename of a card memctl never recorded keeps the old name restorable too", async () => {
  const w = makeWorld();
  handWritten(w);
  await ok(w, ["manage", "rename", CARD, "project_cache.md"]);
  assert.deepEqual(ops(w), ["r1 adopt", "r2 delete"]);
});
