// Is this memctl process running inside an agent host's tool command? Each host marks the environment of the
// commands it runs for its agent (its shell tool), and of its hooks and MCP servers; memctl reads those marks
// so an agent's `memctl save` is the host's, never the owner's. Pure: the caller passes the environment.
//
// What each host sets, and where it was verified (the pinned versions memctl's e2e tests run):
// - Claude Code 2.1.328: CLAUDECODE=1 on every command it spawns (Bash tool, hooks, MCP servers), plus
//   AI_AGENT=claude-code_<version>_agent on the Bash tool's commands and ..._harness on hooks and MCP servers.
//   Binary: the env builder TJe() ({CLAUDECODE:"1", CLAUDE_CODE_SESSION_ID, …, AI_AGENT}) used by the Bash
//   tool's Ijo(); real runs: a slash command's !`env` and an MCP server's environment both had CLAUDECODE=1.
// - Codex 0.169.0: CODEX_THREAD_ID=<thread id> on its shell tool's commands, inserted after the
//   shell_environment_policy filters (openai/codex codex-rs/protocol/src/shell_environment.rs, populate_env
//   step 6; the string sits beside unified_exec in the binary). MCP servers get no CODEX_* variable (real run).
// - OpenCode 1.18.33: OPENCODE=1 (and AGENT=1, OPENCODE_PID) set on its own process at startup (the CLI
//   middleware: process.env.OPENCODE="1"), so every child inherits it: the shell tool ({...process.env,
//   ...shell.env hook}), MCP servers (real runs: a command's !`env` and an MCP server). Its interactive
//   terminal pane (the person's own shell) adds OPENCODE_TERMINAL=1: that one is not the agent.
// - Grok Build 1.0.41: GROK_AGENT=1, exported by the shell tool's wrapper script (`builtin export
//   GROK_AGENT=1`, binary strings). Hooks and MCP servers get GROK_SESSION_ID (real run: MCP server env).
//   GROK_AGENT with another value is the person choosing an agent profile, not a mark.

export interface AgentShell {
  /** The host name, as in `host:<name>` and `[hosts.<name>]`. */
  host: string;
  /** The variable that gave it away, for messages ("CLAUDECODE=1"). */
  evidence: string;
}

interface Mark {
  host: string;
  variable: string;
  matches: (value: string, env: Record<string, string | undefined>) => boolean;
}

const MARKS: readonly Mark[] = [
  { host: "claude", variable: "CLAUDECODE", matches: (v) => v === "1" },
  { host: "codex", variable: "CODEX_THREAD_ID", matches: (v) => v.trim() !== "" },
  { host: "opencode", variable: "OPENCODE", matches: (v, env) => v === "1" && env.OPENCODE_TERMINAL !== "1" },
  { host: "grok", variable: "GROK_AGENT", matches: (v) => v === "1" },
  { host: "grok", variable: "GROK_SESSION_ID", matches: (v) => v.trim() !== "" },
];

/** Every variable a host sets that memctl reads as its mark; tests scrub these from inherited environments. */
export const AGENT_ENV_VARIABLES: readonly string[] = [...new Set([...MARKS.map((m) => m.variable), "AI_AGENT", "OPENCODE_TERMINAL"])];

/**
 * The hosts whose marks are in `env`, first match per host, in a fixed order (claude, codex, opencode, grok).
 * More than one means nested hosts (a Codex run from Claude's shell): the caller must satisfy every one.
 */
export function detectAgentShells(env: Record<string, string | undefined>): AgentShell[] {
  const found: AgentShell[] = [];
  for (const mark of MARKS) {
    const value = env[mark.variable];
    if (value === undefined || !mark.matches(value, env) || found.some((f) => f.host === mark.host)) continue;
    found.push({ host: mark.host, evidence: `${mark.variable}=${value.length > 40 ? `${value.slice(0, 40)}…` : value}` });
  }
  return found;
}

/** For messages: "claude's agent shell (CLAUDECODE=1)", several joined with "and". */
export function describeAgentShells(shells: readonly AgentShell[]): string {
  return shells.map((s) => `${s.host}'s agent shell (${s.evidence})`).join(" and ");
}
