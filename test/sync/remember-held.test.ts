// `memctl remember` (and capture at session end, and a host's /mem-save) writes nothing when a card already says
// the sentence: "already in memory: project_x.md says that". The cards compared included what a sync holds, so a
// teammate's pushed card (pending review, never injected) that restates a fact made the owner's own remember of it
// write nothing, and an agent's shell learned the held card's name. A held card is not in memory until accepted.
import assert from "node:assert/strict";
import { test } from "node:test";
import { memctlOn, ok, saveCard, syncedPair } from "../support/machines.js";

test("remember is not answered 'already in memory' by a card a sync holds", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  await saveCard(a, "project", "release-day", "releases go out on Tuesdays after the freeze");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  const held = JSON.parse(await ok(b, ["review", "--json"])) as { arrivals: { path: string }[] };
  assert.ok(
    held.arrivals.some((x) => x.path === "project_release-day.md"),
    JSON.stringify(held.arrivals),
  );

  // From an agent's shell (the same answer reached the owner's): a proposal, and no word of the held card.
  const r = await memctlOn(b, ["remember", "releases go out on Tuesdays after the freeze", "--json"], { CLAUDECODE: "1" });
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { op: string; restates?: string };
  assert.equal(out.restates, undefined, `answered by the held card: ${r.stdout}`);
  assert.equal(out.op, "proposed", r.stdout);
  assert.doesNotMatch(r.stdout, /project_release-day/);
});
