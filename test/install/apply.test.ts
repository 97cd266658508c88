import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { applyEdit, backupPath, LEGACY_BACKUP_SUFFIX, renderDiff } from "../../install/apply.js";
import { scratchDir } from "../support/scratch.js";

function tempFile(name = "settings.json"): string {
  return path.join(scratchDir("memctl-apply-"), "nested", name);
}

/** The backups folder of a temp file's test: beside its temp dir, never inside the folder being edited. */
const backupsOf = (file: string) => path.join(path.dirname(path.dirname(file)), "state", "backups");

test("creates a missing file (and its folder) without a backup", async () => {
  const file = tempFile();
  const change = await applyEdit(file, () => "{}\n", { backups: backupsOf(file) });
  assert.equal(change.changed, true);
  assert.equal(fs.readFileSync(file, "utf8"), "{}\n");
  assert.equal(fs.existsSync(backupPath(file, backupsOf(file))), false);
});

test("the first change keeps a backup of the original; later changes keep that first backup", async () => {
  const file = tempFile();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "original\n", { mode: 0o600 });
  const first = await applyEdit(file, (t) => `${t}one\n`, { backups: backupsOf(file) });
  assert.equal(first.backup, backupPath(file, backupsOf(file)));
  await applyEdit(file, (t) => `${t}two\n`, { backups: backupsOf(file) });
  assert.equal(fs.readFileSync(backupPath(file, backupsOf(file)), "utf8"), "original\n");
  assert.equal(fs.existsSync(file + LEGACY_BACKUP_SUFFIX), false, "nothing is left beside the file");
  assert.equal(fs.readFileSync(file, "utf8"), "original\none\ntwo\n");
  assert.equal(fs.statSync(file).mode & 0o777, 0o600, "the file keeps its permissions");
});

test("an edit that changes nothing writes nothing; a refusing edit leaves the file as it was", async () => {
  const file = tempFile();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "same\n");
  const inode = fs.statSync(file).ino;
  assert.equal((await applyEdit(file, (t) => t, { backups: backupsOf(file) })).changed, false);
  assert.equal(fs.statSync(file).ino, inode, "not even rewritten in place");
  await assert.rejects(
    applyEdit(
      file,
      () => {
        throw new Error("refused");
      },
      { backups: backupsOf(file) },
    ),
    /refused/,
  );
  assert.equal(fs.readFileSync(file, "utf8"), "same\n");
  assert.equal(fs.existsSync(backupPath(file, backupsOf(file))), false);
});

test("--dry-run plans and diffs without touching the disk; null deletes the file", async () => {
  const file = tempFile();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "a\nb\nc\n");
  const dry = await applyEdit(file, () => "a\nB\nc\n", { backups: backupsOf(file), dryRun: true });
  assert.equal(fs.readFileSync(file, "utf8"), "a\nb\nc\n");
  assert.match(renderDiff(dry), /-b\n\+B\n/);
  await applyEdit(file, () => null, { backups: backupsOf(file), stopAt: path.dirname(path.dirname(file)) });
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
  await applyEdit(file, () => '{ "a": 1 }\n', { backups: backupsOf(file) });
  assert.ok(fs.lstatSync(file).isSymbolicLink());
  assert.equal(fs.readFileSync(real, "utf8"), '{ "a": 1 }\n');
});

test("a backup an older memctl left beside the file is the original still, and moves to the backups folder on the next change", async () => {
  const file = tempFile();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "original\nmemctl's line\n");
  fs.writeFileSync(file + LEGACY_BACKUP_SUFFIX, "original\n");
  let seen: string | null = null;
  await applyEdit(
    file,
    (before, original) => {
      seen = original;
      return `${before}more\n`;
    },
    { backups: backupsOf(file) },
  );
  assert.equal(seen, "original\n", "the edit is given the old backup as the original");
  assert.equal(fs.existsSync(file + LEGACY_BACKUP_SUFFIX), false, "nothing is left beside the file");
  assert.equal(fs.readFileSync(backupPath(file, backupsOf(file)), "utf8"), "original\n", "the original, not the file as it was now");
});
