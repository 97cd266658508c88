import assert from "node:assert/strict";
import { test } from "node:test";
import { ok, saveCard, syncedPair } from "../support/machines.js";

// Cards a sync holds for review are not listed; the table says they wait instead of calling the store empty
// (a second machine that clones a shared remote starts with every card held).

test("list names the cards a sync holds for review instead of saying there are none", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await saveCard(a, "feedback", "alices-card", "alice's card about deploys");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  const empty = await ok(b, ["list"]);
  assert.doesNotMatch(empty, /no cards yet/);
  assert.match(empty, /1 .*held for review.*memctl review/);
  await saveCard(b, "project", "bobs-card", "bob's own card");
  const table = await ok(b, ["list"]);
  assert.match(table, /bobs-card/);
  assert.doesNotMatch(table, /alices-card/);
  assert.match(table, /1 .*held for review.*memctl review/);
  const json = JSON.parse(await ok(b, ["list", "--json"])) as { count: number };
  assert.equal(json.count, 1, "--json lists what the table lists");
});
