import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { CLI } from "../support/fixture.js";
import { gitOn, ok, saveCard, syncedPair, type Machine } from "../support/machines.js";

// Every path a merge names is read through the checked reader (no link followed, no FIFO or device opened). A sync
// killed inside `git merge` leaves the work tree half merged, with whatever git had checked out: a teammate's card
// pushed as a link to a FIFO (or to /dev/zero) on this machine. The next sync's repair read it with a plain read and
// hung (or grew without end). Real parts: two machines over a bare remote, the built CLI, a real FIFO, a dead pid.

/** memctl sync on `m`, killed after `ms`: resolves with its exit code and output, or "timeout". */
function syncWithin(m: Machine, ms: number): Promise<{ code: number | "timeout"; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, "sync", "--json"], { cwd: m.repo, env: m.env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (out += c));
    const timer = setTimeout(() => child.kill("SIGKILL"), ms);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code: signal === "SIGKILL" ? "timeout" : (code ?? -1), out });
    });
  });
}

/** A pid that is surely gone: a child that has exited. */
function deadPid(): number {
  const child = execFileSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).toString();
  return Number(child);
}

for (const [what, target] of [
  ["a FIFO", "fifo"],
  ["/dev/zero", "/dev/zero"],
] as const) {
  test(`a sync killed inside the merge left a card and MEMORY.md as links to ${what}: the next sync's repair does not follow them`, async (t) => {
    const { b, c } = await syncedPair(t, "shared").then((p) => ({ b: p.b, c: p.c }));
    await saveCard(b, "project", "canary-rollouts", "canary rollouts go to one region first");
    await ok(b, ["sync"]);
    const card = path.join(b.mem, "project_canary-rollouts.md");
    const committed = fs.readFileSync(card, "utf8");
    const index = fs.readFileSync(path.join(b.mem, "MEMORY.md"), "utf8");
    const to = target === "fifo" ? path.join(c.root, "planted.fifo") : target;
    if (target === "fifo") execFileSync("mkfifo", [to]);
    // What a killed merge leaves: files git had checked out, a journal of the dead sync at the merge step.
    for (const f of [card, path.join(b.mem, "MEMORY.md")]) {
      fs.rmSync(f);
      fs.symlinkSync(to, f);
    }
    fs.mkdirSync(path.join(b.mem, ".memctl", "sync"), { recursive: true });
    fs.writeFileSync(path.join(b.mem, ".memctl", "sync", "journal.json"), JSON.stringify({ pid: deadPid(), phase: "merge", head_before: gitOn(b, "rev-parse", "HEAD") }));
    const r = await syncWithin(b, 30_000);
    assert.notEqual(r.code, "timeout", `the sync hung: ${r.out.slice(0, 400)}`);
    assert.equal(r.code, 0, r.out.slice(0, 800));
    // The repair brought back what HEAD holds: the links are gone, the card and the index are files again.
    assert.equal(fs.lstatSync(card).isFile(), true);
    assert.equal(fs.readFileSync(card, "utf8"), committed);
    assert.equal(fs.lstatSync(path.join(b.mem, "MEMORY.md")).isFile(), true);
    assert.equal(fs.readFileSync(path.join(b.mem, "MEMORY.md"), "utf8"), index);
  });
}

test("a teammate's root .gitattributes pushed as a link to /dev/zero or to a FIFO here: every later sync still ends", async (t) => {
  const { a, b, c } = await syncedPair(t, "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  const fifo = path.join(c.root, "attributes.fifo");
  execFileSync("mkfifo", [fifo]);
  for (const [i, to] of ["/dev/zero", fifo].entries()) {
    await ok(a, ["sync"]);
    fs.rmSync(path.join(a.mem, ".gitattributes"), { force: true });
    fs.symlinkSync(to, path.join(a.mem, ".gitattributes"));
    gitOn(a, "add", "-f", "--", ".gitattributes");
    gitOn(a, "commit", "-q", "--no-verify", "-m", `attributes as a link ${i}`);
    gitOn(a, "push", "-q", "origin", "HEAD:main");
    for (const round of [1, 2]) {
      const r = await syncWithin(b, 30_000);
      assert.notEqual(r.code, "timeout", `${to}, sync ${round} hung: ${r.out.slice(0, 400)}`);
      assert.equal(r.code, 0, r.out.slice(0, 800));
    }
  }
});
