import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { readRegularMemo } from "../../../lib/store/checked-fs.js";
import { withStoreLock } from "../../../lib/store/lock.js";
import { scratchDir } from "../../support/scratch.js";

// readRegularMemo lets one write read MEMORY.md and history.jsonl once: the same bytes again only while the file
// is unchanged, whatever way it changed (in place at the same size, appended, replaced by a rename).

function dir(t: { after: (fn: () => void) => void }): string {
  const d = scratchDir("memctl-memo-read-");
  t.after(() => fs.rmSync(d, { recursive: true, force: true }));
  return d;
}

test("an unchanged file is read once: the second call returns the same bytes without reading", (t) => {
  const file = path.join(dir(t), "MEMORY.md");
  fs.writeFileSync(file, "# Memory\n- [A](a.md) — one\n");
  const first = readRegularMemo(file);
  assert.equal(first.toString(), "# Memory\n- [A](a.md) — one\n");
  assert.equal(readRegularMemo(file), first, "the same Buffer: not read again");
});

test("a change in place at the same size, an append and a rename each give the new bytes", (t) => {
  const d = dir(t);
  const file = path.join(d, "MEMORY.md");
  fs.writeFileSync(file, "- [A](a.md) — one\n");
  readRegularMemo(file);
  // Same size, same inode, within the same millisecond as the read: only the nanosecond stamps move.
  const fd = fs.openSync(file, "r+");
  fs.writeSync(fd, Buffer.from("two"), 0, 3, Buffer.byteLength("- [A](a.md) — "));
  fs.closeSync(fd);
  assert.equal(readRegularMemo(file).toString(), "- [A](a.md) — two\n");
  fs.appendFileSync(file, "- [B](b.md) — three\n");
  assert.equal(readRegularMemo(file).toString(), "- [A](a.md) — two\n- [B](b.md) — three\n");
  const temp = path.join(d, "next.tmp");
  fs.writeFileSync(temp, "- [A](a.md) — six\n- [B](b.md) — three\n");
  fs.renameSync(temp, file);
  assert.equal(readRegularMemo(file).toString(), "- [A](a.md) — six\n- [B](b.md) — three\n");
});

test("what a write read is kept for its lock hold only: released with the lock, read again after", async (t) => {
  // A long-lived process (memctl mcp, memctl ui) would otherwise keep a 19 MB MEMORY.md of 100,000 cards after the
  // call that read it, until it exits.
  const d = dir(t);
  const file = path.join(d, "MEMORY.md");
  fs.writeFileSync(file, "- [A](a.md) — one\n");
  let read: Buffer | undefined;
  await withStoreLock(d, () => {
    read = readRegularMemo(file);
    assert.equal(readRegularMemo(file), read, "the same Buffer for the rest of the hold");
  });
  const after = readRegularMemo(file);
  assert.notEqual(after, read, "read again: the memo let go of it at release");
  assert.equal(after.toString(), read!.toString());
});

test("errors are readRegular's: absent, a directory, a FIFO (never blocked on), over the cap", (t) => {
  const d = dir(t);
  assert.throws(() => readRegularMemo(path.join(d, "none.md")), { code: "ENOENT" });
  fs.mkdirSync(path.join(d, "sub"));
  assert.throws(() => readRegularMemo(path.join(d, "sub")), { code: "E_NOT_REGULAR" });
  execFileSync("mkfifo", [path.join(d, "fifo")]);
  assert.throws(() => readRegularMemo(path.join(d, "fifo")), { code: "E_NOT_REGULAR" });
  const big = path.join(d, "big.md");
  fs.writeFileSync(big, "x".repeat(100));
  assert.throws(() => readRegularMemo(big, 10), { code: "E_TOO_LARGE" });
  // A file that was read and then became a directory is not answered from the memo.
  const file = path.join(d, "gone.md");
  fs.writeFileSync(file, "x");
  readRegularMemo(file);
  fs.rmSync(file);
  fs.mkdirSync(file);
  assert.throws(() => readRegularMemo(file), { code: "E_NOT_REGULAR" });
});
