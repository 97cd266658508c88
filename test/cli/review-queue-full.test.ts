// A full proposal queue (2,000 of ~95 KB: what an agent's memory_propose loop may stage, or a teammate's push within
// the store's limits) made `memctl review` read and parse every body at once: past 400 MB and seconds of CPU. The
// listing reads names and one page of bodies; the rest is paged. The built CLI in child processes.
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";
import { plantedId as idOf, plantProposals } from "../support/planted-proposals.js";
import http from "node:http";
import { startUi } from "../../lib/ui/server.js";
import { parseArgs } from "../../lib/cli/args.js";
import { spec } from "../../lib/cli/ui.js";
import { writeContext } from "../../lib/cli/store-access.js";
import { BufferSink } from "../../lib/store/io.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const CARDS = [{ file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose", topics: ["testing"] }];
const TOTAL = 2000;

test("memctl review with 2,000 pending proposals of ~95 KB holds one page, not the queue", async (t) => {
  const s = sandbox(CARDS);
  t.after(() => s.cleanup());
  const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
  plantProposals(s.memory, 1, 1, () => ({ body: "a small one" }));
  const small = await runBounded([CLI, "review", "--json"], "", env, s.repo);
  assert.equal(small.code, 0, small.stderr);
  const body = "x".repeat(95_000);
  plantProposals(s.memory, 2, TOTAL, () => ({ body }));

  const full = await runBounded([CLI, "review", "--json"], "", env, s.repo);
  assert.equal(full.signal, null, `review killed after ${full.ms} ms, peak ${full.peakKiB} KiB`);
  assert.equal(full.code, 0, full.stderr);
  const out = JSON.parse(full.stdout) as { count: number; proposals: { id: string }[]; page: { number: number; pages: number } };
  assert.equal(out.count, TOTAL);
  assert.ok(out.proposals.length > 0 && out.proposals.length < 100, `${out.proposals.length} on the first page`);
  assert.equal(out.proposals[0]!.id, idOf(1));
  // One page (50 x 95 KB) weighed for related content costs ~37-46 MB over a lone proposal (main 332e7c05 / after
  // h/trustleft6's paged weigh, measured 2026-12-07); the whole queue read at once was past 400 MB.
  assert.ok(full.peakKiB < small.peakKiB + 64 * 1024, `peak RSS ${full.peakKiB} KiB with the queue full, ${small.peakKiB} KiB with one`);

  // The last page holds the newest; a later page is reached by number, the oldest first as before.
  const last = await runBounded([CLI, "review", "--json", "--page", String(out.page.pages)], "", env, s.repo);
  assert.equal(last.code, 0, last.stderr);
  const tail = JSON.parse(last.stdout) as { proposals: { id: string }[] };
  assert.equal(tail.proposals.at(-1)!.id, idOf(TOTAL));

  const text = await runBounded([CLI, "review"], "", env, s.repo);
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, new RegExp(`${TOTAL} pending`));
  assert.match(text.stdout, /--page 2/);
  assert.ok(text.peakKiB < small.peakKiB + 40 * 1024, `text listing peak ${text.peakKiB} KiB`);

  // One proposal by id (here the newest, on the last page) reads that one and its page, not the queue.
  const one = await runBounded([CLI, "review", idOf(TOTAL)], "", env, s.repo);
  assert.equal(one.code, 0, one.stderr);
  assert.match(one.stdout, new RegExp(idOf(TOTAL)));
  assert.ok(one.peakKiB < small.peakKiB + 40 * 1024, `review ID peak ${one.peakKiB} KiB`);
});

function get(port: number, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: target, headers: { Host: `127.0.0.1:${port}` } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      })
      .on("error", reject);
  });
}

test("the web view's review queue is paged the same way: one page read, a link to the next", async (t) => {
  const s = sandbox(CARDS);
  t.after(() => s.cleanup());
  plantProposals(s.memory, 1, 120, (i) => ({ body: `body ${i}` }));
  const env = { HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
  const io = { stdout: new BufferSink(), stderr: new BufferSink(), env, cwd: s.repo, home: s.home, now: () => new Date("2026-12-02T10:00:00Z") };
  const args = parseArgs(spec, ["--read-only"]);
  const ui = await startUi({ memoryDir: s.memory, io, readOnly: true, owner: true, writeContext: () => writeContext(args, io, s.memory), project: { allowNonGit: true } });
  t.after(() => ui.close());
  const first = JSON.parse(await get(ui.port, `/s/${ui.token}/api/review`)) as { proposals: { reviewed: { proposal: { id: string } } }[]; total: number; pages: number };
  assert.equal(first.total, 120);
  assert.equal(first.pages, 3);
  assert.equal(first.proposals.length, 50);
  const last = JSON.parse(await get(ui.port, `/s/${ui.token}/api/review?page=3`)) as typeof first;
  assert.deepEqual(
    last.proposals.map((p) => p.reviewed.proposal.id),
    Array.from({ length: 20 }, (_, k) => idOf(101 + k)),
  );
  const html = await get(ui.port, `/s/${ui.token}/review?page=2`);
  assert.match(html, /Review queue \(120\)/);
  assert.match(html, /page 2 of 3/);
  assert.match(html, /review\?page=3/);
});
