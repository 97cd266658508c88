import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, memctlOn, ok, saveCard, syncedPair } from "../support/machines.js";
import { CLI, makeWorld } from "../support/fixture.js";

// A store's MEMORY.md that is a link out of the store (a file of the user's, /proc/self/pagemap) or a FIFO. save, rm
// and fix-fields refuse it (test/cli/index-link-writes.test.ts); `import claude` wrote its cards, their revisions
// and history, then replaced the link with the user's file plus its lines (copying the user's private file into the
// store), and `sync` committed and pushed the link itself, naming where it leads. Each now stops first with
// E_PATH_ESCAPE naming the link, nothing written.

/**
 * Every entry under `dir` but git's own and the job ledger (which records the failed attempt, as for any command
 * run as a job): a link as its target, a directory as "<dir>", a file as its bytes.
 */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of fs.readdirSync(dir, { recursive: true }).map(String).sort()) {
    if (name === ".git" || name.startsWith(".git/") || name === ".memctl/jobs.jsonl") continue;
    const full = path.join(dir, name);
    const st = fs.lstatSync(full);
    out[name] = st.isSymbolicLink() ? `-> ${fs.readlinkSync(full)}` : st.isDirectory() ? "<dir>" : st.isFIFO() ? "<fifo>" : fs.readFileSync(full, "latin1");
  }
  return out;
}

function plant(mem: string, what: string, root: string): void {
  const index = path.join(mem, "MEMORY.md");
  fs.rmSync(index, { force: true });
  if (what === "fifo") spawnSync("mkfifo", [index]);
  else fs.symlinkSync(what === "notes" ? path.join(root, "notes.md") : what, index);
}

const KINDS = ["notes", "/proc/self/pagemap", "fifo"] as const;

test("import claude over a MEMORY.md linked out of the store or a FIFO: E_PATH_ESCAPE naming it, nothing written", () => {
  const w = makeWorld();
  try {
    const claude = path.join(w.root, "claude-memory");
    fs.mkdirSync(claude);
    fs.writeFileSync(path.join(claude, "MEMORY.md"), "# Memory\n\n- [Alpha](project_alpha.md) — a card\n");
    fs.writeFileSync(path.join(claude, "project_alpha.md"), "---\nname: alpha\ndescription: a card\ntype: project\n---\nbody\n");
    fs.writeFileSync(path.join(w.root, "notes.md"), "# my notes\nprivate line\n");
    const run = (args: string[]) =>
      spawnSync(process.execPath, [CLI, ...args], { cwd: w.repo, env: { PATH: process.env.PATH, HOME: w.home, ...w.env }, encoding: "utf8", timeout: 30_000 });
    // A card saved first: the store has its .memctl/ (history, revisions) before the import is tried.
    assert.equal(run(["save", "kept", "-t", "project", "-d", "a card that stays", "-"]).status, 0);
    for (const kind of KINDS) {
      plant(w.mem, kind, w.root);
      const before = snapshot(w.mem);
      const r = run(["import", "claude", "--from", claude, "--yes", "--json"]);
      assert.equal(r.status, 1, `${kind}: ${r.stdout}${r.stderr}`);
      const error = JSON.parse(r.stdout).error as { code: string; message: string };
      assert.equal(error.code, "E_PATH_ESCAPE", `${kind}: ${error.message}`);
      assert.ok(error.message.includes(path.join(w.mem, "MEMORY.md")), `${kind} names the file: ${error.message}`);
      assert.match(error.message, /nothing was written/);
      assert.deepEqual(snapshot(w.mem), before, `${kind}: import wrote into the store`);
    }
    assert.equal(fs.readFileSync(path.join(w.root, "notes.md"), "utf8"), "# my notes\nprivate line\n");
  } finally {
    fs.rmSync(w.root, { recursive: true, force: true });
  }
});

test("sync over a MEMORY.md linked out of the store or a FIFO: E_PATH_ESCAPE naming it, nothing committed or pushed", async (t) => {
  const { c, a, b } = await syncedPair(t, "own");
  await saveCard(a, "project", "deploys", "deploys go through the canary first");
  await ok(a, ["sync"]);
  fs.writeFileSync(path.join(c.root, "notes.md"), "# my notes\nprivate line\n");
  const remoteHead = () => execGit(c.remote, "rev-parse", "main");
  for (const kind of KINDS) {
    plant(a.mem, kind, c.root);
    const head = gitOn(a, "rev-parse", "HEAD");
    const pushed = remoteHead();
    const before = snapshot(a.mem);
    const r = await memctlOn(a, ["sync", "--json"]);
    assert.equal(r.code, 1, `${kind}: ${r.stdout}${r.stderr}`);
    const error = JSON.parse(r.stdout).error as { code: string; message: string };
    assert.equal(error.code, "E_PATH_ESCAPE", `${kind}: ${error.message}`);
    assert.ok(error.message.includes(path.join(a.mem, "MEMORY.md")), `${kind} names the file: ${error.message}`);
    assert.equal(gitOn(a, "rev-parse", "HEAD"), head, `${kind}: committed`);
    assert.equal(remoteHead(), pushed, `${kind}: pushed`);
    assert.deepEqual(snapshot(a.mem), before, `${kind}: sync wrote into the store`);
  }
  // The teammate's machine never saw a link.
  await ok(b, ["sync"]);
  assert.ok(fs.lstatSync(path.join(b.mem, "MEMORY.md")).isFile());
  assert.doesNotMatch(fs.readFileSync(path.join(b.mem, "MEMORY.md"), "utf8"), /private line/);
});

function execGit(dir: string, ...args: string[]): string {
  return spawnSync("git", ["-C", dir, ...args], { encoding: "utf8", env: { PATH: process.env.PATH, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" } }).stdout.trim();
}
