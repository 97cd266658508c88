// Held cards (a teammate's push the owner has not reviewed) were left out of the block but still counted in the
// ranking's statistics: the number of cards and each query term's document frequency (its IDF). A push of a few
// cards repeating a prompt's words made those words common, so the owner's own card naming them fell under the
// relative cutoff and left the block: recall steered by cards nobody accepted, with nothing unreviewed shown.
// Real parts: two HOMEs over a bare remote, the built CLI and hook, a real keeper process.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "../helpers.js";
import { keeperHolder, keeperLogLines, stopKeepers } from "../support/keepers.js";
import { gitOn, ok, saveCard, syncedPair, type Machine } from "../support/machines.js";

// The compiled hook as hosts run it: it asks the store's keeper, and starts one above MEMCTL_KEEPER_MIN entries.
const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const PROMPT = "how do deploys reach staging and roll back the database";
const OWN = ["canary", "rollback", "lint", "vault", "ci-cache", "oncall"] as const;

/** The hook's block on `m` for PROMPT: the card files in their printed order. */
function block(m: Machine, env: NodeJS.ProcessEnv = {}): string[] {
  const r = spawnSync(process.execPath, [HOOK, "--host", "generic"], {
    cwd: m.repo,
    input: JSON.stringify({ cwd: m.repo, prompt: PROMPT }),
    env: { ...m.env, ...env },
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr);
  return [...r.stdout.matchAll(/\]\(([^)\s]+\.md)\)/g)].map((x) => x[1]!);
}

/** `memctl context --json`'s relevance of each ranked card (every entry: held ones are never listed). */
async function relevances(m: Machine): Promise<Map<string, number>> {
  const out = JSON.parse(await ok(m, ["context", PROMPT, "--json", "--limit", "0"])) as { ranking: { file: string; relevance: number }[] };
  return new Map(out.ranking.map((r) => [r.file, r.relevance]));
}

/** The teammate's push: n cards stuffed with the prompt's words, each with its index line. */
function pushStuffed(a: Machine, n: number): void {
  let index = fs.readFileSync(path.join(a.mem, "MEMORY.md"), "utf8");
  for (let i = 0; i < n; i++) {
    const name = `stuffed-${String(i).padStart(3, "0")}`;
    const words = "deploys reach staging deploys reach staging";
    fs.writeFileSync(
      path.join(a.mem, `project_${name}.md`),
      `---\nname: ${name}\ndescription: ${words}\ntopics: [deploys, staging, reach]\npriority: normal\nstatus: active\nupdated_at: 2026-01-01\nrepo_refs: []\n---\n${words}\n`,
    );
    index += `- [Deploys reach staging ${i}](project_${name}.md) — ${words}\n`;
  }
  fs.writeFileSync(path.join(a.mem, "MEMORY.md"), index);
  gitOn(a, "add", "-A");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "stuffed cards");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
}

const owned = (files: string[]) => files.filter((f) => !f.includes("stuffed-"));
const removeCache = (m: Machine) => {
  for (const f of ["rank-cache.bin", "rank-delta.json"]) fs.rmSync(path.join(m.mem, ".memctl", f), { force: true });
};

for (const n of [5, 200]) {
  test(`${n} held cards repeating a prompt's words move none of the owner's cards; an accepted one counts on the next prompt`, async (t) => {
    const { a, b } = await syncedPair(t, "shared");
    try {
      await run(a, b, n);
    } finally {
      await stopKeepers(b.home);
    }
  });
}

async function run(a: Machine, b: Machine, n: number): Promise<void> {
  await saveCard(b, "project", "canary", "deploys reach staging through the canary staging gate");
  await saveCard(b, "project", "rollback", "deploys roll back the database migration");
  await saveCard(b, "feedback", "lint", "lint runs biome before every commit");
  await saveCard(b, "reference", "vault", "secrets live in the team vault, never in the repo");
  await saveCard(b, "project", "ci-cache", "ci caches node_modules between runs");
  await saveCard(b, "user", "oncall", "the on-call rota is in the wiki");
  await ok(b, ["sync"]);
  await ok(a, ["sync"]);

  const before = block(b);
  assert.ok(before.includes("project_canary.md") && before.includes("project_rollback.md"), `both named cards recalled: ${before}`);
  const relBefore = await relevances(b);
  const searchBefore = await ok(b, ["search", "deploys staging", "--json"]);

  pushStuffed(a, n);
  const report = JSON.parse(await ok(b, ["sync", "--json"])) as { arrivals: { path: string }[] };
  assert.equal(report.arrivals.filter((x) => x.path.startsWith("project_stuffed-")).length, n, "every stuffed card is held");

  // Every path that ranks: the cache as the sync left it (a delta, or rebuilt), no cache, and a keeper answering.
  const keeper = { MEMCTL_KEEPER_MIN: "1" };
  const variants: [string, () => string[]][] = [
    ["the cache", () => block(b)],
    [
      "no cache",
      () => {
        removeCache(b);
        return block(b);
      },
    ],
    ["rebuilt cache", () => block(b)],
    ["a keeper", () => block(b, keeper)],
    ["a keeper asked", () => block(b, keeper)],
  ];
  for (const [name, run] of variants) {
    const shown = run();
    assert.deepEqual(owned(shown), before, `${name}: the owner's block is as before the push (${shown})`);
    assert.equal(shown.length, before.length, `${name}: no held card is shown`);
  }
  assert.ok(keeperHolder(b.mem) !== undefined || keeperLogLines(b.home).length > 0, "the hook started a keeper");
  // The statistics are the owner's cards': relevance moves only by the field averages each posting was built
  // against, which count held cards: 5.5 % here at 200 (a rebuilt cache), none at 5 (a delta keeps the base's). Before
  // the fix canary's fell from 4.44 to 1.82 at 5 and to 0.086 at 200, out of the block (bench/README.md).
  const relHeld = await relevances(b);
  for (const [file, rel] of relBefore) assert.ok(Math.abs(relHeld.get(file)! - rel) <= 0.1 * rel, `${file}: ${rel} before, ${relHeld.get(file)} held`);
  assert.ok(![...relHeld.keys()].some((f) => f.includes("stuffed-")), "context lists no held card");
  assert.equal(await ok(b, ["search", "deploys staging", "--json"]), searchBefore, "search ranks the owner's cards as before");

  // The owner accepts one: it is the owner's card now, shown and counted on the very next prompt.
  const held = (JSON.parse(await ok(b, ["review", "--json"])) as { arrivals: { id: string; path: string }[] }).arrivals;
  const one = held.find((x) => x.path === "project_stuffed-000.md")!;
  await ok(b, ["accept", one.id]);
  const after = block(b);
  assert.ok(after.includes("project_stuffed-000.md"), `the accepted card is shown: ${after}`);
  assert.deepEqual(block(b, keeper), after, "a keeper answers as the cache does");
  removeCache(b);
  assert.deepEqual(block(b), after, "no cache answers as the cache does");
  const relAfter = await relevances(b);
  assert.ok(
    relAfter.get("project_canary.md")! < relHeld.get("project_canary.md")! * 0.9,
    `the accepted card's words count: ${relHeld.get("project_canary.md")} -> ${relAfter.get("project_canary.md")}`,
  );
  assert.deepEqual(
    OWN.map((c) => [...relAfter.keys()].some((f) => f.endsWith(`_${c}.md`))),
    OWN.map(() => true),
  );
}

// A hold list that cannot be read holds every file not written since it was damaged (lib/store/hold.ts): it cannot
// name its paths, so every entry is asked, and what it holds stays out of the block and of the statistics.
const DAMAGES: [string, (file: string) => void][] = [
  ["cut short", (f) => fs.writeFileSync(f, fs.readFileSync(f).subarray(0, 40))],
  [
    "a directory",
    (f) => {
      fs.rmSync(f);
      fs.mkdirSync(f);
    },
  ],
  [
    "a FIFO",
    (f) => {
      fs.rmSync(f);
      execFileSync("mkfifo", [f]);
    },
  ],
];

test("a damaged hold list keeps the held cards out of the block: held stays held, the owner's new card ranks", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await saveCard(b, "project", "canary", "deploys reach staging through the canary staging gate");
  await ok(b, ["sync"]);
  await ok(a, ["sync"]);
  pushStuffed(a, 5);
  await ok(b, ["sync"]);
  const list = path.join(b.mem, ".memctl", "arrivals.json");
  const good = fs.readFileSync(list);
  for (const [what, damage] of DAMAGES) {
    damage(list);
    await new Promise((resolve) => setTimeout(resolve, 20)); // a write after the damage, in a later timestamp
    await saveCard(b, "project", "gate", "deploys reach staging and roll back at the gate");
    for (const cache of [true, false]) {
      if (!cache) removeCache(b);
      const shown = block(b);
      assert.ok(!shown.some((f) => f.includes("stuffed-")), `${what}: no held card (${shown})`);
      assert.ok(shown.includes("project_gate.md"), `${what}: the owner's card written since is shown (${shown})`);
    }
    fs.rmSync(list, { recursive: true, force: true });
    fs.writeFileSync(list, good);
    await ok(b, ["rm", "gate"]);
  }
});
