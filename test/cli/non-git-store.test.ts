import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { PROJECT_FLAGS } from "../../lib/cli/args.js";
import { COMMANDS } from "../../lib/cli/commands.js";
import { REPO_ROOT, runCli, tempDir, testIo, writeStore } from "../helpers.js";

// Seed 001: adapters outside a Git worktree use --allow-non-git, and an explicit store works from anywhere
// the hook would use it. Every command that resolves a store takes the same flag the same way.

const CARD = { file: "feedback_deploy.md", title: "Deploy rule", hook: "deploys go through the release train", topics: ["deploy"] };

/** How to run each command that reads the store, from the registry; every one of them is covered. */
const READERS: Record<string, string[]> = {
  resolve: [],
  doctor: [],
  stats: [],
  list: [],
  show: ["feedback_deploy"],
  search: ["release"],
  recall: [],
  context: ["deploy"],
  prepare: ["--host", "generic", "--query", "deploy"],
  history: [],
  view: ["feedback_deploy.md"],
  review: [],
  jobs: [],
  expire: [],
  compact: ["--show"],
  why: [],
  distill: [],
  compress: [],
};
/** Commands that take a project but do not read a store (writers are covered by `log` below, mcp by its own tests). */
const NOT_READERS = new Set([
  "completion", // --cards lists card names for a TAB and stays silent without a store (covered in completion.test.ts)
  "config",
  "init",
  "log",
  "save",
  "rm",
  "keys", // a writer that needs a configured model (test/cli/keys.test.ts)
  "manage",
  "import",
  "adopt",
  "fix-fields",
  "restore",
  "remember",
  "ui", // a long-running server (test/cli/ui.test.ts)
  "propose",
  "accept",
  "reject",
  "consolidate",
  "mcp",
  "shard",
  "rebuild-summary",
  "sync",
]);

function world(t: { after: (fn: () => void) => void }) {
  const root = tempDir("memctl-nongit-");
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  const home = path.join(root, "home");
  const plain = path.join(root, "plain");
  const store = path.join(root, "store");
  for (const d of [home, plain, store]) fs.mkdirSync(d);
  writeStore(store, [CARD]);
  fs.writeFileSync(path.join(store, "episodes.jsonl"), JSON.stringify({ ts: "2026-12-01T10:00:00.000Z", host: "claude", summary: "shipped the deploy train" }) + "\n");
  return { root, home, plain, store };
}

test("every project command is covered here, and every one takes --allow-non-git", async () => {
  for (const [name, entry] of Object.entries(COMMANDS)) {
    const { spec } = await entry.load();
    if (!("repo-root" in spec.flags)) continue;
    assert.ok(name in READERS || NOT_READERS.has(name), `${name} takes --repo-root: add it to READERS or NOT_READERS`);
    assert.equal(spec.flags["allow-non-git"]?.type, "boolean", `${name} must take --allow-non-git`);
    // One flag definition (issue 16, item 2): the same spec object everywhere, so help and parsing cannot drift.
    assert.equal(spec.flags["allow-non-git"], PROJECT_FLAGS["allow-non-git"], `${name} must use PROJECT_FLAGS["allow-non-git"]`);
  }
  for (const name of ["doctor", "stats"]) assert.ok("repo-root" in (await COMMANDS[name]!.load()).spec.flags);
});

for (const envName of ["MEMCTL_MEMORY_DIR", "PM_MEMORY_DIR"]) {
  test(`outside git with ${envName}: every store-reading command reads the store, with or without --allow-non-git`, async (t) => {
    const w = world(t);
    const io = testIo({ cwd: w.plain, home: w.home, env: { [envName]: w.store } });
    for (const [name, args] of Object.entries(READERS)) {
      for (const flag of [[], ["--allow-non-git"]]) {
        const r = await runCli([name, ...args, ...flag, "--json"], io);
        assert.equal(r.code, 0, `${name} ${flag.join(" ")}: exit ${r.code}\n${r.stdout}${r.stderr}`);
        assert.ok(r.stdout.trim().length > 0, `${name} printed nothing`);
      }
    }
    const doctor = JSON.parse((await runCli(["doctor", "--json"], io)).stdout);
    assert.equal(doctor.memory_dir, w.store);
    assert.deepEqual(doctor.resolution_issues, []);
    const stats = JSON.parse((await runCli(["stats", "--json"], io)).stdout);
    assert.equal(stats.index_entry_count, 1);
    assert.match((await runCli(["search", "release", "--json"], io)).stdout, /feedback_deploy\.md/);
    // A writer takes the explicit store from anywhere too.
    assert.equal((await runCli(["log", "--host", "generic", "--summary", "from a plain directory"], io)).code, 0);
    assert.match(fs.readFileSync(path.join(w.store, "episodes.jsonl"), "utf8"), /from a plain directory/);
  });
}

test("outside git with no explicit store: each reader says --allow-non-git, and accepts it when given", async (t) => {
  const w = world(t);
  const io = testIo({ cwd: w.plain, home: w.home });
  for (const [name, args] of Object.entries(READERS)) {
    const refused = await runCli([name, ...args, "--json"], io);
    assert.equal(refused.code, 2, `${name}: ${refused.stdout}${refused.stderr}`);
    const error = JSON.parse(refused.stdout).error;
    assert.equal(error.code, "E_NOT_GIT", name);
    assert.match(error.message, /--allow-non-git/);
    const keyed = await runCli([name, ...args, "--allow-non-git", "--json"], io);
    assert.notEqual(keyed.code, 2, `${name} --allow-non-git is a usage error: ${keyed.stdout}${keyed.stderr}`);
    assert.notEqual(keyed.code, 3, name);
  }
  // The plain directory's key maps to a store through the config like any repository.
  assert.equal((await runCli(["config", "set", "--repo-root", w.plain, "--memory-dir", w.store, "--allow-non-git"], io)).code, 0);
  for (const name of ["doctor", "stats", "list"]) {
    const r = await runCli([name, "--allow-non-git", "--json"], io);
    assert.equal(r.code, 0, `${name}: ${r.stdout}${r.stderr}`);
  }
  assert.equal(JSON.parse((await runCli(["doctor", "--allow-non-git", "--json"], io)).stdout).memory_dir, w.store);
});

test("the built CLI: doctor and stats outside git with MEMCTL_MEMORY_DIR (the issue's reproduction)", (t) => {
  const w = world(t);
  const env = { PATH: process.env.PATH, HOME: w.home, MEMCTL_CONFIG_FILE: path.join(w.home, "config.toml"), MEMCTL_MEMORY_DIR: w.store };
  for (const name of ["doctor", "stats"]) {
    for (const flag of [[], ["--allow-non-git"]]) {
      const r = spawnSync(process.execPath, [path.join(REPO_ROOT, "dist", "cli.js"), name, ...flag], { cwd: w.plain, env, encoding: "utf8" });
      assert.equal(r.status, 0, `${name} ${flag.join(" ")}: ${r.stdout}${r.stderr}`);
    }
  }
});
