import assert from "node:assert/strict";
import { test } from "node:test";
import { ok, saveCard, syncedPair } from "../support/machines.js";

// A second machine's first sync from a shared remote holds every card; review says how to release them at once.

test("review names the one command that releases every held arrival when there are several", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await saveCard(a, "feedback", "first-card", "alice's first card");
  await saveCard(a, "feedback", "second-card", "alice's second card");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  assert.match(await ok(b, ["review"]), /memctl accept --arrivals releases all \d+ pending/);
  await ok(b, ["accept", "--arrivals"]);
  assert.match(await ok(b, ["list"]), /first-card[\s\S]*second-card/);
});
