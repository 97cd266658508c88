import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { createMemctlPlugin, isSideRequest } from "../../lib/hook/entry/opencode-plugin.js";
import { scratchDir } from "../support/scratch.js";

/** A stand-in hook script (a real process) that echoes what it was given, so the plugin's plumbing is observable. */
function script(body: string): string {
  const file = path.join(scratchDir("memctl-oc-plugin-"), "hook.mjs");
  fs.writeFileSync(file, body);
  return file;
}

type Hooks = {
  "chat.message": (
    i: { sessionID: string },
    o: { parts: { type: string; text?: string; synthetic?: boolean }[]; message?: { model?: { providerID: string; modelID: string } } },
  ) => Promise<void>;
  "experimental.chat.system.transform": (i: { sessionID?: string; model?: { providerID: string; id: string } }, o: { system: string[] }) => Promise<void>;
};

/** The CLI stand-in: `hook session-start` prints nothing, as the real CLI does for a directory without a store. */
const SILENT_CLI = script("");

async function load(hook: string, cli = SILENT_CLI) {
  const logs: Record<string, unknown>[] = [];
  const ctx = { directory: os.tmpdir(), client: { app: { log: async ({ body }: { body: Record<string, unknown> }) => void logs.push(body) } } };
  const hooks = (await createMemctlPlugin({ node: process.execPath, hook, cli, timeoutMs: 5000 })(ctx)) as unknown as Hooks;
  return { hooks, logs };
}

test("the prompt from chat.message reaches the hook once, and its block goes into every system prompt of that turn", async () => {
  const hook = script(
    `let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const p=JSON.parse(s);process.stdout.write(JSON.stringify({hookSpecificOutput:{hookEventName:"UserPromptSubmit",additionalContext:"<memctl-memory>"+p.prompt+"|"+process.argv.slice(2).join(" ")+"</memctl-memory>"}}))})`,
  );
  const { hooks, logs } = await load(hook);
  await hooks["chat.message"](
    { sessionID: "s1" },
    {
      parts: [
        { type: "text", text: "fix the migration" },
        { type: "text", text: "ignored", synthetic: true },
      ],
    },
  );
  for (let call = 0; call < 2; call++) {
    const output = { system: ["base"] };
    await hooks["experimental.chat.system.transform"]({ sessionID: "s1" }, output);
    assert.deepEqual(output.system, ["base", "<memctl-memory>fix the migration|--host opencode</memctl-memory>"]);
  }
  assert.equal(logs.filter((l) => l.message === "memctl injected memory").length, 1);
  const other = { system: ["base"] };
  await hooks["experimental.chat.system.transform"]({ sessionID: "s2" }, other);
  assert.deepEqual(other.system, ["base"], "another session gets nothing");
});

test("session start: the overview from `memctl hook session-start --host opencode` is fetched once per session and sits in every system prompt before the block", async () => {
  const hook = script(`process.stdin.resume();process.stdin.on("end",()=>process.stdout.write("<memctl-memory>block</memctl-memory>"))`);
  const marker = path.join(scratchDir("memctl-oc-cli-"), "calls");
  const cli = script(
    `import fs from "node:fs";let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{fs.appendFileSync(${JSON.stringify(marker)},"x");const p=JSON.parse(s);process.stdout.write("<memctl-memory>overview "+p.session_id+" "+p.source+"|"+process.argv.slice(2).join(" ")+"</memctl-memory>")})`,
  );
  const { hooks } = await load(hook, cli);
  await hooks["chat.message"]({ sessionID: "s1" }, { parts: [{ type: "text", text: "hello" }] });
  for (let call = 0; call < 2; call++) {
    const output = { system: ["base"] };
    await hooks["experimental.chat.system.transform"]({ sessionID: "s1" }, output);
    assert.deepEqual(output.system, ["base", "<memctl-memory>overview s1 startup|hook session-start --host opencode</memctl-memory>", "<memctl-memory>block</memctl-memory>"]);
  }
  assert.equal(fs.readFileSync(marker, "utf8"), "x", "the CLI ran once for the session");
});

test("a failing hook never breaks the request: nothing is pushed and a warning is logged", async () => {
  const { hooks, logs } = await load(script(`process.stderr.write("boom"); process.exit(3)`));
  await hooks["chat.message"]({ sessionID: "s1" }, { parts: [{ type: "text", text: "hello" }] });
  const output = { system: ["base"] };
  await hooks["experimental.chat.system.transform"]({ sessionID: "s1" }, output);
  assert.deepEqual(output.system, ["base"]);
  assert.ok(logs.some((l) => l.level === "warn" && String((l.extra as { error: string }).error).includes("exit 3: boom")));
});

test("the session's episode names its topics, never the raw prompt (no secrets, paths or pasted text in episodes.jsonl)", async () => {
  const out = path.join(scratchDir("memctl-oc-episode-"), "argv.json");
  const cli = script(
    `const fs = require("node:fs"); if (process.argv[2] === "log") fs.writeFileSync(${JSON.stringify(out)}, JSON.stringify(process.argv.slice(2)));
     else { let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => fs.writeFileSync(${JSON.stringify(out + ".end")}, JSON.stringify({ argv: process.argv.slice(2), stdin: s }))); }`.replace(
      "require",
      "(await import('node:module')).createRequire(import.meta.url)",
    ),
  );
  const hook = script(`process.stdin.resume();process.stdin.on("end",()=>process.stdout.write(""))`);
  const logs: Record<string, unknown>[] = [];
  const ctx = { directory: os.tmpdir(), client: { app: { log: async ({ body }: { body: Record<string, unknown> }) => void logs.push(body) } } };
  const hooks = (await createMemctlPlugin({ node: process.execPath, hook, cli, timeoutMs: 5000 })(ctx)) as unknown as Hooks & {
    event: (e: { event: { type: string; properties?: { sessionID?: string } } }) => Promise<void>;
  };
  const prompt = "Fix the database migration; my token is sk-live-abc123def and the file /home/me/secret.txt";
  await hooks["chat.message"]({ sessionID: "s1" }, { parts: [{ type: "text", text: prompt }] });
  await hooks.event({ event: { type: "session.idle", properties: { sessionID: "s1" } } });
  const argv = JSON.parse(fs.readFileSync(out, "utf8")) as string[];
  const summary = argv[argv.indexOf("--summary") + 1]!;
  assert.match(summary, /^OpenCode session: 1 prompt; topics: /);
  assert.match(summary, /database migration/);
  for (const leak of ["sk-live", "abc123", "/home/me", "secret.txt", prompt]) assert.ok(!summary.includes(leak), `${leak} in ${summary}`);
  // Capture: the session's prompts go to `memctl hook session-end --host opencode` on stdin (secret-scanned there, staged only as proposals).
  // It is started detached and not waited for (it must outlive `opencode run`), so its record is waited for here.
  const ended = () => fs.existsSync(out + ".end") && fs.statSync(out + ".end").size > 0;
  for (const until = Date.now() + 20_000; !ended() && Date.now() < until; ) await new Promise((r) => setTimeout(r, 50));
  const end = JSON.parse(fs.readFileSync(out + ".end", "utf8")) as { argv: string[]; stdin: string };
  assert.deepEqual(end.argv, ["hook", "session-end", "--host", "opencode", "--foreground"]);
  assert.deepEqual(JSON.parse(end.stdin).messages, [prompt]);
});

test("side requests get no memory: the title (small model, or the title agent's prompt), a call without a session, a session with no user message", async () => {
  const hook = script(`process.stdin.resume();process.stdin.on("end",()=>process.stdout.write("<memctl-memory>block</memctl-memory>"))`);
  const cli = script(`process.stdin.resume();process.stdin.on("end",()=>process.stdout.write("<memctl-memory>overview</memctl-memory>"))`);
  const { hooks } = await load(hook, cli);
  // What OpenCode 1.18.33 passes (test/e2e/opencode.test.ts records it): the user message's model on chat.message,
  // then { sessionID, model } for the title request (the small model) and for the agent's request.
  const sonnet = { providerID: "anthropic", modelID: "claude-sonnet-4-6" };
  await hooks["chat.message"]({ sessionID: "s1" }, { parts: [{ type: "text", text: "fix the migration" }], message: { model: sonnet } });
  const title = { system: ["You are a title generator. You output ONLY a thread title."] };
  await hooks["experimental.chat.system.transform"]({ sessionID: "s1", model: { providerID: "anthropic", id: "claude-haiku-4-5-20251001" } }, title);
  assert.deepEqual(title.system, ["You are a title generator. You output ONLY a thread title."]);
  const agent = { system: ["You are OpenCode"] };
  await hooks["experimental.chat.system.transform"]({ sessionID: "s1", model: { providerID: "anthropic", id: "claude-sonnet-4-6" } }, agent);
  assert.deepEqual(agent.system, ["You are OpenCode", "<memctl-memory>overview</memctl-memory>", "<memctl-memory>block</memctl-memory>"]);
  // No small model: the title is asked of the agent's own model, and the title agent's prompt tells.
  const sameModel = { system: ["You are a title generator. You output ONLY a thread title."] };
  await hooks["experimental.chat.system.transform"]({ sessionID: "s1", model: { providerID: "anthropic", id: "claude-sonnet-4-6" } }, sameModel);
  assert.equal(sameModel.system.length, 1);
  for (const input of [{}, { sessionID: "never-prompted", model: { providerID: "anthropic", id: "claude-sonnet-4-6" } }]) {
    const output = { system: ["base"] };
    await hooks["experimental.chat.system.transform"](input, output);
    assert.deepEqual(output.system, ["base"], JSON.stringify(input));
  }
  assert.equal(isSideRequest(undefined, { id: "x" }, ["base"]), false, "no user model known: the agent's request");
  assert.equal(isSideRequest(sonnet, { providerID: "openai", id: "claude-sonnet-4-6" }, ["base"]), true, "another provider");
});
