import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitInit, runCli, tempDir, testIo } from "../helpers.js";

function setup(env: Record<string, string> = {}) {
  const home = tempDir();
  const repo = gitInit(path.join(home, "repo"));
  return { home, repo, io: testIo({ cwd: repo, home, env }) };
}

test("init creates the legacy store with a minimal MEMORY.md, then refuses to overwrite it", async () => {
  const s = setup();
  const first = await runCli(["init", "--json"], s.io);
  assert.equal(first.code, 0);
  const dir = JSON.parse(first.stdout).memory_dir;
  assert.match(fs.readFileSync(path.join(dir, "MEMORY.md"), "utf8"), /^# Memory\n/);
  fs.writeFileSync(path.join(dir, "MEMORY.md"), "# Memory\n- [Mine](user_me.md) — precious\n");
  const second = await runCli(["init"], s.io);
  assert.equal(second.code, 1);
  assert.match(second.stderr, /already exists/);
  assert.match(fs.readFileSync(path.join(dir, "MEMORY.md"), "utf8"), /precious/);
  assert.equal((await runCli(["resolve", "--json"], s.io)).code, 0);
});

test("init creates an explicitly selected directory that does not exist yet", async () => {
  const home = tempDir();
  const target = path.join(home, "notes", "mem");
  const s = setup({ MEMCTL_MEMORY_DIR: target });
  const r = await runCli(["init"], s.io);
  assert.equal(r.code, 0);
  assert.ok(fs.existsSync(path.join(target, "MEMORY.md")));
});

test("init on a memory directory that is a dangling symlink says so (exit 3), never 'internal error', and changes nothing", async () => {
  const home = tempDir();
  const link = path.join(home, "mem");
  fs.symlinkSync(path.join(home, "nowhere"), link);
  const s = setup({ MEMCTL_MEMORY_DIR: link });
  const r = await runCli(["init"], s.io);
  assert.equal(r.code, 3, r.stderr);
  assert.doesNotMatch(r.stderr, /internal error/);
  assert.match(r.stderr, /is a symlink to .*nowhere, which does not exist.*mkdir -p/);
  assert.ok(fs.lstatSync(link).isSymbolicLink() && !fs.existsSync(path.join(home, "nowhere")));
});

test("init refuses a directory holding cards but no index", async () => {
  const home = tempDir();
  const target = path.join(home, "mem");
  fs.mkdirSync(target);
  fs.writeFileSync(path.join(target, "feedback_x.md"), "x");
  const s = setup({ MEMCTL_MEMORY_DIR: target });
  assert.equal((await runCli(["init"], s.io)).code, 1);
  assert.ok(!fs.existsSync(path.join(target, "MEMORY.md")));
});

test("init refuses an explicit selection that is a file (exit 3)", async () => {
  const home = tempDir();
  const target = path.join(home, "file");
  fs.writeFileSync(target, "");
  const s = setup({ MEMCTL_MEMORY_DIR: target });
  assert.equal((await runCli(["init"], s.io)).code, 3);
});

/** A Claude Code memory directory for the repo at `repo` (its legacy location), holding two cards. */
function claudeMemory(home: string, repo: string): string {
  const dir = path.join(home, ".claude", "projects", repo.replace(/[^A-Za-z0-9]/g, "-"), "memory");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "MEMORY.md"), "- [Tests](feedback_tests.md) — run the suite\n");
  for (const name of ["feedback_tests", "project_stack"])
    fs.writeFileSync(path.join(dir, `${name}.md`), `---\nname: ${name}\ndescription: ${name} from Claude\ntype: feedback\n---\nbody\n`);
  return dir;
}

function initWithClaude(extra: Partial<import("../../lib/store/io.js").Io> = {}) {
  const home = tempDir();
  t_cleanup.push(home);
  const repo = gitInit(path.join(home, "repo"));
  const target = path.join(home, "store");
  claudeMemory(home, repo);
  const io = Object.assign(testIo({ cwd: repo, home, env: { MEMCTL_MEMORY_DIR: target } }), extra);
  return { home, repo, target, io };
}
const t_cleanup: string[] = [];
test.after(() => {
  for (const d of t_cleanup) fs.rmSync(d, { recursive: true, force: true });
});

test("init on a terminal offers to import existing Claude Code memory and imports it on yes", async () => {
  const questions: string[] = [];
  const s = initWithClaude({ ask: async (q: string) => (questions.push(q), "y") });
  const r = await runCli(["init"], s.io);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(questions.length, 1);
  assert.match(questions[0]!, /Import 2 cards of Claude Code memory/);
  assert.ok(fs.existsSync(path.join(s.target, "feedback_tests.md")));
  assert.ok(fs.existsSync(path.join(s.target, "project_stack.md")));
  assert.match(r.stdout, /imported 2 cards/);
});

test("init on a terminal: declining the import prints how to do it later and imports nothing", async () => {
  const s = initWithClaude({ ask: async () => "n" });
  const r = await runCli(["init"], s.io);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(fs.existsSync(path.join(s.target, "feedback_tests.md")), false);
  assert.match(r.stdout, /memctl import claude --yes/);
});

test("init without a terminal prints a hint line; --non-interactive says nothing about it; neither imports", async () => {
  const s = initWithClaude();
  const r = await runCli(["init"], s.io);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /2 cards of Claude Code memory .*memctl import claude --yes/);
  assert.equal(fs.existsSync(path.join(s.target, "feedback_tests.md")), false);
  const json = JSON.parse((await runCli(["doctor", "--json"], s.io)).stdout);
  assert.equal(json.memory_dir, s.target);

  const quiet = initWithClaude({ ask: async () => assert.fail("no question under --non-interactive") });
  const q = await runCli(["init", "--non-interactive"], quiet.io);
  assert.equal(q.code, 0, q.stderr);
  assert.doesNotMatch(q.stdout, /Claude Code memory/);
  assert.equal(fs.existsSync(path.join(quiet.target, "feedback_tests.md")), false);
  const j = await runCli(["init", "--json"], initWithClaude().io);
  assert.deepEqual(JSON.parse(j.stdout).claude_import, { importable: 2, dirs: [JSON.parse(j.stdout).claude_import.dirs[0]], imported: 0, command: "memctl import claude --yes" });
});

test("init offers a Claude memory that is all MEMORY.md prose, and says it is notes, not cards", async () => {
  const questions: string[] = [];
  const s = initWithClaude({ ask: async (q: string) => (questions.push(q), "y") });
  const dir = path.join(s.home, ".claude", "projects", s.repo.replace(/[^A-Za-z0-9]/g, "-"), "memory");
  for (const f of fs.readdirSync(dir)) fs.rmSync(path.join(dir, f));
  fs.writeFileSync(path.join(dir, "MEMORY.md"), "# Memory\n\n## Ports\n- API on 8080\n\n## Release\n- tag from main only\n");
  const r = await runCli(["init"], s.io);
  assert.equal(r.code, 0, r.stderr);
  assert.match(questions[0] ?? "", /Import 2 notes from MEMORY\.md of Claude Code memory/);
  assert.match(r.stdout, /imported 2 notes from MEMORY\.md of Claude Code memory/);
});
