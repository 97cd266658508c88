// lib/proposals/supersede.ts
import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { sha256Hex } from "../store/history.js";
import { writeEntry } from "../records/adopt-first.js";
import { findCardFile } from "../records/card-find.js";
import { setFrontmatterFieldsBytes } from "../core/frontmatter-edit.js";
function supersedeTargets(memoryDir, names, writing) {
  const files = [];
  for (const name of names.flatMap((n) => n.split(",")).map((n) => n.trim()).filter(Boolean)) {
    const file = findCardFile(memoryDir, name);
    if (file === void 0) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `--supersede ${name}: no such card; name an existing card (memctl list)`, { name });
    if (file === writing) throw usageError(`--supersede ${name}: that is the card this proposal writes; a card cannot supersede itself`);
    if (!files.includes(file)) files.push(file);
  }
  return files;
}
function supersedeChange(memoryDir, file, byName, actor, now, history) {
  const before = fs.readFileSync(path.join(memoryDir, file));
  const next = setFrontmatterFieldsBytes(before, { status: "superseded", superseded_by: byName });
  if (next.equals(before)) return null;
  return { card: file, before: sha256Hex(before), previous: before, content: next, entry: writeEntry(history, file, "update", { actor, now }, next, before) };
}
function supersedingChanges(ctx, name, names, out) {
  const replaced = supersedeTargets(ctx.memoryDir, names, findCardFile(ctx.memoryDir, name));
  return ({ name: byName, history }) => replaced.flatMap((old) => {
    const change = supersedeChange(ctx.memoryDir, old, byName, ctx.actor, ctx.now, history());
    out.push({ file: old, superseded_by: byName, rev: change?.entry?.rev ?? null });
    return change ? [change] : [];
  });
}
export {
  supersedeChange,
  supersedeTargets,
  supersedingChanges
};
