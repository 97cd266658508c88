// The hook's entry starts the bundle from V8's code cache: a missing, corrupt or unwritable cache must never
// change what the hook prints, and a good cache is reused, not rewritten.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { HOOK_NODE_FLAGS } from "../../lib/core/hook-flags.js";
import { ageStore, REPO_ROOT, sandbox } from "../helpers.js";

const isCache = (name: string) => name.endsWith(".v8cache");

function hookCopy() {
  const s = sandbox([
    { file: "feedback_redis.md", title: "Redis cache", hook: "ttl is 15 minutes" },
    { file: "project_deploy.md", title: "Deploy", hook: "deploy with make ship" },
  ]);
  ageStore(s.memory);
  const hooks = path.join(s.root, "hooks");
  fs.cpSync(path.join(REPO_ROOT, "dist", "hooks"), hooks, { recursive: true });
  // Laid out like an installed package (dist/hooks beside node_modules), so a run that rebuilds the rank
  // cache finds js-yaml wherever TMPDIR is, not only when some node_modules happens to sit above it.
  fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(s.root, "node_modules"), "dir");
  for (const f of fs.readdirSync(hooks).filter(isCache)) fs.rmSync(path.join(hooks, f));
  const runEntry = (entry: string, nodeFlags: readonly string[] = [], prompt = "what is the redis ttl?") =>
    spawnSync(process.execPath, [...nodeFlags, entry, "--host", "codex"], {
      input: JSON.stringify({ cwd: s.repo, prompt }),
      env: { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") },
      encoding: "utf8",
    });
  // Build the store's rank cache with the real entry, so each test starts from a typical run.
  assert.match(runEntry(path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs")).stdout, /feedback_redis\.md/);
  const run = () => {
    const r = runEntry(path.join(hooks, "user-prompt-submit.cjs"));
    assert.match(r.stdout, /feedback_redis\.md/, r.stderr);
    return r;
  };
  const caches = () => fs.readdirSync(hooks).filter(isCache);
  /** A first run's output, then the install's cache turned into a directory: rename onto it fails for anyone. */
  const blockInstallCache = () => {
    const good = run();
    const name = caches()[0]!;
    fs.rmSync(path.join(hooks, name));
    fs.mkdirSync(path.join(hooks, name));
    return { good, name };
  };
  return { s, hooks, run, runEntry, caches, blockInstallCache };
}

test("a run without a cache writes one for this body and Node; the next run uses it and prints the same", () => {
  const { s, hooks, run, caches } = hookCopy();
  try {
    const first = run();
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /feedback_redis\.md/);
    const written = caches();
    assert.equal(written.length, 1);
    assert.match(written[0]!, new RegExp(`^user-prompt-submit\\.body\\.js\\.[0-9a-f]{16}\\.${process.version.replace(/\./g, "\\.")}-${process.arch}\\.v8cache$`));
    const stat = fs.statSync(path.join(hooks, written[0]!));
    const second = run();
    assert.equal(second.stdout, first.stdout);
    assert.equal(second.stderr, first.stderr);
    assert.equal(fs.statSync(path.join(hooks, written[0]!)).mtimeMs, stat.mtimeMs, "a cache V8 accepted is not rewritten");
    assert.deepEqual(
      fs.readdirSync(hooks).filter((f) => f.endsWith(".tmp")),
      [],
    );
  } finally {
    s.cleanup();
  }
});

test("a run that rebuilt the rank cache writes only a cold cache; a typical run drops it and the next writes a typical one", () => {
  const { s, hooks, run, caches } = hookCopy();
  try {
    const reference = run(); // typical: the rank cache is fresh
    for (const f of caches()) fs.rmSync(path.join(hooks, f));
    // An edited card makes the next run rebuild the rank cache: code a typical prompt never runs.
    const card = path.join(s.memory, "feedback_redis.md");
    fs.writeFileSync(card, fs.readFileSync(card, "utf8").replace("ttl is 15 minutes", "ttl is 15 minutes (checked)"));
    ageStore(s.memory);
    const rebuilt = run();
    assert.deepEqual(
      caches().map((f) => f.endsWith(".cold.v8cache")),
      [true],
      "only a cold cache",
    );
    const cold = run(); // typical, on the cold cache, which it deletes
    assert.deepEqual(caches(), []);
    const fresh = run(); // typical, compiled from source: writes the typical cache
    const [name] = caches();
    assert.match(name!, new RegExp(`\\.${process.version.replace(/\./g, "\\.")}-${process.arch}\\.v8cache$`));
    const before = fs.statSync(path.join(hooks, name!)).mtimeMs;
    const cached = run();
    assert.equal(fs.statSync(path.join(hooks, name!)).mtimeMs, before, "accepted, not rewritten");
    for (const r of [rebuilt, cold, fresh, cached]) {
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stdout, reference.stdout); // the printed line is MEMORY.md's, which did not change
    }
  } finally {
    s.cleanup();
  }
});

test("a first prompt that prints no block writes only a cold cache: the typical one comes from a prompt that does", () => {
  const { s, hooks, run, runEntry, caches } = hookCopy();
  try {
    // Ranks and finds nothing: a cache written by it would lack composing, usage and the why log, and every later
    // prompt would compile those from source.
    const quiet = runEntry(path.join(hooks, "user-prompt-submit.cjs"), [], "ok");
    assert.equal(quiet.status, 0, quiet.stderr);
    assert.equal(quiet.stdout, "");
    assert.deepEqual(
      caches().map((f) => f.endsWith(".cold.v8cache")),
      [true],
      "only a cold cache",
    );
    const printed = run(); // on the cold cache, which it deletes
    assert.deepEqual(caches(), []);
    run(); // compiled from source: writes the typical cache
    assert.deepEqual(
      caches().map((f) => f.endsWith(".cold.v8cache")),
      [false],
    );
    assert.equal(run().stdout, printed.stdout);
  } finally {
    s.cleanup();
  }
});

test("a run under other node flags keeps its own cache file instead of rewriting the plain one", () => {
  const { s, hooks, run, runEntry, caches } = hookCopy();
  try {
    const plain = run();
    const [name] = caches();
    const before = fs.statSync(path.join(hooks, name!)).mtimeMs;
    const flagged = runEntry(path.join(hooks, "user-prompt-submit.cjs"), ["--stack-size=900"]);
    assert.equal(flagged.stdout, plain.stdout);
    assert.equal(caches().length, 2);
    assert.match(caches().find((f) => f !== name)!, /-[0-9a-f]{8}\.v8cache$/);
    assert.equal(fs.statSync(path.join(hooks, name!)).mtimeMs, before);
  } finally {
    s.cleanup();
  }
});

test("the wiring's own node flags (lib/core/hook-flags.ts) share the plain cache, and V8 accepts it", () => {
  const { s, hooks, run, runEntry, caches } = hookCopy();
  try {
    const plain = run();
    const [name] = caches();
    const before = fs.statSync(path.join(hooks, name!)).mtimeMs;
    const wired = runEntry(path.join(hooks, "user-prompt-submit.cjs"), HOOK_NODE_FLAGS);
    assert.equal(wired.status, 0, wired.stderr);
    assert.equal(wired.stdout, plain.stdout);
    assert.deepEqual(caches(), [name], "no second cache file");
    assert.equal(fs.statSync(path.join(hooks, name!)).mtimeMs, before, "not rejected, so not rewritten");
  } finally {
    s.cleanup();
  }
});

test("a corrupt cache is rejected by V8, the output is unchanged, and the cache is replaced", () => {
  const { s, hooks, run, caches } = hookCopy();
  try {
    const good = run();
    const name = caches()[0]!;
    fs.writeFileSync(path.join(hooks, name), Buffer.alloc(4096, 0x5a));
    const bad = run();
    assert.equal(bad.status, 0, bad.stderr);
    assert.equal(bad.stdout, good.stdout);
    assert.notDeepEqual(fs.readFileSync(path.join(hooks, name)), Buffer.alloc(4096, 0x5a));
  } finally {
    s.cleanup();
  }
});

test("where the install cannot hold a cache, the user's cache directory does; where neither can, the hook still answers", () => {
  const { s, run, blockInstallCache } = hookCopy();
  try {
    const { good, name } = blockInstallCache();
    const userCache = path.join(s.home, ".cache", "memctl");
    const first = run();
    assert.equal(first.stdout, good.stdout);
    assert.deepEqual(fs.readdirSync(userCache), [name]);
    const stat = fs.statSync(path.join(userCache, name));
    assert.equal(run().stdout, good.stdout);
    assert.equal(fs.statSync(path.join(userCache, name)).mtimeMs, stat.mtimeMs, "the user's cache is used, not rewritten");
  } finally {
    s.cleanup();
  }
});

test("a cache that cannot be written anywhere costs nothing but the cache: same output, no temp file left", () => {
  const { s, hooks, run, blockInstallCache } = hookCopy();
  try {
    const { good, name } = blockInstallCache();
    fs.mkdirSync(path.join(s.home, ".cache", "memctl", name), { recursive: true }); // and in the user's cache too
    const blocked = run();
    assert.equal(blocked.status, 0, blocked.stderr);
    assert.equal(blocked.stdout, good.stdout);
    assert.equal(blocked.stderr, good.stderr);
    assert.deepEqual(
      fs.readdirSync(hooks).filter((f) => f.endsWith(".tmp")),
      [],
    );
  } finally {
    s.cleanup();
  }
});

test("under --pending-deprecation and with an empty cache file the hook answers the same, silently", () => {
  const { s, hooks, run, caches } = hookCopy();
  try {
    const good = run();
    const name = caches()[0]!;
    const pending = spawnSync(process.execPath, ["--pending-deprecation", path.join(hooks, "user-prompt-submit.cjs"), "--host", "codex"], {
      input: JSON.stringify({ cwd: s.repo, prompt: "what is the redis ttl?" }),
      env: { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") },
      encoding: "utf8",
    });
    assert.equal(pending.status, 0, pending.stderr);
    assert.equal(pending.stderr, "", "no deprecation warning");
    assert.equal(pending.stdout, good.stdout);
    fs.writeFileSync(path.join(hooks, name), "");
    const empty = run();
    assert.equal(empty.stdout, good.stdout);
    assert.ok(fs.statSync(path.join(hooks, name)).size > 0, "the empty cache is replaced");
  } finally {
    s.cleanup();
  }
});

test("the entry under its name before .cjs (user-prompt-submit.js, in host configs wired earlier) answers the same", () => {
  const { s, hooks, run, runEntry, caches } = hookCopy();
  try {
    const current = run();
    const legacy = runEntry(path.join(hooks, "user-prompt-submit.js"));
    assert.equal(legacy.status, 0, legacy.stderr);
    assert.equal(legacy.stdout, current.stdout);
    assert.equal(legacy.stderr, "");
    assert.equal(caches().length, 1, "both names share the body's code cache");
  } finally {
    s.cleanup();
  }
});
