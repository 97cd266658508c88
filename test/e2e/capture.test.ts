// Capture on Claude Code 2.1.328, for real: memctl install wires SessionEnd; an offline `claude -p` session whose
// prompt says "from now on, run the linter before every commit" ends on its own (the API is unreachable), Claude
// runs the SessionEnd hook with the transcript it wrote, and a proposal with that source is staged. Nothing
// canonical changes, and the next real session's SessionStart block names the pending count.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ensureHost, filesUnder, makeWorld, memctl, readJsonl, removeWorld, runUntil, snapshot } from "./harness.js";

const host = ensureHost("claude");
const LINT = "from now on, run the linter before every commit";

test("claude: a session that says 'from now on, run the linter before every commit' ends: a proposal with that source, and the next start names it", {
  timeout: 540_000,
}, async (t) => {
  if ("skip" in host) return t.skip(`LOUD SKIP: ${host.skip}`);
  const world = makeWorld("capture");
  const installed = memctl(world, ["install", "claude"]);
  assert.equal(installed.status, 0, installed.stderr);
  assert.match(fs.readFileSync(path.join(world.home, ".claude", "settings.json"), "utf8"), /hook session-end --host claude/);
  const canonical = filesUnder(world.store).filter((f) => !f.includes(`${path.sep}.memctl${path.sep}`));
  const before = snapshot(canonical);
  const proposals = path.join(world.store, ".memctl", "proposals");
  const env = {
    ...world.env,
    ANTHROPIC_API_KEY: "sk-ant-e2e-fake-key",
    ANTHROPIC_BASE_URL: "http://127.0.0.1:9",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_TELEMETRY: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: "5000",
  };
  const staged = await runUntil(host.bin, ["-p", LINT], { cwd: world.project, env, timeoutMs: 240_000 }, () => {
    const files = fs.existsSync(proposals) ? fs.readdirSync(proposals).filter((f) => f.endsWith(".json")) : [];
    return files.length > 0 ? files.map((f) => JSON.parse(fs.readFileSync(path.join(proposals, f), "utf8"))) : undefined;
  });
  assert.equal(staged.length, 1);
  assert.equal(staged[0].card.description, "Run the linter before every commit");
  assert.match(staged[0].source, new RegExp(`^claude session [0-9a-f-]+, user message 1: "${LINT}"$`));
  assert.equal(staged[0].proposer, "host:claude");
  assert.deepEqual(snapshot(canonical), before, "cards, MEMORY.md, history and episodes are byte-identical");
  // A second session in the same project: Claude runs the SessionStart hook install wired and keeps its output in
  // the transcript; it is killed once that is there (before any SessionEnd, so it stages nothing itself).
  const transcripts = path.join(world.home, ".claude", "projects");
  const start = await runUntil(host.bin, ["-p", "what does this project do?"], { cwd: world.project, env, timeoutMs: 240_000 }, () => {
    for (const file of filesUnder(transcripts).filter((f) => f.endsWith(".jsonl"))) {
      const found = readJsonl(file)
        .map((l) => l.attachment as { hookEvent?: string; content?: unknown } | undefined)
        .map((a) => (a?.hookEvent === "SessionStart" ? (Array.isArray(a.content) ? a.content.join("\n") : typeof a.content === "string" ? a.content : "") : ""))
        .find((c) => c.includes("the owner's review"));
      if (found) return found;
    }
    return undefined;
  });
  assert.match(start, /1 proposal awaits the owner's review \(memctl review\); proposals are not memory until accepted\./);
  assert.deepEqual(snapshot(canonical), before, "still byte-identical after the second session");
  removeWorld(world);
});
