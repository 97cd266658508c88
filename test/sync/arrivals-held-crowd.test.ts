import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, hookOn, ok, saveCard, syncedPair } from "../support/machines.js";

// Held cards were ranked with the owner's and left out only after the ranking was cut to its top places (30 and
// more), so a teammate's push of a few dozen cards that match every prompt better than the owner's (a held card is
// never printed, but it still took a place) emptied the owner's blocks until each was reviewed: a denial of recall
// by cards nobody accepted.

test("held cards that outrank the owner's take no place in the ranking: the owner's card is still recalled", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await saveCard(b, "project", "deploys", "how deploys reach staging through the canary");
  await ok(b, ["sync"]);
  await ok(a, ["sync"]);
  assert.match(hookOn(b, "how do deploys reach staging"), /project_deploys\.md/);
  let index = fs.readFileSync(path.join(a.mem, "MEMORY.md"), "utf8");
  for (let i = 0; i < 80; i++) {
    const name = `crowd-${String(i).padStart(2, "0")}`;
    const words = "deploys reach staging deploys reach staging";
    const recall = Array.from({ length: 16 }, () => `how do deploys reach staging`).join(", ");
    fs.writeFileSync(
      path.join(a.mem, `project_${name}.md`),
      `---\nname: ${name}\ndescription: ${words}\ntopics: [deploys, staging, reach]\nrecall: [${recall}]\npriority: normal\nstatus: active\nupdated_at: 2026-01-01\nrepo_refs: []\n---\n${words}\n`,
    );
    index += `- [Deploys reach staging ${i}](project_${name}.md) — ${words}\n`;
  }
  fs.writeFileSync(path.join(a.mem, "MEMORY.md"), index);
  gitOn(a, "add", "-A");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "a crowd of cards");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  const report = JSON.parse(await ok(b, ["sync", "--json"])) as { arrivals: { path: string; state: string }[] };
  assert.ok(report.arrivals.filter((x) => x.path.startsWith("project_crowd-")).length >= 80, "the crowd is held");
  const out = hookOn(b, "how do deploys reach staging");
  assert.doesNotMatch(out, /crowd-/);
  assert.match(out, /project_deploys\.md/, out);
});
