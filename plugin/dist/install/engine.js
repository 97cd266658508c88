// install/engine.ts
import fs from "node:fs";
import { ERROR_CODES, MemctlError } from "../lib/core/errors.js";
import { backupsDir, findBackup, hostFileCap, moveLegacyBackup, readText, renderDiff } from "./apply.js";
import { installCommandLine } from "./context.js";
import { assertConfined } from "./confine.js";
import { doubleWiringWarnings, holdsOwnPart, keepOtherScopes, otherWiredScopes } from "./double-wiring.js";
import { onPath } from "./host.js";
import { closeRecords, commitPlanned, handOverDirs, originalText, readRecord, recordsDir, restoredWithOlderWiring, undoText } from "./record.js";
import { readCommandSources } from "./render.js";
async function runHost(installer, ctx, mode, dryRun) {
  if (mode === "install") {
    const missing = installer.requiredFiles(ctx).filter((f) => !fs.existsSync(f));
    if (missing.length > 0) {
      throw new MemctlError(
        ERROR_CODES.E_IO,
        `cannot wire ${installer.title}: ${missing.join(", ")} ${missing.length > 1 ? "are" : "is"} missing \u2014 build memctl first (npm run build in ${ctx.packageRoot}); nothing was written`,
        { missing }
      );
    }
  }
  const edits = installer.plan(ctx);
  const files = edits.map((e) => e.file);
  if (new Set(files).size !== files.length) throw new Error(`internal: ${installer.name} plans two edits of one file`);
  assertConfined(edits, ctx.scope, ctx.projectDir);
  const dirs = { backups: backupsDir(ctx.io), records: recordsDir(ctx.io) };
  const others = mode === "uninstall" ? otherWiredScopes(installer, ctx) : [];
  const shared = /* @__PURE__ */ new Set();
  const planned = edits.map((edit) => {
    const record = readRecord(edit.file, dirs.records);
    const before = readText(edit.file, hostFileCap(ctx, edit.file));
    const original = originalText(edit.file, dirs.backups, record);
    let after = mode === "install" ? edit.install(before, original) : undoText(edit, before, dirs.backups, record);
    if (mode === "uninstall") {
      const kept = keepOtherScopes(installer, ctx, others, edit.file, after, original);
      if (kept.shared) shared.add(edit.file);
      after = kept.text;
    }
    return { edit, record, change: { file: edit.file, before, after, changed: after !== before } };
  });
  const items = [];
  for (const p of planned) {
    const { edit, change } = p;
    if (!dryRun && !change.changed) moveLegacyBackup(edit.file, dirs.backups);
    const done = dryRun ? change : await commitPlanned(p, mode, dirs);
    items.push({
      file: edit.file,
      label: edit.label,
      action: actionOf(change),
      ...done.backup ? { backup: done.backup } : {},
      ...dryRun && change.changed ? { diff: renderDiff(change) } : {}
    });
  }
  if (!dryRun && mode === "uninstall") {
    const closed = planned.filter((p) => !shared.has(p.edit.file));
    closeRecords(closed, dirs.records);
    await handOverDirs(
      closed,
      planned.filter((p) => shared.has(p.edit.file)),
      dirs.records
    );
  } else if (!dryRun)
    closeRecords(
      planned.filter((p) => p.change.changed && p.change.after === null),
      dirs.records
    );
  return {
    host: installer.name,
    scope: ctx.scope,
    dry_run: dryRun,
    changed: items.some((i) => i.action !== "unchanged"),
    items,
    notes: mode === "install" ? [...installer.notes(ctx), ...pathNote(installer, ctx)] : olderWiringNotes(installer, ctx, planned)
  };
}
function pathNote(installer, ctx) {
  const notes = [];
  if (/[/\\]_npx[/\\]/.test(ctx.packageRoot))
    notes.push(`memctl is running from npx's cache (${ctx.packageRoot}), which npm may delete: install it (npm install -g memctl) and run this again.`);
  if (installer.detect(ctx.io).found?.binary === null)
    notes.push(`${installer.name} is not on your PATH: the wiring is written and takes effect once ${installer.title} is installed.`);
  if (installer.name !== "generic" && readCommandSources(ctx.packageRoot).length > 0 && !onPath(ctx.io, "memctl")) {
    notes.push(`The slash commands run \`memctl\`, which is not on your PATH: run \`npm install -g memctl\` (or \`npm link\` in ${ctx.packageRoot}).`);
  }
  return notes;
}
function olderWiringNotes(installer, ctx, planned) {
  return restoredWithOlderWiring(planned).map(
    (file) => `${file} is back as it was before the install, with the older memctl wiring it held then: run "memctl uninstall ${installer.name} --scope ${ctx.scope}" again to remove that too.`
  );
}
function actionOf(change) {
  if (!change.changed) return "unchanged";
  if (change.before === null) return "created";
  if (change.after === null) return "removed";
  return "updated";
}
function scopeStatus(installer, asked, options = {}) {
  const chosen = asked.budget.maxBytes !== void 0 || asked.budget.maxEntries !== void 0 ? asked.budget : installer.installedBudget?.(asked);
  const ctx = chosen ? { ...asked, budget: chosen } : asked;
  const status = judge(installer, ctx);
  const mcpFile = installer.plan(ctx).find((e) => e.mcp)?.file;
  const mcpItem = status.items.find((i) => i.file === mcpFile);
  const trust = status.state === "not-installed" ? void 0 : installer.trust?.(ctx);
  const dir = backupsDir(ctx.io);
  const backups = installer.plan(ctx).flatMap((e) => {
    const found = findBackup(e.file, dir);
    return found ? [{ file: e.file, backup: found.path, legacy: found.legacy }] : [];
  });
  return {
    ...status,
    ...mcpItem ? { mcp: { file: mcpItem.file, state: mcpItem.state } } : {},
    ...trust ? { trust } : {},
    warnings: status.state === "not-installed" || options.withWarnings === false ? [] : [...installer.warnings?.(ctx) ?? [], ...doubleWiringWarnings(installer, ctx)],
    backups
  };
}
function judge(installer, ctx) {
  const items = installer.plan(ctx).map((edit) => {
    try {
      const before = readText(edit.file, hostFileCap(ctx, edit.file));
      const original = originalText(edit.file, backupsDir(ctx.io), readRecord(edit.file, recordsDir(ctx.io)));
      const after = edit.install(before, original);
      if (after === before) return { file: edit.file, label: edit.label, state: "current" };
      const present = before !== null && edit.uninstall(before, original) !== before;
      return { file: edit.file, label: edit.label, state: present ? "outdated" : "missing" };
    } catch (err) {
      return { file: edit.file, label: edit.label, state: "broken", detail: err instanceof Error ? err.message : String(err) };
    }
  });
  const installCmd = installCommandLine(installer.name, ctx);
  const broken = items.find((i) => i.state === "broken");
  if (broken) return { state: "broken", items, fix: broken.detail };
  const plan = installer.plan(ctx);
  if (items.length === 0 || items.every((i, n) => i.state === "missing" || i.state !== "broken" && !holdsOwnPart(installer, ctx, plan[n])))
    return { state: "not-installed", items };
  const missingFiles = installer.requiredFiles(ctx).filter((f) => !fs.existsSync(f));
  if (missingFiles.length > 0) return { state: "broken", items, fix: `${missingFiles.join(", ")} missing: run npm run build in ${ctx.packageRoot}, then ${installCmd}` };
  if (items.every((i) => i.state === "current")) return { state: "installed", items };
  return { state: "out-of-date", items, fix: installCmd };
}
export {
  runHost,
  scopeStatus
};
