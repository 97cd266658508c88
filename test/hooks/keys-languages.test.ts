// Issue 28, across languages, end to end: an owner of English cards types Chinese through the compiled hook, the
// why log records each prompt's language, `memctl keys --backfill` then asks the configured model (a scripted
// stand-in) for Chinese keys too, and the next Chinese prompt reaches the English card.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";
import { makeWorld, memctl, spawnEnv, type World } from "../support/fixture.js";
import { modelScript, recallConfig } from "../support/keys-fixture.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");

/** Keys per card, in English always and in Chinese only when the prompt asks for Chinese. */
const STAND_IN = `
const name = /\\nname: (.*)\\n/.exec(prompt)[1];
fs.appendFileSync(path.join(dir, "prompts.log"), prompt + "\\n=====\\n");
const en = { "deploy-tests": ["what to check before shipping", "release went out with failing specs"], "cache-ttl": ["stale data after an update", "how long responses stay cached"] };
const zh = { "deploy-tests": ["上线部署之前要先做什么", "发布前忘了跑测试"], "cache-ttl": ["更新后数据还是旧的", "接口缓存多久过期"] };
const keys = [...(en[name] || ["notes about " + name])];
if (/Chinese/.test(prompt)) keys.push(...(zh[name] || []));
console.log(keys.join("\\n"));
`;

async function hook(w: World, prompt: string, session: string): Promise<string> {
  const payload = JSON.stringify({ session_id: session, cwd: w.repo, hook_event_name: "UserPromptSubmit", prompt });
  const r = await runBounded([HOOK, "--host", "generic"], payload, spawnEnv(w), w.repo, 30_000);
  assert.equal(r.code, 0, r.stdout);
  return r.stdout;
}

test("through the hook: Chinese prompts make Chinese keys for English cards, and a Chinese prompt then reaches one", async () => {
  const w = makeWorld();
  const save = async (name: string, description: string) => assert.equal((await memctl(w, ["save", name, "-t", "project", "-d", description])).code, 0);
  await save("deploy-tests", "Run the full test suite before every production deploy");
  await save("cache-ttl", "API responses are cached for five minutes behind the gateway");
  await save("branch-names", "Feature branches are named after the ticket they close");
  recallConfig(w, [modelScript(w, "stand-in", STAND_IN)]);

  const question = "上线部署之前我要先做什么？";
  const before = await hook(w, question, "s1");
  assert.doesNotMatch(before, /project_deploy-tests\.md/, "no Chinese key yet: the English card is out of reach");
  await hook(w, "发布前需要检查哪些东西", "s2");
  await hook(w, "缓存的数据怎么还是旧的", "s3");
  const whyLog = fs.readFileSync(path.join(w.mem, ".memctl", "why.jsonl"), "utf8");
  assert.deepEqual(
    whyLog
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l).prompt_lang),
    ["zh", "zh", "zh"],
  );
  assert.ok(!whyLog.includes(question), "the why log keeps the language, not the prompt");

  const keys = await memctl(w, ["keys", "--backfill"]);
  assert.equal(keys.code, 0, keys.stderr);
  assert.match(fs.readFileSync(path.join(w.root, "prompts.log"), "utf8"), /owner types prompts in: Chinese\./);
  assert.match(fs.readFileSync(path.join(w.mem, "project_deploy-tests.md"), "utf8"), /- 上线部署之前要先做什么\n/);

  const after = await hook(w, question, "s4");
  assert.match(after, /project_deploy-tests\.md/);
  assert.ok(!after.includes("上线部署之前要先做什么"), "a key is matched, never printed");
  assert.doesNotMatch(after, /project_branch-names\.md/);
});
