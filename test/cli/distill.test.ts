import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { configure, handWrittenCards, script } from "../support/compact-fixture.js";
import { makeWorld, memctl } from "../support/fixture.js";
import { whyRecord } from "../../lib/hook/dedupe.js";
import { appendWhy } from "../../lib/store/why-log.js";

// memctl distill: the mechanical part of /mem-distill (known lines, episodes since a watermark, tiers), and
// --llm staging a configured command's candidates as proposals, never cards.

function world(t: { after: (fn: () => void) => void }) {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  handWrittenCards(w, 3);
  return w;
}

async function log(w: ReturnType<typeof makeWorld>, summary: string, at: string) {
  const r = await memctl(w, ["log", "--host", "claude", "--summary", summary], { now: new Date(at) });
  assert.equal(r.code, 0, r.stderr);
}

test("distill --json: known index lines, every episode, the four tiers; --mark moves the watermark so the next run shows only newer episodes", async (t) => {
  const w = world(t);
  await log(w, "moved CI to Buildkite", "2026-12-01T10:00:00.000Z");
  await log(w, "decided retries must be idempotent", "2026-12-01T11:00:00.000Z");
  const first = JSON.parse((await memctl(w, ["distill", "--json"])).stdout);
  assert.deepEqual(
    first.known.map((k: { name: string; type: string }) => [k.name, k.type]),
    [
      ["topic-1", "project"],
      ["topic-2", "project"],
      ["topic-3", "project"],
    ],
  );
  assert.match(first.known[0].line, /^- \[topic-1\]\(project_topic-1\.md\) — /);
  assert.deepEqual(
    first.episodes.map((e: { summary: string }) => e.summary),
    ["moved CI to Buildkite", "decided retries must be idempotent"],
  );
  assert.deepEqual(
    first.tiers.map((x: { type: string }) => x.type),
    ["feedback", "project", "reference", "user"],
  );
  assert.deepEqual(first.watermark, { previous: null, next: "2026-12-01T11:00:00.000Z" });

  const marked = await memctl(w, ["distill", "--mark", first.watermark.next, "--actor", "host:claude"]);
  assert.equal(marked.code, 0, marked.stderr);
  assert.ok(fs.existsSync(path.join(w.mem, ".memctl", "distill.json")));
  await log(w, "the staging DB is rebuilt nightly", "2026-12-02T08:00:00.000Z");
  const second = JSON.parse((await memctl(w, ["distill", "--json"])).stdout);
  assert.deepEqual(
    second.episodes.map((e: { summary: string }) => e.summary),
    ["the staging DB is rebuilt nightly"],
  );
  assert.equal(second.watermark.previous, "2026-12-01T11:00:00.000Z");
  assert.equal(JSON.parse((await memctl(w, ["distill", "--json", "--all"])).stdout).episodes.length, 3);
  // The watermark never moves back.
  await memctl(w, ["distill", "--mark", "2026-01-01T00:00:00.000Z"]);
  assert.equal(JSON.parse((await memctl(w, ["distill", "--json"])).stdout).watermark.previous, "2026-12-01T11:00:00.000Z");
});

test("distill --llm runs [compact] llm_command and stages its candidates: complete ones as proposals, a restated card as an update to it, one lacking a field blocked with the field named", async (t) => {
  const w = world(t);
  await log(w, "moved CI to Buildkite", "2026-12-01T10:00:00.000Z");
  assert.equal((await memctl(w, ["save", "ci-provider", "-t", "reference", "-d", "CI runs on GitHub Actions workflows in .github/workflows"])).code, 0);
  const out = [
    {
      name: "flaky-tests",
      type: "project",
      description: "Flaky tests are quarantined with a skip tag and a ticket",
      body: "See the tests README",
      source: "episode 2026-12-01",
      kind: "fact",
      confidence: 0.9,
    },
    // Corrects ci-provider under another name: proposed as an update to ci-provider.
    { name: "ci-runner", type: "reference", description: "CI runs on Buildkite, not GitHub Actions workflows", source: "episode 2026-12-01", kind: "fact" },
    { name: "no-source", type: "project", description: "lacks its source" },
  ]
    .map((c) => JSON.stringify(c))
    .join("\n");
  fs.writeFileSync(path.join(w.root, "candidates.jsonl"), out);
  configure(w, [script(w, "model.sh", `cat > "${path.join(w.root, "prompt.txt")}"; cat "${path.join(w.root, "candidates.jsonl")}"`)]);
  const before = fs.readdirSync(w.mem).sort();
  const r = await memctl(w, ["distill", "--llm", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const res = JSON.parse(r.stdout);
  assert.equal(res.candidates, 3);
  assert.deepEqual(
    res.staged.map((s: { name: string; target: string | null; restates: string | null }) => [s.name, s.target, s.restates]),
    [
      ["flaky-tests", null, null],
      ["ci-provider", "reference_ci-provider.md", "ci-provider"],
    ],
  );
  assert.deepEqual(res.blocked, [{ index: 2, name: "no-source", missing: ["source"], reason: "lacks the required field source" }]);
  assert.deepEqual(fs.readdirSync(w.mem).sort(), before, "no card was written");
  const prompt = fs.readFileSync(path.join(w.root, "prompt.txt"), "utf8");
  assert.match(prompt, /moved CI to Buildkite/);
  assert.match(prompt, /name=topic-1 type=project/);
  assert.match(prompt, /name=ci-provider type=reference/);
  const review = JSON.parse((await memctl(w, ["review", "--json"])).stdout);
  assert.equal(review.count, 2);
  // The model wrote them: they are its proposals (model:<program>), not the owner's, so --accept-facts holds
  // even the one it labelled kind: fact (its source names no repository file).
  assert.deepEqual(
    review.proposals.map((p: { proposal?: { proposer: string }; proposer?: string }) => p.proposal?.proposer ?? p.proposer),
    ["model:model.sh", "model:model.sh"],
  );
  const pass = JSON.parse((await memctl(w, ["consolidate", "--accept-facts", "--json"])).stdout);
  assert.deepEqual(pass.accepted, []);
  assert.ok(
    pass.held.some((h: { why: string }) => /model:model\.sh's own label/.test(h.why)),
    JSON.stringify(pass.held),
  );
  const jobs = JSON.parse((await memctl(w, ["jobs", "--json"])).stdout).jobs as { kind: string; status: string; command: string }[];
  assert.deepEqual(
    jobs.filter((j) => j.kind === "distill").map((j) => [j.status, j.command]),
    [["done", "memctl distill --llm"]],
    "distill --llm ran as a ledger job",
  );
  assert.equal(JSON.parse((await memctl(w, ["distill", "--json"])).stdout).episodes.length, 0, "--llm marked the episodes distilled");
});

test("distill --llm without a configured command fails and stages nothing", async (t) => {
  const w = world(t);
  const r = await memctl(w, ["distill", "--llm"]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /no \[compact\] llm_command is configured; nothing was staged/);
});

test("distill asks for recall keys in the store's languages: --json carries languages and the rule, --llm stages a candidate's keys", async (t) => {
  const w = world(t);
  assert.equal((await memctl(w, ["save", "deploiement", "-t", "project", "-d", "Le déploiement se fait depuis la branche main, jamais depuis une autre"])).code, 0);
  assert.equal((await memctl(w, ["save", "revue", "-t", "project", "-d", "Les revues de code sont obligatoires pour tout changement de la base"])).code, 0);
  const ctx = JSON.parse((await memctl(w, ["distill", "--json"])).stdout);
  assert.deepEqual(ctx.languages, ["English", "French"]);
  assert.ok(ctx.rules.some((r: string) => /12 to 16 recall keys \(--recall "a\|b\|c"\)/.test(r)));
  await log(w, "learned the staging URL", "2026-12-01T10:00:00.000Z");
  const candidate = {
    name: "staging-url",
    type: "reference",
    description: "Staging lives at staging.example.test",
    source: "episode",
    kind: "fact",
    recall: ["where is staging", "URL de préprod"],
  };
  fs.writeFileSync(path.join(w.root, "candidates.jsonl"), JSON.stringify(candidate));
  configure(w, [script(w, "model.sh", `cat > "${path.join(w.root, "prompt.txt")}"; cat "${path.join(w.root, "candidates.jsonl")}"`)]);
  const r = await memctl(w, ["distill", "--llm", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(fs.readFileSync(path.join(w.root, "prompt.txt"), "utf8"), /- languages \(the ones this store is written in and the ones its owner prompts in\): English, French\n/);
  const review = JSON.parse((await memctl(w, ["review", "--json"])).stdout);
  assert.deepEqual(review.proposals[0].card.recall, ["where is staging", "URL de préprod"]);
});

test("distill asks for keys in the [recall] languages too, as the key writer does, each language once", async (t) => {
  const w = world(t);
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, '[recall]\nlanguages = ["Japanese", "english"]\n');
  const ctx = JSON.parse((await memctl(w, ["distill", "--json"])).stdout);
  assert.deepEqual(ctx.languages, ["English", "Japanese"]);
});

test("distill asks for keys in the languages the why log shows the owner prompting in, unless [recall] languages says", async (t) => {
  const w = world(t);
  const budget = { maxBytes: 3000, maxEntries: 20 };
  for (const [i, prompt] of ["部署之前要做什么", "测试为什么失败了", "怎么配置服务器"].entries())
    appendWhy(w.mem, whyRecord({ host: "claude", prompt, logPrompt: false, status: "no-hits", bytes: 0, budget, now: new Date(Date.UTC(2026, 11, 1, 10, i)) }));
  assert.deepEqual(JSON.parse((await memctl(w, ["distill", "--json"])).stdout).languages, ["English", "Chinese"]);
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, "[recall]\nlanguages = []\n");
  assert.deepEqual(JSON.parse((await memctl(w, ["distill", "--json"])).stdout).languages, ["English"]);
});
