// The session-start hook where more than memctl's overview is at stake: two wirings of it in one session (the
// plugin and an install, two scopes) give one overview; a store Claude loads itself gets the auto-memory note
// and no per-prompt repeat of the lines Claude loaded; a git project with no store gets the one step to start one.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { claudeSlug } from "../../lib/config/project.js";
import { CLI, makeWorld, spawnEnv } from "../support/fixture.js";
import { REPO_ROOT } from "../helpers.js";
import { removeScratch } from "../support/scratch.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
type World = ReturnType<typeof makeWorld>;

function start(w: World, host: string, payload: Record<string, unknown>, args: string[] = [], env: Record<string, string> = {}) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, "hook", "session-start", "--host", host, ...args], { env: { ...spawnEnv(w), ...env } });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
    child.stdin.end(JSON.stringify({ cwd: w.repo, ...payload }));
  });
}

function prompt(w: World, host: string, payload: Record<string, unknown>, env: Record<string, string> = {}): string {
  const r = spawnSync(process.execPath, [HOOK, "--host", host], { input: JSON.stringify({ cwd: w.repo, ...payload }), env: { ...spawnEnv(w), ...env }, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout === "" ? "" : JSON.parse(r.stdout).hookSpecificOutput.additionalContext;
}

function storeWith(_w: World, dir: string, lines: number) {
  fs.mkdirSync(dir, { recursive: true });
  const index = ["# Memory", ""];
  for (let i = 0; i < lines; i++) {
    index.push(`- [Deploy step ${i}](project_deploy_${i}.md) — deploy pipeline step ${i}`);
    fs.writeFileSync(path.join(dir, `project_deploy_${i}.md`), `---\nname: deploy-${i}\ndescription: deploy pipeline step ${i}\ntype: project\n---\nStep ${i}.\n`);
  }
  fs.writeFileSync(path.join(dir, "MEMORY.md"), `${index.join("\n")}\n`);
}

for (const host of ["claude", "codex"]) {
  for (const source of ["startup", "compact"]) {
    test(`${host}: two wirings run SessionStart(${source}) of one session at once — one overview, the other prints nothing`, async (t) => {
      const w = makeWorld();
      t.after(() => removeScratch(w.root));
      storeWith(w, w.mem, 3);
      for (let round = 0; round < 3; round++) {
        const payload = { session_id: `s-${source}-${round}`, source, hook_event_name: "SessionStart" };
        const outs = await Promise.all([start(w, host, payload, ["--plugin"]), start(w, host, payload)]);
        const printed = outs.filter((o) => o !== "");
        assert.equal(printed.length, 1, `round ${round}: ${printed.length} overviews`);
        assert.match(printed[0]!, /Deploy step 2/);
      }
      // A later session start of the same session (a resume, minutes on) is the host's, not a second wiring.
      assert.match(await start(w, host, { session_id: "s-later", source }), /Deploy step 0/);
    });
  }
}

test("claude: the store is its auto-memory folder and auto memory is on — the note once, and the prompt hook repeats none of the lines Claude loaded", async (t) => {
  const w = makeWorld({ explicit: false });
  t.after(() => removeScratch(w.root));
  const auto = path.join(w.home, ".claude", "projects", claudeSlug(w.repo), "memory");
  storeWith(w, auto, 205);
  const out = JSON.parse(await start(w, "claude", { session_id: "native", source: "startup" }, ["--plugin"]));
  assert.doesNotMatch(out.hookSpecificOutput.additionalContext, /Deploy step/);
  assert.match(out.systemMessage, /auto memory is on/);
  // Lines 3..200 of MEMORY.md (entries 0..197) are in Claude's context already; entries past line 200 are not.
  const block = prompt(w, "claude", { session_id: "native", prompt: "deploy pipeline step 4 and step 203" });
  assert.doesNotMatch(block, /\bDeploy step 4\]/, block);
  assert.match(block, /Deploy step 203\]/, block);
  // Without the session start (another session), the prompt hook still gives the lines.
  assert.match(prompt(w, "claude", { session_id: "other", prompt: "deploy pipeline step 4" }), /Deploy step 4\]/);
  // Auto memory off: the overview, no note.
  const off = JSON.parse(await start(w, "claude", { session_id: "off", source: "startup" }, [], { CLAUDE_CODE_DISABLE_AUTO_MEMORY: "1" }));
  assert.equal(off.systemMessage, undefined);
  assert.match(off.hookSpecificOutput.additionalContext, /Deploy step 0/);
});

test("claude loading the store itself (auto memory on): session start still names the pending proposals and the loaded lines that are no longer true", async (t) => {
  const w = makeWorld({ explicit: false });
  t.after(() => removeScratch(w.root));
  const auto = path.join(w.home, ".claude", "projects", claudeSlug(w.repo), "memory");
  storeWith(w, auto, 3);
  // Claude loads MEMORY.md as it is: step 1's line is there, though the card was superseded, and step 2's has expired.
  const card = (i: number) => path.join(auto, `project_deploy_${i}.md`);
  fs.writeFileSync(card(1), fs.readFileSync(card(1), "utf8").replace("type: project\n", "type: project\nstatus: superseded\nsuperseded_by: deploy-0\n"));
  fs.writeFileSync(card(2), fs.readFileSync(card(2), "utf8").replace("type: project\n", 'type: project\nexpires_at: "2020-01-01"\n'));
  const proposed = spawnSync(process.execPath, [CLI, "remember", "--actor", "host:claude", "deploys wait for the smoke tests"], {
    cwd: w.repo,
    env: spawnEnv(w),
    encoding: "utf8",
  });
  assert.equal(proposed.status, 0, proposed.stderr);
  const out = JSON.parse(await start(w, "claude", { session_id: "native-notes", source: "startup" }, ["--plugin"]));
  const context = out.hookSpecificOutput.additionalContext as string;
  assert.match(context, /auto memory is on/);
  assert.match(context, /^1 proposal awaits the owner's review \(memctl review\)/m);
  assert.match(context, /^Of the MEMORY\.md lines Claude loaded, these cards are no longer true \(never injected\); do not rely on them:$/m);
  assert.match(context, /^- \[Deploy step 1\]\(project_deploy_1\.md\) — superseded by deploy-0$/m);
  assert.match(context, /^- \[Deploy step 2\]\(project_deploy_2\.md\) — expired 2020-01-01$/m);
  assert.doesNotMatch(context, /Deploy step 0/);
});

test("a git project with no store: one line naming the step (the plugin's command on the plugin route); not in a plain folder", async (t) => {
  const w = makeWorld({ explicit: false, createMemory: false });
  t.after(() => removeScratch(w.root));
  const plugin = JSON.parse(await start(w, "claude", { session_id: "p", source: "startup" }, ["--plugin"]));
  assert.match(plugin.hookSpecificOutput.additionalContext, /no memory store yet\. To start one, run \/memctl:mem-init in it/);
  assert.match(plugin.systemMessage, /\/memctl:mem-init/, "the user sees it too");
  assert.match(await start(w, "codex", { session_id: "c", source: "startup" }, ["--plugin"]), /\$memctl:mem-init \(or `memctl init`\)/);
  assert.match(await start(w, "codex", { session_id: "c2", source: "startup" }), /run `memctl init` in it/);
  assert.equal(prompt(w, "claude", { session_id: "p", prompt: "deploy" }), "", "the prompt hook stays silent");
  // Two wirings of a store-less project: the hint once (the claim lives in memctl's state directory).
  const both = await Promise.all([start(w, "claude", { session_id: "two", source: "startup" }, ["--plugin"]), start(w, "claude", { session_id: "two", source: "startup" })]);
  assert.equal(both.filter((o) => o !== "").length, 1, both.join("\n"));
  const plain = path.join(w.root, "plain");
  fs.mkdirSync(plain);
  assert.equal(await start(w, "claude", { cwd: plain, session_id: "x", source: "startup" }), "");
});
