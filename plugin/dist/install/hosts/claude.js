// install/hosts/claude.ts
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import {
  cliEntry,
  hostMcpCommand,
  hookCommand,
  hookEntry,
  isMemctlHookCommand,
  isMemctlSessionEndCommand,
  isMemctlSessionStartCommand,
  sessionEndCommand,
  sessionStartCommand
} from "../context.js";
import { commandFileEdits, detectBy, scopeBase } from "../host.js";
import { hostFileCap, readText } from "../apply.js";
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
function userDir(io) {
  return hostDir(io.env, io.home, "CLAUDE_CONFIG_DIR");
}
function claudeDir(ctx) {
  return ctx.scope === "user" ? userDir(ctx.io) : path.join(ctx.projectDir, ".claude");
}
function claudeSettingsFile(ctx) {
  return path.join(claudeDir(ctx), ctx.scope === "local" ? "settings.local.json" : "settings.json");
}
function settingsEdits(ctx, file) {
  const hook = chainEdits(
    hookJsonEdits(file, "UserPromptSubmit", hookCommand(ctx, "claude"), (c) => isMemctlHookCommand(c, ctx.packageRoot)),
    hookJsonEdits(file, "SessionStart", sessionStartCommand(ctx, "claude"), (c) => isMemctlSessionStartCommand(c, ctx.packageRoot)),
    hookJsonEdits(file, "SessionEnd", sessionEndCommand(ctx, "claude"), (c) => isMemctlSessionEndCommand(c, ctx.packageRoot))
  );
  const autoMemory = ctx.scope === "project" ? { install: (t) => t, uninstall: (t) => t } : jsonSettingEdits(file, "autoMemoryEnabled", false);
  return {
    install: (before, original) => autoMemory.install(hook.install(before, original), original),
    uninstall: (before, original) => {
      const after = hook.uninstall(autoMemory.uninstall(before, original), original);
      return after !== null && original === null ? emptyObjectToAbsent(after) : after;
    }
  };
}
function localAutoMemoryEdit(ctx) {
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
    }
  };
}
function claudeMcpFile(ctx) {
  if (ctx.scope === "project") return path.join(ctx.projectDir, ".mcp.json");
  return claudeJsonFile(ctx.io.env, ctx.io.home);
}
function claudeMcpEntry(ctx) {
  const { command, args } = hostMcpCommand(ctx, "claude");
  return { type: "stdio", command, args };
}
function settings(file, cap) {
  try {
    return readJsonc(readText(file, cap) ?? "{}");
  } catch {
    return {};
  }
}
function enabledClaudePlugins(ctx) {
  const found = [];
  for (const scope of ["user", "project", "local"]) {
    const file = claudeSettingsFile({ ...ctx, scope });
    const plugins = settings(file, hostFileCap(ctx, file)).enabledPlugins ?? {};
    for (const id of Object.keys(plugins)) if (/^memctl@/.test(id) && plugins[id] === true) found.push(`${id} (${file})`);
  }
  return found;
}
function autoMemoryStore(ctx) {
  try {
    const r = resolveMemory({ repoRoot: ctx.projectDir, allowNonGit: true, compatibility: true }, ctx.io, readConfig(ctx.io));
    if (r.status !== "resolved" || !r.memory_dir) return void 0;
    const q = { memoryDir: r.memory_dir, autoMemoryDir: r.legacy_dir, projectRoot: r.repo_root, env: ctx.io.env, home: ctx.io.home, readSettings };
    return claudeLoadsStoreNatively(q) ? r.memory_dir : void 0;
  } catch {
    return void 0;
  }
}
var claude = {
  name: "claude",
  title: "Claude Code",
  detect: (io) => detectBy(io, "claude", userDir(io)),
  plan(ctx) {
    const dir = claudeDir(ctx);
    const settings2 = claudeSettingsFile(ctx);
    const label = ctx.scope === "project" ? "UserPromptSubmit + SessionStart + SessionEnd hooks" : "UserPromptSubmit + SessionStart + SessionEnd hooks, autoMemoryEnabled: false";
    const wiring = { file: settings2, label, root: scopeBase(ctx), ...settingsEdits(ctx, settings2) };
    const ignoreLocal = ctx.scope === "user" ? void 0 : gitExcludeEdit(ctx, path.relative(ctx.projectDir, claudeSettingsFile({ ...ctx, scope: "local" })));
    if (ctx.scope === "local") return [wiring, ...ignoreLocal ? [ignoreLocal] : []];
    return [
      wiring,
      ...ctx.scope === "project" ? [localAutoMemoryEdit(ctx), ...ignoreLocal ? [ignoreLocal] : []] : [],
      {
        file: claudeMcpFile(ctx),
        label: "MCP server mcpServers.memctl (memory tools)",
        root: scopeBase(ctx),
        mcp: true,
        ...jsonEntryEdits(claudeMcpFile(ctx), "mcpServers", "memctl", claudeMcpEntry(ctx))
      },
      ...commandFileEdits(ctx, path.join(dir, "commands"), readCommandSources(ctx.packageRoot), renderClaudeCommand, (d, n) => path.join(d, `${n}.md`), "slash command /")
    ];
  },
  notes: (ctx) => [
    `Claude Code runs the hook on your next prompt; no restart of memctl is needed.`,
    `SessionStart injects a memory overview once per session, except when the store is Claude's own auto-memory directory (Claude loads that MEMORY.md itself).`,
    `SessionEnd stages what you told Claude to always or never do, corrections and decisions as proposals (never cards) for memctl review; [capture] enabled = false in the memctl config turns it off.`,
    `Or use the memctl plugin instead: claude --plugin-dir ${path.join(ctx.packageRoot, "plugin")} (do not use both: the hook would run twice).`,
    `The memory tools come from the MCP server "memctl" (${claudeMcpFile(ctx)}); \`claude mcp get memctl\` shows whether it connects.`,
    ...ctx.scope === "project" ? [
      'Claude Code asks once before it starts a project\'s .mcp.json server: run `claude` in the project and approve "memctl".',
      "Claude's auto memory is turned off for this machine only (.claude/settings.local.json, not committed); the committed hooks do nothing where memctl is not installed, so teammates without it see no error."
    ] : []
  ],
  requiredFiles: (ctx) => [hookEntry(ctx.packageRoot), cliEntry(ctx.packageRoot)],
  hookFiles: (ctx) => ["user", "project", "local"].map((scope) => claudeSettingsFile({ ...ctx, scope })),
  installedBudget: (ctx) => wiredHookBudget(claudeSettingsFile(ctx), (c) => isMemctlHookCommand(c, ctx.packageRoot), hostFileCap(ctx, claudeSettingsFile(ctx))),
  plugins: (ctx) => ({ enabled: enabledClaudePlugins(ctx), disable: (id) => `claude plugin disable ${id}` }),
  warnings(ctx) {
    const warnings = [];
    const store = autoMemoryStore(ctx);
    if (store) warnings.push(`Claude's auto memory is on and writes this project's memctl store (${store}) directly, unreviewed: ${AUTO_MEMORY_FIX}`);
    const projects = settings(claudeJsonFile(ctx.io.env, ctx.io.home)).projects ?? {};
    for (const [dir, project] of Object.entries(projects)) {
      const local = project?.mcpServers?.memctl;
      if (local !== void 0 && !isDeepStrictEqual(local, claudeMcpEntry({ ...ctx, scope: "user" }))) {
        warnings.push(`a local-scope "memctl" MCP server for ${dir} in .claude.json overrides memctl's registration there: run "claude mcp remove memctl -s local" in ${dir}`);
      }
    }
    return warnings;
  }
};
export {
  claude,
  claudeDir,
  claudeMcpEntry,
  claudeMcpFile,
  claudeSettingsFile,
  enabledClaudePlugins
};
