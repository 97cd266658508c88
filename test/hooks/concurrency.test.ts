// 50 real hook processes at once on one store: every keyword hit must be recorded exactly once, with folds
// (log renamed aside, snapshot rewritten) happening while others append, and the sidecar must parse.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { parseSnapshot, readUsage } from "../../lib/usage/usage.js";
import { ageStore, REPO_ROOT, sandbox } from "../helpers.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");

function runHook(env: Record<string, string>, payload: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [HOOK, "--host", "codex"], { env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["pipe", "ignore", "ignore"] });
    child.on("error", reject);
    child.on("exit", (code) => resolve(code ?? -1));
    child.stdin.end(payload);
  });
}

test("50 concurrent hook processes: every hit recorded once, sidecar parses", { timeout: 120_000 }, async () => {
  // 200 cards that all match the prompt equally. The store was just written, so no rank cache is kept (racy
  // window) and hits are recorded by path: each call appends one ~9 KB line, so folds (at 32 KiB) happen mid-run.
  const cards = Array.from({ length: 200 }, (_, i) => ({
    file: `feedback_card_about_redis_caching_${String(i).padStart(3, "0")}.md`,
    title: `Redis note ${i}`,
    hook: "redis cache behaviour",
  }));
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

test("50 concurrent hook processes on a store at rest: they race to number the cards, hits stay exact through folds", { timeout: 120_000 }, async () => {
  // At rest, the first calls build the rank cache and the card registry at once (usage.cards: one creator
  // wins, the others read its numbers) and every call records a compact line. The log starts just under the
  // fold threshold with by-path lines, so folds of mixed lines run while others append.
  const cards = Array.from({ length: 200 }, (_, i) => ({
    file: `feedback_card_about_redis_caching_${String(i).padStart(3, "0")}.md`,
    title: `Redis note ${i}`,
    hook: "redis cache behaviour",
  }));
  const s = sandbox(cards);
  try {
    const today = new Date().toISOString().slice(0, 10);
    const state = path.join(s.memory, ".memctl");
    fs.mkdirSync(state);
    // By-path lines of the first 100 cards, then of card 0 alone, up to ~300 bytes short of the threshold.
    const wide = `${today}\t${cards
      .slice(0, 100)
      .map((c) => c.file)
      .join("\t")}\n`;
    const narrow = `${today}\t${cards[0]!.file}\n`;
    const wideLines = Math.floor((32 * 1024 - 300) / wide.length);
    const narrowLines = Math.floor((32 * 1024 - 300 - wideLines * wide.length) / narrow.length);
    fs.writeFileSync(path.join(state, "usage.log"), wide.repeat(wideLines) + narrow.repeat(narrowLines));
    const before = (i: number) => (i < 100 ? wideLines : 0) + (i === 0 ? narrowLines : 0);
    ageStore(s.memory);
    const env = { HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml") };
    const payload = JSON.stringify({ cwd: s.repo, prompt: "what about redis?" });
    const codes = await Promise.all(Array.from({ length: 50 }, () => runHook(env, payload)));
    assert.deepEqual(new Set(codes), new Set([0]));
    const usage = readUsage(s.memory, today);
    assert.equal(usage.store, "tsv");
    assert.equal(usage.malformed, undefined);
    assert.equal(usage.cards.size, 200);
    cards.forEach((c, i) => {
      assert.equal(usage.cards.get(c.file)?.access_count, 50 + before(i), c.file);
    });
    // Every card has one number; concurrent creators may have appended a card twice, never given it two numbers.
    const registry = fs.readFileSync(path.join(state, "usage.cards"), "utf8").split("\n").slice(1, -1);
    assert.deepEqual([...new Set(registry)].sort(), cards.map((c) => c.file).sort());
    const pending = fs
      .readdirSync(state)
      .filter((n) => n === "usage.log" || n.endsWith(".folding"))
      .map((n) => fs.readFileSync(path.join(state, n), "utf8"))
      .join("");
    assert.match(pending, /^\d{4}-\d{2}-\d{2}@[0-9a-z]+\t[nb]/m, "no compact line was recorded");
    assert.ok(fs.existsSync(path.join(state, "usage.tsv")), "no fold happened");
  } finally {
    s.cleanup();
  }
});
