// A cloned repository's AGENTS.md may import as many of its own files as it likes, each up to the 1 MiB an
// instruction file may have; git packs a megabyte of repeated text into a few hundred bytes, so such a repository
// is small to clone. Composing 100 of them (100 MB) took every session start in that project past 400 MB of memory
// (300 of them: 3 GB, killed after 27 s), for a block that keeps 8 KiB. The built CLI, as a host runs it.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const CARDS = [{ file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose", topics: ["testing"] }];

test("a project's instruction imports are read within a total budget: session start stays small and prompt", async (t) => {
  const s = sandbox(CARDS);
  t.after(() => s.cleanup());
  const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
  fs.mkdirSync(path.join(s.repo, "d"));
  const big = "rule ".repeat(200_000); // 1,000,000 bytes: under the per-file cap
  for (let i = 0; i < 100; i++) fs.writeFileSync(path.join(s.repo, "d", `f${i}.md`), big);
  // Dead imports by the ten thousand cost a look-up each, and a problem each.
  const dead = Array.from({ length: 20_000 }, (_, i) => `@gone/x${i}.md`).join("\n");
  fs.writeFileSync(path.join(s.repo, "AGENTS.md"), `OWN-RULE keep PRs small\n${Array.from({ length: 100 }, (_, i) => `@d/f${i}.md`).join("\n")}\n${dead}\n`);
  for (const host of ["codex", "claude"]) {
    const r = await runBounded(
      [CLI, "hook", "session-start", "--host", host],
      JSON.stringify({ session_id: "s1", cwd: s.repo, hook_event_name: "SessionStart", source: "startup" }),
      env,
      s.repo,
    );
    assert.equal(r.signal, null, `${host}: session start killed after ${r.ms} ms, peak ${r.peakKiB} KiB`);
    assert.equal(r.code, 0);
    assert.ok(r.peakKiB < 150 * 1024, `${host}: peak RSS ${r.peakKiB} KiB`);
    assert.match(r.stdout, /feedback_testing\.md/, host);
    // Codex loads AGENTS.md itself and expands no import: memctl composes the imports it can read for it.
    if (host === "codex") assert.match(r.stdout, /<memctl-instructions>/);
  }
  // doctor names what was left out.
  const doctor = await runBounded([CLI, "doctor", "--json"], "", env, s.repo);
  assert.equal(doctor.signal, null, `doctor killed after ${doctor.ms} ms, peak ${doctor.peakKiB} KiB`);
  assert.match(doctor.stdout, /not read/);
});
