import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { runBounded } from "../support/bounded-run.js";
import { CLI } from "../support/fixture.js";
import { ok, saveCard, syncedPair, type Machine } from "../support/machines.js";

// A store kept inside a project checkout gets its `.memctl/` from the project's history, links and all. The sync's
// last result (`.memctl/sync/state.json`), its journal (`.memctl/sync/journal.json`) and the parked cards
// (`.memctl/sync/incoming/*.json`) were plain reads: linked to /dev/zero they grew the reader without bound, as a
// FIFO they hung it. Each run below is bounded (8 s, 400 MB) and
// must end by itself, as it does with no such file.

const HEAP = "--max-old-space-size=256";

async function bounded(m: Machine, args: string[], input = "") {
  const r = await runBounded([HEAP, CLI, ...args], input, m.env, m.repo);
  assert.equal(r.signal, null, `memctl ${args.join(" ")} ended by itself (peak ${r.peakKiB} KiB, ${r.ms} ms)\n${r.stderr}`);
  return r;
}

for (const file of ["state.json", "journal.json", "incoming/planted.json"]) {
  for (const kind of ["a link to /dev/zero", "a FIFO"]) {
    test(`.memctl/sync/${file} planted as ${kind}: sync --status, sync, doctor and session start end by themselves`, async (t) => {
      const { a, b } = await syncedPair(t, "own"); // its cleanup stops the keepers first
      await saveCard(a, "feedback", "pulled", "a card from the teammate");
      await ok(a, ["sync"]);
      const planted = path.join(b.mem, ".memctl", "sync", file);
      fs.mkdirSync(path.dirname(planted), { recursive: true });
      fs.rmSync(planted, { force: true });
      if (kind === "a FIFO") assert.equal(spawnSync("mkfifo", [planted]).status, 0);
      else fs.symlinkSync("/dev/zero", planted);

      const status = await bounded(b, ["sync", "--status", "--json"]);
      assert.equal(status.code, 0, status.stderr);
      await bounded(b, ["doctor", "--json"]);
      const start = await bounded(b, ["hook", "session-start", "--host", "generic"], JSON.stringify({ cwd: b.repo, session_id: "s-1", source: "startup" }));
      assert.equal(start.code, 0, start.stderr);
      const sync = await bounded(b, ["sync"]);
      assert.equal(sync.code, 0, sync.stderr);
      assert.ok(fs.existsSync(path.join(b.mem, "feedback_pulled.md")), "the sync pulled the teammate's card");
    });
  }
}
