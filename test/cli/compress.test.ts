import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { makeWorld, memctl } from "../support/fixture.js";

// memctl compress: long hooks and same-type overlaps ranked by bytes saved per prompt, staged as
// description-only proposals (card bodies untouched), blocked while a card lacks a required field.

const LONG = "every thrown ApiError names the failing input, the rule it broke and the fix the caller should apply; no bare invalid request, no stack traces in responses";

async function setup(t: { after: (fn: () => void) => void }) {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  const save = async (...a: string[]) => assert.equal((await memctl(w, ["save", ...a])).code, 0);
  await save("api-errors", "-t", "feedback", "-d", LONG);
  await save(
    "pinned-long",
    "-t",
    "user",
    "-d",
    "the owner reviews every pull request personally and wants short answers with the exact command first, then the reason, then caveats",
    "--priority",
    "always",
  );
  await save("deploy-staging", "-t", "project", "-d", "deploy to staging with make deploy-staging after the migrations ran");
  await save("staging-deploy", "-t", "project", "-d", "staging deploy: make deploy-staging once the migrations ran");
  await save("short", "-t", "reference", "-d", "the API docs live in docs/api");
  return w;
}

test("candidates: the pinned long hook first (every prompt), then the other long hook and the same-type overlap; merges never cross types", async (t) => {
  const w = await setup(t);
  const r = await memctl(w, ["compress", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  const kinds = out.candidates.map((c: { kind: string; cards: { name: string }[] }) => [c.kind, c.cards.map((x) => x.name).join("+")]);
  assert.deepEqual(kinds[0], ["shorten", "pinned-long"]);
  assert.ok(kinds.some((k: [string, string]) => k[0] === "shorten" && k[1] === "api-errors"));
  assert.ok(kinds.some((k: [string, string]) => k[0] === "merge" && /deploy-staging/.test(k[1]) && /staging-deploy/.test(k[1])));
  assert.ok(!kinds.some((k: [string, string]) => k[1].includes("short")));
  const pinned = out.candidates[0];
  assert.equal(pinned.weight, 1);
  assert.equal(pinned.per_prompt_bytes, pinned.saved_bytes);
  for (let i = 1; i < out.candidates.length; i++) assert.ok(out.candidates[i - 1].per_prompt_bytes >= out.candidates[i].per_prompt_bytes);
});

test("--shorten stages a description-only proposal; accepting it changes the hook and never the body", async (t) => {
  const w = await setup(t);
  const card = path.join(w.mem, "feedback_api-errors.md");
  fs.appendFileSync(card, "\nDetail kept: examples of good messages.\n");
  await memctl(w, ["adopt"]);
  const body = fs.readFileSync(card, "utf8").split(/^---$/m)[2];
  const longer = await memctl(w, ["compress", "--shorten", "api-errors", "-d", `${LONG}!`]);
  assert.equal(longer.code, 2, "a hook that is not shorter is refused");
  const r = await memctl(w, ["compress", "--shorten", "api-errors", "-d", "ApiError names the bad input and the fix", "--actor", "host:claude", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const p = JSON.parse(r.stdout).proposal;
  assert.deepEqual(
    [p.card.name, p.card.description, p.card.body, p.target, p.proposer],
    ["api-errors", "ApiError names the bad input and the fix", undefined, "feedback_api-errors.md", "host:claude"],
  );
  assert.equal((await memctl(w, ["accept", p.id])).code, 0);
  assert.equal(fs.readFileSync(card, "utf8").split(/^---$/m)[2], body, "the body is byte-identical");
  assert.match(fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8"), /\(feedback_api-errors\.md\) — ApiError names the bad input and the fix$/m);
});

test("a card lacking a required field is listed as blocked, and staging for it is refused naming the field", async (t) => {
  const w = await setup(t);
  const card = path.join(w.mem, "feedback_api-errors.md");
  fs.writeFileSync(
    card,
    fs
      .readFileSync(card, "utf8")
      .replace(/^repo_refs:.*\n/m, "")
      .replace(/^topics:.*\n(?:\s+-.*\n)*/m, ""),
  );
  const out = JSON.parse((await memctl(w, ["compress", "--json"])).stdout);
  const c = out.candidates.find((x: { cards: { name: string }[] }) => x.cards[0]!.name === "api-errors");
  assert.match(c.blocked, /feedback_api-errors\.md lacks the required fields topics, repo_refs/);
  const before = fs.readdirSync(path.join(w.mem, ".memctl")).sort();
  const r = await memctl(w, ["compress", "--shorten", "api-errors", "-d", "short hook"]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /nothing staged: feedback_api-errors\.md lacks the required fields topics, repo_refs/);
  assert.deepEqual(fs.readdirSync(path.join(w.mem, ".memctl")).sort(), before, "no proposal was staged");
});

test("--merge stages the kept card's new hook and says to remove the other after accepting; different types are refused", async (t) => {
  const w = await setup(t);
  const r = await memctl(w, ["compress", "--merge", "staging-deploy,deploy-staging", "-d", "staging deploy: make deploy-staging after migrations", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const p = JSON.parse(r.stdout).proposal;
  assert.equal(p.target, "project_staging-deploy.md");
  assert.match(p.source, /merge of project_deploy-staging\.md into project_staging-deploy\.md \(after accepting, remove the other with: memctl rm deploy-staging\)/);
  assert.equal((await memctl(w, ["compress", "--merge", "short,api-errors", "-d", "x"])).code, 2);
});
