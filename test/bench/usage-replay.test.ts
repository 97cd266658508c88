// The usage-replay benchmark replays days of sessions through the real hook and sidecar, frecency on and off.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import { test } from "node:test";
import { BUDGETS, makeCards, replay, sessions, type ReplayOptions } from "../../bench/usage-replay.js";

const SMALL: ReplayOptions = { perArea: 24, areas: 2, days: 8, seed: 7 };

test("usage replay: the same prompts on and off; when earlier use predicts need, frecency finds the needed card at least as often", { timeout: 120_000 }, async () => {
  const before = fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith("memctl-usage-replay-"));
  const on = await replay("steady", BUDGETS[0], "on", SMALL);
  const off = await replay("steady", BUDGETS[0], "off", SMALL);
  const days = sessions("steady", makeCards(SMALL), SMALL);
  assert.equal(on.prompts, days.flat(2).length);
  assert.equal(off.prompts, on.prompts);
  assert.ok(on.hit >= off.hit, `on ${on.hit} < off ${off.hit}`);
  assert.ok(off.hit > 0 && on.hit <= 1, `${off.hit} ${on.hit}`);
  const after = fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith("memctl-usage-replay-"));
  assert.deepEqual(after, before, "the replay removes its store");
});

test("usage replay stores: every area's cards tie on the area's words, and each card has a word of its own", () => {
  const cards = makeCards(SMALL);
  assert.equal(cards.length, 48);
  assert.equal(new Set(cards.map((c) => c.word)).size, 48);
  for (const c of cards) assert.match(c.title, new RegExp(`^${c.area}`, "i"));
});
