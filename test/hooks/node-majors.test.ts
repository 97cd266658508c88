// The per-prompt hook on every Node major users run (issue 32 item 2): Node 20 is the one the tests run on, and
// 22 and 24 come from the npm packages that ship a Node binary inside their tarball (node-<platform>-<arch>, no
// install script), installed once into the e2e cache the way test/e2e/harness.ts installs host binaries and
// reused after. Each major runs the built hook exactly as `memctl install` wires it on the same small store and
// must print the same bytes as Node 20, on the first prompt (rank cache and code cache built) and on warm ones
// (both read back). Under CI=true a Node that cannot be installed fails the run; elsewhere the test skips loudly.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { HOOK_NODE_FLAGS } from "../../lib/core/hook-flags.js";
import { ensureHostPackage } from "../e2e/harness.js";
import { ageStore, REPO_ROOT, sandbox } from "../helpers.js";
import { scratchDir } from "../support/scratch.js";

/** Pinned, so a run is reproducible and the cache is reused; bump deliberately. */
export const NODE_MAJORS = { 22: "22.23.5", 24: "24.22.3" } as const;

const HOOK_DIR = path.join(REPO_ROOT, "dist", "hooks");
const HOOK = path.join(HOOK_DIR, "user-prompt-submit.cjs");
const CARDS = [
  { file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose", topics: ["testing"] },
  { file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging; prod needs a tag — ünïcode kept whole" },
  { file: "user_owner.md", title: "Owner", hook: "wants short answers", priority: "always" },
];
const PROMPTS = ["how do we run the tests?", "deploy to prod", "how do we run the tests against docker?"];

/** The Node binary of `version` for this platform, installed into the e2e cache once (or why not). */
function ensureNode(version: string, env: Record<string, string | undefined> = process.env): { bin: string } | { skip: string } {
  const pkg = `node-${process.platform === "win32" ? "win" : process.platform}-${process.arch}`;
  return ensureHostPackage({ pkg, version, bin: "node" }, `Node ${version} (${pkg})`, env);
}

test("a Node that cannot be installed skips loudly here and fails the run under CI=true (npm offline, no network)", () => {
  const cache = fs.realpathSync(scratchDir("memctl-node-cache-"));
  const env = { PATH: process.env.PATH, HOME: cache, npm_config_offline: "true", MEMCTL_E2E_CACHE: cache };
  const got = ensureNode("0.0.0-none", env);
  assert.ok("skip" in got && /npm install node-.*@0\.0\.0-none failed/.test(got.skip), JSON.stringify(got));
  assert.throws(() => ensureNode("0.0.0-none", { ...env, CI: "true" }), /could not be installed under CI=true/);
});

/**
 * Runs the wired hook with `node` over a fresh copy of the same store at the same path, one prompt after
 * another (the first builds the rank cache and the code cache, the rest read them). Returns each stdout, and
 * whether the last run left its code cache untouched (V8 accepted it).
 */
function runAll(node: string, s: ReturnType<typeof sandbox>, template: string): { outputs: string[]; cacheKept: boolean } {
  fs.rmSync(s.memory, { recursive: true, force: true });
  fs.cpSync(template, s.memory, { recursive: true, preserveTimestamps: true });
  const env = { PATH: process.env.PATH, HOME: s.home, XDG_CACHE_HOME: path.join(s.home, ".cache"), MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };

  const run = (prompt: string, i: number) => {
    const input = JSON.stringify({ session_id: `node-majors-${i}`, cwd: s.repo, hook_event_name: "UserPromptSubmit", prompt });
    const r = spawnSync(node, [...HOOK_NODE_FLAGS, HOOK, "--host", "claude"], { cwd: s.repo, env, input, encoding: "utf8", timeout: 30_000 });
    assert.equal(r.status, 0, `${node}: ${r.stderr}`);
    assert.equal(r.stderr, "", `${node} wrote to stderr`);
    return r.stdout;
  };
  const outputs = PROMPTS.map((p, i) => run(p, i));
  // A run that built the rank cache (or found the store changed within the last 100 ms, so did not) writes a
  // ".cold" code cache; the next typical run drops it and the one after writes the typical cache
  // (lib/hook/entry/code-cache-loader.ts). Warm runs, apart, until the typical cache is there; then one more must accept
  // it without rewriting it.
  const version = spawnSync(node, ["-p", "process.version"], { encoding: "utf8" }).stdout.trim();
  const cache = () =>
    fs
      .readdirSync(HOOK_DIR)
      .filter((n) => n.includes(`.${version}-`) && n.endsWith(".v8cache") && !n.includes(".cold."))
      .map((n) => `${n}@${fs.statSync(path.join(HOOK_DIR, n), { bigint: true }).mtimeNs}`);
  for (let i = 0; i < 8 && cache().length === 0; i++) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 150);
    run(PROMPTS[0]!, 100 + i);
  }
  const before = cache();
  outputs.push(run(PROMPTS[1]!, 200));
  const after = cache();
  return { outputs, cacheKept: before.length === 1 && after.length === 1 && before[0] === after[0] };
}

test("the wired hook prints the same bytes on Node 22 and 24 as on Node 20, cold and warm, and reuses its code cache on each", (t) => {
  assert.ok(fs.existsSync(HOOK), "run npm run build first");
  const nodes: [string, string][] = [];
  for (const version of Object.values(NODE_MAJORS)) {
    const got = ensureNode(version);
    if ("skip" in got) {
      t.diagnostic(`Node ${version} not installed, its run skipped: ${got.skip}`);
      continue;
    }
    nodes.push([version, got.bin]);
  }
  if (nodes.length === 0) {
    t.skip("no other Node major could be installed (see the diagnostics)");
    return;
  }
  // The caches each Node writes beside the body are removed after, so dist/ stays as the build left it.
  const before = new Set(fs.readdirSync(HOOK_DIR));
  const s = sandbox(CARDS);
  try {
    ageStore(s.memory);
    const template = path.join(s.root, "template");
    fs.cpSync(s.memory, template, { recursive: true, preserveTimestamps: true });
    const reference = runAll(process.execPath, s, template);
    assert.ok(
      reference.outputs.every((o) => o.includes("additionalContext")),
      reference.outputs.join("\n"),
    );
    assert.ok(reference.outputs[0]!.includes("feedback_testing.md") && reference.outputs[1]!.includes("ünïcode kept whole"));
    for (const [version, bin] of nodes) {
      const got = runAll(bin, s, template);
      assert.deepEqual(got.outputs, reference.outputs, `Node ${version} printed other bytes than ${process.version}`);
      assert.ok(got.cacheKept, `Node ${version}: the code cache a run wrote was not accepted by the next`);
    }
  } finally {
    s.cleanup();
    for (const name of fs.readdirSync(HOOK_DIR)) if (!before.has(name)) fs.rmSync(path.join(HOOK_DIR, name), { force: true });
  }
});
