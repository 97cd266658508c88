// The variables agent hosts set on the commands they run (lib/config/agent-env.ts reads them as marks), so a
// test that spawns memctl from an inherited environment can drop them: the suite must behave the same whether
// a developer runs it inside Claude Code, Codex, OpenCode or Grok, or CI runs it outside all of them.
// scripts/run-tests.mjs drops the same pattern for every test process it starts.
export const AGENT_ENV_PATTERN =
  /^(CLAUDECODE|CLAUDE_CODE_.+|AI_AGENT|AGENT|CODEX_(THREAD_ID|SANDBOX.*|TOOL_CALL_ID|SESSION_ID)|OPENCODE|OPENCODE_(PID|TERMINAL)|GROK_(AGENT|SESSION_ID|HOOK_.+))$/;

/** `env` without any agent host's marks. */
export function withoutAgentMarks(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !AGENT_ENV_PATTERN.test(k)));
}
