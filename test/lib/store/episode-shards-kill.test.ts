import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { withoutAgentMarks } from "../../support/agent-env.js";
import { readEpisodes } from "../../../lib/store/episodes.js";
import { withStoreLock } from "../../../lib/store/lock.js";
import { recoverShard } from "../../../lib/store/episode-shards.js";
import { REPO_ROOT, sandbox } from "../../helpers.js";

// SIGKILL loop over real `memctl shard` processes (each rename stretched by the pause point), killed at random
// moments. After each kill, before any recovery, a reader sees every episode exactly once; an episode appended
// then by a real `memctl log` is kept; after the next locked writer finishes the move, every line is in exactly
// one file. MEMCTL_SHARD_KILLS sets the number of kills (default 40).

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const KILLS = Number(process.env.MEMCTL_SHARD_KILLS ?? 40);
const PAUSE_MS = 40;
const MONTHS = ["2026-07", "2026-08", "2026-09", "2026-10", "2026-11", "2026-12"];

function lines(): string[] {
  const out: string[] = [];
  for (const m of MONTHS)
    for (let d = 1; d <= 4; d++)
      out.push(JSON.stringify({ ts: `${m}-0${d}T10:00:00.000Z`, host: "claude", summary: `work of ${m} day ${d}`, project_key: "k", repo: "/r", actor: "human" }));
  out.splice(5, 0, "{torn");
  return out;
}

function onDisk(memory: string): string[] {
  return fs
    .readdirSync(memory)
    .filter((f) => /^episodes(\.\d{4}-\d{2})?\.jsonl$/.test(f))
    .flatMap((f) => fs.readFileSync(path.join(memory, f), "utf8").split("\n"))
    .filter((l) => l.trim() !== "")
    .sort();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function spawnCli(args: string[], env: NodeJS.ProcessEnv) {
  return spawn(process.execPath, [CLI, ...args], { env, stdio: "ignore" });
}

test(`SIGKILL ${KILLS} real memctl shard runs at random moments: readers see each episode once, nothing lost or duplicated after recovery`, { timeout: 600_000 }, async (t) => {
  const original = lines();
  const summaries = original.filter((l) => l.startsWith('{"')).map((l) => JSON.parse(l).summary as string);
  let killed = 0;
  let finished = 0;
  let pending = 0;
  for (let i = 0; killed < KILLS && i < KILLS * 4; i++) {
    const s = sandbox();
    try {
      fs.writeFileSync(path.join(s.memory, "episodes.jsonl"), original.join("\n") + "\n");
      const env = { ...withoutAgentMarks(process.env), ...s.io.env, MEMCTL_PAUSE_BEFORE_COMMIT_MS: String(PAUSE_MS) } as NodeJS.ProcessEnv;
      const child = spawnCli(["shard", "--before", "2026-12"], env);
      let exited = false;
      const done = new Promise<number | null>((resolve) => child.on("exit", (code) => ((exited = true), resolve(code))));
      // Kill on what the run has reached, not on a clock (a loaded machine starts Node in 0.3 s or 5 s): mostly
      // somewhere inside the move (the intent is on disk), sometimes right after it took the lock.
      const early = i % 4 === 3;
      const marker = path.join(s.memory, ".memctl", early ? "lock" : "shard.json");
      while (!exited && !fs.existsSync(marker)) await sleep(2);
      const delay = Math.random() * (early ? 30 : PAUSE_MS * 7);
      await sleep(delay);
      if (!exited) child.kill("SIGKILL");
      const code = await done;
      if (code === 0) finished++;
      else killed++;
      // A killed holder leaves its lock; the lock is taken over once the owner pid is gone (lib/lock.ts).
      if (fs.existsSync(path.join(s.memory, ".memctl", "shard.json"))) pending++;
      const seen = readEpisodes(s.memory);
      assert.deepEqual(seen.episodes.map((e) => e.summary).sort(), [...summaries].sort(), `reader after a kill ${delay.toFixed(0)} ms past ${early ? "the lock" : "the intent"}`);
      assert.equal(seen.malformed, 1);
      // An append after the kill (a real process) is carried over by the recovery.
      const log = spawn(process.execPath, [CLI, "log", "--host", "codex", "--summary", `after kill ${i}`], {
        env: { ...withoutAgentMarks(process.env), ...s.io.env },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let logErr = "";
      log.stderr.on("data", (d) => (logErr += d));
      assert.equal(
        await new Promise((resolve) => log.on("exit", resolve)),
        0,
        `memctl log after a kill ${delay.toFixed(0)} ms past ${early ? "the lock" : "the intent"}: ${logErr}`,
      );
      await withStoreLock(s.memory, () => recoverShard(s.memory));
      const disk = onDisk(s.memory);
      assert.equal(disk.filter((l) => l.includes(`after kill ${i}`)).length, 1);
      assert.deepEqual(
        disk.filter((l) => !l.includes("after kill")),
        [...original].sort(),
        "every original line in exactly one file",
      );
      assert.equal(fs.existsSync(path.join(s.memory, ".memctl", "shard.json")), false);
    } finally {
      s.cleanup();
    }
  }
  t.diagnostic(`kills ${killed}, finished before the kill ${finished}, left a pending move ${pending}`);
  assert.ok(killed >= KILLS, `only ${killed} kills`);
  assert.ok(pending > 0, "some kills must land mid-move");
});
