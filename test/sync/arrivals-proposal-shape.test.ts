import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { memctlOn, ok, syncedPair, type Machine } from "../support/machines.js";
import { startUiProcess } from "../support/ui-process.js";

// A proposal is shared state: a teammate's machine writes it and every sync brings it. One whose fields are not what
// memctl writes (a `created_at` that is a number, `merged` a string, no provenance, topics a string) passed the
// arrival checks, and every reader of the queue used it as typed: the owner's `review`, `consolidate` and the web
// view's review page failed with an internal error, and so did every `propose` (its numbering reads the queue), so
// no agent or capture could stage anything on the owner's machine again.

type Mutation = (p: Record<string, unknown>) => void;

const MUTATIONS: Record<string, Mutation> = {
  "created_at a number": (p) => {
    p.created_at = 5;
  },
  "merged a string": (p) => {
    p.merged = "alice";
  },
  "no provenance": (p) => {
    delete p.provenance;
  },
  "topics a string": (p) => {
    (p.card as Record<string, unknown>).topics = "deploy,ci";
  },
  "a description that is an object": (p) => {
    (p.card as Record<string, unknown>).description = { text: "x" };
  },
};

/** Alice stages two proposals, rewrites both files with `mutate`, and syncs; Bob syncs them in. */
async function pushed(t: { after: (fn: () => void) => void }, mutate: Mutation): Promise<Machine> {
  const { a, b } = await syncedPair(t, "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  for (const name of ["deploy-key", "release-day"]) await ok(a, ["propose", name, "-t", "reference", "-d", `how ${name} works for the team`, "--source", "standup"]);
  const dir = path.join(a.mem, ".memctl", "proposals");
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith(".json"))) {
    const p = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as Record<string, unknown>;
    mutate(p);
    fs.writeFileSync(path.join(dir, f), JSON.stringify(p, null, 2));
  }
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  return b;
}

for (const [label, mutate] of Object.entries(MUTATIONS)) {
  test(`a teammate's proposal with ${label}: the owner's review, propose, consolidate and web view still work, and it is named`, async (t) => {
    const b = await pushed(t, mutate);
    const arrived = fs.readdirSync(path.join(b.mem, ".memctl", "proposals")).filter((n) => n.endsWith(".json"));
    assert.equal(arrived.length, 2, "both files arrived");

    const review = await memctlOn(b, ["review", "--json"]);
    assert.equal(review.code, 0, review.stderr);
    const listed = JSON.parse(review.stdout) as { proposals: unknown[]; unreadable: { file: string }[]; arrivals: { path: string; state: string; reasons: string[] }[] };
    // The sync said so when it arrived: quarantined, with the field named.
    for (const f of arrived) {
      const item = listed.arrivals.find((x) => x.path === `.memctl/proposals/${f}`);
      assert.equal(item?.state, "quarantined", JSON.stringify(listed.arrivals));
      assert.match(item.reasons.join(" "), /not a proposal: its \S+ is not as memctl writes it/);
    }
    assert.deepEqual(listed.unreadable.map((u) => u.file).sort(), arrived.sort(), "each named, never listed as a proposal");
    assert.equal(listed.proposals.length, 0);

    const own = await memctlOn(b, ["propose", "our-own", "-t", "project", "-d", "the owner's own proposal still stages", "--source", "test"]);
    assert.equal(own.code, 0, own.stderr);
    const consolidate = await memctlOn(b, ["consolidate", "--dry-run"]);
    assert.equal(consolidate.code, 0, consolidate.stderr);

    const ui = startUiProcess(b.env, ["--no-open", "--read-only"], b.repo);
    t.after(() => ui.child.kill("SIGTERM"));
    const base = await ui.url;
    for (const route of ["review", "api/review"]) {
      const r = await fetch(`${base}${route}`);
      assert.equal(r.status, 200, `${route}: ${(await r.text()).slice(0, 300)}`);
    }
    ui.child.kill("SIGTERM");
    assert.equal((await ui.exit).code, 0);
  });
}

test("a teammate's archived proposals of another shape do not stop the owner's propose (its numbering reads the archive)", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  for (const name of ["deploy-key", "release-day"]) {
    const id = (JSON.parse(await ok(a, ["propose", name, "-t", "reference", "-d", `how ${name} works`, "--source", "standup", "--json"])) as { proposal: { id: string } }).proposal
      .id;
    await ok(a, ["reject", id, "--reason", "not now"]);
  }
  const dir = path.join(a.mem, ".memctl", "proposals", "archive");
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith(".json"))) {
    const p = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as Record<string, unknown>;
    p.created_at = 5;
    fs.writeFileSync(path.join(dir, f), JSON.stringify(p, null, 2));
  }
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  assert.equal(fs.readdirSync(path.join(b.mem, ".memctl", "proposals", "archive")).filter((n) => n.endsWith(".json")).length, 2, "both arrived");
  const own = await memctlOn(b, ["propose", "our-own", "-t", "project", "-d", "the owner's own proposal still stages", "--source", "test"]);
  assert.equal(own.code, 0, own.stderr);
});
