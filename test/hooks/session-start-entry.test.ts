// The wired session start (`dist/cli.js hook session-start --host <h>`) runs dist/hooks/session-start.cjs, not
// the CLI's module graph, and prints what the CLI's own `hook session-start` prints, byte for byte.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ageStore, REPO_ROOT, sandbox } from "../helpers.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const cards = [
  { file: "feedback_pinned.md", title: "Always rebase", hook: "never merge main into a branch", priority: "always" as const },
  { file: "feedback_a.md", title: "Redis cache", hook: "ttl is 60 s" },
  { file: "project_b.md", title: "Deploy", hook: "deploys go through the pipeline" },
];

function world() {
  const s = sandbox(cards);
  ageStore(s.memory);
  const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
  let session = 0;
  const run = (cli: string, args: string[], payload: unknown = { cwd: s.repo, session_id: `s${session++}`, source: "startup" }) =>
    spawnSync(process.execPath, [cli, "hook", "session-start", ...args], { input: typeof payload === "string" ? payload : JSON.stringify(payload), env, encoding: "utf8" });
  return { s, run };
}

// --max-entries is a `hook` flag session start ignores, and not one the bundle takes: it sends the run through the CLI.
const THROUGH_CLI = ["--max-entries", "7"];

/** cli.js, what it imports statically, and dist/hooks without code caches: no other chunk, and no node_modules above the copy. */
function bareCopy(root: string): string {
  const bare = path.join(root, "bare");
  fs.mkdirSync(path.join(bare, "chunks"), { recursive: true });
  fs.writeFileSync(path.join(bare, "package.json"), JSON.stringify({ type: "module" }));
  const cli = fs.readFileSync(CLI, "utf8");
  fs.writeFileSync(path.join(bare, "cli.js"), cli);
  for (const m of cli.matchAll(/^import\s+(?:[^"']*from\s+)?["']\.\/(chunks\/[^"']+)["']/gm)) fs.copyFileSync(path.join(REPO_ROOT, "dist", m[1]!), path.join(bare, m[1]!));
  fs.cpSync(path.join(REPO_ROOT, "dist", "hooks"), path.join(bare, "hooks"), { recursive: true, filter: (f) => !f.endsWith(".v8cache") });
  return bare;
}

test("a copy of dist/ with the CLI's chunks removed still starts a session: the wired flags never load the CLI", () => {
  const { s, run } = world();
  try {
    const bare = bareCopy(s.root);
    const full = run(CLI, ["--host", "codex", ...THROUGH_CLI]);
    assert.equal(full.status, 0, full.stderr);
    assert.match(full.stdout, /Always rebase/);
    for (const args of [
      ["--host", "codex"],
      ["--host=claude", "--plugin"],
      ["--max-bytes", "100000", "--host", "codex"],
    ]) {
      const r = run(path.join(bare, "cli.js"), args);
      assert.equal(r.status, 0, `${args.join(" ")}: ${r.stderr}`);
      assert.equal(r.stderr, "");
      if (args.includes("codex")) assert.equal(r.stdout, full.stdout, args.join(" "));
      else assert.match(r.stdout, /Always rebase/);
    }
    // The copy really lacks the CLI: a flag the bundle does not take needs it, and fails to load there.
    const cliOnly = run(path.join(bare, "cli.js"), ["--host", "codex", ...THROUGH_CLI]);
    assert.notEqual(cliOnly.status, 0);
    assert.match(cliOnly.stderr, /ERR_MODULE_NOT_FOUND|Cannot find module/);
  } finally {
    s.cleanup();
  }
});

test("the bundle and the CLI print the same bytes: the overview, an unknown host, a bad payload, a second wiring's run", () => {
  const { s, run } = world();
  try {
    const pairs: [string, string[], unknown?][] = [
      ["overview (claude, plugin)", ["--host", "claude", "--plugin"]],
      ["overview under a byte threshold", ["--host", "codex", "--max-bytes", "10"]],
      ["unknown host", ["--host", "nosuch"]],
      ["bad payload", ["--host", "codex"], "not json"],
      ["no cwd", ["--host", "grok"], { session_id: "x" }],
    ];
    for (const [what, args, payload] of pairs) {
      const bundle = run(CLI, args, payload);
      const viaCli = run(CLI, [...args, ...THROUGH_CLI], payload);
      assert.deepEqual([bundle.status, bundle.stdout, bundle.stderr], [viaCli.status, viaCli.stdout, viaCli.stderr], what);
    }
    // One session id run twice per path: the second run of each (a second wiring) prints nothing on either.
    for (const args of [
      ["--host", "claude"],
      ["--host", "claude", ...THROUGH_CLI],
    ]) {
      const payload = { cwd: s.repo, session_id: `twice ${args.length}`, source: "startup" };
      assert.match(run(CLI, args, payload).stdout, /Always rebase/);
      assert.deepEqual([run(CLI, args, payload).stdout], [""]);
    }
  } finally {
    s.cleanup();
  }
});

test("session start runs from V8's code cache: a start that printed the overview writes it, later starts use it and print the same", () => {
  const { s, run } = world();
  try {
    const hooks = path.join(bareCopy(s.root), "hooks");
    const cli = path.join(hooks, "..", "cli.js");
    const caches = () => fs.readdirSync(hooks).filter((f) => f.startsWith("session-start.body.js.") && f.endsWith(".v8cache"));
    // A start that printed no overview compiled little of it: only a cold cache, which a typical start replaces.
    assert.equal(run(cli, ["--host", "codex"], "{}").status, 0);
    assert.deepEqual(
      caches().map((f) => f.endsWith(".cold.v8cache")),
      [true],
    );
    // A typical start that found only the cold cache drops it (it holds what that start deserialised); the next writes its own.
    const first = run(cli, ["--host", "codex"]);
    assert.match(first.stdout, /Always rebase/);
    assert.deepEqual(caches(), []);
    assert.equal(run(cli, ["--host", "codex"]).stdout, first.stdout);
    assert.deepEqual(
      caches().map((f) => f.endsWith(".cold.v8cache")),
      [false],
    );
    const cache = path.join(hooks, caches()[0]!);
    const written = fs.readFileSync(cache);
    for (let i = 0; i < 2; i++) {
      const again = run(cli, ["--host", "codex"]);
      assert.equal(again.status, 0, again.stderr);
      assert.equal(again.stdout, first.stdout);
    }
    assert.deepEqual(fs.readFileSync(cache), written, "an accepted cache is not rewritten");
  } finally {
    s.cleanup();
  }
});
