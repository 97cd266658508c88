import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, makeCluster, memctlOn, ok, saveCard, trackedFiles, type Cluster, type Machine } from "../support/machines.js";

// Two machines, two HOMEs, one bare remote, real git and the built CLI (which git runs as the merge driver).

const EMPTY_INDEX = "# Memory\n\nOne line per card: - [Title](file.md) — hook\n";

async function setUp(t: { after: (fn: () => void) => void }): Promise<{ c: Cluster; a: Machine; b: Machine }> {
  const c = makeCluster();
  t.after(() => fs.rmSync(c.root, { recursive: true, force: true }));
  const [a, b] = c.machines as [Machine, Machine];
  fs.mkdirSync(a.mem);
  fs.writeFileSync(path.join(a.mem, "MEMORY.md"), EMPTY_INDEX);
  await ok(a, ["sync", "init", c.remote]);
  fs.mkdirSync(b.mem);
  fs.writeFileSync(path.join(b.mem, "MEMORY.md"), EMPTY_INDEX);
  await ok(b, ["sync", "init", c.remote]);
  return { c, a, b };
}

function episodes(m: Machine): string[] {
  const f = path.join(m.mem, "episodes.jsonl");
  return fs.existsSync(f) ? fs.readFileSync(f, "utf8").split("\n").filter(Boolean) : [];
}

function indexFiles(m: Machine): string[] {
  return [...fs.readFileSync(path.join(m.mem, "MEMORY.md"), "utf8").matchAll(/^- \[[^\]]*\]\(([^)]+)\)/gm)].map((x) => x[1]!);
}

function cardFiles(m: Machine): string[] {
  return fs
    .readdirSync(m.mem)
    .filter((f) => /^(feedback|project|reference|user)_.*\.md$/.test(f))
    .sort();
}

test("two machines save, log, edit and remove on both sides; syncs in turn converge with everything exactly once", async (t) => {
  const { a, b } = await setUp(t);
  await saveCard(a, "feedback", "shared-one", "first shared card");
  await saveCard(a, "project", "shared-two", "second shared card");
  await saveCard(a, "reference", "shared-three", "third shared card");
  await ok(a, ["log", "--host", "claude", "--summary", "alice set up the shared cards"]);
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  assert.deepEqual(cardFiles(b), ["feedback_shared-one.md", "project_shared-two.md", "reference_shared-three.md"]);

  // Both sides change memory without syncing.
  await saveCard(a, "feedback", "alice-new", "a card alice wrote");
  await saveCard(a, "feedback", "shared-one", "alice's edit of the first shared card");
  await ok(a, ["rm", "shared-two"]);
  await ok(a, ["log", "--host", "claude", "--summary", "alice worked offline"]);
  await saveCard(b, "user", "bob-new", "a card bob wrote");
  await saveCard(b, "feedback", "shared-one", "bob's edit of the first shared card");
  await saveCard(b, "project", "shared-two", "bob edits a card alice removed");
  await ok(b, ["rm", "shared-three"]);
  await ok(b, ["log", "--host", "codex", "--summary", "bob worked offline"]);
  await ok(b, ["propose", "agent-idea", "-t", "project", "-d", "an agent's idea", "--source", "a test", "--actor", "agent:task-7"]);

  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  await ok(a, ["sync"]);

  assert.equal(gitOn(a, "rev-parse", "HEAD"), gitOn(b, "rev-parse", "HEAD"), "both machines end on the same commit");
  for (const m of [a, b]) {
    assert.deepEqual(cardFiles(m), ["feedback_alice-new.md", "feedback_shared-one.md", "user_bob-new.md"], m.name);
    const linked = indexFiles(m);
    assert.deepEqual([...linked].sort(), cardFiles(m), `${m.name}: one index line per card, none for removed cards`);
    const eps = episodes(m);
    assert.equal(eps.length, 3, `${m.name}: every episode once`);
    assert.equal(new Set(eps).size, 3);
    for (const [file, text] of trackedFiles(m)) assert.doesNotMatch(text, /^(<{7}|>{7}|={7})( |$)/m, `${m.name}: conflict markers in ${file}`);
    const tracked = gitOn(m, "ls-files", ".memctl").split("\n").filter(Boolean);
    assert.ok(
      tracked.every((f) => /^\.memctl\/(history\.jsonl|proposals-log\.jsonl|proposals\/|revisions\/[0-9a-f]{2}\/[0-9a-f]{64}$)/.test(f)),
      `${m.name}: per-machine files tracked: ${tracked}`,
    );
    const doctor = await memctlOn(m, ["doctor", "--json", "--repo-root", m.repo]);
    assert.equal(doctor.code, 0, doctor.stdout + doctor.stderr);
    assert.equal(JSON.parse(doctor.stdout).issues_count, 0);
    assert.equal(JSON.parse(doctor.stdout).hand_edited_cards.length, 0, `${m.name}: history matches the merged cards`);
    const review = JSON.parse(await ok(m, ["review", "--json"])) as { proposals: { id: string; proposer: string; source: string; card_file?: string }[] };
    const sources = review.proposals.map((p) => p.source).sort();
    assert.equal(review.proposals.length, 3, `${m.name}: the lost edit, the revived card and the agent's proposal await review: ${sources}`);
    assert.ok(
      sources.some((s) => /feedback_shared-one\.md edited on two machines/.test(s)),
      `${m.name}: ${sources.join(" | ")}`,
    );
    assert.ok(
      sources.some((s) => /project_shared-two\.md removed on one machine and edited on another/.test(s)),
      `${m.name}: ${sources.join(" | ")}`,
    );
    assert.ok(
      review.proposals.some((p) => p.proposer === "agent:task-7"),
      "the teammate's agent proposal is in the owner's queue",
    );
  }
  // The card keeps one side's text, the other side's text is in the proposal: both are there to compare.
  const card = fs.readFileSync(path.join(a.mem, "feedback_shared-one.md"), "utf8");
  const review = JSON.parse(await ok(a, ["review", "--json"])) as { proposals: { id: string; source: string }[] };
  const lost = review.proposals.find((p) => /edited on two machines/.test(p.source))!;
  const shown = JSON.parse(await ok(a, ["review", lost.id, "--json"])) as { preview: { after: string } };
  const texts = [card, shown.preview.after].join("\n");
  assert.match(texts, /alice's edit/);
  assert.match(texts, /bob's edit/);
});
