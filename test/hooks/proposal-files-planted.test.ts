// Pending proposals are read by session start (to say how many wait), by MCP's memory_overview, at session end and by
// every memory_propose (the queue limit). A proposal file that is a FIFO hung session start for good, one linked to
// /dev/zero grew it past 400 MB (a store kept inside a project checkout brings links; nothing checked them), and an
// agent's queue filled to its limit (2,000 proposals of up to a card's 100 KiB) cost every session start ~1 s and
// ~270 MB to count them. The built CLI in child processes, real FIFOs and links.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const CARDS = [{ file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose", topics: ["testing"] }];
const ID = "p-20260101T000000Z-aaaaaa";

function proposal(id: string, seq: number, body: string): string {
  return JSON.stringify({
    id,
    seq,
    created_at: "2026-01-01T00:00:00Z",
    proposer: "host:claude",
    source: "mcp",
    provenance: { kind: "unverified" },
    card: { name: `note-${seq}`, type: "project", description: `note ${seq}`, body },
  });
}

function setUp(t: { after: (fn: () => void) => void }) {
  const s = sandbox(CARDS);
  t.after(() => s.cleanup());
  const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
  const dir = path.join(s.memory, ".memctl", "proposals");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "p-20260101T000000Z-bbbbbb.json"), proposal("p-20260101T000000Z-bbbbbb", 1, "a real one"));
  const start = () =>
    runBounded(
      [CLI, "hook", "session-start", "--host", "generic"],
      JSON.stringify({ session_id: "s1", cwd: s.repo, hook_event_name: "SessionStart", source: "startup" }),
      env,
      s.repo,
    );
  return { s, env, dir, start };
}

for (const [name, plant] of [
  ["a FIFO", (file: string) => assert.equal(spawnSync("mkfifo", [file]).status, 0)],
  ["a link to /dev/zero", (file: string) => fs.symlinkSync("/dev/zero", file)],
] as const) {
  test(`a pending proposal file that is ${name}: session start and review answer promptly, review names it unreadable`, async (t) => {
    const { s, env, dir, start } = setUp(t);
    plant(path.join(dir, `${ID}.json`));
    const hook = await start();
    assert.equal(hook.signal, null, `session start killed after ${hook.ms} ms, peak ${hook.peakKiB} KiB`);
    assert.equal(hook.code, 0);
    assert.match(hook.stdout, /feedback_testing\.md/);
    const review = await runBounded([CLI, "review", "--json"], "", env, s.repo);
    assert.equal(review.signal, null, `review killed after ${review.ms} ms, peak ${review.peakKiB} KiB`);
    const out = JSON.parse(review.stdout) as { proposals: { id: string }[]; unreadable: { file: string; reason: string }[] };
    assert.deepEqual(
      out.proposals.map((p) => p.id),
      ["p-20260101T000000Z-bbbbbb"],
    );
    assert.ok(
      out.unreadable.some((u) => u.file === `${ID}.json`),
      review.stdout,
    );
  });
}

test("a full proposal queue (2,000 of ~95 KB) costs session start no more memory than an empty one", async (t) => {
  const { dir, start } = setUp(t);
  const empty = await start();
  assert.equal(empty.code, 0);
  const body = "x".repeat(95_000);
  for (let i = 2; i <= 2000; i++) {
    const id = `p-20260101T000000Z-${i.toString(16).padStart(6, "0")}`;
    fs.writeFileSync(path.join(dir, `${id}.json`), proposal(id, i, body));
  }
  const full = await start();
  assert.equal(full.code, 0);
  assert.match(full.stdout, /2000 proposals await the owner's review/);
  // Reading them all held ~270 MB; counting their names holds what an empty queue does (+ 30 MB of slack).
  assert.ok(full.peakKiB < empty.peakKiB + 30 * 1024, `peak RSS ${full.peakKiB} KiB with the queue full, ${empty.peakKiB} KiB empty`);
});
