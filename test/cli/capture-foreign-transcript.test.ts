import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { initRepo } from "../helpers.js";
import { LINT, claudeProjectDir, endSession, pending, run, transcript, world, type World } from "../support/capture-world.js";

// Every project's sessions lie under the host's transcript root (~/.claude/projects, ~/.codex/sessions,
// ~/.grok/sessions). A session-end payload naming another project's transcript, or another session's, had capture
// read that project's words into this store's proposals. Each host's payload is bound to its own session's transcript
// in the payload's project; anything else is refused (E_TRANSCRIPT_NOT_SESSION) and nothing is staged.

const SECRET_PLAN = "from now on, always deploy the acquisition branch to the board's staging server";

function otherProject(w: World): string {
  return initRepo(path.join(w.root, "other"));
}

function endAs(w: World, host: string, payload: Record<string, unknown>) {
  return run(w, ["hook", "session-end", "--host", host, "--foreground"], JSON.stringify({ cwd: w.proj, hook_event_name: "SessionEnd", ...payload }));
}

function assertRefused(w: World, r: { code: number | null; stdout: string; stderr: string }): void {
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /refused/);
  assert.match(r.stdout, /E_TRANSCRIPT_NOT_SESSION/);
  assert.deepEqual(pending(w), []);
}

test("claude: another project's transcript, or another session's in this project, is refused and nothing is staged", () => {
  const w = world();
  const foreign = transcript(w, [SECRET_PLAN], "s1", claudeProjectDir(w, otherProject(w)));
  assertRefused(w, endSession(w, foreign));
  const another = transcript(w, [SECRET_PLAN], "s9");
  assertRefused(w, endSession(w, another, "s1"));
  // The session's own transcript, from a subfolder the session moved to: captured.
  const own = transcript(w, [LINT], "s1");
  fs.mkdirSync(path.join(w.proj, "src"));
  const r = run(w, ["hook", "session-end", "--host", "claude", "--foreground"], JSON.stringify({ cwd: path.join(w.proj, "src"), session_id: "s1", transcript_path: own }));
  assert.equal(r.code, 0, r.stderr);
  assert.equal(pending(w).length, 1, r.stdout);
});

function codexRollout(w: World, cwd: string, name: string, said: string): string {
  const dir = path.join(w.home, ".codex", "sessions", "2026", "12", "07");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `rollout-2026-12-07T10-00-00-${name}.jsonl`);
  const lines = [
    { timestamp: "2026-12-07T10:00:00Z", type: "session_meta", payload: { id: name, cwd } },
    { timestamp: "2026-12-07T10:00:01Z", type: "event_msg", payload: { type: "user_message", message: said } },
  ];
  fs.writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  return file;
}

test("codex: a rollout whose session ran in another project is refused; one from this project is read", () => {
  const w = world();
  assertRefused(w, endAs(w, "codex", { session_id: "c1", transcript_path: codexRollout(w, otherProject(w), "c1", SECRET_PLAN) }));
  const r = endAs(w, "codex", { session_id: "c2", transcript_path: codexRollout(w, w.proj, "c2", LINT) });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(pending(w).length, 1, r.stdout);
});

function grokSession(w: World, cwd: string, session: string, said: string): string {
  const dir = path.join(w.home, ".grok", "sessions", encodeURIComponent(fs.realpathSync(cwd)), session);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "updates.jsonl");
  const update = { sessionUpdate: "user_message_chunk", content: { type: "text", text: said }, _meta: { promptIndex: 0 } };
  fs.writeFileSync(file, `${JSON.stringify({ jsonrpc: "2.0", method: "session/update", params: { sessionId: session, update } })}\n`);
  return file;
}

test("grok: another workspace's session, or another session's file, is refused; its own is read", () => {
  const w = world();
  assertRefused(w, endAs(w, "grok", { sessionId: "g1", transcriptPath: grokSession(w, otherProject(w), "g1", SECRET_PLAN) }));
  assertRefused(w, endAs(w, "grok", { sessionId: "g1", transcriptPath: grokSession(w, w.proj, "g9", SECRET_PLAN) }));
  const r = endAs(w, "grok", { sessionId: "g2", transcriptPath: grokSession(w, w.proj, "g2", LINT) });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(pending(w).length, 1, r.stdout);
});

test("opencode and the generic host read no transcript a payload names", () => {
  const w = world();
  const foreign = transcript(w, [SECRET_PLAN], "s1", claudeProjectDir(w, otherProject(w)));
  for (const host of ["opencode", "generic"]) {
    const r = endAs(w, host, { session_id: "s1", transcript_path: foreign });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /refused/);
  }
  assert.deepEqual(pending(w), []);
});
