// Spawns the real built server (`node dist/cli.js mcp`, launched exactly as installers register it) and talks
// to it with the SDK's own Client over stdio. Requires `npm run build` first (npm test does it).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { mcpServerCommand, type McpServerFlags } from "../../../install/mcp-command.js";
import { REPO_ROOT } from "../../helpers.js";

export interface Connected {
  client: Client;
  stderr: () => string;
  /**
   * Stops the server and waits for it. Await it before the test ends: node:test runs after-hooks in the order they
   * were registered, so a t.after(close) registered after the store's cleanup ran once the cleanup had SIGKILLed it.
   */
  close: () => Promise<void>;
}

export interface ToolCall {
  text: string;
  isError: boolean;
  data: Record<string, unknown> | undefined;
  code: string | undefined;
}

/** Starts the server in `cwd` with exactly `env` (plus PATH) and connects a client. */
export async function connect(options: { cwd: string; env: Record<string, string>; flags?: McpServerFlags }): Promise<Connected> {
  const launch = mcpServerCommand(REPO_ROOT, options.flags);
  assert.ok(fs.existsSync(launch.args[0]!), `${launch.args[0]} is missing: run npm run build first`);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: launch.args,
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? "", ...options.env },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const client = new Client({ name: "memctl-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolCall> {
  const result = (await client.callTool({ name, arguments: args })) as {
    content: { type: string; text?: string }[];
    isError?: boolean;
    structuredContent?: Record<string, unknown>;
  };
  const text = result.content.map((c) => (c.type === "text" ? (c.text ?? "") : "")).join("");
  const data = result.structuredContent;
  const error = data?.error as { code?: string } | undefined;
  return { text, isError: result.isError === true, data, code: error?.code };
}

/** The store's write history, one parsed object per line. */
export function history(memoryDir: string): { rev: number; card: string; op: string; actor: string; sha256: string | null }[] {
  const file = path.join(memoryDir, ".memctl", "history.jsonl");
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}
