// A hand edit of MEMORY.md met by a trusted prompt's load above the full-check size (lib/rank-cache/load.ts): made
// after the check the load trusts, it is younger than that check's window, so the load ranks the store as checked
// without reading MEMORY.md (19 MB at 100,000 lines) and the keeper folds the edit; every load once the window has
// passed reads it. A memctl write journaled since, or a check recorded after the edit, is read at once, as before.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { loadRankable, VERIFIED_FOR_MS, type RankableStore } from "../../../lib/rank-cache/load.js";
import { checkedNow, journalWorld } from "../../support/journal-world.js";

const LARGE = { fullCheckMax: 10 };
const cards = Array.from({ length: 40 }, (_, i) => ({ file: `feedback_w${String(i).padStart(2, "0")}.md`, title: `Card w${i}`, hook: `about w${i}`, topics: ["journal"] }));

const lines = (store: RankableStore) => Array.from({ length: store.index.size }, (_, id) => `${store.index.file(id)} ${store.index.entry(id).hook}`);
const rebuilt = async (memory: string) => lines(await loadRankable(memory, { nowMs: Date.now(), force: true, writeCache: false }));

/** MEMORY.md's line for `file` given another hook, written in place as an editor does. */
function editHook(memory: string, file: string, hook: string): void {
  const index = path.join(memory, "MEMORY.md");
  fs.writeFileSync(index, fs.readFileSync(index, "utf8").replace(new RegExp(`\\(${file}\\) — [^\\n]*`), `(${file}) — ${hook}`));
}

test("a hand edit of MEMORY.md made since the check a load trusts is ranked as checked inside the window and read once it has passed; a journaled write or a later check reads it at once", async (t) => {
  const { s, cli, past } = journalWorld(t, cards, 5);
  await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE });
  await past();
  // The keeper's check: every card stat'ed, recorded as made at its start.
  const checkedAt = Date.now();
  await loadRankable(s.memory, { nowMs: checkedAt, checkAllCards: true, ...LARGE });
  const before = await rebuilt(s.memory);
  await past();
  editHook(s.memory, "feedback_w07.md", "EDITED BY HAND after the check");
  await past();
  const after = await rebuilt(s.memory);
  assert.notDeepEqual(after, before);

  // Inside the window: the store as the check found it (the edit is younger than the window).
  const inside = await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE });
  assert.deepEqual(lines(inside), before, "inside the window: ranked as checked");
  // Once the window has passed since the check, every load reads the edit.
  const outside = await loadRankable(s.memory, { nowMs: checkedAt + VERIFIED_FOR_MS + 1, ...LARGE });
  assert.deepEqual(lines(outside), after, "past the window: the edit");

  // A check recorded after a hand edit (it saw it): read at once.
  editHook(s.memory, "feedback_w08.md", "EDITED BY HAND before a check");
  await past();
  checkedNow(s.memory);
  assert.deepEqual(lines(await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE })), await rebuilt(s.memory), "a check after the edit");

  // A memctl write journaled since the check, with a hand edit: the write is seen by the next load, so both are read.
  await past();
  const again = Date.now();
  await loadRankable(s.memory, { nowMs: again, checkAllCards: true, ...LARGE });
  await past();
  await cli("save", "feedback_w09", "-d", "SAVED through memctl");
  editHook(s.memory, "feedback_w10.md", "EDITED BY HAND after a save");
  await past();
  const both = lines(await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE }));
  assert.deepEqual(both, await rebuilt(s.memory), "a save and a hand edit");
  assert.ok(both.some((l) => l.includes("SAVED through memctl")) && both.some((l) => l.includes("EDITED BY HAND after a save")));
});
