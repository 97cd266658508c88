// The hook's "already shown this session" records (.memctl/sessions.log) must not be forgeable by whoever can put a
// file into the store's directory: a store kept inside a project checkout gets its .memctl/ from the project's
// history, and a session id is no secret (cards carry the originSessionId of the session that wrote them, and sync
// shares them). Keys are taken with a per-user secret kept outside every store, so a planted record names nothing.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { createHash } from "node:crypto";
import { lineKey } from "../../lib/core/line-key.js";
import { REPO_ROOT, sandbox } from "../helpers.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const CARDS = [
  { file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose" },
  { file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging; prod needs a tag" },
];
const SESSION = "0d6f6c1e-5b7a-4c52-9a53-8f1b2f3c4d5e";

function hook(s: ReturnType<typeof sandbox>, prompt: string, session = SESSION, host = "claude"): string {
  const r = spawnSync(process.execPath, [HOOK, "--host", host], {
    input: JSON.stringify({ session_id: session, cwd: s.repo, hook_event_name: "UserPromptSubmit", prompt }),
    env: { PATH: process.env.PATH ?? "", ...s.io.env },
    encoding: "utf8",
    timeout: 20_000,
  });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

test("records planted in .memctl/sessions.log, keyed as the hook's code computes them, suppress no card", () => {
  const s = sandbox(CARDS);
  try {
    const index = fs.readFileSync(path.join(s.memory, "MEMORY.md"), "utf8").split("\n");
    const line = index.find((l) => l.includes("(project_deploy.md)"))!;
    const session = createHash("sha256").update(SESSION).digest("hex").slice(0, 16);
    fs.mkdirSync(path.join(s.memory, ".memctl"), { recursive: true });
    // Stamped a year ahead, so the records never age out.
    const t = Date.now() + 365 * 24 * 3600 * 1000;
    fs.writeFileSync(path.join(s.memory, ".memctl", "sessions.log"), `${t}\t${session}\ts\t${lineKey(line)}\n`);
    const out = hook(s, "how do we deploy with argo to prod?");
    assert.match(out, /project_deploy\.md\) — argo syncs staging/, out);
    // The session's own records still work: the same line is not sent twice.
    assert.doesNotMatch(hook(s, "argo deploy to staging, and prod"), /— argo syncs staging/);
  } finally {
    s.cleanup();
  }
});

test("the secret is made once per user outside the stores (0600), and one that cannot be read turns deduplication off, never a line", () => {
  const s = sandbox(CARDS);
  try {
    hook(s, "how do we deploy with argo to prod?");
    const secret = path.join(s.home, ".local", "state", "memctl", "session-key");
    assert.equal(fs.statSync(secret).mode & 0o777, 0o600);
    const before = fs.readFileSync(secret, "utf8");
    hook(s, "integration tests against docker");
    assert.equal(fs.readFileSync(secret, "utf8"), before, "made once");
    assert.equal(fs.readdirSync(path.join(s.memory, ".memctl")).includes("session-key"), false);
    // Replaced by a directory: no dedupe for the run, so the card already shown is printed again rather than lost.
    fs.rmSync(secret);
    fs.mkdirSync(secret);
    assert.match(hook(s, "how do we deploy with argo to prod?"), /argo syncs staging/);
  } finally {
    s.cleanup();
  }
});

test("two hosts that send the same session id keep their own session state: one host's lines do not hide another's", () => {
  const s = sandbox(CARDS);
  try {
    // Claude's conversation holds the line; Codex's, under the same id (a copied payload, a planted record), does not.
    assert.match(hook(s, "how do we deploy with argo to prod?", SESSION, "claude"), /argo syncs staging/);
    assert.match(hook(s, "how do we deploy with argo to prod?", SESSION, "codex"), /argo syncs staging/);
    // Each host still remembers its own.
    assert.doesNotMatch(hook(s, "argo deploy to staging, and prod", SESSION, "claude"), /argo syncs staging/);
    assert.doesNotMatch(hook(s, "argo deploy to staging, and prod", SESSION, "codex"), /argo syncs staging/);
  } finally {
    s.cleanup();
  }
});
