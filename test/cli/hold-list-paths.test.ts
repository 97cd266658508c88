// The hold list (.memctl/arrivals.json) names store files; `review`, `accept`, `reject` and `sync` check each held note
// by reading its file. A list planted with the store (a store kept in a project checkout) could name any path: a note
// at `../../../../dev/zero` grew `memctl review` without end, and one naming a FIFO in the store hung it. The built
// CLI, a real FIFO.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");

test("held notes naming a path out of the store, or a FIFO in it, are not read: review answers promptly", async (t) => {
  const s = sandbox([{ file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose" }]);
  t.after(() => s.cleanup());
  const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
  fs.mkdirSync(path.join(s.memory, ".memctl"), { recursive: true });
  assert.equal(spawnSync("mkfifo", [path.join(s.memory, "notes.md")]).status, 0);
  const note = (id: string, p: string) => ({
    id,
    path: p,
    kind: "note",
    state: "pending",
    sha256: "0".repeat(64),
    reasons: ["x"],
    pushed_by: [],
    commit: "c",
    before: null,
    at: "2026-01-01T00:00:00Z",
  });
  const items = [note("a-000000000001", "../../../../../../../../dev/zero"), note("a-000000000002", "notes.md")];
  fs.writeFileSync(path.join(s.memory, ".memctl", "arrivals.json"), JSON.stringify({ version: 1, items }));
  const review = await runBounded([CLI, "review", "--json"], "", env, s.repo);
  assert.equal(review.signal, null, `review killed after ${review.ms} ms, peak ${review.peakKiB} KiB`);
  assert.equal(review.code, 0);
});
