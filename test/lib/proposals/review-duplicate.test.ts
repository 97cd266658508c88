import assert from "node:assert/strict";
import { test } from "node:test";
import { runCli, testIo } from "../../helpers.js";
import { makeWorld, memctl } from "../../support/fixture.js";

// Audit finding 3: a host proposed a sentence, then the owner remembered the same sentence at a terminal. The
// pending proposal says exactly what the new card says, yet review flagged it `contradicts` (the card's body is the
// user's words; the captured proposal quotes them under its description). It is a duplicate of the card.

const SAID = "from now on, run the linter before every commit";

test("a proposal the owner's own remember already wrote is a dup-card, not a contradiction", async () => {
  const w = makeWorld();
  const proposed = await memctl(w, ["remember", SAID, "--actor", "host:claude"]);
  assert.equal(proposed.code, 0, proposed.stderr);
  const io = { ...testIo({ cwd: w.repo, home: w.home, env: w.env }), ask: async () => undefined };
  const saved = await runCli(["remember", "--json", SAID], io);
  assert.equal(saved.code, 0, saved.stderr);
  const file = JSON.parse(saved.stdout).file as string;
  const review = JSON.parse((await memctl(w, ["review", "--json"])).stdout);
  const flags = review.proposals[0].flags;
  assert.equal(flags.contradicts_card, false);
  assert.equal(flags.duplicate_of_card, file);
});

test("a proposal with the card's description but a body the card does not say still contradicts it", async () => {
  const w = makeWorld();
  const proposed = await memctl(w, ["remember", SAID, "--actor", "host:claude"]);
  assert.equal(proposed.code, 0, proposed.stderr);
  const pending = JSON.parse((await memctl(w, ["review", "--json"])).stdout).proposals[0];
  const name = pending.card.name as string;
  const saved = await memctl(w, ["save", name, "-t", "feedback", "-d", pending.card.description, "-"], { stdin: "Only on main; feature branches skip it.\n" });
  assert.equal(saved.code, 0, saved.stderr);
  const flags = JSON.parse((await memctl(w, ["review", "--json"])).stdout).proposals[0].flags;
  assert.equal(flags.contradicts_card, true);
  assert.equal(flags.duplicate_of_card, null);
});
