// A proposal's restatements as read from disk, where a sync may have put anything: only entries a local write
// records are shown or compared (each field's rules, one line, at most RESTATED_MAX, no other keys), the proposal
// stays readable, and a malformed entry is no bridge for capture's dedupe.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { stageCaptured, type CaptureCandidate } from "../../../lib/capture/stage.js";
import { main } from "../../../lib/cli/main.js";
import { readPending } from "../../../lib/records/proposal-read.js";
import { RESTATED_MAX } from "../../../lib/records/proposal-restated.js";
import { BufferSink, type Io } from "../../../lib/store/io.js";
import { sandbox } from "../../helpers.js";

const ID = "p-20261201T090000Z-abc123";
const NOW = new Date("2026-12-02T10:00:00Z");
const good = (n: number) => ({
  source: `claude session s${n}, user message 1: "i'll run the server myself"`,
  description: "The user runs the server himself.",
  proposer: "host:claude",
  at: "2026-12-01T10:00:00.000Z",
});

/** A pending proposal file as another machine might have pushed it. */
function arrived(memory: string, restated: unknown, description = "Deploys go through the staging pipeline first."): void {
  const dir = path.join(memory, ".memctl", "proposals");
  fs.mkdirSync(dir, { recursive: true });
  const p = {
    id: ID,
    seq: 1,
    status: "pending",
    proposer: "host:claude",
    created_at: "2026-12-01T09:00:00.000Z",
    source: 'claude session s1, user message 3: "deploy through staging"',
    provenance: { kind: "unverified", source: 'claude session s1, user message 3: "deploy through staging"' },
    card: { name: "deploy-staging", type: "project", description },
    target: null,
    base_sha256: null,
    restated,
  };
  fs.writeFileSync(path.join(dir, `${ID}.json`), JSON.stringify(p, null, 2) + "\n");
}

test("restatements that arrive malformed are left out, the rest kept without extra keys and at most RESTATED_MAX", async (t) => {
  const s = sandbox();
  t.after(s.cleanup);
  const bad = [
    "a string",
    null,
    [good(2)],
    { ...good(3), source: "" },
    { ...good(4), source: "two\nlines" },
    { ...good(5), source: "x".repeat(401) },
    { ...good(6), description: "d".repeat(201) },
    { ...good(7), description: "line one\nline two" },
    { ...good(8), proposer: "root" },
    { ...good(9), at: "yesterday" },
    { ...good(10), at: 1733050000 },
  ];
  arrived(s.memory, [...bad, { ...good(11), path: "../../etc/passwd" }, ...Array.from({ length: 20 }, (_, i) => good(20 + i))]);
  const [p] = readPending(s.memory).proposals;
  assert.ok(p);
  assert.equal(p.restated?.length, RESTATED_MAX);
  assert.deepEqual(p.restated?.[0], good(11), "an extra key is dropped, the entry kept");
  assert.deepEqual(
    p.restated?.slice(1).map((r) => r.source),
    Array.from({ length: RESTATED_MAX - 1 }, (_, i) => good(20 + i).source),
  );

  arrived(s.memory, { source: "not a list" });
  const read = readPending(s.memory);
  assert.equal(read.unreadable.length, 0, "the proposal stays readable");
  assert.equal(read.proposals[0]!.restated, undefined);

  // memctl review shows only what was kept, and reads the proposal as before.
  arrived(s.memory, [
    { ...good(2), description: "Shown \u001b[31mred\u001b[0m" },
    { ...good(3), at: "never" },
  ]);
  const out = new BufferSink();
  const err = new BufferSink();
  assert.equal(await main(["review", ID], { ...s.io, stdout: out, stderr: err } as Io), 0, err.text);
  assert.equal(out.text.match(/said again/g)?.length, 1);
  assert.doesNotMatch(out.text, /\u001b\[31m/, "an escape sequence is shown inert");
});

test("a malformed restatement is no bridge: capture proposes what only it would have matched", async (t) => {
  const s = sandbox();
  t.after(s.cleanup);
  const candidate: CaptureCandidate = {
    type: "feedback",
    name: "runs-the-server",
    description: "The user runs the server himself; tell him what to test.",
    excerpt: "i'll run the server myself",
    message: 1,
    kind: "instruction",
  };
  const stage = () => stageCaptured({ memoryDir: s.memory, actor: "host:claude", now: NOW }, { host: "claude", sessionId: "s9" }, [candidate]);

  arrived(s.memory, [{ ...good(2), proposer: "root" }]);
  const staged = await stage();
  assert.equal(staged.staged.length, 1, JSON.stringify(staged.skipped));

  fs.rmSync(path.join(s.memory, ".memctl"), { recursive: true });
  arrived(s.memory, [good(2)]);
  const skipped = await stage();
  assert.equal(skipped.staged.length, 0);
  assert.match(skipped.skipped[0]!.reason, new RegExp(`^restates proposal ${ID} \\(pending\\); recorded on it as said again$`));
  assert.deepEqual(
    readPending(s.memory).proposals[0]!.restated?.map((r) => r.source),
    [good(2).source, 'claude session s9, user message 1: "i\'ll run the server myself"'],
  );
});
