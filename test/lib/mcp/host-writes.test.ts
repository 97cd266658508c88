// The MCP server exactly as `memctl install claude` registers it (command and args read back from the
// written ~/.claude.json), driven by the SDK's own client: read + log + propose by default, memory_manage
// only after the owner's [hosts.claude] opt-in. Requires `npm run build` first (npm test does it).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { main } from "../../../lib/cli/main.js";
import { BufferSink } from "../../../lib/store/io.js";
import { REPO_ROOT, sandbox } from "../../helpers.js";
import { callTool, history } from "./support.js";

const CARDS = [{ file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging from main; prod needs a tag" }];

test("installed MCP server: memory_manage refused by default, log and propose allowed; the owner's opt-in applies on the next call", async (t) => {
  const w = sandbox(CARDS);
  t.after(() => w.cleanup());
  const configFile = path.join(w.home, "config.toml");
  const env = { HOME: w.home, MEMCTL_CONFIG_FILE: configFile, MEMCTL_MEMORY_DIR: w.memory };
  const err = new BufferSink();
  assert.equal(await main(["install", "claude"], { stdout: new BufferSink(), stderr: err, env: { PATH: "" }, cwd: w.repo, home: w.home, now: () => new Date() }), 0, err.text);
  const entry = JSON.parse(fs.readFileSync(path.join(w.home, ".claude.json"), "utf8")).mcpServers.memctl as { command: string; args: string[] };
  assert.equal(entry.command, "node");

  const transport = new StdioClientTransport({ command: process.execPath, args: entry.args, cwd: w.repo, env: { PATH: process.env.PATH ?? "", ...env }, stderr: "pipe" });
  const client = new Client({ name: "memctl-test", version: "1.0.0" });
  await client.connect(transport);
  t.after(() => client.close());

  let announced = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    announced++;
  });
  const names = async () => (await client.listTools()).tools.map((x) => x.name);

  // Not opted in: memory_manage is not even offered; reading, logging and proposing are.
  assert.deepEqual((await names()).sort(), ["memory_context", "memory_log", "memory_overview", "memory_propose", "memory_recall", "memory_search", "memory_view"]);
  const indexBefore = fs.readFileSync(path.join(w.memory, "MEMORY.md"), "utf8");
  const unlisted = await callTool(client, "memory_manage", { command: "create", path: "notes/alex.md", file_text: "Alex prefers small PRs\n" });
  assert.equal(unlisted.isError, true);
  assert.match(unlisted.text, /memory_manage disabled/);
  assert.equal(fs.existsSync(path.join(w.memory, "notes")), false);
  assert.equal(fs.readFileSync(path.join(w.memory, "MEMORY.md"), "utf8"), indexBefore);
  assert.deepEqual(history(w.memory), []);

  const proposed = await callTool(client, "memory_propose", {
    name: "ci-cache",
    type: "reference",
    description: "CI caches node_modules by lockfile hash",
    source: "ci run 881",
    kind: "fact",
  });
  assert.equal(proposed.isError, false, proposed.text);
  assert.equal((proposed.data!.proposal as { proposer: string }).proposer, "host:claude");
  const logged = await callTool(client, "memory_log", { summary: "looked at the deploy pipeline", host: "claude" });
  assert.equal(logged.isError, false, logged.text);
  assert.equal(JSON.parse(fs.readFileSync(path.join(w.memory, "episodes.jsonl"), "utf8")).actor, "host:claude");

  // The owner opts this host in: after the next call the running server offers memory_manage and says so.
  fs.writeFileSync(configFile, "[hosts.claude]\nwrite = true\n");
  await callTool(client, "memory_view", { path: "MEMORY.md" });
  await until(() => announced >= 1);
  assert.ok((await names()).includes("memory_manage"));
  const manage = (await client.listTools()).tools.find((x) => x.name === "memory_manage")!;
  assert.match(manage.description!, /opted host:claude in \(\[hosts\.claude\] write = true/);
  const created = await callTool(client, "memory_manage", { command: "create", path: "notes/alex.md", file_text: "Alex prefers small PRs\n" });
  assert.equal(created.isError, false, created.text);
  assert.deepEqual(
    history(w.memory).map((e) => [e.card, e.op, e.actor]),
    [["notes/alex.md", "create", "host:claude"]],
  );

  // ...and withdrawing the opt-in refuses the very next manage call, and the tool is withdrawn too.
  fs.writeFileSync(configFile, "[hosts.claude]\nwrite = false\n");
  const again = await callTool(client, "memory_manage", { command: "delete", path: "notes/alex.md" });
  assert.equal(again.code, "E_READ_ONLY");
  assert.match(again.text, /host:claude may not .*memory_propose/s);
  assert.equal(fs.existsSync(path.join(w.memory, "notes", "alex.md")), true);
  await until(() => announced >= 2);
  assert.equal((await names()).includes("memory_manage"), false);
  await client.close();
});

test("memctl mcp --actor system is refused before anything is served", (t) => {
  const w = sandbox(CARDS);
  t.after(() => w.cleanup());
  const r = spawnSync(process.execPath, [path.join(REPO_ROOT, "dist", "cli.js"), "mcp", "--actor", "system"], {
    cwd: w.repo,
    env: { PATH: process.env.PATH ?? "", HOME: w.home, MEMCTL_MEMORY_DIR: w.memory },
    input: "",
    encoding: "utf8",
    timeout: 20_000,
  });
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /--actor system is reserved/);
  assert.equal(r.stdout, "");
});

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for tools/list_changed");
    await new Promise((r) => setTimeout(r, 20));
  }
}
