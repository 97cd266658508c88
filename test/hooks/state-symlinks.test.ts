import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ageStore, REPO_ROOT, sandbox } from "../helpers.js";

// The built hook never writes through a symlink under the store (issue 16, item 4): each usage file, cache and
// the state directory itself is planted as a link to something outside; the hook still prints its block and
// exits 0, and the outside stays byte for byte as it was, with no file appearing there.

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const CARDS = [
  { file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose", topics: ["testing"] },
  { file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging; prod needs a tag" },
  { file: "user_owner.md", title: "Owner", hook: "wants short answers", priority: "always" },
];
const OUTSIDE_TEXT = "# memctl usage cards v1\tabcdefgh\nfeedback_testing.md\n";

// Each run in its own session: a second run in one session would rightly print nothing new (session dedupe).
let sessions = 0;
function runHook(s: ReturnType<typeof sandbox>): { status: number | null; stdout: string; stderr: string } {
  const payload = JSON.stringify({ session_id: `s${sessions++}`, cwd: s.repo, hook_event_name: "UserPromptSubmit", prompt: "how do we run the integration tests and deploy?" });
  return spawnSync(process.execPath, [HOOK, "--host", "generic"], {
    input: payload,
    env: { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") },
    encoding: "utf8",
    timeout: 20_000,
  });
}

/** An outside directory with one file whose bytes would parse as memctl state (so following the link is tempting). */
function outside(s: ReturnType<typeof sandbox>) {
  const dir = path.join(s.root, "outside");
  fs.mkdirSync(dir);
  const file = path.join(dir, "target");
  fs.writeFileSync(file, OUTSIDE_TEXT);
  const snapshot = () =>
    Object.fromEntries(
      fs
        .readdirSync(dir)
        .sort()
        .map((n) => [n, fs.readFileSync(path.join(dir, n), "latin1")]),
    );
  return { dir, file, snapshot };
}

/** Pending hit lines enough to make the hook fold (and a torn one the fold must keep in usage.rejected). */
function pendingLines(s: ReturnType<typeof sandbox>): void {
  const lines = Array.from({ length: 40 }, () => "2026-12-01\tfeedback_testing.md\n").join("") + "garbage-without-a-day\n";
  fs.writeFileSync(path.join(s.memory, ".memctl", "usage.log"), lines);
}

const CASES: { name: string; prepare?: (s: ReturnType<typeof sandbox>) => void }[] = [
  { name: "usage.log" },
  { name: "usage.cards" },
  { name: "usage.tsv", prepare: pendingLines },
  { name: "usage.idx", prepare: pendingLines },
  { name: "usage.rejected", prepare: pendingLines },
  { name: "usage.lock", prepare: pendingLines },
  { name: "rank-cache.bin" },
  { name: "rank-delta.json" },
  { name: "sessions.log" },
  { name: "why.jsonl" },
];

for (const c of CASES) {
  test(`a symlinked .memctl/${c.name}: the hook prints its block, exits 0 and writes nothing outside`, () => {
    assert.ok(fs.existsSync(HOOK), "run npm run build first");
    const s = sandbox(CARDS);
    try {
      const o = outside(s);
      fs.mkdirSync(path.join(s.memory, ".memctl"));
      c.prepare?.(s);
      fs.symlinkSync(o.file, path.join(s.memory, ".memctl", c.name));
      ageStore(s.memory);
      const before = o.snapshot();
      for (let i = 0; i < 2; i++) {
        const r = runHook(s);
        assert.equal(r.status, 0, r.stderr);
        assert.match(r.stdout, /feedback_testing\.md/);
        assert.match(r.stdout, /user_owner\.md/);
      }
      assert.deepEqual(o.snapshot(), before);
    } finally {
      s.cleanup();
    }
  });
}

test("a symlinked .memctl/ directory: the hook prints its block, exits 0 and creates nothing in the link's target", () => {
  const s = sandbox(CARDS);
  try {
    const o = outside(s);
    fs.symlinkSync(o.dir, path.join(s.memory, ".memctl"));
    ageStore(s.memory);
    const before = o.snapshot();
    for (let i = 0; i < 2; i++) {
      const r = runHook(s);
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /feedback_testing\.md/);
    }
    assert.deepEqual(o.snapshot(), before);
  } finally {
    s.cleanup();
  }
});
