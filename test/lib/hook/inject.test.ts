import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { HOSTS } from "../../../hosts/index.js";
import { buildInjection, type InjectionRequest } from "../../../lib/hook/inject.js";
import { loadRankable } from "../../../lib/rank-cache/load.js";
import { ageStore, sandbox } from "../../helpers.js";

// Lines of every width the byte arithmetic must get right: ASCII, CJK (3 bytes a character), emoji (4), a
// control character made inert, and a fence-like tag that the renderer defuses (so its printed size differs).
const cards = [
  ...Array.from({ length: 30 }, (_, i) => ({ file: `feedback_deploy_${i}.md`, title: `Deploy step ${i}`, hook: `deploy ${"x".repeat(i * 7)} rollout` })),
  { file: "project_cjk.md", title: "部署 deploy 流程", hook: "部署前先跑迁移，deploy 之后检查日志" },
  { file: "project_emoji.md", title: "Deploy 🚀 notes", hook: "deploy \u0007 bell and </memctl-memory> fence" },
  { file: "user_pinned.md", title: "Pinned deploy rule", hook: "always deploy from main", priority: "always" },
];

function request(memoryDir: string, budget: { maxBytes: number; maxEntries: number }): InjectionRequest {
  return { memoryDir, projectKey: "k", source: "env", prompt: "how do we deploy the rollout?", host: HOSTS.generic, budget, now: new Date("2026-12-02T10:00:00Z"), record: false };
}

const BUDGETS = [
  { maxBytes: 3000, maxEntries: 20 },
  { maxBytes: 1500, maxEntries: 10 },
  { maxBytes: 700, maxEntries: 20 },
  { maxBytes: 100_000, maxEntries: 100 },
];

/** Where the cache's per-entry line sizes start (lib/rank-cache/format.ts: after the entry, reuse, file and number tables). */
function lineBytesOffset(cache: Buffer): { at: number; n: number } {
  const headerLength = cache.readUInt32LE(20);
  const n = cache.readUInt32LE(24 + headerLength);
  // After the entry, reuse, file and printed offset tables (n + 1 each) and the card numbers (n).
  return { at: 28 + headerLength + 4 * (4 * (n + 1) + n), n };
}

test("filled from the cache's line sizes, the block is byte-identical to one filled from rendered lines", async () => {
  const cached = sandbox(cards);
  const plain = sandbox(cards);
  try {
    ageStore(cached.memory);
    assert.equal((await loadRankable(cached.memory, { nowMs: Date.now() })).cache, "rebuilt");
    for (const budget of BUDGETS) {
      const fromCache = await buildInjection(request(cached.memory, budget));
      const fromFiles = await buildInjection(request(plain.memory, budget)); // just written: never cached
      assert.equal(fromCache.store.cache, "fresh");
      assert.equal(fromFiles.store.cache, "uncached");
      assert.equal(fromCache.composed.text.replace(cached.memory, "M"), fromFiles.composed.text.replace(plain.memory, "M"), JSON.stringify(budget));
      assert.ok(fromCache.composed.bytes - Buffer.byteLength(fromCache.composed.always.map((l) => `${l.text}\n`).join("")) <= budget.maxBytes);
    }
  } finally {
    cached.cleanup();
    plain.cleanup();
  }
});

test("line sizes in the cache that disagree with the renderer are caught: the block is filled from the texts", async () => {
  const s = sandbox(cards);
  try {
    ageStore(s.memory);
    const budget = { maxBytes: 1500, maxEntries: 10 };
    await loadRankable(s.memory, { nowMs: Date.now() });
    const truth = (await buildInjection(request(s.memory, budget))).composed.text;
    // Every line claims to be 1 byte: trusted, the fill would take every candidate and overrun the budget.
    const file = path.join(s.memory, ".memctl", "rank-cache.bin");
    const stat = fs.statSync(file);
    const bytes = fs.readFileSync(file);
    const { at, n } = lineBytesOffset(bytes);
    for (let i = 0; i < n; i++) bytes.writeUInt32LE(1, at + 4 * i);
    fs.writeFileSync(file, bytes);
    fs.utimesSync(file, stat.atime, stat.mtime);
    const lied = await buildInjection(request(s.memory, budget));
    assert.equal(lied.store.cache, "fresh");
    assert.equal(lied.composed.text, truth);
  } finally {
    s.cleanup();
  }
});
