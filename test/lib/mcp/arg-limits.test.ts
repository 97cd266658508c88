import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { sandbox } from "../../helpers.js";
import { callTool, connect } from "./support.js";

// Every string an agent passes an MCP tool is read whole: an 8.7 MB memory_search query cost the server ~3 s of CPU
// and 454 MB, and its answer echoed the query twice (17 MB back into the agent's context). Each string argument now
// has a bound in the tool's schema (maxLength, so a client sees it); past it the call is refused naming the limit,
// before any work, and a search answer quotes the query only in short.

const CARDS = [{ file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging from main; prod needs a tag" }];

test("an oversized string argument of every tool is refused naming its limit, with a short answer; nothing is written", async (t) => {
  const s = sandbox(CARDS);
  t.after(() => s.cleanup());
  const config = path.join(s.home, "config.toml");
  fs.writeFileSync(config, "[hosts.claude]\nwrite = true\n");
  const server = await connect({ cwd: s.repo, env: { HOME: s.home, MEMCTL_CONFIG_FILE: config, MEMCTL_MEMORY_DIR: s.memory }, flags: { actor: "host:claude" } });
  t.after(() => server.close());
  const huge = "deploy ".repeat(1_250_000); // 8.75 MB
  const long = "x".repeat(40_000);
  const calls: [string, Record<string, unknown>, string][] = [
    ["memory_search", { query: huge }, "query"],
    ["memory_context", { query: huge }, "query"],
    ["memory_view", { path: long }, "path"],
    ["memory_view", { name: long }, "name"],
    ["memory_log", { summary: "s", host: long }, "host"],
    ["memory_log", { summary: huge, host: "claude" }, "summary"],
    ["memory_log", { summary: "s", host: "claude", session_id: long }, "session_id"],
    ["memory_propose", { name: long, type: "project", description: "d", source: "s" }, "name"],
    ["memory_propose", { name: "n", type: "project", description: long, source: "s" }, "description"],
    ["memory_propose", { name: "n", type: "project", description: "d", body: huge, source: "s" }, "body"],
    ["memory_propose", { name: "n", type: "project", description: "d", source: long }, "source"],
    ["memory_propose", { name: "n", type: "project", description: "d", topics: [long], source: "s" }, "topics"],
    ["memory_propose", { name: "n", type: "project", description: "d", topics: Array(1000).fill("t"), source: "s" }, "topics"],
    ["memory_propose", { name: "n", type: "project", description: "d", recall: [long], source: "s" }, "recall"],
    ["memory_propose", { name: "n", type: "project", description: "d", scope: [long], source: "s" }, "scope"],
    ["memory_manage", { command: "create", path: "notes/a.md", file_text: huge }, "file_text"],
    ["memory_manage", { command: "create", path: long, file_text: "a" }, "path"],
    ["memory_manage", { command: "str_replace", path: "project_deploy.md", old_str: huge, new_str: "b" }, "old_str"],
    ["memory_manage", { command: "str_replace", path: "project_deploy.md", old_str: "a", new_str: huge }, "new_str"],
    ["memory_manage", { command: "insert", path: "project_deploy.md", insert_line: 0, insert_text: huge }, "insert_text"],
    ["memory_manage", { command: "rename", old_path: long, new_path: "b.md" }, "old_path"],
    ["memory_manage", { command: "rename", old_path: "a.md", new_path: long }, "new_path"],
  ];
  const before = fs.readdirSync(s.memory).sort();
  for (const [tool, args, field] of calls) {
    const r = await callTool(server.client, tool, args);
    const what = `${tool} ${field}`;
    assert.equal(r.isError, true, what);
    assert.match(r.text, new RegExp(`at most [\\d,]+ (characters|items) .* at ${field}\\b`, "s"), `${what}: ${r.text.slice(0, 300)}`);
    assert.ok(r.text.length < 2000, `${what}: a ${r.text.length}-character answer`);
  }
  assert.deepEqual(fs.readdirSync(s.memory).sort(), before);
  assert.equal(fs.existsSync(path.join(s.memory, "episodes.jsonl")), false);

  // Within the bounds: a search that matches nothing names the query in short, never echoing it whole.
  const words = "zyxwv ".repeat(5000);
  const miss = await callTool(server.client, "memory_search", { query: words });
  assert.equal(miss.isError, false, miss.text);
  assert.ok(JSON.stringify({ text: miss.text, data: miss.data }).length < 2000, "the answer does not carry the 30,000-character query");
  assert.match(miss.text, /^No matches for "zyxwv zyxwv .*…" \(30,000 characters\)/);
  const { tools } = await server.client.listTools();
  const search = tools.find((x) => x.name === "memory_search")!;
  assert.equal((search.inputSchema.properties as Record<string, { maxLength?: number }>).query!.maxLength, 32_768);
  await server.close();
});
