// install/record.ts
import fs from "node:fs";
import path from "node:path";
import { sha256Hex } from "../lib/core/sha256.js";
import { memctlStateHome } from "../lib/store/paths.js";
import { commitFile } from "../lib/store/write.js";
import { findBackup, keepBackup, moveLegacyBackup, readText, removeEmptyDirs } from "./apply.js";
function recordsDir(io) {
  return path.join(memctlStateHome(io), "installs");
}
function recordPath(file, records) {
  return path.join(records, `${sha256Hex(path.resolve(file)).slice(0, 16)}.json`);
}
function readRecord(file, records) {
  let text;
  try {
    text = readText(recordPath(file, records));
  } catch {
    return null;
  }
  if (text === null) return null;
  try {
    const r = JSON.parse(text);
    const valid = r.file === path.resolve(file) && typeof r.created === "boolean" && typeof r.wrote === "string" && Array.isArray(r.dirs);
    return valid && r.dirs.every((d) => typeof d === "string" && path.isAbsolute(d)) ? r : null;
  } catch {
    return null;
  }
}
async function writeRecord(record, records) {
  fs.mkdirSync(records, { recursive: true });
  await commitFile(recordPath(record.file, records), JSON.stringify(record) + "\n");
}
function dropRecord(file, records) {
  fs.rmSync(recordPath(file, records), { force: true });
}
function hashOf(text) {
  return sha256Hex(text);
}
function missingDirs(file) {
  const missing = [];
  let dir = path.dirname(path.resolve(file));
  while (!fs.existsSync(dir)) {
    missing.unshift(dir);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return missing;
}
function removeCreatedDirs(dirs) {
  for (const dir of [...new Set(dirs)].sort((a, b) => b.length - a.length)) {
    try {
      fs.rmdirSync(dir);
    } catch {
    }
  }
}
function originalText(file, backups, record) {
  if (record?.created) return null;
  const found = findBackup(file, backups);
  return found ? readText(found.path) : null;
}
function undoText(edit, before, backups, record) {
  const original = originalText(edit.file, backups, record);
  const structural = edit.uninstall(before, original);
  if (before === null || structural === before) return structural;
  if (record && !edit.owned && hashOf(before) === record.wrote) {
    if (record.created) return null;
    if (original !== null) return original;
  }
  const eolAdded = original !== null && structural !== null && !original.endsWith("\n") && (structural === `${original}
` || structural === `${original}\r
`);
  return eolAdded ? original : structural;
}
async function commitPlanned(planned, mode, dirs) {
  const { edit, record, change } = planned;
  const { file, before, after } = change;
  if (!change.changed) return change;
  const kept = moveLegacyBackup(file, dirs.backups);
  if (mode === "install" && after !== null) {
    let backup;
    if (record === null && before !== null && !edit.owned && (kept === null || !holdsMemctl(edit, before, kept))) {
      backup = keepBackup(file, file, dirs.backups, { replace: kept !== null });
    }
    const created = missingDirs(file);
    const foreign = record !== null && before !== null && hashOf(before) !== record.wrote;
    const next = record ? { ...record, dirs: [.../* @__PURE__ */ new Set([...record.dirs, ...created])], wrote: foreign ? "" : hashOf(after) } : { file: path.resolve(file), created: before === null, dirs: created, wrote: hashOf(after) };
    await writeRecord(next, dirs.records);
    await commitFile(file, after, { followLink: true });
    return { ...change, ...backup ? { backup } : {} };
  }
  if (after === null) {
    fs.rmSync(file, { force: true });
    if (record === null || edit.owned && !record.created) removeEmptyDirs(path.dirname(file), edit.root);
  } else await commitFile(file, after, { followLink: true });
  return change;
}
function holdsMemctl(edit, before, backup) {
  try {
    return edit.uninstall(before, readText(backup)) !== before;
  } catch {
    return true;
  }
}
function closeRecords(done, records) {
  const dirs = [];
  for (const { edit, record } of done) {
    if (!record) continue;
    dirs.push(...record.dirs);
    dropRecord(edit.file, records);
  }
  removeCreatedDirs([...dirs, records]);
}
async function handOverDirs(closed, kept, records) {
  const dirs = closed.flatMap((p) => p.record?.dirs ?? []).filter((d) => fs.existsSync(d));
  for (const { edit } of kept) {
    const record = readRecord(edit.file, records);
    const inside = dirs.filter((d) => record !== null && record.file.startsWith(d + path.sep) && !record.dirs.includes(d));
    if (record && inside.length > 0) await writeRecord({ ...record, dirs: [...record.dirs, ...inside].sort((a, b) => a.length - b.length) }, records);
  }
}
function restoredWithOlderWiring(done) {
  return done.filter(({ edit, change }) => {
    if (!change.changed || change.after === null) return false;
    try {
      return edit.uninstall(change.after, change.after) !== change.after;
    } catch {
      return false;
    }
  }).map((p) => p.edit.file);
}
export {
  closeRecords,
  commitPlanned,
  dropRecord,
  handOverDirs,
  hashOf,
  missingDirs,
  originalText,
  readRecord,
  recordsDir,
  removeCreatedDirs,
  restoredWithOlderWiring,
  undoText,
  writeRecord
};
