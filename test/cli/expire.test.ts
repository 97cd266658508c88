// The expiry sweep as a ledger job (seed 002; issue 29, item 6): `memctl expire` lists cards past expires_at,
// `--yes` removes them (owner only, a delete revision attributed to the caller, the last text in the trash,
// restorable), one job of the ledger; a sweep SIGKILLed part way is stuck in jobs and doctor and resumed.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { CLI, makeWorld, memctl, spawnEnv, type World } from "../support/fixture.js";

const TODAY = new Date("2026-12-06T12:00:00Z");

async function save(w: World, name: string, expires?: string): Promise<void> {
  const r = await memctl(w, ["save", name, "-t", "project", "-d", `the ${name} note`, ...(expires ? ["--expires", expires] : [])], { now: new Date("2026-01-10T00:00:00Z") });
  assert.equal(r.code, 0, r.stderr);
}

function world(t: { after: (fn: () => void) => void }): World {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  return w;
}

type Job = { id: string; kind: string; status: string; attempts: number; command: string | null; result: { removed: string[] } | null };

async function expireJobs(w: World): Promise<Job[]> {
  return (JSON.parse((await memctl(w, ["jobs", "--json"])).stdout).jobs as Job[]).filter((j) => j.kind === "expire");
}

test("expire lists, --yes removes only expired cards as the caller, each restorable; the sweep is a ledger job", async (t) => {
  const w = world(t);
  await save(w, "v1-api-sunset", "2026-06-30");
  await save(w, "old-freeze", "2026-12-05");
  await save(w, "ends-today", "2026-12-06");
  await save(w, "no-expiry");
  // A hand edit not yet in history: the sweep adopts it first, so restoring brings back what the file said.
  const edited = path.join(w.mem, "project_old-freeze.md");
  fs.writeFileSync(edited, fs.readFileSync(edited, "utf8").replace("the old-freeze note", "the old-freeze note, edited by hand"));

  const preview = await memctl(w, ["expire", "--json"], { now: TODAY });
  assert.equal(preview.code, 0, preview.stderr);
  assert.deepEqual(
    JSON.parse(preview.stdout).expired.map((x: { file: string }) => x.file),
    ["project_old-freeze.md", "project_v1-api-sunset.md"],
  );
  assert.match((await memctl(w, ["expire"], { now: TODAY })).stdout, /2 cards expired before 2026-12-06 \(never injected; nothing removed\)[\s\S]*memctl expire --yes/);
  assert.deepEqual(await expireJobs(w), [], "a preview is not a job");
  assert.ok(fs.existsSync(edited));

  const agent = await memctl(w, ["expire", "--yes", "--json"], { now: TODAY, env: { CLAUDECODE: "1" } });
  assert.equal(agent.code, 1, agent.stdout);
  assert.ok(fs.existsSync(edited), "an agent cannot sweep");
  assert.deepEqual(await expireJobs(w), []);

  const r = await memctl(w, ["expire", "--yes", "--json"], { now: TODAY });
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { swept: { file: string; rev: number; restore_rev: number; trash: string }[]; job: string };
  assert.deepEqual(
    out.swept.map((x) => [x.file, x.rev, x.restore_rev]),
    [
      ["project_old-freeze.md", 3, 2],
      ["project_v1-api-sunset.md", 2, 1],
    ],
  );
  for (const f of ["project_old-freeze.md", "project_v1-api-sunset.md"]) assert.equal(fs.existsSync(path.join(w.mem, f)), false, f);
  for (const f of ["project_ends-today.md", "project_no-expiry.md"]) assert.ok(fs.existsSync(path.join(w.mem, f)), f);
  const index = fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8");
  assert.doesNotMatch(index, /old-freeze|v1-api-sunset/);
  assert.match(index, /ends-today/);
  for (const x of out.swept) assert.ok(fs.existsSync(x.trash), `last text kept at ${x.trash}`);

  const history = JSON.parse((await memctl(w, ["history", "old-freeze", "--json"])).stdout).entries as { rev: number; op: string; actor: string }[];
  assert.deepEqual(
    history.map((e) => [e.rev, e.op, e.actor]),
    [
      [1, "create", "human"],
      [2, "adopt", "human"],
      [3, "delete", "human"],
    ],
  );
  const jobs = await expireJobs(w);
  assert.deepEqual(
    jobs.map((j) => [j.id, j.status, j.attempts, j.command, j.result?.removed]),
    [[out.job, "done", 1, "memctl expire --yes", ["project_old-freeze.md", "project_v1-api-sunset.md"]]],
  );

  // Reversible: the printed revision restores the hand-edited text as a new revision.
  const back = await memctl(w, ["restore", "project_old-freeze.md", "2"], { now: TODAY });
  assert.equal(back.code, 0, back.stderr);
  assert.match(fs.readFileSync(edited, "utf8"), /edited by hand/);
  const again = JSON.parse((await memctl(w, ["expire", "--json"], { now: TODAY })).stdout);
  assert.deepEqual(
    again.expired.map((x: { file: string }) => x.file),
    ["project_old-freeze.md"],
    "still past its date: restored, it is listed again until expires_at moves",
  );
  const human = await memctl(w, ["expire", "--yes"], { now: TODAY });
  assert.match(human.stdout, /removed 1 expired card .*as human[\s\S]*undo: memctl restore project_old-freeze\.md 4/);
});

test("a sweep SIGKILLed part way is a stuck expire job in jobs and doctor; memctl expire --yes resumes it as attempt 2", async (t) => {
  const w = world(t);
  for (let i = 0; i < 4; i++) await save(w, `gone-${i}`, "2026-02-01");
  await save(w, "kept", "2027-02-01");
  const ledger = path.join(w.mem, ".memctl", "jobs.jsonl");
  // Each removal moves its card to trash, then pauses before MEMORY.md's commit (the documented pause point). The kill
  // waits for that pause, so it lands at one known step whatever the machine's speed: the first card in trash, its
  // index line and history entry not yet written, the job holding its lease.
  const child = spawn(process.execPath, [CLI, "expire", "--yes"], { cwd: w.repo, env: { ...spawnEnv(w), MEMCTL_PAUSE_BEFORE_COMMIT_MS: "5000" }, stdio: "ignore" });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
  const paused = () => fs.readdirSync(w.mem).some((f) => f.startsWith(".MEMORY.md.") && f.endsWith(".tmp"));
  const deadline = Date.now() + 15_000;
  while (!(paused() && fs.readFileSync(ledger, "utf8").includes('"leased"'))) {
    assert.ok(Date.now() < deadline, "the sweep never reached its pause point under its lease");
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill("SIGKILL");
  assert.equal(await exited, "SIGKILL");

  const stuck = await expireJobs(w);
  assert.deepEqual(
    stuck.map((j) => [j.status, j.attempts]),
    [["stuck", 1]],
  );
  const doctor = JSON.parse((await memctl(w, ["doctor", "--json"])).stdout);
  assert.deepEqual(
    doctor.stuck_jobs.map((j: { id: string; kind: string; resume: string }) => [j.id, j.kind, j.resume]),
    [[stuck[0]!.id, "expire", "memctl expire --yes"]],
  );
  assert.equal(doctor.expired_cards.length, 3, "the kill landed inside the first removal: one card in trash, three still listed");

  const resumed = await memctl(w, ["expire", "--yes", "--json"]);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.deepEqual(
    (await expireJobs(w)).map((j) => [j.id, j.status, j.attempts]),
    [[stuck[0]!.id, "done", 2]],
  );
  const left = fs.readdirSync(w.mem).filter((f) => f.startsWith("project_"));
  assert.deepEqual(left, ["project_kept.md"]);
  const healthy = JSON.parse((await memctl(w, ["doctor", "--json"])).stdout);
  assert.deepEqual([healthy.stuck_jobs, healthy.expired_cards], [[], []]);
});
