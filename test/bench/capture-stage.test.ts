import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import { test } from "node:test";
import type { BenchSession } from "../../bench/capture/corpus.js";
import { stagedBy } from "../../bench/capture/stage.js";
import type { CaptureCandidate } from "../../lib/capture/stage.js";

const session = (repo: string, key: string, first: number, texts: string[]): BenchSession => ({
  set: "t",
  key,
  half: "dev",
  messages: texts.map((text, i) => ({ id: first + i, half: "dev", durable: null, repo, commit: "c", path: key, n: i + 1, text })),
});
const candidate = (message: number, description: string, excerpt: string): CaptureCandidate => ({
  type: "feedback",
  name: "lint-first",
  description,
  excerpt,
  message,
  kind: "model",
});

test("staging replay: one store per repository, sessions in order; a restatement in a later session is covered, not proposed again", async () => {
  const lint = "Run the linter before every commit";
  const a1 = session("r1", "a1", 1, ["from now on run the linter before every commit"]);
  const a2 = session("r1", "a2", 10, ["fix the login page", "remember: run the linter before every commit"]);
  const b = session("r2", "b", 20, ["always run the linter before every commit"]);
  const candidates = new Map([
    ["a1", [candidate(1, lint, a1.messages[0]!.text)]],
    ["a2", [candidate(2, lint, a2.messages[1]!.text)]],
    ["b", [candidate(1, lint, b.messages[0]!.text)]],
  ]);
  const tmpBefore = fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith("memctl-bench-capture-")).length;
  const out = await stagedBy([a1, a2, b], (s) => candidates.get(s.key) ?? []);
  assert.deepEqual(
    [1, 11, 20].map((id) => [id, out.get(id)?.proposed, out.get(id)?.covered]),
    [
      [1, true, true],
      [11, false, true],
      [20, true, true],
    ],
    "another repository has a store of its own, so its first statement is proposed",
  );
  assert.match(out.get(1)!.notes[0]!, /source: bench session s1, user message 1: "from now on run the linter before every commit"/);
  assert.match(out.get(11)!.notes[0]!, /^skipped: restates proposal p-\S+ \(pending\); recorded on it as said again/);
  assert.deepEqual(
    [1, 11, 20].map((id) => [out.get(id)?.proposals, out.get(id)?.recorded]),
    [
      [1, 0],
      [0, 1],
      [1, 0],
    ],
    "two proposals, one restatement recorded on the first",
  );
  assert.equal(out.has(10), false, "a message with no candidate is not staged");
  assert.equal(fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith("memctl-bench-capture-")).length, tmpBefore, "the throwaway stores are removed");
});
