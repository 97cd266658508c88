// lib/config/agent-env.ts
var MARKS = [
  { host: "claude", variable: "CLAUDECODE", matches: (v) => v === "1" },
  { host: "codex", variable: "CODEX_THREAD_ID", matches: (v) => v.trim() !== "" },
  { host: "opencode", variable: "OPENCODE", matches: (v, env) => v === "1" && env.OPENCODE_TERMINAL !== "1" },
  { host: "grok", variable: "GROK_AGENT", matches: (v) => v === "1" },
  { host: "grok", variable: "GROK_SESSION_ID", matches: (v) => v.trim() !== "" }
];
var AGENT_ENV_VARIABLES = [.../* @__PURE__ */ new Set([...MARKS.map((m) => m.variable), "AI_AGENT", "OPENCODE_TERMINAL"])];
function detectAgentShells(env) {
  const found = [];
  for (const mark of MARKS) {
    const value = env[mark.variable];
    if (value === void 0 || !mark.matches(value, env) || found.some((f) => f.host === mark.host)) continue;
    found.push({ host: mark.host, evidence: `${mark.variable}=${value.length > 40 ? `${value.slice(0, 40)}\u2026` : value}` });
  }
  return found;
}
function describeAgentShells(shells) {
  return shells.map((s) => `${s.host}'s agent shell (${s.evidence})`).join(" and ");
}
export {
  AGENT_ENV_VARIABLES,
  describeAgentShells,
  detectAgentShells
};
