// The real Claude Code runs memctl through its Bash tool (a slash command's !`…` line runs before any model
// call, so no model is needed): the environment Claude gives that shell makes `memctl save --actor human` a
// proposal by host:claude and `memctl rm` a refusal. Offline, fake key, temp HOME (harness.ts).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ensureHost, installMemctlAt, makeWorld, memctl, removeWorld, runUntil } from "./harness.js";

test("claude: memctl save from Claude Code's Bash tool is staged as host:claude's proposal; rm is refused", async (t) => {
  const host = ensureHost("claude");
  if ("skip" in host) return t.skip(host.skip);
  const world = makeWorld("agent-shell");
  installMemctlAt(world, path.join(world.dir, "prefix"));
  assert.equal(memctl(world, ["save", "kept", "-t", "project", "-d", "the owner's card"]).status, 0);
  const out = path.join(world.dir, "out");
  fs.mkdirSync(out);
  const commands = path.join(world.home, ".claude", "commands");
  fs.mkdirSync(commands, { recursive: true });
  const script = [
    `memctl save from-claude -t project -d "learned in the Claude Code shell" --actor human --json > ${out}/save.json 2> ${out}/save.err`,
    `memctl rm kept --json > ${out}/rm.json 2>&1`,
    `env > ${out}/env.txt`,
    `touch ${out}/done`,
  ].join("; ");
  fs.writeFileSync(path.join(commands, "probe-save.md"), `---\ndescription: probe\nallowed-tools: Bash(sh:*)\n---\nOut: !\`sh -c '${script}'\`\n`);
  const env = { ...world.env, ANTHROPIC_API_KEY: "sk-ant-e2e-fake-key", DISABLE_AUTOUPDATER: "1", DISABLE_TELEMETRY: "1", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1" };
  await runUntil(host.bin, ["-p", "/probe-save"], { cwd: world.project, env, timeoutMs: 360_000 }, () => (fs.existsSync(path.join(out, "done")) ? true : undefined));

  assert.match(fs.readFileSync(path.join(out, "env.txt"), "utf8"), /^CLAUDECODE=1$/m);
  const saved = JSON.parse(fs.readFileSync(path.join(out, "save.json"), "utf8"));
  assert.deepEqual([saved.saved, saved.staged, saved.proposal.proposer], [false, true, "host:claude"]);
  assert.match(fs.readFileSync(path.join(out, "save.err"), "utf8"), /--actor human ignored: this runs in claude's agent shell \(CLAUDECODE=1\)/);
  assert.match(fs.readFileSync(path.join(out, "rm.json"), "utf8"), /host:claude may not write memory cards directly/);
  assert.deepEqual(
    fs.readdirSync(world.store).filter((f) => f.startsWith("project_from-claude") || f === "project_kept.md"),
    ["project_kept.md"],
  );
  removeWorld(world);
});
