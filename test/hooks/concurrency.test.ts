// 50 real hook processes at once on one store: every keyword hit must be recorded exactly once, with folds
// (log renamed aside, snapshot rewritten) happening while others append, and the sidecar must parse.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { parseSnapshot, readUsage } from "../../lib/usage.js";
import { REPO_ROOT, sandbox } from "../helpers.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.js");

function runHook(env: Record<string, string>, payload: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [HOOK, "--host", "codex"], { env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["pipe", "ignore", "ignore"] });
    child.on("error", reject);
    child.on("exit", (code) => resolve(code ?? -1));
    child.stdin.end(payload);
  });
}

test("50 concurrent hook processes: every hit recorded once, sidecar parses", { timeout: 120_000 }, async () => {
  // 200 cards that all match the prompt equally: each call appends one ~9 KB line, so folds (at 256 KiB) happen mid-run.
  const cards = Array.from({ length: 200 }, (_, i) => ({ file: `feedback_card_about_redis_caching_${String(i).padStart(3, "0")}.md`, title: `Redis note ${i}`, hook: "redis cache behaviour" }));
  const s = sandbox(cards);
  try {
    const env = { HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml") };
    const payload = JSON.stringify({ cwd: s.repo, prompt: "what about redis?" });
    const codes = await Promise.all(Array.from({ length: 50 }, () => runHook(env, payload)));
    assert.deepEqual(new Set(codes), new Set([0]));
    const today = new Date().toISOString().slice(0, 10);
    const usage = readUsage(s.memory, today);
    assert.equal(usage.store, "tsv");
    assert.equal(usage.malformed, undefined);
    assert.equal(usage.cards.size, 200);
    for (const c of cards) assert.equal(usage.cards.get(c.file)?.access_count, 50, c.file);
    const state = fs.readdirSync(path.join(s.memory, ".memctl"));
    assert.ok(state.includes("usage.tsv") || state.some((n) => n.endsWith(".folding")), `no fold happened: ${state.join(", ")}`);
    if (state.includes("usage.tsv")) parseSnapshot(fs.readFileSync(path.join(s.memory, ".memctl", "usage.tsv"), "utf8"));
  } finally {
    s.cleanup();
  }
});
