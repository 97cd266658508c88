import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { BLOCK_CLOSE, BLOCK_OPEN } from "../../lib/core/block.js";
import { claudeSlug } from "../../lib/config/project.js";
import { configure, handWrittenCards, script } from "../support/compact-fixture.js";
import { CLI, makeWorld, memctl, spawnEnv } from "../support/fixture.js";

// `memctl hook session-start` through the built CLI, as hosts run it: the compact plus what changed since it,
// or the pinned cards and the index in order, fenced and within [doctor] warn_bytes.

function sessionStart(w: ReturnType<typeof makeWorld>, host: string, payload: Record<string, unknown> = {}, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [CLI, "hook", "session-start", "--host", host], {
    input: JSON.stringify({ cwd: w.repo, session_id: "s-1", source: "startup", ...payload }),
    env: { ...spawnEnv(w), ...env },
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

const SUMMARIZE = `titles=$(sed -n 's/^- \\[\\([^]]*\\)\\].*/\\1/p' | tr '\\n' ' ')\necho "Decisions per topic, each with its reason: $titles"`;

test("without a compact: pinned cards first, then the index in order, cut to warn_bytes with the rest counted", async (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  handWrittenCards(w, 60);
  await memctl(w, ["save", "owner", "-t", "user", "-d", "the owner wants short answers", "--priority", "always"]);
  const out = sessionStart(w, "generic");
  const lines = out.trimEnd().split("\n");
  assert.equal(lines[0], BLOCK_OPEN);
  assert.equal(lines.at(-1), BLOCK_CLOSE);
  assert.match(lines[2]!, /^Session start: an overview/);
  assert.match(lines[3]!, /record one with memctl log before finishing/, "the once-per-session episode reminder");
  assert.match(lines[4]!, /\[owner\]\(user_owner\.md\)/, "the pinned card comes first although it is last in the index");
  assert.match(lines[5]!, /\[topic-1\]/);
  assert.ok(Buffer.byteLength(out) <= 4096, `${Buffer.byteLength(out)} bytes within the default warn_bytes`);
  assert.match(lines.at(-2)!, /^\(\d+ more lines not shown to stay within 4096 bytes/);
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, "[doctor]\nwarn_bytes = 20000\n");
  const whole = sessionStart(w, "generic");
  assert.ok(Buffer.byteLength(whole) <= 8000, "never over the host's ceiling");
});

test("with a compact: its summary plus every card written and removed since, as JSON additionalContext for Codex", async (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  handWrittenCards(w, 60);
  configure(w, [script(w, "summarize.sh", SUMMARIZE)]);
  assert.equal((await memctl(w, ["compact"])).code, 0);
  await memctl(w, ["save", "late", "-t", "feedback", "-d", "written after the compact"]);
  await memctl(w, ["rm", "topic-4"]);
  const out = JSON.parse(sessionStart(w, "codex"));
  assert.equal(out.hookSpecificOutput.hookEventName, "SessionStart");
  const text: string = out.hookSpecificOutput.additionalContext;
  assert.match(text, /^<memctl-memory kind="recalled-data">\n/);
  assert.match(text, /Session start: the compact summary/);
  assert.match(text, /Decisions per topic, each with its reason: topic-1 topic-2/);
  assert.match(text, /Written or updated since that summary \(these lines supersede it\):\n- \[late\]\(feedback_late\.md\) — written after the compact/);
  assert.match(text, /Removed since that summary \(disregard what it says about them\): topic-4 \(project_topic-4\.md\)/);
});

test("claude: nothing when the store is Claude's own auto-memory dir for the project; injected otherwise", async (t) => {
  const w = makeWorld({ explicit: false });
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  const auto = path.join(w.home, ".claude", "projects", claudeSlug(w.repo), "memory");
  fs.mkdirSync(auto, { recursive: true });
  fs.writeFileSync(path.join(auto, "MEMORY.md"), "# Memory\n\n- [a](feedback_a.md) — a note\n");
  fs.writeFileSync(path.join(auto, "feedback_a.md"), "---\nname: a\ndescription: a note\n---\nA.\n");
  assert.equal(sessionStart(w, "claude"), "", "Claude loads this MEMORY.md natively");
  assert.match(sessionStart(w, "codex"), /a note/, "other hosts still get it");
  assert.match(sessionStart(w, "claude", {}, { CLAUDE_CODE_DISABLE_AUTO_MEMORY: "1" }), /"hookEventName":"SessionStart"/);
});

test("no store, a bad payload: nothing printed, exit 0", async (t) => {
  const w = makeWorld({ createMemory: false });
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  assert.equal(sessionStart(w, "claude"), "");
  const r = spawnSync(process.execPath, [CLI, "hook", "session-start"], { input: "not json", env: spawnEnv(w), encoding: "utf8" });
  assert.deepEqual([r.status, r.stdout], [0, ""]);
});
