import fs from "node:fs";
import path from "node:path";
import { readRegularUtf8 } from "../lib/store/checked-fs.js";
import type { Io } from "../lib/store/io.js";
import type { HostName, InstallContext, PlannedEdit } from "./context.js";
import { isManaged, managedFile } from "./managed-file.js";
import type { CommandSource } from "./render.js";
import type { TrustState } from "./trust.js";

/** What detect() found: `found` apart for a host with a binary and a config dir (a config dir alone is not the host installed). */
export interface Detection {
  detected: boolean;
  evidence: string;
  found?: {
    /** The host's executable on PATH; null: not on PATH. */
    binary: string | null;
    /** The host's user config dir, when it exists. */
    config_dir: string | null;
  };
}

/** One installer adapter: where a host's config lives per scope, what to edit, and what to tell the user. */
export interface HostInstaller {
  name: HostName;
  title: string;
  /** Whether the host looks present on this machine, and why we think so. */
  detect(io: Io): Detection;
  /** Every edit an install makes, each with its inverse. Pure: reads only the package (commands) and dirs. */
  plan(ctx: InstallContext): PlannedEdit[];
  /** What the user must still do or know after installing (e.g. trusting a Codex hook). */
  notes(ctx: InstallContext): string[];
  /** Paths a hook or plugin points at that must exist for the wiring to work. */
  requiredFiles(ctx: InstallContext): string[];
  /** Every hooks file the host reads for this project (all scopes), searched for other tools' memory injectors. */
  hookFiles?(ctx: InstallContext): string[];
  /** Whether the host will run what is wired (hook or folder trust), for --status; undefined: no trust gate. */
  trust?(ctx: InstallContext): TrustState | undefined;
  /** The budget flags of the hook this scope has wired (the user's choice at install), for --status; undefined: none wired. */
  installedBudget?(ctx: InstallContext): InstallContext["budget"] | undefined;
  /** Problems the edits cannot see (e.g. a local-scope MCP entry that outranks memctl's), for --status. */
  warnings?(ctx: InstallContext): string[];
  /** The memctl plugin enabled in this host, each as "<id> (<file>)", and the host's command that turns it off. */
  plugins?(ctx: InstallContext): { enabled: string[]; disable: (id: string) => string };
}

/** The base directory edits are contained in for a scope: the home for user scope, the project otherwise. */
export function scopeBase(ctx: InstallContext): string {
  return ctx.scope === "user" ? ctx.io.home : ctx.projectDir;
}

/**
 * One managed file per command source in `dir`, plus a removal for any memctl-rendered file there whose
 * command no longer ships (renamed or dropped), so re-installing converges on the package's set.
 */
export function commandFileEdits(
  ctx: InstallContext,
  dir: string,
  sources: CommandSource[],
  render: (c: CommandSource) => string,
  fileFor: (dir: string, name: string) => string,
  label: string,
): PlannedEdit[] {
  const root = scopeBase(ctx);
  const edits: PlannedEdit[] = sources.map((c) => {
    const file = fileFor(dir, c.name);
    return { file, label: `${label}${c.name}`, root, owned: true, ...managedFile(file, render(c)) };
  });
  const wanted = new Set(edits.map((e) => e.file));
  for (const [name, stale] of listManaged(dir, fileFor)) {
    if (wanted.has(stale)) continue;
    const drop = (before: string | null) => (before !== null && isManaged(before) ? null : before);
    edits.push({ file: stale, label: `${label}${name} (no longer shipped)`, root, owned: true, install: drop, uninstall: drop });
  }
  return edits;
}

function listManaged(dir: string, fileFor: (dir: string, name: string) => string): [string, string][] {
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return entries
    .map((e): [string, string] => [e.replace(/\.md$/, ""), fileFor(dir, e.replace(/\.md$/, ""))])
    .filter(([, f]) => {
      try {
        return isManaged(readRegularUtf8(f));
      } catch {
        return false;
      }
    });
}

/** Finds an executable on io.env.PATH. */
export function onPath(io: Io, binary: string): string | undefined {
  for (const dir of (io.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, binary);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

export function detectBy(io: Io, binary: string, configDir: string): Detection {
  const bin = onPath(io, binary) ?? null;
  const dir = fs.existsSync(configDir) ? configDir : null;
  const found = { binary: bin, config_dir: dir };
  if (bin) return { detected: true, evidence: `${binary} on PATH (${bin}); ${dir ? `${dir} exists` : `no ${configDir} yet`}`, found };
  // Only the config dir: what is left of an uninstalled host, or one run some other way. Said as found, not as the host.
  if (dir) return { detected: true, evidence: `${dir} exists; ${binary} is not on PATH`, found };
  return { detected: false, evidence: `no ${binary} on PATH and no ${configDir}`, found };
}
