// A store above the full-check size (lowered by MEMCTL_FULL_CHECK_MAX) whose session starts keep their lines, run
// through real processes with the keeper the first start leaves running (test/hooks/session-start-kept.test.ts,
// session-start-log.test.ts): the built CLI, a start as a host runs it, and waits for the keeper's checks.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import type { TestContext } from "node:test";
import { OVERVIEW_LINES } from "../../lib/hook/overview-kept.js";
import { OVERVIEW_LOG } from "../../lib/hook/overview-log.js";
import { CARD_CHECK } from "../../lib/store/full-check.js";
import { CARD_DELTA } from "../../lib/store/card-delta.js";
import { CARD_CACHE } from "../../lib/store/card-words.js";
import { processAlive } from "../../lib/store/lock.js";
import { ageStore, REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "./bounded-run.js";
import { keeperHolder, stopKeepers, waitFor } from "./keepers.js";
import { sleep } from "./card-cache-fixture.js";

export const CLI = path.join(REPO_ROOT, "dist", "cli.js");
export const HOSTS = ["claude", "codex", "generic", "grok", "opencode"];
export const cards = Array.from({ length: 40 }, (_, i) => {
  const n = String(i).padStart(3, "0");
  return {
    file: `feedback_s${n}.md`,
    title: `Card s${n} "quoted" \\ 東京`,
    hook: `note number s${n} about the build`,
    topics: ["build"],
    ...(i % 9 === 4 ? { priority: "always" } : {}),
    ...(i === 7 ? { expires_at: "2020-01-01" } : {}),
  };
});

export async function keptStore(t: TestContext, list: typeof cards = cards) {
  const s = sandbox(list);
  ageStore(s.memory);
  await sleep(250); // past the caches' racy window
  const env = (fullCheckMax: number) => ({
    PATH: process.env.PATH,
    HOME: s.home,
    MEMCTL_MEMORY_DIR: s.memory,
    MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml"),
    MEMCTL_FULL_CHECK_MAX: String(fullCheckMax),
  });
  t.after(async () => {
    await stopKeepers(s.home);
    s.cleanup();
  });
  let session = 0;
  /** A start as the host runs it; `checking`: above the store's size, so every card is checked and nothing kept is read. */
  const start = async (host: string, checking = false) => {
    const r = await runBounded(
      [CLI, "hook", "session-start", "--host", host],
      JSON.stringify({ session_id: `k-${session++}`, cwd: s.repo, source: "startup" }),
      env(checking ? 1000 : 10),
      s.repo,
      30_000,
    );
    assert.equal(r.code, 0, r.stdout);
    return r.stdout;
  };
  return { s, env, start, kept: path.join(s.memory, ".memctl", OVERVIEW_LINES) };
}

/** Whether the keeper's last check names the cache in force (the delta's stamp, else the card-cache file's) and is under 0.5 s old. */
export const freshCheck = (memory: string) => {
  try {
    const check = JSON.parse(fs.readFileSync(path.join(memory, ".memctl", CARD_CHECK), "utf8")) as { cache: number[]; at: number };
    const delta = path.join(memory, ".memctl", CARD_DELTA);
    const st = fs.statSync(fs.existsSync(delta) ? delta : path.join(memory, ".memctl", CARD_CACHE));
    return [st.mtimeMs, st.size, st.ctimeMs, st.ino].every((v, i) => v === check.cache[i]) && Date.now() - check.at < 500;
  } catch {
    return false;
  }
};

export const checkAt = (memory: string) => {
  try {
    return (JSON.parse(fs.readFileSync(path.join(memory, ".memctl", CARD_CHECK), "utf8")) as { at: number }).at;
  } catch {
    return Number.NEGATIVE_INFINITY;
  }
};

/** Starts until the keeper's checks are recorded and a start has kept its lines. */
export async function settle(k: Awaited<ReturnType<typeof keptStore>>): Promise<void> {
  await k.start("generic");
  await waitFor(() => keeperHolder(k.s.memory) !== undefined && processAlive(keeperHolder(k.s.memory)!), 10_000, "a keeper");
  const before = checkAt(k.s.memory);
  await waitFor(() => checkAt(k.s.memory) > before, 10_000, "a check recorded by the keeper");
  for (let i = 0; i < 5 && !fs.existsSync(k.kept); i++) await k.start("generic");
  assert.ok(fs.existsSync(k.kept), "a trusted start kept its lines");
}

type Kept = Awaited<ReturnType<typeof keptStore>>;

/** The cache a derived file's head line names ("" when there is none). */
export const named = (file: string) => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "latin1").split("\n", 1)[0]!) as { cache: number[] }).cache.join(",") : "");

/** The cache in force: the delta's stamp, else the card-cache file's. */
export function inForce(memory: string): string {
  const delta = path.join(memory, ".memctl", CARD_DELTA);
  const st = fs.statSync(fs.existsSync(delta) ? delta : path.join(memory, ".memctl", CARD_CACHE));
  return [st.mtimeMs, st.size, st.ctimeMs, st.ino].join(",");
}

export const logOf = (k: Kept) => path.join(k.s.memory, ".memctl", OVERVIEW_LOG);

export async function cli(k: Kept, ...args: string[]): Promise<void> {
  const env = { PATH: process.env.PATH, HOME: k.s.home, MEMCTL_MEMORY_DIR: k.s.memory, MEMCTL_CONFIG_FILE: path.join(k.s.home, "c.toml") };
  const r = await runBounded([CLI, ...args], "", env, k.s.repo, 30_000);
  assert.equal(r.code, 0, `${args.join(" ")}: ${r.stdout}${r.stderr}`);
}

/**
 * `change`, then starts (each once the keeper has checked the cache in force) until `file` names that cache: a
 * change the trusted reader leaves to the catalog (MEMORY.md written in the tick the delta was) is read the long way
 * first, which keeps nothing. The last start's output.
 */
export async function changeAndStart(k: Kept, what: string, change: () => Promise<void>, file: string, start = () => k.start("codex")): Promise<string> {
  const checked = checkAt(k.s.memory);
  await change();
  await waitFor(() => checkAt(k.s.memory) > checked, 10_000, `a check after ${what}`);
  let out = "";
  // At least one start: the keeper may record a check before it settles the change into a new delta.
  for (let i = 0; i === 0 || (i < 5 && named(file) !== inForce(k.s.memory)); i++) {
    await waitFor(() => freshCheck(k.s.memory), 10_000, `a fresh check of the cache after ${what}`);
    out = await start();
  }
  assert.equal(named(file), inForce(k.s.memory), `${what}: kept for the cache in force ${named(k.kept)} / ${named(logOf(k))} / ${inForce(k.s.memory)}`);
  return out;
}
