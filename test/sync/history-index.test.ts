import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ok, saveCard, syncedPair, type Machine } from "../support/machines.js";

// A save finds its card's latest revision through a per-machine side index of history.jsonl
// (lib/store/history-latest.ts). A sync merges the other machine's lines into that file; the next save must number
// its revision after theirs, as a whole read would. Two machines, one bare remote, real git and the built CLI.

function revisions(m: Machine, card: string): number[] {
  return fs
    .readFileSync(path.join(m.mem, ".memctl", "history.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { card: string; rev: number })
    .filter((e) => e.card === card)
    .map((e) => e.rev);
}

test("after a sync merged the other machine's revisions into history.jsonl, a save numbers its revision after theirs", async (t) => {
  const { a, b } = await syncedPair(t);
  await saveCard(a, "project", "zeta", "zeta, first");
  await saveCard(a, "project", "west", "west, first");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  // a's revisions 2 and 3 of zeta are older than b's saves of west, which leave b's side index covering b's own
  // lines: the merge puts a's lines in by time, before b's, so b's history changes before the end it indexed.
  await saveCard(a, "project", "zeta", "zeta, alice's second");
  await saveCard(a, "project", "zeta", "zeta, alice's third");
  await saveCard(b, "project", "west", "west, bob's second");
  await saveCard(b, "project", "west", "west, bob's third");
  assert.ok(fs.existsSync(path.join(b.mem, ".memctl", "history-latest.idx")), "b's saves made the index");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  assert.deepEqual(revisions(b, "project_zeta.md"), [1, 2, 3]);
  const lines = fs.readFileSync(path.join(b.mem, ".memctl", "history.jsonl"), "utf8").split("\n");
  assert.ok(
    lines.findIndex((l) => l.includes('"rev":3,"card":"project_zeta.md"')) < lines.findIndex((l) => l.includes('"rev":2,"card":"project_west.md"')),
    "a's lines merged in before b's",
  );
  assert.match(await saveCard(b, "project", "zeta", "zeta, bob's fourth"), /updated project_zeta\.md \(rev 4, human\)/);
  assert.match(await saveCard(b, "project", "west", "west, bob's fourth"), /updated project_west\.md \(rev 4, human\)/);
  assert.deepEqual(revisions(b, "project_zeta.md"), [1, 2, 3, 4]);
});
