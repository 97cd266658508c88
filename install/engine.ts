import fs from "node:fs";
import { ERROR_CODES, MemctlError } from "../lib/core/errors.js";
import { backupsDir, findBackup, hostFileCap, moveLegacyBackup, readText, renderDiff, type FileChange } from "./apply.js";
import { installCommandLine, type InstallContext, type PlannedEdit, type Scope } from "./context.js";
import { assertConfined } from "./confine.js";
import { doubleWiringWarnings, holdsOwnPart, keepOtherScopes, otherWiredScopes } from "./double-wiring.js";
import { onPath, type HostInstaller } from "./host.js";
import type { TrustState } from "./trust.js";
import { closeRecords, commitPlanned, handOverDirs, originalText, readRecord, recordsDir, restoredWithOlderWiring, undoText, type PlannedChange } from "./record.js";
import { readCommandSources } from "./render.js";

export type ItemAction = "created" | "updated" | "removed" | "unchanged";

export interface ItemResult {
  file: string;
  label: string;
  action: ItemAction;
  backup?: string;
  diff?: string;
}

export interface RunResult {
  host: string;
  scope: Scope;
  dry_run: boolean;
  changed: boolean;
  items: ItemResult[];
  notes: string[];
}

/**
 * Installs (or uninstalls) one host: every edit is planned first, so a config that does not parse, or a
 * file that is not ours, stops the run before anything is written; then the changes are committed.
 */
export async function runHost(installer: HostInstaller, ctx: InstallContext, mode: "install" | "uninstall", dryRun: boolean): Promise<RunResult> {
  if (mode === "install") {
    const missing = installer.requiredFiles(ctx).filter((f) => !fs.existsSync(f));
    if (missing.length > 0) {
      throw new MemctlError(
        ERROR_CODES.E_IO,
        `cannot wire ${installer.title}: ${missing.join(", ")} ${missing.length > 1 ? "are" : "is"} missing — build memctl first (npm run build in ${ctx.packageRoot}); nothing was written`,
        { missing },
      );
    }
  }
  const edits = installer.plan(ctx);
  // Each edit is planned against the file on disk, so two edits of one file would overwrite each other.
  const files = edits.map((e) => e.file);
  if (new Set(files).size !== files.length) throw new Error(`internal: ${installer.name} plans two edits of one file`);
  assertConfined(edits, ctx.scope, ctx.projectDir);
  const dirs = { backups: backupsDir(ctx.io), records: recordsDir(ctx.io) };
  // Uninstall: a file another wired scope also edits gets that scope's part back over this one's undo (sharedUndo).
  const others = mode === "uninstall" ? otherWiredScopes(installer, ctx) : [];
  const shared = new Set<string>();
  const planned: PlannedChange[] = edits.map((edit) => {
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
  const items: ItemResult[] = [];
  for (const p of planned) {
    const { edit, change } = p;
    if (!dryRun && !change.changed) moveLegacyBackup(edit.file, dirs.backups); // a no-op install still clears the repository
    const done = dryRun ? change : await commitPlanned(p, mode, dirs);
    items.push({
      file: edit.file,
      label: edit.label,
      action: actionOf(change),
      ...(done.backup ? { backup: done.backup } : {}),
      ...(dryRun && change.changed ? { diff: renderDiff(change) } : {}),
    });
  }
  // Uninstall is done with every file; an install only with those it removed (a command no longer shipped).
  // A file another scope still holds keeps its record (whether memctl created it, and the folders made for it).
  if (!dryRun && mode === "uninstall") {
    const closed = planned.filter((p) => !shared.has(p.edit.file));
    closeRecords(closed, dirs.records);
    await handOverDirs(
      closed,
      planned.filter((p) => shared.has(p.edit.file)),
      dirs.records,
    );
  } else if (!dryRun)
    closeRecords(
      planned.filter((p) => p.change.changed && p.change.after === null),
      dirs.records,
    );
  return {
    host: installer.name,
    scope: ctx.scope,
    dry_run: dryRun,
    changed: items.some((i) => i.action !== "unchanged"),
    items,
    notes: mode === "install" ? [...installer.notes(ctx), ...pathNote(installer, ctx)] : olderWiringNotes(installer, ctx, planned),
  };
}

/**
 * The wiring points at this package by absolute path, so it must stay put: warn when it runs from npx's
 * throwaway cache. The rendered commands run `memctl …`, and the host is the host's binary: say so when either is not on PATH.
 */
function pathNote(installer: HostInstaller, ctx: InstallContext): string[] {
  const notes: string[] = [];
  if (/[/\\]_npx[/\\]/.test(ctx.packageRoot))
    notes.push(`memctl is running from npx's cache (${ctx.packageRoot}), which npm may delete: install it (npm install -g memctl) and run this again.`);
  // A host installed later still finds the wiring; said, so a typo'd or missing host is not taken for a silent failure.
  if (installer.detect(ctx.io).found?.binary === null)
    notes.push(`${installer.name} is not on your PATH: the wiring is written and takes effect once ${installer.title} is installed.`);
  if (installer.name !== "generic" && readCommandSources(ctx.packageRoot).length > 0 && !onPath(ctx.io, "memctl")) {
    notes.push(`The slash commands run \`memctl\`, which is not on your PATH: run \`npm install -g memctl\` (or \`npm link\` in ${ctx.packageRoot}).`);
  }
  return notes;
}

/** Uninstall gives back the bytes install found: when those held an older memctl wiring install had healed, say so. */
function olderWiringNotes(installer: HostInstaller, ctx: InstallContext, planned: PlannedChange[]): string[] {
  return restoredWithOlderWiring(planned).map(
    (file) =>
      `${file} is back as it was before the install, with the older memctl wiring it held then: run "memctl uninstall ${installer.name} --scope ${ctx.scope}" again to remove that too.`,
  );
}

function actionOf(change: FileChange): ItemAction {
  if (!change.changed) return "unchanged";
  if (change.before === null) return "created";
  if (change.after === null) return "removed";
  return "updated";
}

export type ItemState = "current" | "missing" | "outdated" | "broken";
export type HostState = "installed" | "not-installed" | "out-of-date" | "broken";

export interface ScopeStatus {
  state: HostState;
  items: { file: string; label: string; state: ItemState; detail?: string }[];
  /** Where memctl's MCP server is registered for this host and scope, and whether that entry is current. */
  mcp?: { file: string; state: ItemState };
  fix?: string;
  /** Installed but not run until trusted in the host (Codex hooks, Codex and Grok project folders). */
  trust?: TrustState;
  warnings: string[];
  /** The copies install kept of this scope's files before its first change (legacy: an older memctl's, beside the file). */
  backups: { file: string; backup: string; legacy: boolean }[];
}

/** Where one host stands in one scope, judged by running the same pure edits without writing. */
export function scopeStatus(installer: HostInstaller, asked: InstallContext, options: { withWarnings?: boolean } = {}): ScopeStatus {
  // Budget flags given to --status are the wiring asked about; without them, the flags the install was made with.
  const chosen = asked.budget.maxBytes !== undefined || asked.budget.maxEntries !== undefined ? asked.budget : installer.installedBudget?.(asked);
  const ctx = chosen ? { ...asked, budget: chosen } : asked;
  const status = judge(installer, ctx);
  const mcpFile = installer.plan(ctx).find((e) => e.mcp)?.file;
  const mcpItem = status.items.find((i) => i.file === mcpFile);
  const trust = status.state === "not-installed" ? undefined : installer.trust?.(ctx);
  const dir = backupsDir(ctx.io);
  const backups = installer.plan(ctx).flatMap((e) => {
    const found = findBackup(e.file, dir);
    return found ? [{ file: e.file, backup: found.path, legacy: found.legacy }] : [];
  });
  return {
    ...status,
    ...(mcpItem ? { mcp: { file: mcpItem.file, state: mcpItem.state } } : {}),
    ...(trust ? { trust } : {}),
    warnings: status.state === "not-installed" || options.withWarnings === false ? [] : [...(installer.warnings?.(ctx) ?? []), ...doubleWiringWarnings(installer, ctx)],
    backups,
  };
}

function judge(installer: HostInstaller, ctx: InstallContext): Omit<ScopeStatus, "warnings" | "backups"> {
  const items = installer.plan(ctx).map((edit: PlannedEdit) => {
    try {
      const before = readText(edit.file, hostFileCap(ctx, edit.file));
      const original = originalText(edit.file, backupsDir(ctx.io), readRecord(edit.file, recordsDir(ctx.io)));
      const after = edit.install(before, original);
      if (after === before) return { file: edit.file, label: edit.label, state: "current" as const };
      const present = before !== null && edit.uninstall(before, original) !== before;
      return { file: edit.file, label: edit.label, state: present ? ("outdated" as const) : ("missing" as const) };
    } catch (err) {
      return { file: edit.file, label: edit.label, state: "broken" as const, detail: err instanceof Error ? err.message : String(err) };
    }
  });
  const installCmd = installCommandLine(installer.name, ctx);
  const broken = items.find((i) => i.state === "broken");
  if (broken) return { state: "broken", items, fix: broken.detail };
  // A file another scope also edits counts only for what is this scope's own in it (holdsOwnPart).
  const plan = installer.plan(ctx);
  if (items.length === 0 || items.every((i, n) => i.state === "missing" || (i.state !== "broken" && !holdsOwnPart(installer, ctx, plan[n]!))))
    return { state: "not-installed", items };
  const missingFiles = installer.requiredFiles(ctx).filter((f) => !fs.existsSync(f));
  if (missingFiles.length > 0) return { state: "broken", items, fix: `${missingFiles.join(", ")} missing: run npm run build in ${ctx.packageRoot}, then ${installCmd}` };
  if (items.every((i) => i.state === "current")) return { state: "installed", items };
  return { state: "out-of-date", items, fix: installCmd };
}
