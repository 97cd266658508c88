import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { handWrittenCards } from "../support/compact-fixture.js";
import { makeWorld, memctl, type World } from "../support/fixture.js";

// No memctl command writes through a symlink under the store (issue 16, item 4): each state file or directory
// is planted as a link to something outside, the real command runs, and the outside stays byte for byte as it
// was, with no file appearing there.

const OUTSIDE_TEXT = "outside bytes, not memctl's\n";

/** A directory outside the store holding one file; the snapshot is every name and its bytes. */
function outside(w: World): { dir: string; file: string; snapshot: () => Record<string, string> } {
  const dir = path.join(w.root, "outside");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "target");
  fs.writeFileSync(file, OUTSIDE_TEXT);
  const snapshot = () =>
    Object.fromEntries(
      fs
        .readdirSync(dir, { recursive: true })
        .map(String)
        .sort()
        .map((n) => [n, fs.statSync(path.join(dir, n)).isDirectory() ? "<dir>" : fs.readFileSync(path.join(dir, n), "latin1")]),
    );
  return { dir, file, snapshot };
}

/** Plants `<mem>/.memctl/<rel>` as a symlink to `target` (the state directory itself when rel is ""). */
function plant(w: World, rel: string, target: string): void {
  const link = path.join(w.mem, ".memctl", rel);
  fs.mkdirSync(path.dirname(link), { recursive: true });
  fs.symlinkSync(target, link);
}

async function save(w: World, name = "deploy"): Promise<{ code: number; stderr: string }> {
  return memctl(w, ["save", name, "-t", "reference", "-d", `how to ${name} the service`]);
}

async function propose(w: World): Promise<{ code: number; stdout: string; stderr: string }> {
  return memctl(w, ["propose", "ci-cache", "-t", "reference", "-d", "CI caches node_modules by lockfile hash", "--source", "ci.yml line 40", "--kind", "fact", "--json"]);
}

function cleanup(w: World): void {
  fs.rmSync(w.root, { recursive: true, force: true });
}

for (const [rel, command] of [
  ["history.jsonl", "save"],
  ["proposals-log.jsonl", "propose"],
  ["jobs.jsonl", "consolidate"],
] as const) {
  test(`a symlinked .memctl/${rel} is refused by ${command}; the outside file is untouched`, async () => {
    const w = makeWorld();
    try {
      const o = outside(w);
      if (rel !== "history.jsonl") assert.equal((await save(w)).code, 0);
      plant(w, rel, o.file);
      const before = o.snapshot();
      const r = command === "save" ? await save(w, "other") : command === "propose" ? await propose(w) : await memctl(w, ["consolidate"]);
      assert.notEqual(r.code, 0, "the write must be refused");
      assert.match(r.stderr, /symlink/);
      assert.doesNotMatch(r.stderr, /internal error/);
      assert.deepEqual(o.snapshot(), before);
    } finally {
      cleanup(w);
    }
  });
}

test("a symlinked .memctl/history.jsonl: save refuses before it touches the card (its message says nothing was written)", async () => {
  const w = makeWorld();
  try {
    const o = outside(w);
    assert.equal((await save(w)).code, 0);
    const card = path.join(w.mem, "reference_deploy.md");
    const cardBefore = fs.readFileSync(card);
    const indexBefore = fs.readFileSync(path.join(w.mem, "MEMORY.md"));
    fs.renameSync(path.join(w.mem, ".memctl", "history.jsonl"), o.file);
    plant(w, "history.jsonl", o.file);
    const update = await memctl(w, ["save", "deploy", "-d", "how to deploy the service, updated"]);
    assert.notEqual(update.code, 0, "the write must be refused");
    assert.match(update.stderr, /nothing was written/);
    assert.deepEqual(fs.readFileSync(card), cardBefore, "the card is as it was");
    assert.deepEqual(fs.readFileSync(path.join(w.mem, "MEMORY.md")), indexBefore, "the index is as it was");
    assert.equal((await save(w, "other")).code === 0, false);
    assert.equal(fs.existsSync(path.join(w.mem, "reference_other.md")), false, "no new card without its history entry");
    assert.equal(fs.existsSync(path.join(w.mem, ".memctl", "intent.json")), false, "no pending write left to complete later");
  } finally {
    cleanup(w);
  }
});

test("a symlinked .memctl/ is refused by save, propose and log; nothing appears outside", async () => {
  const w = makeWorld();
  try {
    const o = outside(w);
    fs.symlinkSync(o.dir, path.join(w.mem, ".memctl"));
    const before = o.snapshot();
    for (const r of [await save(w), await propose(w), await memctl(w, ["compact", "--mechanical"]), await memctl(w, ["rm", "deploy"])]) {
      assert.notEqual(r.code, 0);
      assert.doesNotMatch(r.stderr, /internal error/);
    }
    assert.deepEqual(o.snapshot(), before);
  } finally {
    cleanup(w);
  }
});

test("a symlinked .memctl/proposals/ directory: propose refuses, no proposal is written outside", async () => {
  const w = makeWorld();
  try {
    const o = outside(w);
    plant(w, "proposals", o.dir);
    const before = o.snapshot();
    const r = await propose(w);
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /symlink/);
    assert.deepEqual(o.snapshot(), before);
  } finally {
    cleanup(w);
  }
});

test("a symlinked .memctl/proposals/archive/ directory: reject refuses, the decision is not written outside", async () => {
  const w = makeWorld();
  try {
    const o = outside(w);
    const proposed = await propose(w);
    assert.equal(proposed.code, 0, proposed.stderr);
    const id = JSON.parse(proposed.stdout).proposal.id as string;
    fs.rmSync(path.join(w.mem, ".memctl", "proposals", "archive"), { recursive: true, force: true });
    plant(w, "proposals/archive", o.dir);
    const before = o.snapshot();
    const r = await memctl(w, ["reject", id, "--reason", "not needed"]);
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /symlink/);
    assert.deepEqual(o.snapshot(), before);
    assert.ok(fs.existsSync(path.join(w.mem, ".memctl", "proposals", `${id}.json`)), "the pending proposal is kept");
  } finally {
    cleanup(w);
  }
});

test("a symlinked .memctl/compact.json is replaced, never written through", async () => {
  const w = makeWorld();
  try {
    const o = outside(w);
    handWrittenCards(w, 60);
    assert.equal((await save(w)).code, 0);
    plant(w, "compact.json", o.file);
    const before = o.snapshot();
    const r = await memctl(w, ["compact", "--mechanical"]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(o.snapshot(), before);
    assert.equal(fs.lstatSync(path.join(w.mem, ".memctl", "compact.json")).isFile(), true);
  } finally {
    cleanup(w);
  }
});

test("a symlinked .memctl/compact.json directory parent: compact refuses when .memctl/ is a link", async () => {
  const w = makeWorld();
  try {
    const o = outside(w);
    handWrittenCards(w, 60);
    assert.equal((await save(w)).code, 0);
    const state = path.join(w.mem, ".memctl");
    fs.renameSync(state, path.join(o.dir, "state"));
    fs.symlinkSync(path.join(o.dir, "state"), state);
    const before = o.snapshot();
    const r = await memctl(w, ["compact", "--mechanical"]);
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /symlink/);
    assert.deepEqual(o.snapshot(), before);
  } finally {
    cleanup(w);
  }
});

test("a symlinked .memctl/trash/ directory: rm refuses, the card is not moved outside", async () => {
  const w = makeWorld();
  try {
    const o = outside(w);
    assert.equal((await save(w)).code, 0);
    plant(w, "trash", o.dir);
    const before = o.snapshot();
    const r = await memctl(w, ["rm", "deploy"]);
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /symlink/);
    assert.deepEqual(o.snapshot(), before);
    assert.ok(fs.existsSync(path.join(w.mem, "reference_deploy.md")), "the card stays where it was");
  } finally {
    cleanup(w);
  }
});

test("a symlinked .memctl/lock: save neither writes an owner file through it nor waits on it", async () => {
  const w = makeWorld();
  try {
    const o = outside(w);
    // Followed, the link would be a lock a live process on this host holds (this one): the save would wait out its
    // 30 s timeout and fail. So its success shows it did not wait, with no wall-clock bound for load to stretch.
    fs.writeFileSync(path.join(o.dir, "owner"), JSON.stringify({ pid: process.pid, host: os.hostname(), token: "not-memctl" }));
    fs.mkdirSync(path.join(w.mem, ".memctl"));
    plant(w, "lock", o.dir);
    const before = o.snapshot();
    const r = await save(w);
    assert.equal(r.code, 0, `a link is never a live lock: ${r.stderr}`);
    assert.deepEqual(o.snapshot(), before);
    assert.equal(fs.existsSync(path.join(w.mem, ".memctl", "lock")), false);
  } finally {
    cleanup(w);
  }
});
