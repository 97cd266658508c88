// `memctl why` (issue 19, deliverable 4): what the hook injected on the last prompts and the rule behind each line.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { runUserPromptHook } from "../../lib/hook/run.js";
import { runCli, sandbox, testIo } from "../helpers.js";

const CARDS = [
  { file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging; prod needs a tag" },
  { file: "reference_deploy_commands.md", title: "Deploy commands", hook: "make deploy-staging, make deploy-prod after the tag" },
  { file: "user_owner.md", title: "Owner", hook: "wants short answers", priority: "always" },
];

async function twoPrompts(s: ReturnType<typeof sandbox>) {
  const start = Date.parse("2026-12-02T10:00:00Z");
  let now = start;
  s.io.now = () => new Date(now);
  const send = (prompt: string) => runUserPromptHook(JSON.stringify({ session_id: "sess-42", cwd: s.repo, prompt }), { host: "claude" }, s.io);
  await send("the argo pipeline for the secret project");
  now += 60_000;
  await send("deploy commands");
  return testIo({ cwd: s.repo, home: s.home, env: s.io.env });
}

test("memctl why: each injected line with its rule and score, lines already shown, the prompt only as a hash", async () => {
  const s = sandbox(CARDS);
  try {
    const io = await twoPrompts(s);
    const r = await runCli(["why", "--last", "2"], io);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /claude session sess-42 {2}prompt [0-9a-f]{16}/);
    assert.match(r.stdout, /\+ user_owner\.md {2}\d+ B {2}pinned \(priority: always\)/);
    assert.match(r.stdout, /\+ project_deploy\.md {2}\d+ B {2}score [\d.]+ {2}relevant: argo\(hook\)/);
    assert.match(r.stdout, /= already shown this session: user_owner\.md, project_deploy\.md/);
    assert.ok(!r.stdout.includes("secret project"), "the prompt was stored");
    const json = JSON.parse((await runCli(["why", "--json", "--session", "sess-42"], io)).stdout);
    assert.equal(json.runs.length, 2);
    assert.deepEqual(Object.keys(json.runs[1]).sort(), ["already_shown", "at", "budget", "bytes", "host", "lines", "prompt_hash", "prompt_lang", "session", "status"]);
    assert.equal(json.runs[1].prompt_lang, "en", "the prompt's language is kept, not its words");
    assert.equal(json.runs[1].status, "injected");
    assert.deepEqual(
      json.runs[1].lines.map((l: { file: string }) => l.file),
      ["reference_deploy_commands.md"],
    );
    const lineBytes = (run: { lines: { bytes: number }[] }) => run.lines.reduce((sum, l) => sum + l.bytes, 0);
    assert.ok(json.runs[0].bytes > 0 && json.runs[1].bytes > 0);
    assert.equal(lineBytes(json.runs[1]), json.runs[1].lines[0].bytes);
    assert.deepEqual(JSON.parse((await runCli(["why", "--json", "--session", "other"], io)).stdout).runs, []);
  } finally {
    s.cleanup();
  }
});

test("[hook] log_prompts = true keeps the prompt text in the why log", async () => {
  const s = sandbox(CARDS);
  try {
    fs.writeFileSync(path.join(s.home, "config.toml"), "[hook]\nlog_prompts = true\n");
    const io = await twoPrompts(s);
    const r = await runCli(["why", "--last", "1"], io);
    assert.match(r.stdout, /"deploy commands"/);
    const raw = fs.readFileSync(path.join(s.memory, ".memctl", "why.jsonl"), "utf8");
    assert.match(raw, /"prompt":"the argo pipeline for the secret project"/);
  } finally {
    s.cleanup();
  }
});

test("memctl why on a store the hook never ran on says so", async () => {
  const s = sandbox(CARDS);
  try {
    const r = await runCli(["why"], testIo({ cwd: s.repo, home: s.home, env: s.io.env }));
    assert.equal(r.code, 0);
    assert.match(r.stdout, /no hook runs logged yet/);
  } finally {
    s.cleanup();
  }
});
