// Item 9 of issue 16: a FIFO or a device where memctl expects a file must never hang or balloon the hook,
// `memctl context` or `memctl prepare` (the OpenCode plugin runs prepare on every prompt). Real FIFOs
// (mkfifo), a real symlink to /dev/zero, the built hook and CLI in child processes.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, sandbox } from "../helpers.js";
import { MAX_RSS_KIB, runBounded } from "../support/bounded-run.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const CARDS = [
  { file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose", topics: ["testing"] },
  { file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging; prod needs a tag" },
  { file: "user_owner.md", title: "Owner", hook: "wants short answers", priority: "always" },
];

function mkfifo(file: string): void {
  fs.rmSync(file, { force: true });
  const r = spawnSync("mkfifo", [file]);
  assert.equal(r.status, 0, `mkfifo ${file}: ${r.stderr}`);
}

interface Case {
  name: string;
  /** Makes the fault in a store whose .memctl/ is already populated by one hook run. */
  make: (memory: string) => void;
  /** The hook still injects the matching line (the fault is not in MEMORY.md). */
  injects: boolean;
}

const CASES: Case[] = [
  { name: "a card that is a FIFO", make: (m) => mkfifo(path.join(m, "feedback_testing.md")), injects: true },
  {
    name: "a card symlinked to /dev/zero",
    make: (m) => (fs.rmSync(path.join(m, "feedback_testing.md")), fs.symlinkSync("/dev/zero", path.join(m, "feedback_testing.md"))),
    injects: true,
  },
  { name: "MEMORY.md as a FIFO", make: (m) => mkfifo(path.join(m, "MEMORY.md")), injects: false },
  { name: "MEMORY.md symlinked to /dev/zero", make: (m) => (fs.rmSync(path.join(m, "MEMORY.md")), fs.symlinkSync("/dev/zero", path.join(m, "MEMORY.md"))), injects: false },
  ...["rank-cache.bin", "rank-delta.json", "usage.tsv", "usage.log", "usage.cards", "usage.idx"].map((name) => ({
    name: `.memctl/${name} as a FIFO`,
    make: (m: string) => mkfifo(path.join(m, ".memctl", name)),
    injects: true,
  })),
  { name: "episodes.jsonl as a FIFO", make: (m) => mkfifo(path.join(m, "episodes.jsonl")), injects: true },
];

for (const c of CASES) {
  test(`${c.name}: hook, context and prepare return promptly with bounded memory`, async (t) => {
    const s = sandbox(CARDS);
    t.after(() => s.cleanup());
    const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
    // A session per run: in one session the second run of a prompt prints nothing new.
    const payload = () => JSON.stringify({ session_id: `s-${process.hrtime.bigint()}`, cwd: s.repo, hook_event_name: "UserPromptSubmit", prompt: "how do we run the tests?" });
    // Populate .memctl/ (usage files, registry) with two real prompts first, so each state file exists to be replaced.
    for (let i = 0; i < 2; i++) assert.equal((await runBounded([HOOK, "--host", "generic"], payload(), env, s.repo)).code, 0);
    c.make(s.memory);

    // A FIFO that blocks an open is a hang (the 30 s kill); a device read without end is CPU and memory: both bounded
    // without a wall-clock bound, which a loaded machine's start-ups stretch.
    {
      const hook = await runBounded([HOOK, "--host", "generic"], payload(), env, s.repo, 30_000);
      assert.equal(hook.signal, null, `hook killed after ${hook.ms} ms (peak ${hook.peakKiB} KiB)`);
      assert.equal(hook.code, 0);
      assert.ok(hook.cpuMs < 5_000, `hook took ${hook.cpuMs} ms of CPU (${hook.ms} ms of wall time)`);
      assert.ok(hook.peakKiB < MAX_RSS_KIB, `hook peak RSS ${hook.peakKiB} KiB`);
      assert.match(hook.stdout, /^<memctl-memory kind="recalled-data">\n/);
      if (c.injects) assert.match(hook.stdout, /feedback_testing\.md/);
      else assert.match(hook.stdout, /MEMORY INDEX UNAVAILABLE \(.*MEMORY\.md.* not a (regular )?file/);
    }

    const context = await runBounded([CLI, "context", "how do we run the tests?"], "", env, s.repo, 30_000);
    assert.equal(context.signal, null, `context killed after ${context.ms} ms (peak ${context.peakKiB} KiB)`);
    assert.ok(context.cpuMs < 5_000 && context.peakKiB < MAX_RSS_KIB, `context: ${context.cpuMs} ms of CPU, ${context.peakKiB} KiB`);
    if (c.injects) assert.equal(context.code, 0);
    if (c.injects) assert.match(context.stdout, /feedback_testing\.md/);

    const prepare = await runBounded([CLI, "prepare", "--host", "opencode", "--query", "how do we run the tests?", "--json"], "", env, s.repo, 30_000);
    assert.equal(prepare.signal, null, `prepare killed after ${prepare.ms} ms (peak ${prepare.peakKiB} KiB)`);
    assert.equal(prepare.code, 0);
    assert.ok(prepare.cpuMs < 5_000 && prepare.peakKiB < MAX_RSS_KIB, `prepare: ${prepare.cpuMs} ms of CPU, ${prepare.peakKiB} KiB`);
    const out = JSON.parse(prepare.stdout) as { memory_context_status: string; memory_context: string };
    assert.equal(out.memory_context_status, c.injects ? "ok" : "unavailable");
    if (c.injects) assert.match(out.memory_context, /feedback_testing\.md/);

    const doctor = await runBounded([CLI, "doctor", "--json"], "", env, s.repo);
    assert.equal(doctor.signal, null, `doctor killed after ${doctor.ms} ms (peak ${doctor.peakKiB} KiB)`);
    assert.ok(doctor.peakKiB < MAX_RSS_KIB, `doctor peak RSS ${doctor.peakKiB} KiB`);
    if (!c.name.startsWith(".memctl/") && !c.name.startsWith("episodes")) assert.match(doctor.stdout, /not a regular file/, "doctor names the FIFO or device");
    const stats = await runBounded([CLI, "stats", "--json"], "", env, s.repo);
    assert.equal(stats.signal, null, `stats killed after ${stats.ms} ms (peak ${stats.peakKiB} KiB)`);
  });
}
