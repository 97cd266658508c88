// install/apply.ts
import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError, systemCode } from "../lib/core/errors.js";
import { sha256Hex } from "../lib/core/sha256.js";
import { memctlStateHome } from "../lib/store/paths.js";
import { commitFile } from "../lib/store/write.js";
import { readRegularUtf8, realpathOr, TOO_LARGE } from "../lib/store/checked-fs.js";
import { isInside } from "../lib/core/instruction-imports.js";
var LEGACY_BACKUP_SUFFIX = ".memctl-backup";
function backupsDir(io) {
  return path.join(memctlStateHome(io), "backups");
}
function backupPath(file, backups) {
  return path.join(backups, sha256Hex(path.resolve(file)).slice(0, 16), path.basename(file));
}
function findBackup(file, backups) {
  const current = backupPath(file, backups);
  if (fs.existsSync(current)) return { path: current, legacy: false };
  return fs.existsSync(file + LEGACY_BACKUP_SUFFIX) ? { path: file + LEGACY_BACKUP_SUFFIX, legacy: true } : null;
}
function readBackup(file, backups) {
  const found = findBackup(file, backups);
  return found ? readText(found.path) : null;
}
function keepBackup(file, from, backups, options = {}) {
  const target = backupPath(file, backups);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(path.join(path.dirname(target), "source"), path.resolve(file) + "\n");
  if (options.replace) fs.rmSync(target, { force: true });
  fs.copyFileSync(from, target, fs.constants.COPYFILE_EXCL);
  return target;
}
var PROJECT_CONFIG_MAX_BYTES = 1024 * 1024;
function hostFileCap(ctx, file) {
  if (!/\.(jsonc?|toml)$/i.test(file)) return void 0;
  const project = realpathOr(ctx.projectDir);
  if (isInside(realpathOr(ctx.io.home), project)) return void 0;
  return isInside(realpathOr(file), project) ? PROJECT_CONFIG_MAX_BYTES : void 0;
}
function readText(file, cap) {
  try {
    return readRegularUtf8(file, cap);
  } catch (err) {
    if (systemCode(err) === "ENOENT") return null;
    const why = systemCode(err) === TOO_LARGE ? "; a project's host config is at most 1 MiB here (it is the clone's file, not yours), so it was not read" : "";
    throw new MemctlError(ERROR_CODES.E_IO, `cannot read ${file}: ${err.message}${why}`, { file });
  }
}
function moveLegacyBackup(file, backups) {
  const kept = findBackup(file, backups);
  if (!kept?.legacy) return kept?.path ?? null;
  const moved = keepBackup(file, kept.path, backups);
  fs.rmSync(kept.path);
  return moved;
}
function planEdit(file, edit, backups) {
  const before = readText(file);
  const after = edit(before, readBackup(file, backups));
  return { file, before, after, changed: after !== before };
}
async function applyEdit(file, edit, options) {
  const change = planEdit(file, edit, options.backups);
  if (!change.changed || options.dryRun) return change;
  return commitChange(change, options);
}
async function commitChange(change, options) {
  const { file, before, after } = change;
  const { stopAt, owned, backups } = options;
  if (!change.changed) return change;
  let backup;
  const kept = moveLegacyBackup(file, backups);
  if (!kept && before !== null && after !== null && !owned) {
    backup = keepBackup(file, file, backups);
  }
  if (after === null) {
    fs.rmSync(file, { force: true });
    if (stopAt) removeEmptyDirs(path.dirname(file), stopAt);
  } else {
    await commitFile(file, after, { followLink: true });
  }
  return { ...change, ...backup ? { backup } : {} };
}
function removeEmptyDirs(dir, stopAt) {
  const stop = path.resolve(stopAt);
  let current = path.resolve(dir);
  while (current.startsWith(stop + path.sep) && current !== stop) {
    try {
      fs.rmdirSync(current);
    } catch {
      return;
    }
    current = path.dirname(current);
  }
}
function renderDiff(change) {
  const a = change.before === null ? [] : change.before.split("\n");
  const b = change.after === null ? [] : change.after.split("\n");
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const context = 2;
  const from = Math.max(0, head - context);
  const lines = [`--- ${change.before === null ? "/dev/null" : change.file}`, `+++ ${change.after === null ? "/dev/null" : change.file}`, `@@ line ${from + 1} @@`];
  for (let i = from; i < head; i++) lines.push(` ${a[i]}`);
  for (let i = head; i < a.length - tail; i++) lines.push(`-${a[i]}`);
  for (let i = head; i < b.length - tail; i++) lines.push(`+${b[i]}`);
  for (let i = a.length - tail; i < Math.min(a.length, a.length - tail + context); i++) lines.push(` ${a[i]}`);
  return lines.join("\n") + "\n";
}
export {
  LEGACY_BACKUP_SUFFIX,
  PROJECT_CONFIG_MAX_BYTES,
  applyEdit,
  backupPath,
  backupsDir,
  commitChange,
  findBackup,
  hostFileCap,
  keepBackup,
  moveLegacyBackup,
  planEdit,
  readBackup,
  readText,
  removeEmptyDirs,
  renderDiff
};
