// hosts/instructions.ts
import path from "node:path";
import { MAX_IMPORT_DEPTH } from "../lib/core/instructions.js";
import { hostDir } from "../lib/core/host-dirs.js";
var each = (dirs, name) => dirs.map((d) => path.join(d, name));
var one = (...alternatives) => alternatives;
function nativeInstructions(host, scope) {
  const { home, env, dirs } = scope;
  switch (host) {
    // Claude Code: ~/.claude/CLAUDE.md and every CLAUDE.md (and CLAUDE.local.md) from the root down, imports
    // expanded up to 5 hops: everything memctl would compose from those files.
    case "claude": {
      const config = hostDir(env, home, "CLAUDE_CONFIG_DIR");
      return {
        rules: [one([path.join(config, "CLAUDE.md")]), ...dirs.flatMap((d) => [one([path.join(d, "CLAUDE.md")]), one([path.join(d, "CLAUDE.local.md")])])],
        importDepth: MAX_IMPORT_DEPTH
      };
    }
    // Codex: $CODEX_HOME/AGENTS.md (AGENTS.override.md wins), then per directory from the root down AGENTS.override.md
    // or AGENTS.md. It does not expand @imports.
    case "codex": {
      const codexHome = hostDir(env, home, "CODEX_HOME");
      const pick = (d) => one([path.join(d, "AGENTS.override.md")], [path.join(d, "AGENTS.md")]);
      return { rules: [pick(codexHome), ...dirs.map(pick)], importDepth: 0 };
    }
    // OpenCode: every AGENTS.md from the working directory up to the worktree, or if there is none every CLAUDE.md;
    // globally ~/.config/opencode/AGENTS.md, else ~/.claude/CLAUDE.md. No @imports in instruction files.
    case "opencode": {
      const xdg = hostDir(env, home, "XDG_CONFIG_HOME");
      return {
        rules: [one(each(dirs, "AGENTS.md"), each(dirs, "CLAUDE.md")), one([path.join(xdg, "opencode", "AGENTS.md")], [path.join(home, ".claude", "CLAUDE.md")])],
        importDepth: 0
      };
    }
    // Grok Build: per directory from the repo root down, every one of its names; at home ~/.claude/CLAUDE*.md.
    // Claude's @imports are not documented for Grok: memctl does not count on them.
    case "grok": {
      const names = ["Agents.md", "Claude.md", "CLAUDE.md", "CLAUDE.local.md", "AGENT.md", "AGENTS.md"];
      return {
        rules: [
          one([path.join(home, ".claude", "CLAUDE.md")]),
          one([path.join(home, ".claude", "CLAUDE.local.md")]),
          ...dirs.flatMap((d) => names.map((n) => one([path.join(d, n)])))
        ],
        importDepth: 0
      };
    }
    default:
      return { rules: [], importDepth: 0 };
  }
}
export {
  nativeInstructions
};
