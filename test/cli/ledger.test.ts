// One ledger for background work (seed 002; issue 29, item 6): import, distill --llm, compact and shard run as
// ledger jobs (queued → leased → done / failed, with attempts), `memctl jobs` lists them, and a job whose process
// was SIGKILLed shows as stuck in jobs and doctor, with the command that resumes it; running it resumes the job.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { CLI, makeWorld, memctl, spawnEnv, type World } from "../support/fixture.js";

function claudeCards(w: World, n: number): string {
  const dir = path.join(w.root, "claude-src");
  fs.mkdirSync(dir, { recursive: true });
  for (let i = 0; i < n; i++) fs.writeFileSync(path.join(dir, `feedback_c${i}.md`), `---\nname: c${i}\ndescription: imported card number ${i}\ntype: feedback\n---\nBody ${i}.\n`);
  return dir;
}

type Job = { id: string; kind: string; status: string; attempts: number; command: string | null; last_error: string | null };

async function jobs(w: World): Promise<Job[]> {
  const r = await memctl(w, ["jobs", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).jobs;
}

test("import, compact and shard each run as a ledger job; a failed run keeps its last error", async (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  const src = claudeCards(w, 3);
  assert.equal((await memctl(w, ["import", "claude", "--from", src])).code, 0);
  assert.deepEqual(await jobs(w), [], "a preview is not a job");
  assert.equal((await memctl(w, ["import", "claude", "--from", src, "--yes"])).code, 0);
  assert.equal((await memctl(w, ["log", "--host", "claude", "--summary", "old work"], { now: new Date("2026-10-01T00:00:00Z") })).code, 0);
  assert.equal((await memctl(w, ["log", "--host", "claude", "--summary", "new work"])).code, 0);
  const shard = await memctl(w, ["shard", "--before", "2026-12", "--json"]);
  assert.equal(shard.code, 0, shard.stderr);
  // Three cards: a compact would not shrink them, so the run fails, and the ledger says why. A compact is derived
  // state (seed 000): the next run regenerates it as a job of its own, concurrent runs allowed, none resumed.
  assert.equal((await memctl(w, ["compact", "--mechanical"])).code, 1);
  const failed = (await jobs(w)).find((j) => j.kind === "compact")!;
  assert.deepEqual([failed.status, failed.attempts], ["failed", 1]);
  assert.match(failed.last_error ?? "", /would not shrink/);
  const listed = await memctl(w, ["jobs"]);
  assert.match(listed.stdout, /compact\s+failed \(retryable\)\s+1\/3 .*would not shrink/);
  const doctor1 = JSON.parse((await memctl(w, ["doctor", "--json"])).stdout);
  assert.deepEqual(doctor1.failed_jobs, [], "attempts are left: the next run retries it, nothing to report yet");
  // Enough cards to compact: the next run is a new job, and it is done.
  const more = path.join(w.root, "more");
  fs.mkdirSync(more);
  for (let i = 0; i < 40; i++)
    fs.writeFileSync(
      path.join(more, `project_p${i}.md`),
      `---\nname: p${i}\ndescription: project note ${i} about the deploy pipeline and its many stages\ntype: project\n---\nBody ${i}.\n`,
    );
  assert.equal((await memctl(w, ["import", "claude", "--from", more, "--yes"])).code, 0);
  const compact = await memctl(w, ["compact", "--mechanical"]);
  assert.equal(compact.code, 0, compact.stderr);
  assert.equal((await memctl(w, ["compact", "--show"])).code, 0, "--show is read-only: no job");
  assert.deepEqual(
    (await jobs(w)).map((j) => [j.kind, j.status, j.attempts, j.command]),
    [
      ["import", "done", 1, `memctl import claude --from ${src} --yes`],
      ["shard", "done", 1, "memctl shard --before 2026-12"],
      ["compact", "failed", 1, "memctl compact --mechanical"],
      ["import", "done", 1, `memctl import claude --from ${more} --yes`],
      ["compact", "done", 1, "memctl compact --mechanical"],
    ],
  );
  const doctor = JSON.parse((await memctl(w, ["doctor", "--json"])).stdout);
  assert.deepEqual([doctor.stuck_jobs, doctor.failed_jobs], [[], []]);
});

test("an import SIGKILLed mid-run is stuck in jobs and doctor (with the resume command); running that command resumes the same job and imports the rest", async (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  const n = 200;
  const src = claudeCards(w, n);
  const ledger = path.join(w.mem, ".memctl", "jobs.jsonl");
  // Paused before its commit (the documented pause point), so the kill lands while the job holds its lease.
  const child = spawn(process.execPath, [CLI, "import", "claude", "--from", src, "--yes"], {
    cwd: w.repo,
    env: { ...spawnEnv(w), MEMCTL_PAUSE_BEFORE_COMMIT_MS: "5000" },
    stdio: "ignore",
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
  const deadline = Date.now() + 15_000;
  while (!(fs.existsSync(ledger) && fs.readFileSync(ledger, "utf8").includes('"leased"'))) {
    assert.ok(Date.now() < deadline, "the import never took its lease");
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill("SIGKILL");
  assert.equal(await exited, "SIGKILL");

  const stuck = (await jobs(w)).filter((j) => j.kind === "import");
  assert.deepEqual(
    stuck.map((j) => [j.status, j.attempts]),
    [["stuck", 1]],
    "its holder is gone: stuck at once, not only when the lease runs out",
  );
  const doctor = await memctl(w, ["doctor", "--json"]);
  assert.equal(doctor.code, 1, doctor.stdout);
  const report = JSON.parse(doctor.stdout);
  const resume = `memctl import claude --from ${src} --yes`;
  assert.deepEqual(
    report.stuck_jobs.map((j: { id: string; kind: string; attempts: number; resume: string }) => [j.id, j.kind, j.attempts, j.resume]),
    [[stuck[0]!.id, "import", 1, resume]],
  );
  const human = await memctl(w, ["doctor"]);
  assert.match(human.stdout + human.stderr, new RegExp(`stuck job.*${stuck[0]!.id}`));
  assert.ok((human.stdout + human.stderr).includes(`run ${resume} to resume it`), human.stdout);

  const again = await memctl(w, resume.split(" ").slice(1));
  assert.equal(again.code, 0, again.stderr);
  const after = (await jobs(w)).filter((j) => j.kind === "import");
  assert.deepEqual(
    after.map((j) => [j.id, j.status, j.attempts]),
    [[stuck[0]!.id, "done", 2]],
    "the same job, attempt 2",
  );
  const cards = fs.readdirSync(w.mem).filter((f) => f.startsWith("feedback_c"));
  assert.equal(cards.length, n, "every card imported once the job resumed");
  const healthy = JSON.parse((await memctl(w, ["doctor", "--json"])).stdout);
  assert.deepEqual(healthy.stuck_jobs, []);
});
