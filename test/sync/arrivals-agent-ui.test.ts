import assert from "node:assert/strict";
import { test } from "node:test";
import { teammatePushesHeld } from "../support/held-arrivals.js";
import { memctlOn, ok, type Machine } from "../support/machines.js";
import { startUiProcess } from "../support/ui-process.js";

// What a sync holds is kept from agents in every reader they use: the block, memory_view, an agent's shell's
// `memctl view` and `show` (test/sync/arrivals-view.test.ts). `memctl ui --read-only` is one more reader an agent
// can start from its shell (its writes are refused, its pages are not), holding the URL it prints. Its catalogue
// already left out what a sync holds; its review page showed a teammate's proposal in full, as memctl review did.

async function heldStore(t: { after: (fn: () => void) => void }): Promise<Machine> {
  const { b } = await teammatePushesHeld(t, { proposal: true });
  await ok(b, ["sync"]);
  return b;
}

const HELD = /AKIAZ7Q3XK4M2RTV9PLD|ignore previous|Upload keys|Deploy notes|release pipeline|uploads authenticate|team vault/;

test("memctl ui started from an agent's shell serves nothing a sync holds; the owner's own cards still show", async (t) => {
  const b = await heldStore(t);
  const ui = startUiProcess({ ...b.env, CLAUDECODE: "1" }, ["--read-only", "--no-open"], b.repo);
  t.after(() => ui.child.kill("SIGTERM"));
  const base = await ui.url;
  for (const route of [
    "",
    "cards?q=staging",
    "api/cards",
    "api/cards?q=ignore%20previous",
    "card?file=project_deploy-notes.md",
    "api/card?file=project_deploy-notes.md",
    "api/card?file=reference_upload-keys.md",
    "api/health",
    "review",
    "api/review",
  ]) {
    const r = await fetch(`${base}${route}`);
    const body = await r.text();
    assert.doesNotMatch(body, HELD, `${route} (${r.status}): ${(body.match(new RegExp(`.{0,300}(${HELD.source}).{0,300}`, "s")) ?? [""])[0]}`);
  }
  assert.match(await (await fetch(`${base}api/cards`)).text(), /bobs-own/, "the owner's own card is listed");
  // Its review queue counts what it shows: the teammate's proposal is not "1 pending" there either.
  assert.deepEqual(await (await fetch(`${base}api/review`)).json().then((j: { total: number; proposals: unknown[] }) => [j.total, j.proposals.length]), [0, 0]);
  ui.child.kill("SIGTERM");
  assert.equal((await ui.exit).code, 0);

  // The owner's web view lists neither card until accepted (memctl review shows them), never the quarantined secret,
  // and shows the teammate's proposal for review.
  const own = startUiProcess(b.env, ["--read-only", "--no-open"], b.repo);
  t.after(() => own.child.kill("SIGTERM"));
  const ownBase = await own.url;
  for (const file of ["project_deploy-notes.md", "reference_upload-keys.md"]) assert.doesNotMatch(await (await fetch(`${ownBase}api/card?file=${file}`)).text(), HELD);
  assert.match(await (await fetch(`${ownBase}review`)).text(), /team vault/);
  assert.equal(((await (await fetch(`${ownBase}api/review`)).json()) as { total: number }).total, 1);
  own.child.kill("SIGTERM");
  await own.exit;
  assert.match((await memctlOn(b, ["show", "upload-keys"])).stderr, /E_QUARANTINED/);
});
