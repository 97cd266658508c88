import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, ok, saveCard, syncedPair, type Machine } from "../support/machines.js";

// The store's file-count and size limits applied to what a sync brings (overLimits). They bound others' writes, not
// the owner's: the owner's own files never count against what arrivals may take, and never become the ones set aside;
// what breaks the rules for its content is quarantined for that, before any count. Alice is the teammate pushing
// with git directly; Bob is the owner, sharing trust, with `max_files` lowered so a few files reach the limit.

const SECRET = "staging uses AKIAZ7Q3XK4M2RTV9PLD for uploads";

interface Item {
  path: string;
  kind: string;
  state: string;
  reasons: string[];
}

function card(name: string, body: string): string {
  return `---\nname: ${name}\ndescription: note about ${name}\ntopics: [bulk]\npriority: normal\nstatus: active\nupdated_at: 2026-01-01\nrepo_refs: []\n---\n${body}\n`;
}

function pushRaw(a: Machine, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) fs.writeFileSync(path.join(a.mem, rel), text);
  gitOn(a, "add", "-A");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "teammate push");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
}

async function syncArrivals(b: Machine): Promise<Map<string, Item>> {
  const out = JSON.parse(await ok(b, ["sync", "--json"])) as { arrivals: Item[] };
  return new Map(out.arrivals.filter((x) => x.kind !== "index" && x.kind !== "note").map((x) => [x.path, x]));
}

const overLimits = (x: Item | undefined) => x?.state === "quarantined" && x.reasons.some((r) => /limits are/.test(r));

test("an owner whose own cards are past the file limit still gets a teammate's card held for review, not quarantined", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  fs.appendFileSync(b.env.MEMCTL_CONFIG_FILE!, "[guardrails]\nmax_files = 4\n");
  // The owner's writes are not bound by the store's limits: six cards and the index on a limit of four.
  for (let i = 0; i < 6; i++) await saveCard(b, "project", `own-${i}`, `the owner's card ${i}`);
  await ok(b, ["sync"]);
  await ok(a, ["sync"]);
  pushRaw(a, { "project_teammate.md": card("teammate", "a harmless note from a teammate") });
  const got = await syncArrivals(b);
  assert.equal(got.get("project_teammate.md")?.state, "pending", JSON.stringify([...got.values()]));
});

test("a teammate's earlier flood cannot push the owner's card out, and content is quarantined for its content", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  fs.appendFileSync(b.env.MEMCTL_CONFIG_FILE!, "[guardrails]\nmax_files = 8\n");
  await saveCard(b, "project", "deploys", "deploys go through the canary first");
  await ok(b, ["sync"]);
  await ok(a, ["sync"]);
  // First push: eight tiny harmless files, held for review, filling what arrivals may take.
  const flood: Record<string, string> = {};
  for (let i = 0; i < 8; i++) flood[`feedback_f${i}.md`] = card(`f${i}`, "x");
  pushRaw(a, flood);
  const first = await syncArrivals(b);
  assert.deepEqual(
    [...first.values()].filter((x) => x.state !== "pending").map((x) => x.path),
    [],
  );
  // Second push: an edit of the owner's card, one more file past the limit, and a card holding a secret.
  const owned = fs.readFileSync(path.join(a.mem, "project_deploys.md"), "utf8");
  pushRaw(a, {
    "project_deploys.md": owned.replace("deploys go through the canary first", "deploys go through the canary first, then staging"),
    "feedback_extra.md": card("extra", "one more harmless note"),
    "reference_leak.md": card("leak", SECRET),
  });
  const second = await syncArrivals(b);
  // The owner's card, edited: held for the owner to decide (accept works), not set aside by a count it adds nothing to.
  assert.equal(second.get("project_deploys.md")?.state, "pending", JSON.stringify(second.get("project_deploys.md")));
  assert.ok(overLimits(second.get("feedback_extra.md")), JSON.stringify(second.get("feedback_extra.md")));
  const leak = second.get("reference_leak.md");
  assert.equal(leak?.state, "quarantined");
  assert.ok(
    leak!.reasons.some((r) => /secret/.test(r)),
    JSON.stringify(leak),
  );
  assert.ok(!overLimits(leak), JSON.stringify(leak));
  // A second edit of the owner's card, the limit still full: still the owner's file, still held for review.
  await ok(a, ["sync"]); // the owner's sync pushed its merge: the teammate takes it first
  const edited = fs.readFileSync(path.join(a.mem, "project_deploys.md"), "utf8");
  pushRaw(a, { "project_deploys.md": edited.replace("then staging", "then staging, then production") });
  const third = await syncArrivals(b);
  assert.equal(third.get("project_deploys.md")?.state, "pending", JSON.stringify(third.get("project_deploys.md")));
  // The earlier arrivals kept their places: still pending, each can be accepted.
  const review = JSON.parse(await ok(b, ["review", "--json"])) as { arrivals?: Item[] };
  const pending = (review.arrivals ?? []).filter((x) => x.state === "pending" && x.path.startsWith("feedback_f"));
  assert.equal(pending.length, 8, JSON.stringify(review).slice(0, 400));
  // A hold list rebuilt from git tells the owner's file the same way: a path a commit made here wrote.
  fs.writeFileSync(path.join(b.mem, ".memctl", "arrivals.json"), "{ not json");
  const rebuilt = JSON.parse(await ok(b, ["sync", "--rebuild-hold", "--json"])) as { held: Item[] };
  const deploys = rebuilt.held.find((x) => x.path === "project_deploys.md" && x.kind !== "index");
  assert.equal(deploys?.state, "pending", JSON.stringify(deploys));
  await ok(b, ["accept", (deploys as Item & { id: string }).id]);
});
