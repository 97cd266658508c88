import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { tempDir } from "../helpers.js";
import { startUiProcess } from "../support/ui-process.js";
import { makeUiStore } from "../support/ui-fixture.js";

// A card swapped for a FIFO or a link to /dev/zero after the catalogue listed it: the real `memctl ui` answers
// its page at once (no blocking read of the FIFO, no endless read of the device) and goes on serving.

test("memctl ui's card page never blocks on a FIFO card nor reads a card linked to /dev/zero", async (t) => {
  const store = await makeUiStore(tempDir("memctl-ui-fifo-"), { hook: false });
  // Whole seconds, so the times put back below are the same to the millisecond the catalogue compares.
  const dirTime = new Date("2026-12-01T00:00:00Z");
  fs.utimesSync(store.memory, dirTime, dirTime);
  const run = startUiProcess(store.env, ["--no-open"]);
  t.after(() => run.child.kill("SIGKILL"));
  const url = await run.url;
  const listed = (await (await fetch(`${url}api/cards`)).json()) as { cards: { file: string }[] };
  const [fifoCard, zeroCard] = listed.cards.map((c) => c.file);
  assert.ok(fifoCard && zeroCard);
  fs.rmSync(path.join(store.memory, fifoCard));
  assert.equal(spawnSync("mkfifo", [path.join(store.memory, fifoCard)]).status, 0);
  fs.rmSync(path.join(store.memory, zeroCard));
  fs.symlinkSync("/dev/zero", path.join(store.memory, zeroCard));
  // The directory's time put back: to the catalogue this is a swap made after its check, before the page's read.
  fs.utimesSync(store.memory, dirTime, dirTime);
  for (const file of [fifoCard, zeroCard]) {
    const r = await fetch(`${url}api/card?file=${encodeURIComponent(file)}`, { signal: AbortSignal.timeout(10_000) });
    assert.equal(r.status, 200, file);
    const detail = (await r.json()) as { sha256: string; card: { text: string } };
    assert.equal(detail.sha256, "", `${file}: no current mark for a card that cannot be read`);
    assert.equal(detail.card.text, "");
  }
  assert.equal((await fetch(`${url}api/cards`, { signal: AbortSignal.timeout(10_000) })).status, 200, "still serving");
  run.child.kill("SIGINT");
  const done = await run.exit;
  assert.equal(done.code, 0, done.stderr);
});
