// Session start after a sync pull (issue 32): the pulled changes are in the next start's lines, whether it carries
// the kept lines forward over the keeper's settled delta (lib/hook/overview-patch.ts) or makes them again. Real
// machines: two stores on one bare remote, the built CLI, the keeper a start leaves running on the pulling side;
// the full-check size lowered so the starts trust the keeper's checks. Keepers are stopped before the stores go.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { OVERVIEW_LINES } from "../../lib/hook/overview-kept.js";
import { CARD_CHECK } from "../../lib/store/full-check.js";
import { CLI } from "../support/fixture.js";
import { waitFor } from "../support/keepers.js";
import { ok, saveCard, syncedPair, type Machine } from "../support/machines.js";

const checkAt = (m: Machine) => {
  try {
    return (JSON.parse(fs.readFileSync(path.join(m.mem, ".memctl", CARD_CHECK), "utf8")) as { at: number }).at;
  } catch {
    return Number.NEGATIVE_INFINITY;
  }
};

let session = 0;
/** A session start on `m` (each a new host session); `checking`: above the store's size, so every card is checked and nothing kept is read. */
function start(m: Machine, checking = false): string {
  const r = spawnSync(process.execPath, [CLI, "hook", "session-start", "--host", "codex"], {
    cwd: m.repo,
    input: JSON.stringify({ cwd: m.repo, session_id: `pull-${session++}`, source: "startup" }),
    env: { ...m.env, MEMCTL_FULL_CHECK_MAX: checking ? "1000" : "5" },
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

test("after a sync pull of 10 changed cards, each start prints the pulled lines as a start checking every card does", async (t) => {
  const { a, b } = await syncedPair(t, "own"); // its cleanup stops the keepers first
  for (let i = 0; i < 14; i++) await saveCard(a, "feedback", `pull-${i}`, `card ${i} as first written`);
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  // Bob's lines kept under a check of his keeper.
  const kept = path.join(b.mem, ".memctl", OVERVIEW_LINES);
  for (let i = 0; i < 20 && !fs.existsSync(kept); i++) {
    start(b);
    await new Promise((r) => setTimeout(r, 300));
  }
  assert.ok(fs.existsSync(kept), "bob's start kept its lines");
  assert.equal(start(b), start(b, true));

  for (let i = 0; i < 10; i++) await saveCard(a, "feedback", `pull-${i}`, `card ${i} PULLED EDIT`);
  await ok(a, ["sync"]);
  const checked = checkAt(b);
  await ok(b, ["sync"]);
  await waitFor(() => checkAt(b) > checked, 10_000, "a check after the pull");
  for (let round = 0; round < 3; round++) {
    const out = start(b);
    for (let i = 0; i < 10; i++) assert.match(out, new RegExp(`card ${i} PULLED EDIT`), `round ${round}`);
    assert.equal(out, start(b, true), `round ${round}`);
  }
});
