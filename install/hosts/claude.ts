import path from "node:path";
import type { Io } from "../../lib/io.js";
import { hookCommand, hookEntry, isMemctlHookCommand, type InstallContext, type PlannedEdit } from "../context.js";
import { commandFileEdits, detectBy, scopeBase, type HostInstaller } from "../host.js";
import { hookJsonEdits } from "../hook-json.js";
import { readCommandSources, renderClaudeCommand } from "../render.js";

// Claude Code: the UserPromptSubmit hook in settings.json and the slash commands in commands/.
// The package root is also a Claude Code plugin (.claude-plugin/, hooks/hooks.json, commands/).

function userDir(io: Io): string {
  return io.env.CLAUDE_CONFIG_DIR || path.join(io.home, ".claude");
}

export function claudeDir(ctx: InstallContext): string {
  return ctx.scope === "user" ? userDir(ctx.io) : path.join(ctx.projectDir, ".claude");
}

export const claude: HostInstaller = {
  name: "claude",
  title: "Claude Code",
  detect: (io) => detectBy(io, "claude", userDir(io)),
  plan(ctx): PlannedEdit[] {
    const dir = claudeDir(ctx);
    const settings = path.join(dir, "settings.json");
    const hook = hookJsonEdits(settings, "UserPromptSubmit", hookCommand(ctx, "claude"), (c) => isMemctlHookCommand(c, ctx.packageRoot));
    return [
      { file: settings, label: "UserPromptSubmit hook", root: scopeBase(ctx), ...hook },
      ...commandFileEdits(ctx, path.join(dir, "commands"), readCommandSources(ctx.packageRoot), renderClaudeCommand, (d, n) => path.join(d, `${n}.md`), "slash command /"),
    ];
  },
  notes: (ctx) => [
    `Claude Code runs the hook on your next prompt; no restart of memctl is needed.`,
    `Or load the package as a plugin instead: claude --plugin-dir ${ctx.packageRoot} (do not use both: the hook would run twice).`,
  ],
  requiredFiles: (ctx) => [hookEntry(ctx.packageRoot)],
};
