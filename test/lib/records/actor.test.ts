// Who is calling, from the flags and the environment the host gave the command (pure: env injected).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { AGENT_ENV_VARIABLES, detectAgentShells } from "../../../lib/config/agent-env.js";
import { directWriteRefusal, overrideNote, resolveCaller } from "../../../lib/records/actor.js";
import { tempDir } from "../../helpers.js";
import { withoutAgentMarks } from "../../support/agent-env.js";

test("each host's mark is recognised: Claude Code, Codex, OpenCode (not its terminal pane), Grok's shell tool", () => {
  const hosts = (env: Record<string, string | undefined>) => detectAgentShells(env).map((s) => [s.host, s.evidence]);
  assert.deepEqual(hosts({}), []);
  assert.deepEqual(hosts({ CLAUDECODE: "1", AI_AGENT: "claude-code_2-1-328_agent" }), [["claude", "CLAUDECODE=1"]]);
  assert.deepEqual(hosts({ CODEX_THREAD_ID: "019a-thread" }), [["codex", "CODEX_THREAD_ID=019a-thread"]]);
  assert.deepEqual(hosts({ OPENCODE: "1", AGENT: "1" }), [["opencode", "OPENCODE=1"]]);
  assert.deepEqual(hosts({ OPENCODE: "1", OPENCODE_TERMINAL: "1" }), [], "the person's own terminal inside OpenCode");
  assert.deepEqual(hosts({ GROK_AGENT: "1" }), [["grok", "GROK_AGENT=1"]]);
  assert.deepEqual(hosts({ GROK_SESSION_ID: "01a2" }), [["grok", "GROK_SESSION_ID=01a2"]]);
  // Values that are not marks: a person picking a Grok agent profile, empty or other values.
  assert.deepEqual(hosts({ GROK_AGENT: "my-custom-agent", CLAUDECODE: "0", CODEX_THREAD_ID: " ", OPENCODE: "" }), []);
  // Nested hosts (Codex run from Claude's shell): both, in a fixed order.
  assert.deepEqual(
    hosts({ CODEX_THREAD_ID: "t", CLAUDECODE: "1" }).map(([h]) => h),
    ["claude", "codex"],
  );
});

test("in an agent's shell the caller is the host, whatever --actor claims; outside it the flags decide", () => {
  const claude = { CLAUDECODE: "1" };
  assert.deepEqual(resolveCaller({}, {}), { actor: "human", shells: [] });
  assert.deepEqual(resolveCaller({ actor: "host:codex" }, {}).actor, "host:codex");
  assert.equal(resolveCaller({}, claude).actor, "host:claude");
  const raised = resolveCaller({ actor: "human" }, claude);
  assert.deepEqual([raised.actor, raised.overridden], ["host:claude", "human"]);
  assert.match(overrideNote(raised)!, /--actor human ignored: this runs in claude's agent shell \(CLAUDECODE=1\), so it acts as host:claude/);
  // Another host's name is not a way out either; the same host, or an agent (lower still), is kept.
  assert.equal(resolveCaller({ actor: "host:codex" }, claude).actor, "host:claude");
  assert.deepEqual(resolveCaller({ actor: "host:claude" }, claude), { actor: "host:claude", shells: [{ host: "claude", evidence: "CLAUDECODE=1" }] });
  assert.equal(overrideNote(resolveCaller({ actor: "host:claude" }, claude)), undefined);
  assert.equal(resolveCaller({ taskId: "t-1" }, claude).actor, "agent:t-1");
  assert.equal(resolveCaller({ actor: "agent:x" }, claude).actor, "agent:x");
  // The MCP server's default is host:mcp; in Claude's environment it is Claude.
  assert.equal(resolveCaller({}, claude, "host:mcp").actor, "host:claude");
  assert.equal(resolveCaller({}, { CODEX_THREAD_ID: "t", CLAUDECODE: "1" }).actor, "host:claude");
});

test("a direct write needs the opt-in of the actor's host and of every host whose shell it runs in", (t) => {
  const home = tempDir();
  t.after(() => fs.rmSync(home, { recursive: true, force: true }));
  const config = path.join(home, "config.toml");
  const io = { home, env: { MEMCTL_CONFIG_FILE: config } };
  const codexInClaude = detectAgentShells({ CODEX_THREAD_ID: "t", CLAUDECODE: "1" });
  assert.equal(directWriteRefusal("human", "save", io), undefined);
  assert.equal(directWriteRefusal("host:claude", "save", io)?.code, "E_READ_ONLY");
  fs.writeFileSync(config, "[hosts.claude]\nwrite = true\n");
  assert.equal(directWriteRefusal("host:claude", "save", io, codexInClaude.slice(0, 1)), undefined);
  const nested = directWriteRefusal("host:claude", "save", io, codexInClaude);
  assert.equal(nested?.code, "E_READ_ONLY");
  assert.match(nested!.message, /This runs in claude's agent shell \(CLAUDECODE=1\) and codex's agent shell \(CODEX_THREAD_ID=t\)/);
  assert.equal(nested!.data?.opt_in, "[hosts.codex]\nwrite = true");
});

test("the suite's scrub drops every mark memctl reads, so tests run the same inside an agent shell", () => {
  const marked = Object.fromEntries(AGENT_ENV_VARIABLES.map((v) => [v, "1"]));
  assert.deepEqual(withoutAgentMarks({ ...marked, PATH: "/bin", HOME: "/h" }), { PATH: "/bin", HOME: "/h" });
  assert.deepEqual(detectAgentShells(withoutAgentMarks({ ...marked, CODEX_THREAD_ID: "t", GROK_SESSION_ID: "s" })), []);
});

test("model:<program> is what a model wrote: no caller may claim it, and it may only propose", async () => {
  const { assertMayWrite, resolveActor } = await import("../../../lib/records/actor.js");
  assert.throws(() => resolveActor({ actor: "model:claude" }), /reserved for what a model command wrote/);
  assert.throws(
    () => assertMayWrite("model:claude", "save a card"),
    (e: { code?: string }) => e.code === "E_READ_ONLY",
  );
});
