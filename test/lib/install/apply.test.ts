import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { applyEdit, BACKUP_SUFFIX, renderDiff } from "../../../lib/install/apply.js";

function tempFile(name = "settings.json"): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), "memctl-apply-")), "nested", name);
}

test("creates a missing file (and its folder) without a backup", async () => {
  const file = tempFile();
  const change = await applyEdit(file, () => "{}\n");
  assert.equal(change.changed, true);
  assert.equal(fs.readFileSync(file, "utf8"), "{}\n");
  assert.equal(fs.existsSync(file + BACKUP_SUFFIX), false);
});

test("the first change keeps a backup of the original; later changes keep that first backup", async () => {
  const file = tempFile();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "original\n", { mode: 0o600 });
  const first = await applyEdit(file, (t) => `${t}one\n`);
  assert.equal(first.backup, file + BACKUP_SUFFIX);
  await applyEdit(file, (t) => `${t}two\n`);
  assert.equal(fs.readFileSync(file + BACKUP_SUFFIX, "utf8"), "original\n");
  assert.equal(fs.readFileSync(file, "utf8"), "original\none\ntwo\n");
  assert.equal(fs.statSync(file).mode & 0o777, 0o600, "the file keeps its permissions");
});

test("an edit that changes nothing writes nothing; a refusing edit leaves the file as it was", async () => {
  const file = tempFile();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "same\n");
  const inode = fs.statSync(file).ino;
  assert.equal((await applyEdit(file, (t) => t)).changed, false);
  assert.equal(fs.statSync(file).ino, inode, "not even rewritten in place");
  await assert.rejects(
    applyEdit(file, () => {
      throw new Error("refused");
    }),
    /refused/,
  );
  assert.equal(fs.readFileSync(file, "utf8"), "same\n");
  assert.equal(fs.existsSync(file + BACKUP_SUFFIX), false);
});

test("--dry-run plans and diffs without touching the disk; null deletes the file", async () => {
  const file = tempFile();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "a\nb\nc\n");
  const dry = await applyEdit(file, () => "a\nB\nc\n", { dryRun: true });
  assert.equal(fs.readFileSync(file, "utf8"), "a\nb\nc\n");
  assert.match(renderDiff(dry), /-b\n\+B\n/);
  await applyEdit(file, () => null, { stopAt: path.dirname(path.dirname(file)) });
  assert.equal(fs.existsSync(file), false);
  assert.equal(fs.existsSync(path.dirname(file)), false, "the folder left empty is removed up to stopAt");
});

test("a symlinked config (dotfiles) is written through, the link stays a link", async () => {
  const file = tempFile();
  const real = path.join(path.dirname(path.dirname(file)), "dotfiles", "settings.json");
  fs.mkdirSync(path.dirname(real), { recursive: true });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(real, "{}\n");
  fs.symlinkSync(real, file);
  await applyEdit(file, () => '{ "a": 1 }\n');
  assert.ok(fs.lstatSync(file).isSymbolicLink());
  assert.equal(fs.readFileSync(real, "utf8"), '{ "a": 1 }\n');
});
