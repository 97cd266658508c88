// Issue 28 item 6: a card that may not be true says so in its printed line — "(inference)" for provenance kind
// inference, "(unverified, 0.3)" for a confidence below 0.5 — whether the block comes from a fresh rank cache or
// from the files; a fact, or a card without provenance, prints as before.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { loadRankable } from "../../../lib/rank-cache/load.js";
import { provenanceMark } from "../../../lib/rank/provenance-mark.js";
import { buildInjection } from "../../../lib/hook/inject.js";
import { HOSTS } from "../../../hosts/index.js";
import { ageStore, cardText, sandbox } from "../../helpers.js";

const withProvenance = (text: string, kind: string, confidence: number) =>
  text.replace(/^repo_refs: \[\]$/m, `repo_refs: []\nprovenance:\n  kind: ${kind}\n  confidence: ${confidence}\n  source: session`);

const CARDS = [
  { file: "project_guess.md", title: "Queue probably drops on restart", hook: "zanzibar queue loses jobs on restart", kind: "inference", confidence: 0.7 },
  { file: "project_weak.md", title: "Retries maybe doubled", hook: "zanzibar retries were doubled last week", kind: "fact", confidence: 0.3 },
  { file: "project_sure.md", title: "Queue is Redis streams", hook: "zanzibar queue runs on Redis streams", kind: "fact", confidence: 0.9 },
  { file: "project_plain.md", title: "Queue dashboard", hook: "zanzibar queue dashboard at /ops" },
];

test("provenanceMark: inference, low confidence, both, neither", () => {
  assert.equal(provenanceMark({ kind: "inference" }), "(inference)");
  assert.equal(provenanceMark({ kind: "inference", confidence: 0.25 }), "(inference, 0.25)");
  assert.equal(provenanceMark({ kind: "fact", confidence: 0.3 }), "(unverified, 0.3)");
  assert.equal(provenanceMark({ kind: "unverified", confidence: 0.333333 }), "(unverified, 0.33)");
  assert.equal(provenanceMark({ kind: "fact", confidence: 0.5 }), undefined);
  assert.equal(provenanceMark({ kind: "fact" }), undefined);
  assert.equal(provenanceMark(undefined), undefined);
});

test("the printed lines carry the mark, from the files and from a fresh cache alike", async () => {
  const s = sandbox(CARDS);
  try {
    for (const c of CARDS) if (c.kind) fs.writeFileSync(path.join(s.memory, c.file), withProvenance(cardText(c), c.kind, c.confidence!));
    const block = async () =>
      (
        await buildInjection({
          memoryDir: s.memory,
          projectKey: "p-000000000000",
          source: "env",
          prompt: "the zanzibar queue",
          host: HOSTS.generic,
          budget: { maxBytes: 3000, maxEntries: 20 },
          now: new Date(),
          record: false,
        })
      ).composed.text;
    const check = (text: string) => {
      const line = (file: string) => text.split("\n").find((l) => l.includes(`](${file})`)) ?? "";
      assert.match(line("project_guess.md"), / \(inference\)$/);
      assert.match(line("project_weak.md"), / \(unverified, 0\.3\)$/);
      assert.match(line("project_sure.md"), /Redis streams$/);
      assert.match(line("project_plain.md"), /at \/ops$/);
    };
    const fromFiles = await block(); // sources just written: read from the files, no cache written
    check(fromFiles);
    ageStore(s.memory);
    await loadRankable(s.memory, { nowMs: Date.now() });
    assert.equal((await loadRankable(s.memory, { nowMs: Date.now(), writeCache: false })).cache, "fresh");
    const fromCache = await block();
    check(fromCache);
    assert.equal(fromCache, fromFiles);
  } finally {
    s.cleanup();
  }
});
