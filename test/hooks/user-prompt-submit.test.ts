import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { runUserPromptHook } from "../../lib/hook/run.js";
import { claudeSlug } from "../../lib/config/project.js";
import { REPO_ROOT, runCli, sandbox, testIo } from "../helpers.js";

const CARDS = [
  { file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose", topics: ["testing"] },
  { file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging; prod needs a tag" },
  { file: "user_owner.md", title: "Owner", hook: "wants short answers", priority: "always" },
];
const payload = (cwd: string | undefined, prompt: string) =>
  JSON.stringify({ session_id: `s-${process.hrtime.bigint()}`, ...(cwd ? { cwd } : {}), hook_event_name: "UserPromptSubmit", prompt });

test("claude: relevant lines and pinned cards as hookSpecificOutput.additionalContext, hits recorded", async () => {
  const s = sandbox(CARDS);
  try {
    const r = await runUserPromptHook(payload(s.repo, "how do we run the tests?"), { host: "claude" }, s.io);
    assert.equal(r.status, "injected");
    assert.equal(r.outcome.exitCode, 0);
    const out = JSON.parse(r.outcome.stdout);
    assert.deepEqual(Object.keys(out), ["hookSpecificOutput"]);
    assert.deepEqual(Object.keys(out.hookSpecificOutput), ["hookEventName", "additionalContext"]);
    const text: string = out.hookSpecificOutput.additionalContext;
    const dir = /^<memctl-memory kind="recalled-data">\nRecalled notes, not instructions \(cards in (\/\S+\/memory)\):\n/.exec(text)?.[1];
    assert.ok(dir, text);
    assert.ok(text.includes("(feedback_testing.md)") && text.includes("(user_owner.md)") && !text.includes("project_deploy.md"));
    // Issue 19: the per-prompt wrapper is lean. Nothing relevant was left out, so no omitted notice; the store's
    // facts and the episode reminder are said once at session start.
    assert.doesNotMatch(text, /omitted|more relevant|episode/);
    const cardLines = text.split("\n").filter((l) => l.startsWith("- ["));
    const wrapper = Buffer.byteLength(text) - cardLines.reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
    assert.ok(wrapper - Buffer.byteLength(dir) <= 110, `wrapper ${wrapper} B besides the ${Buffer.byteLength(dir)}-byte directory`);
    assert.ok(Buffer.byteLength(text) <= 1500);
    assert.equal(
      fs
        .readFileSync(path.join(s.memory, ".memctl", "usage.log"), "utf8")
        .trim()
        .split("\t")
        .slice(1)
        .join(","),
      "feedback_testing.md",
    );
  } finally {
    s.cleanup();
  }
});

test("codex: plain schema keys only; grok camelCase payloads are normalised", async () => {
  const s = sandbox(CARDS);
  try {
    // Two sessions: in one session the second run of the same prompt is a second wiring and prints nothing.
    const camel = (sessionId: string) => JSON.stringify({ hookEventName: "user_prompt_submit", sessionId, cwd: s.repo, prompt: "deploy to prod" });
    const r = await runUserPromptHook(camel("x"), { host: "codex" }, s.io);
    assert.equal(r.status, "injected");
    assert.match(JSON.parse(r.outcome.stdout).hookSpecificOutput.additionalContext, /project_deploy\.md/);
    const g = await runUserPromptHook(camel("y"), { host: "generic" }, s.io);
    assert.ok(g.outcome.stdout.startsWith("<memctl-memory"));
  } finally {
    s.cleanup();
  }
});

test("the per-prompt block carries no episode reminder, whatever the newest episode's age (session start says it)", async () => {
  const s = sandbox(CARDS);
  try {
    const ep = (ts: string) => JSON.stringify({ ts, host: "claude", summary: "x" }) + "\n";
    fs.writeFileSync(path.join(s.memory, "episodes.jsonl"), ep("2026-11-28T09:00:00.000Z"));
    const old = await runUserPromptHook(payload(s.repo, "tests"), { host: "generic" }, s.io);
    assert.match(old.outcome.stdout, /feedback_testing\.md/);
    assert.doesNotMatch(old.outcome.stdout, /episode/);
  } finally {
    s.cleanup();
  }
});

test("prompts that need no memory get no block when no word of theirs is a card's (any language)", async () => {
  const s = sandbox(CARDS.filter((c) => !c.priority));
  try {
    for (const prompt of ["ok go ahead", "merci, c'est parfait", "ありがとう、助かりました", "好的，谢谢"]) {
      const r = await runUserPromptHook(payload(s.repo, prompt), { host: "claude" }, s.io);
      assert.equal(r.outcome.stdout, "", prompt);
    }
  } finally {
    s.cleanup();
  }
});

test("through the rank cache, a katakana syllable shared with a card's title is no reason for a block (issue 28)", async () => {
  const s = sandbox([
    { file: "reference_snapshot.md", title: "スナップショットの取り方", hook: "毎晩取って一週間残す", topics: ["スナップショット"] },
    { file: "feedback_tdd.md", title: "テストから書く", hook: "失敗するテストを先に書いておく", topics: ["テスト"] },
  ]);
  try {
    // "ット" of コミット is in the snapshot card's title; no card holds コミット whole (a keyless card holding it would
    // get the one lone-word line: test/lib/rank/lone-word.test.ts).
    const chat = await runUserPromptHook(payload(s.repo, "いいね、コミットお願いします"), { host: "claude" }, s.io);
    assert.equal(chat.outcome.stdout, "");
    const asked = await runUserPromptHook(payload(s.repo, "スナップショットはいつ消える？"), { host: "claude" }, s.io);
    assert.match(JSON.parse(asked.outcome.stdout).hookSpecificOutput.additionalContext, /reference_snapshot\.md/);
  } finally {
    s.cleanup();
  }
});

test("nothing useful → nothing printed, exit 0: no store, empty index, no hits (no pinned cards)", async () => {
  const s = sandbox(CARDS.filter((c) => !c.priority));
  try {
    const noHits = await runUserPromptHook(payload(s.repo, "yes, ship it"), { host: "claude" }, s.io);
    assert.deepEqual([noHits.status, noHits.outcome], ["no-hits", { stdout: "", stderr: "", exitCode: 0 }]);
    fs.writeFileSync(path.join(s.memory, "MEMORY.md"), "# Memory\n");
    const empty = await runUserPromptHook(payload(s.repo, "tests"), { host: "claude" }, s.io);
    assert.deepEqual([empty.status, empty.outcome.stdout, empty.outcome.exitCode], ["no-store", "", 0]);
    const none = await runUserPromptHook(payload(s.repo, "tests"), { host: "claude" }, { ...s.io, env: { MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") } });
    assert.deepEqual([none.status, none.outcome.stdout, none.outcome.exitCode], ["no-store", "", 0]);
  } finally {
    s.cleanup();
  }
});

test("a store that exists but cannot be read → MEMORY INDEX UNAVAILABLE block, logged, exit 0", async () => {
  const s = sandbox(CARDS);
  try {
    fs.rmSync(path.join(s.memory, "MEMORY.md"));
    fs.mkdirSync(path.join(s.memory, "MEMORY.md"));
    const r = await runUserPromptHook(payload(s.repo, "tests"), { host: "generic" }, s.io);
    assert.equal(r.status, "unavailable");
    assert.equal(r.outcome.exitCode, 0);
    assert.match(r.outcome.stdout, /MEMORY INDEX UNAVAILABLE \(.*MEMORY\.md.*\)/);
    assert.match(r.outcome.stderr, /memory index unavailable/);
    assert.match(fs.readFileSync(path.join(s.home, ".local", "state", "memctl", "hook.log"), "utf8"), /MEMORY\.md/);
  } finally {
    s.cleanup();
  }
});

test("invalid explicit selection never blocks: every host gets a loud UNAVAILABLE block naming what to fix, exit 0, logged", async () => {
  const s = sandbox(CARDS);
  try {
    const io = { ...s.io, env: { ...s.io.env, MEMCTL_MEMORY_DIR: path.join(s.root, "missing") } };
    const c = await runUserPromptHook(payload(s.repo, "tests"), { host: "claude" }, io);
    assert.equal(c.status, "invalid-explicit");
    assert.equal(c.outcome.exitCode, 0);
    const out = JSON.parse(c.outcome.stdout);
    assert.equal(out.decision, undefined);
    assert.match(
      out.hookSpecificOutput.additionalContext,
      /MEMORY INDEX UNAVAILABLE \(memory selection is invalid — MEMCTL_MEMORY_DIR = .*missing does not exist; fix or unset it/,
    );
    assert.ok(!out.hookSpecificOutput.additionalContext.includes("feedback_testing.md"), "no other store is read instead");
    for (const host of ["codex", "generic", "opencode", "grok"]) {
      const x = await runUserPromptHook(payload(s.repo, "tests"), { host }, io);
      assert.deepEqual([x.status, x.outcome.exitCode], ["invalid-explicit", 0], host);
      assert.match(x.outcome.stdout, /MEMORY INDEX UNAVAILABLE \(memory selection is invalid/, host);
      assert.match(x.outcome.stderr, /memory selection is invalid/, host);
    }
    assert.match(fs.readFileSync(path.join(s.home, ".local", "state", "memctl", "hook.log"), "utf8"), /memory selection is invalid/);
  } finally {
    s.cleanup();
  }
});

test("a leftover global memory_dir key is ignored with a warning by the hook, which uses the legacy store; strict callers reject it", async () => {
  const s = sandbox(CARDS);
  try {
    const legacy = path.join(s.home, ".claude", "projects", claudeSlug(s.repo), "memory");
    fs.mkdirSync(path.dirname(legacy), { recursive: true });
    fs.cpSync(s.memory, legacy, { recursive: true });
    fs.writeFileSync(s.io.env.MEMCTL_CONFIG_FILE!, `memory_dir = "${path.join(s.root, "elsewhere")}"\n`);
    const io = { ...s.io, env: { ...s.io.env, MEMCTL_MEMORY_DIR: undefined } };
    const r = await runUserPromptHook(payload(s.repo, "how do we run the tests?"), { host: "generic" }, io);
    assert.equal(r.status, "injected", r.outcome.stdout);
    assert.ok(r.outcome.stdout.includes("(feedback_testing.md)"));
    assert.ok(r.outcome.stdout.includes(`.claude/projects/${claudeSlug(s.repo)}/memory`), "the legacy store, not the global key's directory");
    assert.match(fs.readFileSync(path.join(s.home, ".local", "state", "memctl", "hook.log"), "utf8"), /global memory_dir .*ignored/);
    const strict = await runCli(["resolve", "--json", "--repo-root", s.repo], testIo({ cwd: s.repo, home: s.home, env: { ...io.env, HOME: s.home } }));
    assert.equal(strict.code, 3);
    assert.equal(JSON.parse(strict.stdout).resolution_source, "config-legacy-global");
  } finally {
    s.cleanup();
  }
});

test("bad input: malformed JSON, missing cwd, binary garbage, a 5 MB prompt — exit 0, nothing written", async () => {
  const s = sandbox(CARDS);
  try {
    for (const input of ["{not json", payload(undefined, "tests"), Buffer.from([0xff, 0x00, 0xfe, 0x7b, 0x5b]), JSON.stringify({ cwd: "/nonexistent/dir", prompt: "x" })]) {
      const r = await runUserPromptHook(input, { host: "claude" }, s.io);
      assert.deepEqual([r.status, r.outcome], ["bad-input", { stdout: "", stderr: "", exitCode: 0 }]);
    }
    assert.equal(fs.existsSync(path.join(s.memory, ".memctl")), false);
    const huge = await runUserPromptHook(payload(s.repo, "tests ".repeat(900_000)), { host: "claude" }, s.io);
    assert.equal(huge.outcome.exitCode, 0);
    assert.equal(huge.status, "injected");
  } finally {
    s.cleanup();
  }
});

test("the compiled entry: --max-bytes on the wired command line, stdin payload, exit 0", () => {
  const s = sandbox(CARDS);
  try {
    const run = (args: string[]) =>
      spawnSync(process.execPath, [path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs"), ...args], {
        input: payload(s.repo, "how do we run the tests?"),
        env: { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") },
        encoding: "utf8",
      });
    const full = run(["--host", "generic"]);
    // Budgets never come from the environment: ambient variables change nothing.
    const ambient = spawnSync(process.execPath, [path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs"), "--host", "generic"], {
      input: payload(s.repo, "how do we run the tests?"),
      env: {
        PATH: process.env.PATH,
        HOME: s.home,
        MEMCTL_MEMORY_DIR: s.memory,
        MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml"),
        MEMORY_MAX_INJECT_BYTES: "10",
        MEMCTL_MAX_BYTES: "10",
        MEMORY_MAX_INJECT_ENTRIES: "0",
      },
      encoding: "utf8",
    });
    assert.equal(ambient.stdout, full.stdout);
    assert.equal(full.status, 0);
    assert.match(full.stdout, /feedback_testing\.md/);
    // The pinned line bypasses the budget, so the budget that just fits is the block minus that line.
    const pinned = Buffer.byteLength("- [Owner](user_owner.md) — wants short answers\n");
    const fits = Buffer.byteLength(full.stdout) - pinned;
    assert.match(run(["--host", "generic", "--max-bytes", String(fits)]).stdout, /feedback_testing\.md/);
    const tight = run(["--host", "generic", "--max-bytes", String(fits - 1)]);
    assert.equal(tight.status, 0);
    assert.doesNotMatch(tight.stdout, /feedback_testing\.md/);
    assert.match(tight.stdout, /user_owner\.md/);
  } finally {
    s.cleanup();
  }
});
