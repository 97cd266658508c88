// accept refuses a proposal that nearly duplicates or contradicts a live card under another name (--supersede or
// --keep-both decides). The cards compared included what a sync holds: a teammate's push of a card saying the same
// (pending review, never injected) refused the owner's accept of their own agent's proposal, and named the held card.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { memctlOn, ok, saveCard, syncedPair } from "../support/machines.js";

test("accept is not refused as a near duplicate of a card a sync holds", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  await saveCard(a, "project", "release-day", "releases go out on Tuesdays after the freeze");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  const staged = JSON.parse(
    await ok(b, ["propose", "tuesday-releases", "-t", "project", "-d", "releases go out on Tuesdays after the freeze", "--source", "standup", "--json"], {
      CLAUDECODE: "1",
    }),
  ) as { proposal: { id: string } };
  const r = await memctlOn(b, ["accept", staged.proposal.id]);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(fs.existsSync(path.join(b.mem, "project_tuesday-releases.md")));
});
