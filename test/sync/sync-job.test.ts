// memctl sync as a job of this machine's ledger (issue 29, item 6): the ledger is per-machine (never committed),
// a sync SIGKILLed part way shows as stuck in `memctl jobs` and doctor, and the next sync runs as its next attempt;
// the background sync the session-end hook starts is a job too. Real git, a real bare remote, real signals.
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { CLI } from "../support/fixture.js";
import { gitOn, type Machine, memctlOn, ok, saveCard, syncedPair } from "../support/machines.js";

type Job = { id: string; kind: string; status: string; retryable: boolean; attempts: number; command: string | null; result: Record<string, unknown> | null };

const pair = (t: { after: (fn: () => void) => void }) => syncedPair(t);

async function syncJobs(m: Machine): Promise<Job[]> {
  return (JSON.parse(await ok(m, ["jobs", "--json"])).jobs as Job[]).filter((j) => j.kind === "sync");
}

test("a sync SIGKILLed mid-way is a stuck job in jobs and doctor; the next sync takes it as attempt 2 and the ledger is never committed", async (t) => {
  const { a, b } = await pair(t);
  const first = await syncJobs(a);
  assert.deepEqual(
    first.map((j) => [j.status, j.attempts, j.command]),
    [["done", 1, "memctl sync"]],
    "sync init ran one sync job",
  );
  assert.equal(first[0]!.result?.pushed, true);
  await saveCard(a, "feedback", "a1", "alice");
  await saveCard(b, "feedback", "b1", "bob");
  await ok(b, ["sync"]);

  // Alice's sync pauses before its merge and is killed there, whole process group.
  const child = spawn(process.execPath, [CLI, "sync"], { cwd: a.repo, env: { ...a.env, MEMCTL_SYNC_PAUSE: "merge:60000" }, detached: true, stdio: "ignore" });
  const journal = path.join(a.mem, ".memctl", "sync", "journal.json");
  for (let i = 0; i < 600 && !(fs.existsSync(journal) && /"merge"/.test(fs.readFileSync(journal, "utf8"))); i++) await new Promise((r) => setTimeout(r, 50));
  const running = (await syncJobs(a)).at(-1)!;
  assert.deepEqual([running.status, running.attempts], ["running", 1], "while it works, the sync holds a live lease");
  process.kill(-child.pid!, "SIGKILL");
  await new Promise((r) => child.on("close", r));

  const stuck = (await syncJobs(a)).at(-1)!;
  assert.equal(stuck.id, running.id);
  assert.deepEqual([stuck.status, stuck.retryable], ["stuck", true], "its holder is dead: stuck at once, not when the lease runs out");
  const listed = await ok(a, ["jobs"]);
  assert.match(listed, new RegExp(`${stuck.id}\\s+sync\\s+stuck \\(retryable\\)\\s+1/3`));
  const doctor = await memctlOn(a, ["doctor", "--json"]);
  const report = JSON.parse(doctor.stdout);
  assert.deepEqual(
    report.stuck_jobs.map((j: { id: string; kind: string; resume: string }) => [j.id, j.kind, j.resume]),
    [[stuck.id, "sync", "memctl sync"]],
  );
  assert.match((await memctlOn(a, ["doctor"])).stdout, /stuck.*sync[\s\S]*memctl sync/);

  const resumed = JSON.parse(await ok(a, ["sync", "--json"])) as { repaired: string[]; merged: boolean };
  assert.ok(
    resumed.repaired.some((x) => /killed in its merge step/.test(x)),
    JSON.stringify(resumed),
  );
  const after = await syncJobs(a);
  assert.deepEqual(
    after.map((j) => [j.id === stuck.id, j.status, j.attempts]),
    [
      [false, "done", 1],
      [true, "done", 2],
    ],
    "the next sync was the stuck job's second attempt, not a new job",
  );
  assert.deepEqual(JSON.parse((await memctlOn(a, ["doctor", "--json"])).stdout).stuck_jobs, []);

  // The ledger is this machine's: never tracked, never pushed, and the work tree is clean after a sync.
  await ok(b, ["sync"]);
  for (const m of [a, b]) {
    assert.equal(gitOn(m, "ls-files", "--", ".memctl/jobs.jsonl"), "", `${m.name}: jobs.jsonl is not tracked`);
    assert.equal(gitOn(m, "status", "--porcelain"), "", `${m.name}: work tree clean`);
  }
  assert.equal(
    (await syncJobs(b)).every((j) => j.status === "done"),
    true,
  );
  assert.ok(!(await syncJobs(b)).some((j) => j.id === stuck.id), "alice's jobs never reach bob");
});

test("a remote that still tracks a ledger (an older memctl) is left out of the merge and untracked by the next sync; a leftover lease is retried by the next run of its kind", async (t) => {
  const { a, b } = await pair(t);
  // Bob's older memctl committed its ledger, with a lease another machine never finished (merged in back then).
  const leftover = [
    { job: "j-old", event: "queued", at: "2026-01-01T00:00:00.000Z", kind: "consolidate", max_attempts: 3 },
    { job: "j-old", event: "leased", at: "2026-01-01T00:00:01.000Z", attempt: 1, holder: "4242@carols-laptop.invalid", lease_until: "2026-01-01T00:05:01.000Z" },
  ];
  fs.writeFileSync(path.join(b.mem, ".memctl", "jobs.jsonl"), leftover.map((e) => JSON.stringify(e)).join("\n") + "\n");
  execFileSync("git", ["add", "-f", ".memctl/jobs.jsonl"], { cwd: b.mem, env: b.env });
  execFileSync("git", ["commit", "-q", "-m", "old memctl: ledger committed"], { cwd: b.mem, env: b.env });
  execFileSync("git", ["push", "-q", "origin", "HEAD:refs/heads/main"], { cwd: b.mem, env: b.env });

  const r = JSON.parse(await ok(a, ["sync", "--json"])) as { left_out: string[] };
  assert.deepEqual(r.left_out, [".memctl/jobs.jsonl"]);
  assert.ok(!fs.readFileSync(path.join(a.mem, ".memctl", "jobs.jsonl"), "utf8").includes("j-old"), "alice's ledger is her own");
  assert.ok((await syncJobs(a)).length >= 2);

  // Bob's next sync stops tracking it; the file stays on disk as this machine's ledger.
  await ok(b, ["sync"]);
  assert.equal(gitOn(b, "ls-files", "--", ".memctl/jobs.jsonl"), "");
  assert.equal(gitOn(b, "status", "--porcelain"), "");
  // The frozen lease reads as stuck once; the next consolidate takes it over and finishes it.
  const before = JSON.parse(await ok(b, ["jobs", "--json"])).jobs.find((j: Job) => j.id === "j-old");
  assert.equal(before.status, "stuck");
  await ok(b, ["consolidate"]);
  const after = JSON.parse(await ok(b, ["jobs", "--json"])).jobs.find((j: Job) => j.id === "j-old");
  assert.deepEqual([after.status, after.attempts], ["done", 2]);
  assert.deepEqual(JSON.parse((await memctlOn(b, ["doctor", "--json"])).stdout).stuck_jobs, []);
});

test("the sync the session-end hook starts in the background runs as a ledger job", async (t) => {
  const { a } = await pair(t);
  await saveCard(a, "feedback", "end-of-session", "written during the session");
  const before = (await syncJobs(a)).length;
  const payload = JSON.stringify({ cwd: a.repo, session_id: "s1", hook_event_name: "SessionEnd" });
  execFileSync(process.execPath, [CLI, "hook", "session-end", "--host", "claude", "--foreground"], { cwd: a.repo, env: a.env, input: payload });
  let jobs: Job[] = [];
  for (let i = 0; i < 300; i++) {
    jobs = await syncJobs(a);
    if (jobs.length > before && jobs.at(-1)!.status === "done") break;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(jobs.length > before, "a sync job was recorded");
  assert.equal(jobs.at(-1)!.status, "done");
  assert.equal(jobs.at(-1)!.result?.committed, 1, "it committed the card saved in the session");
  assert.equal(gitOn(a, "status", "--porcelain"), "");
});

test("offline syncs are failed attempts of one job: the third in a row is a doctor issue, and the next sync that gets through clears it", async (t) => {
  const { c, a } = await pair(t);
  await saveCard(a, "feedback", "offline-card", "written offline");
  fs.renameSync(c.remote, `${c.remote}.away`);
  for (let i = 1; i <= 3; i++) {
    assert.equal((await memctlOn(a, ["sync"])).code, 1);
    const job = (await syncJobs(a)).at(-1)!;
    assert.deepEqual([job.status, job.attempts], ["failed", i], `offline sync ${i} is attempt ${i} of one job`);
    const failed = JSON.parse((await memctlOn(a, ["doctor", "--json"])).stdout).failed_jobs as { kind: string; last_error: string; resume: string }[];
    assert.equal(failed.length, i === 3 ? 1 : 0, `doctor after ${i} offline syncs`);
  }
  const failed = JSON.parse((await memctlOn(a, ["doctor", "--json"])).stdout).failed_jobs[0];
  assert.deepEqual([failed.kind, failed.resume], ["sync", "memctl sync"]);
  assert.match(failed.last_error, /cannot reach origin/);
  fs.renameSync(`${c.remote}.away`, c.remote);
  await ok(a, ["sync"]);
  assert.equal((await syncJobs(a)).at(-1)!.status, "done");
  assert.deepEqual(JSON.parse((await memctlOn(a, ["doctor", "--json"])).stdout).failed_jobs, []);
});
