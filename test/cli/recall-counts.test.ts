import assert from "node:assert/strict";
import { test } from "node:test";
import { makeWorld, memctl, type World } from "../support/fixture.js";

// Audit finding 9: `memctl recall --episodes 0 --cards 0` printed every episode (slice(-0) is the whole log) and
// every related card (search's limit 0 is "all"). 0 means none.

async function world(): Promise<World> {
  const w = makeWorld();
  assert.equal((await memctl(w, ["save", "argo", "-t", "project", "-d", "Argo syncs staging; prod needs a tag"])).code, 0);
  for (let i = 0; i < 7; i++) assert.equal((await memctl(w, ["log", "--host", "claude", "--summary", `argo staging sync ${i}`])).code, 0);
  return w;
}

test("--episodes 0 --cards 0 prints no episode and no card", async () => {
  const w = await world();
  const json = JSON.parse((await memctl(w, ["recall", "--episodes", "0", "--cards", "0", "--json"])).stdout);
  assert.deepEqual([json.episodes, json.cards], [[], []]);
  const text = (await memctl(w, ["recall", "--episodes", "0", "--cards", "0"])).stdout;
  assert.doesNotMatch(text, /argo staging sync|episode|project_argo/);
});

test("--episodes 0 alone still gives the cards related to the recent episodes; counts above 0 are unchanged", async () => {
  const w = await world();
  const cardsOnly = JSON.parse((await memctl(w, ["recall", "--episodes", "0", "--json"])).stdout);
  assert.deepEqual(cardsOnly.episodes, []);
  assert.deepEqual(
    cardsOnly.cards.map((c: { id: string }) => c.id),
    ["project_argo.md"],
  );
  assert.match((await memctl(w, ["recall", "--episodes", "0"])).stdout, /^Cards most relevant to the recent episodes:\n {2}project_argo\.md/);
  const three = JSON.parse((await memctl(w, ["recall", "--episodes", "3", "--cards", "0", "--json"])).stdout);
  assert.deepEqual(
    three.episodes.map((e: { summary: string }) => e.summary),
    ["argo staging sync 6", "argo staging sync 5", "argo staging sync 4"],
  );
  assert.deepEqual(three.cards, []);
  assert.equal(JSON.parse((await memctl(w, ["recall", "--json"])).stdout).episodes.length, 5);
});
