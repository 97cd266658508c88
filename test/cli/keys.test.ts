import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { claudeSlug } from "../../lib/config/project.js";
import { readHistory } from "../../lib/store/history.js";
import { handWrittenCards } from "../support/compact-fixture.js";
import { makeWorld, memctl, type World } from "../support/fixture.js";
import { KEYS_STAND_IN, modelScript, recallConfig } from "../support/keys-fixture.js";

// memctl keys with a real configured command: small node scripts standing in for the user's model.

/** Whether `pid` has exited (and been reaped) within two seconds. */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 40; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

const card = (w: World, n: number) => path.join(w.mem, `project_topic-${n}.md`);

test("with no model configured, keys says what to configure (E_NO_MODEL, exit 2) and everything else works unchanged", async () => {
  const w = makeWorld();
  handWrittenCards(w, 2);
  const before = fs.readFileSync(card(w, 1));
  const one = await memctl(w, ["keys", "topic-1", "--json"]);
  assert.equal(one.code, 2);
  const err = JSON.parse(one.stdout).error;
  assert.equal(err.code, "E_NO_MODEL");
  assert.match(err.message, /no model command is configured: add to .*config\.toml\n {2}\[recall\]\n {2}llm_command = \["claude", "-p"\]/);
  const all = await memctl(w, ["keys", "--backfill"]);
  assert.equal(all.code, 2);
  assert.match(all.stderr, /\[compact\] llm_command is used when \[recall\] sets none/);
  assert.match(all.stderr, /^memctl: no model command is configured/, 'one prefix, not "memctl: memctl keys:"');
  assert.ok(fs.readFileSync(card(w, 1)).equals(before));
  assert.equal(fs.existsSync(path.join(w.mem, ".memctl", "jobs.jsonl")), false);
  assert.equal((await memctl(w, ["save", "topic-1", "--recall", "by hand"])).code, 0);
  assert.equal((await memctl(w, ["save", "fresh", "-t", "user", "-d", "a new card, no model"])).code, 0);
  assert.doesNotMatch(fs.readFileSync(path.join(w.mem, "user_fresh.md"), "utf8"), /recall:/);
});

test("keys NAME writes the model's keys through the save path as model:<command>, keeping updated_at; --dry-run writes nothing; --force rewrites", async () => {
  const w = makeWorld();
  handWrittenCards(w, 3);
  const cmd = modelScript(w, "stand-in", KEYS_STAND_IN);
  recallConfig(w, [cmd]);
  const before = fs.readFileSync(card(w, 2), "utf8");
  const dry = await memctl(w, ["keys", "topic-2", "--dry-run"]);
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /^dry run: 10 keys for project_topic-2\.md \(nothing written\)\n {2}why does topic-2 keep failing\n/);
  assert.equal(fs.readFileSync(card(w, 2), "utf8"), before);

  const r = await memctl(w, ["keys", "topic-2", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual([out.status, out.actor, out.keys.length], ["written", "model:stand-in", 10]);
  const after = fs.readFileSync(card(w, 2), "utf8");
  // Only the recall list is new; updated_at and every other byte stay.
  assert.equal(after.replace(/recall:\n(?: {2}- .*\n)+/, ""), before);
  assert.match(after, /\nrecall:\n {2}- why does topic-2 keep failing\n {2}- topic-2 cassé après la mise à jour\n/);
  // The prompt was the product's, for this card, in the store's languages.
  const prompt = fs.readFileSync(path.join(w.root, "stand-in.prompt"), "utf8");
  assert.match(prompt, /^You write recall keys for one memory card/);
  assert.match(prompt, /name: topic-2\n/);
  const entry = readHistory(w.mem).entries.at(-1)!;
  assert.deepEqual([entry.card, entry.actor, entry.op], ["project_topic-2.md", "model:stand-in", "update"]);

  const again = await memctl(w, ["keys", "topic-2"]);
  assert.equal(again.code, 0);
  assert.match(again.stdout, /unchanged: project_topic-2\.md: it has keys already \(--force rewrites them\)/);
  fs.writeFileSync(path.join(w.root, "stand-in.variant"), "v2");
  const forced = await memctl(w, ["keys", "topic-2", "--force"]);
  assert.equal(forced.code, 0, forced.stderr);
  assert.match(fs.readFileSync(card(w, 2), "utf8"), /- v2 why does topic-2 keep failing\n/);
});

/** Each broken model, and what `keys` must say; the card's bytes must not change. */
const BROKEN: { name: string; js: string; timeout?: number; reason: RegExp }[] = [
  { name: "failing", js: `process.stderr.write("not logged in\\n"); process.exit(3);`, reason: /exited with status 3: not logged in/ },
  {
    name: "slow",
    js: `fs.writeFileSync(path.join(dir, "slow.pid"), String(process.pid)); setTimeout(() => console.log("late key"), 60000);`,
    timeout: 1,
    reason: /did not finish within 1s \(killed\)/,
  },
  { name: "junk", js: "console.log('```'); console.log('Here are the keys:'); console.log('```');", reason: /held no usable key/ },
  {
    name: "secret",
    js: `console.log("login fails with ghp_" + "aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3kM5"); console.log("another key");`,
    reason: /looks like a secret; nothing was written/,
  },
  { name: "flood", js: `process.stdout.write("key line\\n".repeat(140000));`, reason: /printed more than 1048576 bytes/ },
];

for (const b of BROKEN) {
  test(`a ${b.name} model leaves the card's bytes unchanged and says why (exit 1)`, async () => {
    const w = makeWorld();
    handWrittenCards(w, 2);
    recallConfig(w, [modelScript(w, b.name, b.js)], b.timeout);
    const before = fs.readFileSync(card(w, 1));
    const r = await memctl(w, ["keys", "topic-1"]);
    assert.equal(r.code, 1, r.stdout);
    assert.match(r.stderr, /^memctl keys: no keys for project_topic-1\.md: /);
    assert.match(r.stderr, b.reason);
    assert.match(r.stderr, /the card is unchanged\n$/);
    assert.ok(fs.readFileSync(card(w, 1)).equals(before));
    assert.equal(readHistory(w.mem).entries.length, 0);
    if (b.name === "slow") {
      // Killed with its process group, not left running.
      const pid = Number(fs.readFileSync(path.join(w.root, "slow.pid"), "utf8"));
      assert.ok(await gone(pid), `process ${pid} still runs`);
    }
    // The same model in a backfill: reported per card, the job still completes, every card untouched.
    const all = await memctl(w, ["keys", "--backfill", "--json"]);
    assert.equal(all.code, 1);
    const out = JSON.parse(all.stdout);
    assert.deepEqual([out.cards, out.written, out.failed], [2, 0, 2]);
    assert.ok(fs.readFileSync(card(w, 1)).equals(before));
  });
}

test("--backfill writes keys for every card without them, with progress on stderr, as a ledger job; a rerun has nothing to do", async () => {
  const w = makeWorld();
  handWrittenCards(w, 6);
  await memctl(w, ["save", "topic-3", "--recall", "already keyed"]);
  recallConfig(w, [modelScript(w, "stand-in", KEYS_STAND_IN)]);
  const r = await memctl(w, ["keys", "--backfill"]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /^memctl keys: 1\/5 project_topic-1\.md: 10 keys\n/);
  assert.match(r.stderr, /memctl keys: 5\/5 project_topic-6\.md: 10 keys\n$/);
  assert.match(r.stdout, /^wrote keys for 5 of 5 cards \(job j-\S+\)\n$/);
  assert.match(fs.readFileSync(card(w, 3), "utf8"), /recall:\n {2}- already keyed\n/);
  const jobs = JSON.parse((await memctl(w, ["jobs", "--json"])).stdout).jobs as { kind: string; status: string; result: { written: number } }[];
  assert.deepEqual(
    jobs.map((j) => [j.kind, j.status, j.result.written]),
    [["recall-keys", "done", 5]],
  );
  const rerun = await memctl(w, ["keys", "--backfill", "--json"]);
  assert.deepEqual([JSON.parse(rerun.stdout).cards, rerun.code], [0, 0]);
  // --dry-run --backfill --force asks for every card and writes nothing, not even a job.
  const dry = JSON.parse((await memctl(w, ["keys", "--backfill", "--force", "--dry-run", "--json"])).stdout);
  assert.deepEqual([dry.cards, dry.written, dry.job], [6, 6, null]);
  assert.equal(JSON.parse((await memctl(w, ["jobs", "--json"])).stdout).jobs.length, 2);
});

test("from an agent host's shell, keys NAME stages a proposal and --backfill is refused; an agent is refused", async () => {
  const w = makeWorld();
  handWrittenCards(w, 2);
  recallConfig(w, [modelScript(w, "stand-in", KEYS_STAND_IN)]);
  const before = fs.readFileSync(card(w, 1));
  const staged = await memctl(w, ["keys", "topic-1", "--json"], { env: { CLAUDECODE: "1" } });
  assert.equal(staged.code, 0, staged.stderr);
  const out = JSON.parse(staged.stdout);
  assert.deepEqual([out.saved, out.staged, out.proposal.target, out.proposal.card.recall.length], [false, true, "project_topic-1.md", 10]);
  assert.ok(fs.readFileSync(card(w, 1)).equals(before));
  const all = await memctl(w, ["keys", "--backfill", "--json"], { env: { CLAUDECODE: "1" } });
  assert.deepEqual([all.code, JSON.parse(all.stdout).error.code], [1, "E_READ_ONLY"]);
  const agent = await memctl(w, ["keys", "topic-1", "--task-id", "t1", "--json"]);
  assert.deepEqual([agent.code, JSON.parse(agent.stdout).error.code], [1, "E_READ_ONLY"]);
  assert.ok(fs.readFileSync(card(w, 1)).equals(before));
  // The owner accepts the staged keys like any proposal.
  // --keep-both: the fixture's cards differ by one word, which accept would otherwise flag.
  const accepted = await memctl(w, ["accept", out.proposal.id, "--keep-both"]);
  assert.equal(accepted.code, 0, accepted.stderr);
  assert.match(fs.readFileSync(card(w, 1), "utf8"), /recall:\n {2}- why does topic-1 keep failing\n/);
});

test("[recall] on_save = true: a new card the owner saves gets keys (a second revision by the model); off by default", async () => {
  const w = makeWorld();
  const cmd = modelScript(w, "stand-in", KEYS_STAND_IN);
  recallConfig(w, [cmd]);
  assert.equal((await memctl(w, ["save", "off", "-t", "user", "-d", "saved with on_save unset"])).code, 0);
  assert.doesNotMatch(fs.readFileSync(path.join(w.mem, "user_off.md"), "utf8"), /recall:/);
  recallConfig(w, [cmd], undefined, "on_save = true\n");
  const r = await memctl(w, ["save", "on", "-t", "user", "-d", "saved with on_save on"]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /\[recall\] on_save: model:stand-in wrote 10 recall keys/);
  assert.match(fs.readFileSync(path.join(w.mem, "user_on.md"), "utf8"), /recall:\n {2}- why does on keep failing\n/);
  assert.deepEqual(
    readHistory(w.mem)
      .entries.filter((e) => e.card === "user_on.md")
      .map((e) => e.actor),
    ["human", "model:stand-in"],
  );
  // Keys given by hand are kept: the model is not asked.
  await memctl(w, ["save", "manual", "-t", "user", "-d", "keys by hand", "--recall", "mine"]);
  assert.match(fs.readFileSync(path.join(w.mem, "user_manual.md"), "utf8"), /recall:\n {2}- mine\npriority/);
});

test("[recall] llm_command falls back to [compact] llm_command; a malformed [recall] table is reported by config lint", async () => {
  const w = makeWorld();
  handWrittenCards(w, 1);
  const cmd = modelScript(w, "compact-model", KEYS_STAND_IN);
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, `[compact]\nllm_command = [${JSON.stringify(cmd)}]\n`);
  const r = await memctl(w, ["keys", "topic-1", "--json"]);
  assert.equal(JSON.parse(r.stdout).actor, "model:compact-model");
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, `[recall]\nllm_command = "claude -p"\ntimeout_seconds = 0\non_save = "yes"\nmodel = 1\n`);
  const lint = await memctl(w, ["config", "lint"]);
  assert.match(lint.stdout + lint.stderr, /recall\.llm_command must be a non-empty list of strings/);
  assert.match(lint.stdout + lint.stderr, /recall\.timeout_seconds must be a positive number/);
  assert.match(lint.stdout + lint.stderr, /recall\.on_save must be true or false/);
  assert.match(lint.stdout + lint.stderr, /unknown key "recall\.model"/);
});

test("import claude --yes --keys imports, then backfills keys; without a model nothing is imported", async () => {
  const w = makeWorld();
  const claude = path.join(w.home, ".claude", "projects", claudeSlug(w.repo), "memory");
  fs.mkdirSync(claude, { recursive: true });
  fs.writeFileSync(path.join(claude, "feedback_testing.md"), "---\nname: testing\ndescription: run the suite before pushing\ntype: feedback\n---\nAlways.\n");
  fs.writeFileSync(path.join(claude, "MEMORY.md"), "# Memory\n- [testing](feedback_testing.md) — run the suite before pushing\n");
  const noModel = await memctl(w, ["import", "claude", "--yes", "--keys"]);
  assert.equal(noModel.code, 2);
  assert.match(noModel.stderr, /no model command is configured/);
  assert.equal(fs.existsSync(path.join(w.mem, "feedback_testing.md")), false);
  assert.equal((await memctl(w, ["import", "claude", "--keys"])).code, 2);
  recallConfig(w, [modelScript(w, "stand-in", KEYS_STAND_IN)]);
  const r = await memctl(w, ["import", "claude", "--yes", "--keys"]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /imported 1 card:[\s\S]*wrote keys for 1 of 1 cards/);
  assert.match(fs.readFileSync(path.join(w.mem, "feedback_testing.md"), "utf8"), /recall:\n {2}- why does testing keep failing\n/);
});

test("[recall] languages adds the languages people ask in to those the cards are written in; a bad value is reported", async () => {
  const w = makeWorld();
  handWrittenCards(w, 1);
  const cmd = modelScript(w, "stand-in", KEYS_STAND_IN);
  recallConfig(w, [cmd], undefined, 'languages = ["Chinese", "english"]\n');
  assert.equal((await memctl(w, ["keys", "topic-1", "--dry-run"])).code, 0);
  const prompt = fs.readFileSync(path.join(w.root, "stand-in.prompt"), "utf8");
  assert.match(prompt, /the ones this store is written in: English; and the ones its owner types prompts in: Chinese\./);
  recallConfig(w, [cmd], undefined, 'languages = "Chinese"\n');
  const lint = await memctl(w, ["config", "lint"]);
  assert.match(lint.stdout + lint.stderr, /recall\.languages must be a list/);
});
