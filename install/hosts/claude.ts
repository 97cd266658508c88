import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import type { Io } from "../../lib/store/io.js";
import {
  cliEntry,
  hostMcpCommand,
  hookCommand,
  hookEntry,
  isMemctlHookCommand,
  isMemctlSessionEndCommand,
  isMemctlSessionStartCommand,
  sessionEndCommand,
  sessionStartCommand,
  type InstallContext,
  type PlannedEdit,
} from "../context.js";
import { commandFileEdits, detectBy, scopeBase, type HostInstaller } from "../host.js";
import { hostFileCap, readText, type TextEdit } from "../apply.js";
import { claudeJsonFile, hostDir } from "../../lib/core/host-dirs.js";
import { chainEdits, emptyObjectToAbsent, hookJsonEdits, wiredHookBudget } from "../hook-json.js";
import { jsonEntryEdits, jsonSettingEdits } from "../json-member.js";
import { readJsonc } from "../../lib/core/jsonc.js";
import { readCommandSources, renderClaudeCommand } from "../render.js";
import { gitExcludeEdit } from "../git-exclude.js";
import { readConfig } from "../../lib/config/config.js";
import { resolveMemory } from "../../lib/config/resolve.js";
import { readSettings } from "../../lib/config/budget.js";
import { AUTO_MEMORY_FIX, claudeLoadsStoreNatively } from "../../hosts/claude/auto-memory.js";

// Claude Code: the UserPromptSubmit hook in settings.json, the slash commands in commands/, and the memctl MCP
// server (mcpServers.memctl in ~/.claude.json for user scope, the project's .mcp.json for project scope).
// The package also ships the memctl Claude Code plugin (plugin/, built by scripts/build-plugin.mjs).

function userDir(io: Io): string {
  return hostDir(io.env, io.home, "CLAUDE_CONFIG_DIR");
}

export function claudeDir(ctx: InstallContext): string {
  return ctx.scope === "user" ? userDir(ctx.io) : path.join(ctx.projectDir, ".claude");
}

/** The settings file of a scope: local is Claude's gitignored .claude/settings.local.json. */
export function claudeSettingsFile(ctx: InstallContext): string {
  return path.join(claudeDir(ctx), ctx.scope === "local" ? "settings.local.json" : "settings.json");
}

/**
 * The hook, and Claude's auto memory turned off in the same file: with it on, Claude's system prompt tells the
 * model to write cards and MEMORY.md lines into its auto-memory directory (memctl's legacy store) directly,
 * bypassing review, and loads that MEMORY.md natively next to memctl's block. A value the user set stays.
 */
function settingsEdits(ctx: InstallContext, file: string): { install: TextEdit; uninstall: TextEdit } {
  const hook = chainEdits(
    hookJsonEdits(file, "UserPromptSubmit", hookCommand(ctx, "claude"), (c) => isMemctlHookCommand(c, ctx.packageRoot)),
    hookJsonEdits(file, "SessionStart", sessionStartCommand(ctx, "claude"), (c) => isMemctlSessionStartCommand(c, ctx.packageRoot)),
    hookJsonEdits(file, "SessionEnd", sessionEndCommand(ctx, "claude"), (c) => isMemctlSessionEndCommand(c, ctx.packageRoot)),
  );
  // Committed settings change every teammate's Claude: the project's own file gets the hooks only.
  const autoMemory = ctx.scope === "project" ? { install: (t: string | null) => t, uninstall: (t: string | null) => t } : jsonSettingEdits(file, "autoMemoryEnabled", false);
  return {
    install: (before, original) => autoMemory.install(hook.install(before, original), original),
    uninstall: (before, original) => {
      const after = hook.uninstall(autoMemory.uninstall(before, original), original);
      return after !== null && original === null ? emptyObjectToAbsent(after) : after;
    },
  };
}

/**
 * Project scope: `"autoMemoryEnabled": false` for this machine only, in the gitignored .claude/settings.local.json
 * (which outranks the committed settings): a teammate's own auto memory is theirs to turn off.
 */
function localAutoMemoryEdit(ctx: InstallContext): PlannedEdit {
  const file = claudeSettingsFile({ ...ctx, scope: "local" });
  const setting = jsonSettingEdits(file, "autoMemoryEnabled", false);
  return {
    file,
    label: "autoMemoryEnabled: false (this machine only; not committed)",
    root: scopeBase(ctx),
    install: setting.install,
    uninstall: (before, original) => {
      const after = setting.uninstall(before, original);
      return after !== null && original === null ? emptyObjectToAbsent(after) : after;
    },
  };
}

/**
 * Where the MCP server is registered: ~/.claude.json (or $CLAUDE_CONFIG_DIR/.claude.json) for user scope — a big
 * file Claude Code rewrites itself, so only our key is spliced in — and the project's .mcp.json otherwise.
 */
export function claudeMcpFile(ctx: InstallContext): string {
  if (ctx.scope === "project") return path.join(ctx.projectDir, ".mcp.json");
  return claudeJsonFile(ctx.io.env, ctx.io.home);
}

/** Claude Code's stdio entry for memctl's server, writing as host:claude (project scope pins the project). */
export function claudeMcpEntry(ctx: InstallContext): Record<string, unknown> {
  const { command, args } = hostMcpCommand(ctx, "claude");
  return { type: "stdio", command, args };
}

function settings(file: string, cap?: number): Record<string, unknown> {
  try {
    return readJsonc(readText(file, cap) ?? "{}");
  } catch {
    return {};
  }
}

/** The memctl plugin enabled in any settings file Claude reads for this project (enabledPlugins, any marketplace). */
export function enabledClaudePlugins(ctx: InstallContext): string[] {
  const found: string[] = [];
  for (const scope of ["user", "project", "local"] as const) {
    const file = claudeSettingsFile({ ...ctx, scope });
    const plugins = (settings(file, hostFileCap(ctx, file)).enabledPlugins ?? {}) as Record<string, unknown>;
    for (const id of Object.keys(plugins)) if (/^memctl@/.test(id) && plugins[id] === true) found.push(`${id} (${file})`);
  }
  return found;
}

/** This project's store when it is Claude's auto-memory folder and auto memory is on (install --status warns). */
function autoMemoryStore(ctx: InstallContext): string | undefined {
  try {
    const r = resolveMemory({ repoRoot: ctx.projectDir, allowNonGit: true, compatibility: true }, ctx.io, readConfig(ctx.io));
    if (r.status !== "resolved" || !r.memory_dir) return undefined;
    const q = { memoryDir: r.memory_dir, autoMemoryDir: r.legacy_dir, projectRoot: r.repo_root, env: ctx.io.env, home: ctx.io.home, readSettings };
    return claudeLoadsStoreNatively(q) ? r.memory_dir : undefined;
  } catch {
    return undefined;
  }
}

export const claude: HostInstaller = {
  name: "claude",
  title: "Claude Code",
  detect: (io) => detectBy(io, "claude", userDir(io)),
  plan(ctx): PlannedEdit[] {
    const dir = claudeDir(ctx);
    const settings = claudeSettingsFile(ctx);
    const label = ctx.scope === "project" ? "UserPromptSubmit + SessionStart + SessionEnd hooks" : "UserPromptSubmit + SessionStart + SessionEnd hooks, autoMemoryEnabled: false";
    const wiring: PlannedEdit = { file: settings, label, root: scopeBase(ctx), ...settingsEdits(ctx, settings) };
    // settings.local.json holds this machine's absolute paths: git must not pick it up in a `git add -A`.
    const ignoreLocal = ctx.scope === "user" ? undefined : gitExcludeEdit(ctx, path.relative(ctx.projectDir, claudeSettingsFile({ ...ctx, scope: "local" })));
    // Local scope is this machine's private settings only: the MCP server and commands come from user scope.
    if (ctx.scope === "local") return [wiring, ...(ignoreLocal ? [ignoreLocal] : [])];
    return [
      wiring,
      ...(ctx.scope === "project" ? [localAutoMemoryEdit(ctx), ...(ignoreLocal ? [ignoreLocal] : [])] : []),
      {
        file: claudeMcpFile(ctx),
        label: "MCP server mcpServers.memctl (memory tools)",
        root: scopeBase(ctx),
        mcp: true,
        ...jsonEntryEdits(claudeMcpFile(ctx), "mcpServers", "memctl", claudeMcpEntry(ctx)),
      },
      ...commandFileEdits(ctx, path.join(dir, "commands"), readCommandSources(ctx.packageRoot), renderClaudeCommand, (d, n) => path.join(d, `${n}.md`), "slash command /"),
    ];
  },
  notes: (ctx) => [
    `Claude Code runs the hook on your next prompt; no restart of memctl is needed.`,
    `SessionStart injects a memory overview once per session, except when the store is Claude's own auto-memory directory (Claude loads that MEMORY.md itself).`,
    `SessionEnd stages what you told Claude to always or never do, corrections and decisions as proposals (never cards) for memctl review; [capture] enabled = false in the memctl config turns it off.`,
    `Or use the memctl plugin instead: claude --plugin-dir ${path.join(ctx.packageRoot, "plugin")} (do not use both: the hook would run twice).`,
    `The memory tools come from the MCP server "memctl" (${claudeMcpFile(ctx)}); \`claude mcp get memctl\` shows whether it connects.`,
    ...(ctx.scope === "project"
      ? [
          'Claude Code asks once before it starts a project\'s .mcp.json server: run `claude` in the project and approve "memctl".',
          "Claude's auto memory is turned off for this machine only (.claude/settings.local.json, not committed); the committed hooks do nothing where memctl is not installed, so teammates without it see no error.",
        ]
      : []),
  ],
  requiredFiles: (ctx) => [hookEntry(ctx.packageRoot), cliEntry(ctx.packageRoot)],
  hookFiles: (ctx) => (["user", "project", "local"] as const).map((scope) => claudeSettingsFile({ ...ctx, scope })),
  installedBudget: (ctx) => wiredHookBudget(claudeSettingsFile(ctx), (c) => isMemctlHookCommand(c, ctx.packageRoot), hostFileCap(ctx, claudeSettingsFile(ctx))),
  plugins: (ctx) => ({ enabled: enabledClaudePlugins(ctx), disable: (id) => `claude plugin disable ${id}` }),
  warnings(ctx) {
    const warnings: string[] = [];
    const store = autoMemoryStore(ctx);
    if (store) warnings.push(`Claude's auto memory is on and writes this project's memctl store (${store}) directly, unreviewed: ${AUTO_MEMORY_FIX}`);
    // A local-scope "memctl" (claude mcp add without --scope) outranks ours in that project; if stale, it breaks the tools there.
    const projects = (settings(claudeJsonFile(ctx.io.env, ctx.io.home)).projects ?? {}) as Record<string, { mcpServers?: Record<string, unknown> }>;
    for (const [dir, project] of Object.entries(projects)) {
      const local = project?.mcpServers?.memctl;
      if (local !== undefined && !isDeepStrictEqual(local, claudeMcpEntry({ ...ctx, scope: "user" }))) {
        warnings.push(`a local-scope "memctl" MCP server for ${dir} in .claude.json overrides memctl's registration there: run "claude mcp remove memctl -s local" in ${dir}`);
      }
    }
    return warnings;
  },
};
