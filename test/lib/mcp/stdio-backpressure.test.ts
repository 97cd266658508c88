// A client that sends requests but never reads the answers: `memctl mcp` kept reading and answering, and every
// answer waited in its stdout buffer, so the server grew without bound (524 MB after 112,000 tools/list calls, still
// climbing). It stops reading requests while its answers are not read, and catches up once they are: none is lost.
// The built server in a child process, raw stdio, its RSS sampled from /proc.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { mcpServerCommand } from "../../../install/mcp-command.js";
import { REPO_ROOT, sandbox } from "../../helpers.js";

const REQUESTS = 12_000;

const rssKiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

test("a client that does not read its answers does not grow the server; once it reads, every answer arrives", async (t) => {
  const s = sandbox([{ file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose" }]);
  t.after(() => s.cleanup());
  const env = { PATH: process.env.PATH ?? "", HOME: s.home, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml"), MEMCTL_MEMORY_DIR: s.memory };
  const launch = mcpServerCommand(REPO_ROOT);
  const child = spawn(process.execPath, launch.args, { cwd: s.repo, env, stdio: ["pipe", "pipe", "ignore"] });
  t.after(() => child.kill("SIGKILL"));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.stdin.on("error", () => undefined);
  child.stdout.pause();
  const line = (o: unknown) => `${JSON.stringify(o)}\n`;
  let requests = line({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
  requests += line({ jsonrpc: "2.0", method: "notifications/initialized" });
  for (let id = 1; id <= REQUESTS; id++) requests += line({ jsonrpc: "2.0", id, method: "tools/list" });
  child.stdin.write(requests); // buffered on this side when the server stops reading

  // Give the server time to read and answer all it will (until its RSS holds still for 2 s); sample it meanwhile.
  let peak = 0;
  for (let waited = 0, still = 0; waited < 30_000 && (waited < 3000 || still < 2000); waited += 200) {
    await new Promise((r) => setTimeout(r, 200));
    const now = rssKiB(child.pid!);
    still = now > peak ? 0 : still + 200;
    peak = Math.max(peak, now);
  }
  // Fixed: ~110 MB, flat. Before: every answer kept, 12,000 tools/list answers ~180 MB more (50,000: 790 MB).
  assert.ok(peak < 180 * 1024, `the server grew to ${peak} KiB holding answers nobody read`);

  // Now read: every request is answered, in full. What fails is a stall (answers lost or never sent), not a total
  // time: on a loaded machine 6,572 of them took the 120 s the read once had.
  const seen = new Set<number>();
  let pending = "";
  await new Promise<void>((resolve, reject) => {
    const stalled = () => reject(new Error(`only ${seen.size} of ${REQUESTS + 1} answers arrived, none in the last 60 s`));
    const timer = setTimeout(stalled, 60_000);
    child.stdout.on("data", (d: Buffer) => {
      timer.refresh();
      pending += d.toString("utf8");
      for (let nl = pending.indexOf("\n"); nl !== -1; nl = pending.indexOf("\n")) {
        const reply = JSON.parse(pending.slice(0, nl)) as { id: number; result?: { tools?: unknown[] } };
        pending = pending.slice(nl + 1);
        if (reply.id !== 0) assert.ok((reply.result?.tools?.length ?? 0) > 0, JSON.stringify(reply).slice(0, 200));
        seen.add(reply.id);
      }
      if (seen.size === REQUESTS + 1) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stdout.resume();
  });
  // Closed as a host does, and awaited: the cleanup registered first would otherwise find it running and sweep it.
  child.stdin.end();
  await exited;
});
