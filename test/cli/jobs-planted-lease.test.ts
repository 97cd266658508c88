import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { CLI, makeWorld } from "../support/fixture.js";
import { MAX_RSS_KIB, runBounded } from "../support/bounded-run.js";

// `.memctl/jobs.jsonl` is per machine, but a store kept in a project checkout brings one from the project's history.
// A lease is a promise its holder renews every few minutes; one taken hours ago running until 9999, or by a line dated years
// ahead, held by another host (whose process nothing here can ask about), refused every consolidate, expire --yes,
// import --yes, distill --llm and shard with E_JOB_LEASED, saying to wait for it to expire.

test("a planted lease that runs for years, or is dated in the future, does not hold a job kind", () => {
  const w = makeWorld();
  try {
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const lines = [
      { job: "j-forever", event: "queued", at: iso(now - 7_200_000), kind: "consolidate", command: "memctl consolidate" },
      { job: "j-forever", event: "leased", at: iso(now - 7_200_000), attempt: 1, holder: "4242@build-box.invalid", lease_until: "9999-01-01T00:00:00.000Z" },
      { job: "j-ahead", event: "queued", at: "9998-12-31T23:59:00.000Z", kind: "shard", command: "memctl shard" },
      { job: "j-ahead", event: "leased", at: "9998-12-31T23:59:00.000Z", attempt: 1, holder: "4242@build-box.invalid", lease_until: "9998-12-31T23:59:59.000Z" },
    ];
    fs.mkdirSync(path.join(w.mem, ".memctl"), { recursive: true });
    fs.writeFileSync(path.join(w.mem, ".memctl", "jobs.jsonl"), lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [CLI, ...args], { cwd: w.repo, env: { PATH: process.env.PATH, HOME: w.home, ...w.env }, encoding: "utf8", timeout: 30_000 });
    const consolidate = run("consolidate");
    assert.equal(consolidate.status, 0, consolidate.stderr);
    const shard = run("shard");
    assert.equal(shard.status, 0, shard.stderr);
    // memctl jobs says what it judged: neither lease is live.
    const jobs = JSON.parse(run("jobs", "--json").stdout) as { jobs: { id: string; status: string }[] };
    for (const id of ["j-forever", "j-ahead"]) assert.notEqual(jobs.jobs.find((j) => j.id === id)?.status, "running", JSON.stringify(jobs));
  } finally {
    fs.rmSync(w.root, { recursive: true, force: true });
  }
});

test("a planted ledger of a gigabyte is read by its newest events, not whole", async () => {
  const w = makeWorld();
  try {
    const file = path.join(w.mem, ".memctl", "jobs.jsonl");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, "");
    fs.truncateSync(file, 1024 ** 3); // sparse: zeros git packs to almost nothing, no disk here
    const now = Date.now();
    const lease = {
      job: "j-live",
      event: "leased",
      at: new Date(now).toISOString(),
      attempt: 1,
      holder: "4242@build-box.invalid",
      lease_until: new Date(now + 60_000).toISOString(),
    };
    fs.appendFileSync(file, `\n${JSON.stringify({ job: "j-live", event: "queued", at: lease.at, kind: "consolidate" })}\n${JSON.stringify(lease)}\n`);
    const r = await runBounded([CLI, "consolidate"], "", { PATH: process.env.PATH, HOME: w.home, ...w.env }, w.repo, 30_000);
    assert.equal(r.signal, null, `killed: peak ${r.peakKiB} KiB`);
    assert.ok(r.peakKiB < MAX_RSS_KIB, `peak RSS ${r.peakKiB} KiB`);
    // Its newest events still count: the live lease at the end refuses the pass.
    assert.match(r.stderr, /E_JOB_LEASED/, r.stderr);
  } finally {
    fs.rmSync(w.root, { recursive: true, force: true });
  }
});
