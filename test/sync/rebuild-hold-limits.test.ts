import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, ok, syncedPair } from "../support/machines.js";

// A push that would take the store past its limits has its largest arrivals quarantined by the sync (overLimits).
// `memctl sync --rebuild-hold` must hold the same things when it rebuilds a damaged list: before, it held them only as
// pending, so the owner could accept a store past its own limits. Two machines over a bare remote, the built CLI.

interface Item {
  path: string;
  state: string;
  reasons: string[];
}

test("--rebuild-hold quarantines what the sync quarantined for the store's limits", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  fs.appendFileSync(b.env.MEMCTL_CONFIG_FILE!, "[guardrails]\nmax_files = 12\n");
  for (let i = 0; i < 20; i++) {
    const name = `bulk-${String(i).padStart(2, "0")}`;
    const text = `---\nname: ${name}\ndescription: bulk note ${i}\ntopics: [bulk]\npriority: normal\nstatus: active\nupdated_at: 2026-01-01\nrepo_refs: []\n---\n${"words ".repeat(10 + i)}\n`;
    fs.writeFileSync(path.join(a.mem, `project_${name}.md`), text);
  }
  gitOn(a, "add", "-A");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "twenty cards");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  const synced = (JSON.parse(await ok(b, ["sync", "--json"])) as { arrivals: Item[] }).arrivals;
  const overBySync = synced.filter((x) => x.state === "quarantined" && x.reasons.some((r) => /limits are/.test(r))).map((x) => x.path);
  assert.ok(overBySync.length > 0, JSON.stringify(synced).slice(0, 600));
  fs.writeFileSync(path.join(b.mem, ".memctl", "arrivals.json"), "{ not json");
  const rebuilt = (JSON.parse(await ok(b, ["sync", "--rebuild-hold", "--json"])) as { held: Item[] }).held;
  const overByRebuild = rebuilt.filter((x) => x.state === "quarantined" && x.reasons.some((r) => /limits are/.test(r))).map((x) => x.path);
  assert.deepEqual(overByRebuild.sort(), overBySync.sort());
  // Quarantined cannot be accepted: accept --arrivals releases only what is within the limits.
  await ok(b, ["accept", "--arrivals"]);
  const review = await ok(b, ["review", "--json"]);
  for (const p of overBySync) assert.match(review, new RegExp(p.replace(/[.]/g, "\\.")), p);
});
