// `memctl mcp` answers a request it will not read (over 10 MiB, not JSON, not JSON-RPC) with a JSON-RPC
// error and keeps serving: the SDK's own stdio transport closed the connection (exit 0, no answer) on the first.
// Real processes: the built server, raw stdio for the lines a client library would never send, the SDK's Client
// for the oversized call.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import path from "node:path";
import { test } from "node:test";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { mcpServerCommand } from "../../../install/mcp-command.js";
import { MAX_MESSAGE_BYTES } from "../../../lib/mcp/stdio-transport.js";
import { REPO_ROOT, sandbox } from "../../helpers.js";
import { connect } from "./support.js";

const CARDS = [{ file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose" }];
const TWELVE_MIB = 12 * 1024 * 1024;

function world() {
  const s = sandbox(CARDS);
  return { ...s, env: { HOME: s.home, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml"), MEMCTL_MEMORY_DIR: s.memory } };
}

test("raw stdio: a 12 MiB line, a line that is not JSON, millions of nested arrays, JSON that is not JSON-RPC, a blank line — each answered, then tools/list still served", async () => {
  const w = world();
  const launch = mcpServerCommand(REPO_ROOT);
  const child = spawn(process.execPath, launch.args, { cwd: w.repo, env: { PATH: process.env.PATH ?? "", ...w.env }, stdio: ["pipe", "pipe", "pipe"] });
  try {
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    const replies: Record<string, unknown>[] = [];
    let pending = "";
    let waiters: (() => void)[] = [];
    child.stdout.on("data", (d: Buffer) => {
      pending += d.toString("utf8");
      for (let nl = pending.indexOf("\n"); nl !== -1; nl = pending.indexOf("\n")) {
        replies.push(JSON.parse(pending.slice(0, nl)));
        pending = pending.slice(nl + 1);
      }
      const woken = waiters;
      waiters = [];
      for (const wake of woken) wake();
    });
    const replyCount = (n: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${replies.length} replies, wanted ${n}; stderr: ${stderr}`)), 30_000);
        const check = () => (replies.length >= n ? (clearTimeout(timer), resolve()) : waiters.push(check));
        check();
      });
    const send = (line: string | Buffer) => child.stdin.write(line);
    send(
      `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } })}\n`,
    );
    await replyCount(1);
    send(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
    // As the SDK's client writes a request: method, params, then jsonrpc and id last.
    const big = JSON.stringify({ method: "tools/call", params: { name: "memory_context", arguments: { query: "x".repeat(TWELVE_MIB) } }, jsonrpc: "2.0", id: 2 });
    for (let i = 0; i < big.length; i += 1 << 20) send(big.slice(i, i + (1 << 20)));
    send("\n");
    send("{not json at all\n");
    // 4,000,000 nested arrays (8 MB, under the size limit): refused before JSON.parse builds every level.
    send(`${"[".repeat(4_000_000)}${"]".repeat(4_000_000)}\n`);
    send("\n");
    send(`${JSON.stringify({ id: 7, hello: "world" })}\n`);
    send(`${JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" })}\r\n`);
    await replyCount(6);
    const [, oversized, parseError, nested, invalid, listed] = replies as {
      id?: unknown;
      error?: { code: number; message: string; data?: Record<string, unknown> };
      result?: { tools: unknown[] };
    }[];
    assert.equal(oversized!.id, 2);
    assert.equal(oversized!.error!.code, -32600);
    assert.match(oversized!.error!.message, new RegExp(`over the ${MAX_MESSAGE_BYTES}-byte limit`));
    assert.equal(oversized!.error!.data!.limit, MAX_MESSAGE_BYTES);
    assert.equal(oversized!.error!.data!.size, Buffer.byteLength(big));
    assert.equal(parseError!.error!.code, -32700);
    assert.equal("id" in parseError!, false);
    assert.equal(nested!.error!.code, -32700);
    assert.match(nested!.error!.message, /nested deeper than/);
    assert.deepEqual([invalid!.id, invalid!.error!.code], [7, -32600]);
    assert.equal(listed!.id, 3);
    assert.ok(
      (listed!.result!.tools as { name: string }[]).some((t) => t.name === "memory_search"),
      "tools/list is still answered in full",
    );
    assert.equal(child.exitCode, null, "still serving");
    assert.match(stderr, /refused a request line/);
  } finally {
    child.kill();
    w.cleanup();
  }
});

test("the SDK client: a 12 MiB tool call rejects with the size error (-32600), and the next calls are served", async () => {
  const w = world();
  const server = await connect({ cwd: w.repo, env: w.env });
  try {
    const err = await server.client.callTool({ name: "memory_context", arguments: { query: "y".repeat(TWELVE_MIB) } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof McpError, String(err));
    assert.equal(err.code, -32600);
    assert.match(err.message, /over the 10485760-byte limit/);
    const tools = await server.client.listTools();
    assert.ok(
      tools.tools.some((t) => t.name === "memory_search"),
      "tools/list is still answered in full",
    );
    const ok = await server.client.callTool({ name: "memory_context", arguments: { query: "integration tests" } });
    assert.match(JSON.stringify(ok.content), /feedback_testing\.md/);
  } finally {
    await server.close();
    w.cleanup();
  }
});
