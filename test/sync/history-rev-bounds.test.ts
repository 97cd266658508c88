import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, memctlOn, ok, saveCard, syncedPair, type Machine } from "../support/machines.js";

// A teammate can append any line to the shared history.jsonl. A line claiming revision 10,000,000,000 of the owner's
// card made it the card's latest: the owner's next save became r10000000001 (no longer a number `restore` takes) and
// doctor compared the card with the pushed line's hash, reporting a hand edit. A local write only ever numbers a
// card's revisions 1, 2, 3, ...: a line whose revision skips numbers no line holds is not one memctl wrote.

const CARD = "project_canary-rollouts.md";

function pushLine(a: Machine, rev: number): void {
  const line = { rev, card: CARD, op: "update", actor: "human", at: "2026-12-01T09:00:00.000Z", sha256: "0".repeat(64), bytes: 10 };
  fs.appendFileSync(path.join(a.mem, ".memctl", "history.jsonl"), `${JSON.stringify(line)}\n`);
  gitOn(a, "commit", "-q", "--no-verify", "-am", "teammate push");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
}

interface HistoryJson {
  entries: { rev: number }[];
}

for (const rev of [10_000_000_000, 5_000, Number.MAX_SAFE_INTEGER]) {
  test(`a pushed history line claiming r${rev} does not number the owner's next revision nor make doctor see a hand edit`, async (t) => {
    const { a, b } = await syncedPair(t, "shared");
    await saveCard(b, "project", "canary-rollouts", "canary rollouts go to one region first");
    await saveCard(b, "project", "canary-rollouts", "canary rollouts go to one region first, then to two");
    await ok(b, ["sync"]);
    await ok(a, ["sync"]);
    pushLine(a, rev);
    await ok(b, ["sync"]);
    const doctor = JSON.parse((await memctlOn(b, ["doctor", "--json"])).stdout) as { hand_edited_cards: { card: string }[] };
    assert.deepEqual(
      doctor.hand_edited_cards.map((h) => h.card),
      [],
    );
    await saveCard(b, "project", "canary-rollouts", "canary rollouts go to one region first, then to three");
    const listed = JSON.parse(await ok(b, ["history", "canary-rollouts", "--json"])) as HistoryJson;
    assert.deepEqual(
      listed.entries.map((e) => e.rev).sort((x, y) => x - y),
      [1, 2, 3],
      JSON.stringify(listed.entries),
    );
    await ok(b, ["restore", "canary-rollouts", "3"]);
    await ok(b, ["restore", "canary-rollouts", "1"]);
  });
}
