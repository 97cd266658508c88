// Which instruction files each host loads by itself, and how many hops of `@path` imports it expands
// (docs/hosts.md; /work/shared/reference/hosts.md). memctl adds at session start only what a host lacks, so a
// rule never reaches the model twice. Pure: paths in, candidate lists out (the IO side checks which exist).
import path from "node:path";
import type { NativeInstructions } from "../lib/core/instructions.js";
import { MAX_IMPORT_DEPTH } from "../lib/core/instructions.js";
import type { HostName } from "./types.js";
import { hostDir } from "../lib/core/host-dirs.js";

export interface InstructionScope {
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  /** The directories from the project root down to the working directory, root first. */
  dirs: readonly string[];
}

const each = (dirs: readonly string[], name: string) => dirs.map((d) => path.join(d, name));
const one = (...alternatives: string[][]) => alternatives;

export function nativeInstructions(host: HostName, scope: InstructionScope): NativeInstructions {
  const { home, env, dirs } = scope;
  switch (host) {
    // Claude Code: ~/.claude/CLAUDE.md and every CLAUDE.md (and CLAUDE.local.md) from the root down, imports
    // expanded up to 5 hops: everything memctl would compose from those files.
    case "claude": {
      const config = hostDir(env, home, "CLAUDE_CONFIG_DIR");
      return {
        rules: [one([path.join(config, "CLAUDE.md")]), ...dirs.flatMap((d) => [one([path.join(d, "CLAUDE.md")]), one([path.join(d, "CLAUDE.local.md")])])],
        importDepth: MAX_IMPORT_DEPTH,
      };
    }
    // Codex: $CODEX_HOME/AGENTS.md (AGENTS.override.md wins), then per directory from the root down AGENTS.override.md
    // or AGENTS.md. It does not expand @imports.
    case "codex": {
      const codexHome = hostDir(env, home, "CODEX_HOME");
      const pick = (d: string) => one([path.join(d, "AGENTS.override.md")], [path.join(d, "AGENTS.md")]);
      return { rules: [pick(codexHome), ...dirs.map(pick)], importDepth: 0 };
    }
    // OpenCode: every AGENTS.md from the working directory up to the worktree, or if there is none every CLAUDE.md;
    // globally ~/.config/opencode/AGENTS.md, else ~/.claude/CLAUDE.md. No @imports in instruction files.
    case "opencode": {
      const xdg = hostDir(env, home, "XDG_CONFIG_HOME");
      return {
        rules: [one(each(dirs, "AGENTS.md"), each(dirs, "CLAUDE.md")), one([path.join(xdg, "opencode", "AGENTS.md")], [path.join(home, ".claude", "CLAUDE.md")])],
        importDepth: 0,
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
          ...dirs.flatMap((d) => names.map((n) => one([path.join(d, n)]))),
        ],
        importDepth: 0,
      };
    }
    default:
      return { rules: [], importDepth: 0 };
  }
}
