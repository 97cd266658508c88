import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, sandbox } from "../../helpers.js";

// A save reads MEMORY.md once for its card's title and, while the file is unchanged, edits those same bytes under
// the lock (issue 32: one read of a 19 MB index, not two). A hand edit that lands in between — here at the same
// size, in place, while a real `memctl save` waits at its pause point before the card's rename — must survive:
// the index is read again, and the save's line goes into the edited file.

const CLI = path.join(REPO_ROOT, "dist", "cli.js");

test("a hand edit of MEMORY.md while a save is under way is kept, however small", async (t) => {
  const s = sandbox([
    { file: "feedback_a.md", title: "A", hook: "hook a" },
    { file: "feedback_b.md", title: "B", hook: "hook b" },
  ]);
  t.after(() => s.cleanup());
  const index = path.join(s.memory, "MEMORY.md");
  const intent = path.join(s.memory, ".memctl", "intent.json");
  const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml"), MEMCTL_MEMORY_DIR: s.memory, MEMCTL_PAUSE_BEFORE_COMMIT_MS: "400" };
  const child = spawn(process.execPath, [CLI, "save", "feedback_a", "-d", "hook a, saved"], { cwd: s.repo, env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const exited = new Promise<number | null>((r) => child.once("exit", r));
  // The intent is written after the save looked its title up in MEMORY.md, just before the card's paused rename.
  const deadline = Date.now() + 20_000;
  while (!fs.existsSync(intent)) {
    assert.ok(Date.now() < deadline, "the save never reached its commit");
    await new Promise((r) => setTimeout(r, 2));
  }
  const before = fs.readFileSync(index, "utf8");
  const at = Buffer.byteLength(before.slice(0, before.indexOf("— hook b") + "— hook ".length));
  const fd = fs.openSync(index, "r+");
  fs.writeSync(fd, Buffer.from("B"), 0, 1, at); // in place, same size: only the file's stamps say it changed
  fs.closeSync(fd);
  assert.equal(await exited, 0, stderr);
  const after = fs.readFileSync(index, "utf8");
  assert.match(after, /^- \[B\]\(feedback_b\.md\) — hook B$/m, "the hand edit is kept");
  assert.match(after, /^- \[A\]\(feedback_a\.md\) — hook a, saved$/m, "the save's line is in");
});

// A new card's line is appended in place, planned from the same one read: an edit by hand between that read and the
// append (here in place at the same size, while the save waits at its pause before the append) must survive too.
test("a hand edit of MEMORY.md just before a new card's line is appended is kept, and the line goes in once", async (t) => {
  const s = sandbox([{ file: "feedback_b.md", title: "B", hook: "hook b" }]);
  t.after(() => s.cleanup());
  const index = path.join(s.memory, "MEMORY.md");
  const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml"), MEMCTL_MEMORY_DIR: s.memory, MEMCTL_PAUSE_BEFORE_COMMIT_MS: "400" };
  const child = spawn(process.execPath, [CLI, "save", "kiwi", "-t", "project", "-d", "kiwi is green"], { cwd: s.repo, env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const exited = new Promise<number | null>((r) => child.once("exit", r));
  // The card is renamed into place after the first pause; the second holds the index's append.
  const deadline = Date.now() + 20_000;
  while (!fs.existsSync(path.join(s.memory, "project_kiwi.md"))) {
    assert.ok(Date.now() < deadline, "the save never renamed its card");
    await new Promise((r) => setTimeout(r, 2));
  }
  const before = fs.readFileSync(index, "utf8");
  assert.doesNotMatch(before, /kiwi/);
  const fd = fs.openSync(index, "r+");
  fs.writeSync(fd, Buffer.from("B"), 0, 1, Buffer.byteLength(before.slice(0, before.indexOf("— hook b") + "— hook ".length)));
  fs.closeSync(fd);
  assert.equal(await exited, 0, stderr);
  const after = fs.readFileSync(index, "utf8");
  assert.equal(after, `${before.replace("hook b", "hook B")}- [kiwi](project_kiwi.md) — kiwi is green\n`);
});
