// 50 real hook processes at once on one store: every card a block printed must be recorded exactly once, with
// folds (log renamed aside, snapshot rewritten) happening while others append, and the sidecar must parse.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { FOLD_AT_BYTES, parseSnapshot, readUsage } from "../../lib/usage/usage.js";
import { ageStore, REPO_ROOT, sandbox } from "../helpers.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");

/** Runs one hook; its exit code and the card files its block printed. */
function runHook(env: Record<string, string>, payload: string): Promise<{ code: number; printed: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [HOOK, "--host", "codex"], { env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["pipe", "pipe", "ignore"] });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, printed: [...out.matchAll(/\]\(([^)]+\.md)\)/g)].map((m) => m[1]!) }));
    child.stdin.end(payload);
  });
}

/** How many blocks printed each card. */
function tally(runs: readonly { printed: string[] }[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of runs) for (const f of new Set(r.printed)) out.set(f, (out.get(f) ?? 0) + 1);
  return out;
}

test("50 concurrent hook processes: every printed card recorded once, sidecar parses", { timeout: 120_000 }, async () => {
  // 200 cards that all match the prompt equally; the store was just written, so no rank cache is kept (racy
  // window). Each call appends one line of the ~1 KB it printed, so folds (at 16 KiB) happen mid-run.
  const cards = Array.from({ length: 200 }, (_, i) => ({
    file: `feedback_card_about_redis_caching_${String(i).padStart(3, "0")}.md`,
    title: `Redis note ${i}`,
    hook: "redis cache behaviour",
  }));
  const s = sandbox(cards);
  try {
    const env = { HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml") };
    const payload = JSON.stringify({ cwd: s.repo, prompt: "what about redis?" });
    const runs = await Promise.all(Array.from({ length: 50 }, () => runHook(env, payload)));
    assert.deepEqual(new Set(runs.map((r) => r.code)), new Set([0]));
    const printed = tally(runs);
    assert.ok(printed.size >= 5 && [...printed.values()].every((n) => n === 50), "every block printed the same cards");
    const today = new Date().toISOString().slice(0, 10);
    const usage = readUsage(s.memory, today);
    assert.equal(usage.store, "tsv");
    assert.equal(usage.malformed, undefined);
    assert.deepEqual(new Map([...usage.cards].map(([c, u]) => [c, u.access_count])), printed);
    const state = fs.readdirSync(path.join(s.memory, ".memctl"));
    assert.ok(state.includes("usage.tsv") || state.some((n) => n.endsWith(".folding")), `no fold happened: ${state.join(", ")}`);
    if (state.includes("usage.tsv")) parseSnapshot(fs.readFileSync(path.join(s.memory, ".memctl", "usage.tsv"), "utf8"));
  } finally {
    s.cleanup();
  }
});

test("50 concurrent hook processes on a store at rest, its log just under the fold threshold: counts stay exact through folds", { timeout: 120_000 }, async () => {
  // At rest the hook keeps and reads the rank cache. The log starts ~300 bytes short of the threshold with lines of
  // earlier blocks, so the first appends fold while the others append.
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
    // Lines naming the first 10 cards, then card 0 alone, up to ~300 bytes short of the threshold.
    const wide = `${today}\t${cards
      .slice(0, 10)
      .map((c) => c.file)
      .join("\t")}\n`;
    const narrow = `${today}\t${cards[0]!.file}\n`;
    const wideLines = Math.floor((FOLD_AT_BYTES - 300) / wide.length);
    const narrowLines = Math.floor((FOLD_AT_BYTES - 300 - wideLines * wide.length) / narrow.length);
    fs.writeFileSync(path.join(state, "usage.log"), wide.repeat(wideLines) + narrow.repeat(narrowLines));
    const before = (i: number) => (i < 10 ? wideLines : 0) + (i === 0 ? narrowLines : 0);
    ageStore(s.memory);
    const env = { HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml") };
    const payload = JSON.stringify({ cwd: s.repo, prompt: "what about redis?" });
    const runs = await Promise.all(Array.from({ length: 50 }, () => runHook(env, payload)));
    assert.deepEqual(new Set(runs.map((r) => r.code)), new Set([0]));
    const printed = tally(runs);
    assert.ok(printed.size >= 5, "the blocks printed cards");
    const usage = readUsage(s.memory, today);
    assert.equal(usage.store, "tsv");
    assert.equal(usage.malformed, undefined);
    cards.forEach((c, i) => {
      const want = (printed.get(c.file) ?? 0) + before(i);
      assert.equal(usage.cards.get(c.file)?.access_count, want === 0 ? undefined : want, c.file);
    });
    assert.ok(fs.existsSync(path.join(state, "usage.tsv")), "no fold happened");
  } finally {
    s.cleanup();
  }
});
