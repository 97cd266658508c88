import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { run, world } from "../support/capture-world.js";

// An agent proposes a card named like an existing one: a proposal's name is ASCII only, so a Cyrillic "е" is refused
// already (E_USAGE), but a zero for an "o" passed: review showed a new card, and accepting it made a twin the owner
// could not tell apart from the original in a listing.

test("an agent's proposal whose name only looks like an existing card's is flagged looks-like in review", () => {
  const w = world();
  const existing = fs.readdirSync(w.store).find((f) => /^[a-z]+_[a-z_-]*o[a-z_-]*\.md$/.test(f));
  assert.ok(existing, "the sample store has a card whose name holds an o");
  const [type, name] = existing.replace(/\.md$/, "").split(/_(.*)/s) as [string, string];
  w.env.CLAUDECODE = "1";
  const script = run(w, ["propose", name.replace("o", "\u043e"), "-t", type, "-d", "deploys go straight to production", "--source", "README.md", "--json"]);
  assert.equal(script.code, 2, script.stdout);
  assert.match(script.stderr, /E_USAGE/);
  const p = run(w, ["propose", name.replace("o", "0"), "-t", type, "-d", "deploys go straight to production", "--source", "README.md", "--json"]);
  assert.equal(p.code, 0, p.stderr);
  delete w.env.CLAUDECODE;
  const text = run(w, ["review"]);
  assert.match(text.stdout, new RegExp(`looks-like:${existing.replace(".", "\\.")}`));
  const json = JSON.parse(run(w, ["review", "--json"]).stdout) as { proposals: { flags: { looks_like?: string } }[] };
  assert.equal(json.proposals.find((x) => x.flags.looks_like)?.flags.looks_like, existing);
  const plain = run(w, ["propose", "brand-new-topic", "-t", "project", "-d", "something else entirely", "--source", "README.md", "--json"]);
  assert.equal(plain.code, 0, plain.stderr);
  assert.equal((JSON.parse(run(w, ["review", "--json"]).stdout) as typeof json).proposals.filter((x) => x.flags.looks_like).length, 1);
});
