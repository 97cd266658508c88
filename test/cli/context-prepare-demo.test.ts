import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { main } from "../../lib/cli/main.js";
import { BufferSink } from "../../lib/store/io.js";
import { sandbox } from "../helpers.js";

const CARDS = [
  { file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose" },
  { file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging" },
  { file: "user_owner.md", title: "Owner", hook: "short answers", priority: "always" },
];

test("context --json: the full ranking with scores, reasons and which lines the hook would print", async () => {
  const s = sandbox(CARDS);
  try {
    assert.equal(await main(["context", "how", "do", "tests", "run", "--json"], s.io), 0);
    const report = JSON.parse(s.stdout.text);
    assert.equal(report.schema_version, 1);
    assert.deepEqual(
      report.ranking.map((r: { file: string }) => r.file),
      ["user_owner.md", "feedback_testing.md", "project_deploy.md"],
    );
    assert.deepEqual(
      report.ranking.map((r: { injected: boolean }) => r.injected),
      [true, true, false],
    );
    assert.match(report.ranking[1].why, /test\(title\+topics\+hook\)/);
    assert.equal(report.usage_store, "none");
    assert.ok(report.block.includes("feedback_testing.md"));
  } finally {
    s.cleanup();
  }
});

test("context: human output marks printed lines; an invalid explicit selection exits 3", async () => {
  const s = sandbox(CARDS);
  try {
    assert.equal(await main(["context", "deploy"], s.io), 0);
    assert.match(s.stdout.text, /▸\s+2\s+[\d.]+\s+relevant\s+project_deploy\.md/);
    const bad = { ...s.io, stdout: new BufferSink(), env: { ...s.io.env, MEMCTL_MEMORY_DIR: path.join(s.root, "nope") } };
    assert.equal(await main(["context", "deploy"], bad), 3);
  } finally {
    s.cleanup();
  }
});

test("prepare --json: the seed's contract; fail-open on zero hits, fail-closed (3) on invalid explicit", async () => {
  const s = sandbox(CARDS.filter((c) => !c.priority));
  try {
    assert.equal(await main(["prepare", "--host", "opencode", "--query", "deploy staging", "--json"], s.io), 0);
    const ok = JSON.parse(s.stdout.text);
    assert.equal(ok.memory_resolution.status, "resolved");
    assert.equal(ok.memory_provenance.host, "opencode");
    assert.equal(ok.memory_provenance.canonical_store, "memctl");
    assert.equal(ok.memory_context_status, "ok");
    assert.match(ok.memory_context, /project_deploy\.md/);

    const none = { ...s.io, stdout: new BufferSink() };
    assert.equal(await main(["prepare", "--host", "generic", "--query", "zebra", "--json"], none), 0);
    assert.equal(JSON.parse(none.stdout.text).memory_context_status, "no-hits");

    const bad = { ...s.io, stdout: new BufferSink(), stderr: new BufferSink(), env: { ...s.io.env, MEMCTL_MEMORY_DIR: path.join(s.root, "nope") } };
    assert.equal(await main(["prepare", "--host", "claude", "--json"], bad), 3);
    const report = JSON.parse(bad.stdout.text);
    assert.equal(report.memory_context_status, "invalid-explicit");
    assert.equal(report.memory_resolution.status, "invalid-explicit");

    assert.equal(await main(["prepare", "--json"], { ...s.io, stdout: new BufferSink(), stderr: new BufferSink() }), 2);
  } finally {
    s.cleanup();
  }
});

test("demo: runs the hook on the bundled sample store for each sample prompt", async () => {
  const s = sandbox();
  try {
    assert.equal(await main(["demo"], s.io), 0);
    const out = s.stdout.text;
    assert.match(out, /feedback_testing_real_db\.md/);
    assert.match(out, /project_支付流程\.md/);
    assert.match(out, /user_profile\.md/);
    assert.equal((out.match(/<memctl-memory/g) ?? []).length, 4);
  } finally {
    s.cleanup();
  }
});

test("memctl hook user-prompt-submit: the same hook through the CLI, stdin from io", async () => {
  const s = sandbox(CARDS);
  try {
    const io = { ...s.io, readStdin: async () => Buffer.from(JSON.stringify({ cwd: s.repo, prompt: "deploy to staging" })) };
    assert.equal(await main(["hook", "user-prompt-submit", "--host", "codex", "--max-entries", "1"], io), 0);
    const context: string = JSON.parse(s.stdout.text).hookSpecificOutput.additionalContext;
    assert.match(context, /project_deploy\.md/);
    assert.equal(await main(["hook", "no-such-event"], { ...io, stdout: new BufferSink(), stderr: new BufferSink() }), 2);
  } finally {
    s.cleanup();
  }
});
