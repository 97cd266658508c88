import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { CLI } from "../support/fixture.js";
import { gitOn, type Machine, memctlOn, ok, saveCard, syncedPair, trackedFiles } from "../support/machines.js";

// Killed syncs, an unreachable remote, and two machines syncing at the same moment.

const pair = (t: { after: (fn: () => void) => void }) => syncedPair(t);

function episodeLines(m: Machine): string[] {
  return fs.readFileSync(path.join(m.mem, "episodes.jsonl"), "utf8").split("\n").filter(Boolean);
}

async function assertConverged(a: Machine, b: Machine, cards: string[], episodes: number): Promise<void> {
  assert.equal(gitOn(a, "rev-parse", "HEAD"), gitOn(b, "rev-parse", "HEAD"));
  for (const m of [a, b]) {
    const files = fs.readdirSync(m.mem).filter((f) => /^(feedback|project|reference|user)_/.test(f));
    assert.deepEqual(files.sort(), [...cards].sort(), m.name);
    const index = fs.readFileSync(path.join(m.mem, "MEMORY.md"), "utf8");
    for (const card of cards) assert.equal(index.split(`](${card})`).length - 1, 1, `${m.name}: one index line for ${card}`);
    const eps = episodeLines(m);
    assert.equal(eps.length, episodes, m.name);
    assert.equal(new Set(eps).size, episodes, m.name);
    for (const [file, text] of trackedFiles(m)) assert.doesNotMatch(text, /^(<{7}|>{7})/m, `${m.name}: conflict markers in ${file}`);
    assert.equal(gitOn(m, "status", "--porcelain"), "", `${m.name}: work tree clean`);
    const doctor = await memctlOn(m, ["doctor", "--json", "--repo-root", m.repo]);
    assert.equal(doctor.code, 0, doctor.stdout + doctor.stderr);
    assert.equal(JSON.parse(doctor.stdout).hand_edited_cards.length, 0);
  }
}

test("a sync killed (SIGKILL, whole process group) inside git's merge leaves a work tree the next sync repairs", async (t) => {
  const { a, b } = await pair(t);
  await saveCard(a, "feedback", "from-alice", "alice's card");
  await ok(a, ["log", "--host", "claude", "--summary", "alice 1"]);
  await saveCard(b, "project", "from-bob", "bob's card");
  await ok(b, ["log", "--host", "codex", "--summary", "bob 1"]);
  await ok(b, ["sync"]);

  // Alice's sync pauses inside the merge driver (git holds .git/index.lock then) and is killed there.
  const child = spawn(process.execPath, [CLI, "sync"], { cwd: a.repo, env: { ...a.env, MEMCTL_SYNC_PAUSE: "driver:60000" }, detached: true, stdio: "ignore" });
  const paused = path.join(a.mem, ".memctl", "sync", "driver-paused");
  for (let i = 0; i < 600 && !fs.existsSync(paused); i++) await new Promise((r) => setTimeout(r, 50));
  assert.ok(fs.existsSync(paused), "the sync reached the merge driver");
  process.kill(-child.pid!, "SIGKILL");
  await new Promise((r) => child.on("close", r));
  assert.ok(fs.existsSync(path.join(a.mem, ".git", "index.lock")), "the kill left git's index lock behind");

  // A write after the kill still works (the store lock of a dead process is broken at once).
  await ok(a, ["log", "--host", "claude", "--summary", "alice 2, after the kill"]);
  const repaired = JSON.parse(await ok(a, ["sync", "--json"])) as { repaired: string[]; merged: boolean };
  assert.ok(
    repaired.repaired.some((x) => /index lock/.test(x)),
    JSON.stringify(repaired),
  );
  assert.equal(repaired.merged, true);
  await ok(b, ["sync"]);
  await assertConverged(a, b, ["feedback_from-alice.md", "project_from-bob.md"], 3);
});

test("a sync killed before its merge (after fetch) is resumed by the next one", async (t) => {
  const { a, b } = await pair(t);
  await saveCard(a, "feedback", "a1", "alice");
  await saveCard(b, "feedback", "b1", "bob");
  await ok(b, ["log", "--host", "codex", "--summary", "bob"]);
  await ok(b, ["sync"]);
  const child = spawn(process.execPath, [CLI, "sync"], { cwd: a.repo, env: { ...a.env, MEMCTL_SYNC_PAUSE: "merge:60000" }, detached: true, stdio: "ignore" });
  const journal = path.join(a.mem, ".memctl", "sync", "journal.json");
  for (let i = 0; i < 600; i++) {
    if (fs.existsSync(journal) && /"merge"/.test(fs.readFileSync(journal, "utf8"))) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  process.kill(-child.pid!, "SIGKILL");
  await new Promise((r) => child.on("close", r));
  const r = JSON.parse(await ok(a, ["sync", "--json"])) as { repaired: string[] };
  assert.ok(
    r.repaired.some((x) => /killed in its merge step/.test(x)),
    JSON.stringify(r),
  );
  await ok(b, ["sync"]);
  await assertConverged(a, b, ["feedback_a1.md", "feedback_b1.md"], 1);
});

test("offline: sync says so, exits 1 with E_SYNC_OFFLINE and changes nothing; online again it syncs", async (t) => {
  const { c, a } = await pair(t);
  await saveCard(a, "feedback", "offline-card", "written offline");
  const head = gitOn(a, "rev-parse", "HEAD");
  const status = gitOn(a, "status", "--porcelain");
  fs.renameSync(c.remote, `${c.remote}.away`);
  const r = await memctlOn(a, ["sync", "--json"]);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.equal(JSON.parse(r.stdout).error.code, "E_SYNC_OFFLINE");
  assert.match(JSON.parse(r.stdout).error.message, /cannot reach origin .*nothing was changed/);
  assert.equal(gitOn(a, "rev-parse", "HEAD"), head, "no commit");
  assert.equal(gitOn(a, "status", "--porcelain"), status, "the work tree is as it was");
  fs.renameSync(`${c.remote}.away`, c.remote);
  const back = JSON.parse(await ok(a, ["sync", "--json"])) as { status: string; pushed: boolean; ahead: number; behind: number };
  assert.equal(back.status, "synced");
  assert.equal(back.pushed, true);
  assert.deepEqual([back.ahead, back.behind], [0, 0]);
});

test("two machines syncing at the same moment: the push that loses the race merges and pushes again", async (t) => {
  const { a, b } = await pair(t);
  for (let i = 0; i < 3; i++) {
    await saveCard(a, "feedback", `a${i}`, `alice ${i}`);
    await saveCard(b, "feedback", `b${i}`, `bob ${i}`);
  }
  await ok(a, ["log", "--host", "claude", "--summary", "alice"]);
  await ok(b, ["log", "--host", "codex", "--summary", "bob"]);
  const [ra, rb] = await Promise.all([memctlOn(a, ["sync"]), memctlOn(b, ["sync"])]);
  assert.equal(ra.code, 0, ra.stdout + ra.stderr);
  assert.equal(rb.code, 0, rb.stdout + rb.stderr);
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  await assertConverged(
    a,
    b,
    ["a0", "a1", "a2", "b0", "b1", "b2"].map((n) => `feedback_${n}.md`),
    2,
  );
});

test("sync --status reports ahead / behind, uncommitted changes, the last sync and open conflicts, without the network", async (t) => {
  const { a, b } = await pair(t);
  await saveCard(a, "feedback", "same", "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  await saveCard(a, "feedback", "same", "alice's text");
  await saveCard(b, "feedback", "same", "bob's text");
  await ok(a, ["sync"]);
  const before = JSON.parse(await ok(b, ["sync", "--status", "--json"]));
  assert.equal(before.repo, true);
  assert.equal(before.uncommitted > 0, true);
  assert.equal(before.last_sync.result, "synced");
  await ok(b, ["sync"]);
  const after = JSON.parse(await ok(b, ["sync", "--status", "--json"]));
  assert.deepEqual([after.ahead, after.behind, after.uncommitted], [0, 0, 0]);
  assert.equal(after.conflicts.proposals.length, 1);
  assert.deepEqual(after.tracked_per_machine, []);
  await saveCard(a, "feedback", "later", "one more");
  await ok(a, ["sync"]);
  await memctlOn(b, ["sync", "--status"]); // no fetch: b does not know yet
  assert.equal(JSON.parse(await ok(b, ["sync", "--status", "--json"])).behind, 0);
  const doctor = JSON.parse((await memctlOn(b, ["doctor", "--json", "--repo-root", b.repo])).stdout);
  assert.equal(doctor.sync.conflicts.proposals.length, 1);
  assert.equal(doctor.sync.remote, "origin");
  const human = await memctlOn(b, ["doctor", "--repo-root", b.repo]);
  assert.match(human.stdout, /sync conflict/);
  assert.match(human.stdout, /origin\/main: ahead 0, behind 0/);
});
