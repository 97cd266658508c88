// The plugin CLI's start-up: `node plugin/dist/cli.mjs --version`, `list` on the sample store, `mcp` answering
// one initialize request (stdin then closes and the server exits), and `save` (an update of one card's description,
// and a new card), each a fresh process, interleaved with
// `node -e 0`, for this checkout's plugin/ and, with --compare, another build of it (e.g. a copy of main's plugin/).
// Both are copied under a temp folder first, so no node_modules above them resolves anything, as in a marketplace clone.
// Run: node --import tsx bench/plugin-start.ts [--compare DIR] [--runs 30]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { arg, numberArg, printRows, recordRow, ROOT, type Rows } from "./rounds.js";
import { timedNode } from "./timed-child.js";

const runs = numberArg("runs", 30);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "memctl-bench-plugin-"));
try {
  const plugins: [string, string][] = [["after", path.join(ROOT, "plugin")]];
  const compare = arg("compare");
  if (compare) plugins.unshift(["before", path.resolve(compare)]);
  const store = path.join(root, "store");
  fs.cpSync(path.join(ROOT, "sample-store"), store, { recursive: true });
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: root, MEMCTL_MEMORY_DIR: store, MEMCTL_CONFIG_FILE: path.join(root, "none.toml") };
  const clis = plugins.map(([name, dir]) => {
    fs.cpSync(dir, path.join(root, name), { recursive: true });
    return [name, path.join(root, name, "dist", "cli.mjs")] as const;
  });
  const initialize = `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } } })}\n`;
  let n = 0;
  const commands: [string, () => string[], string, RegExp][] = [
    ["--version", () => ["--version"], "", /^memctl /],
    ["list", () => ["list"], "", /project_migrations/],
    ["mcp initialize", () => ["mcp"], initialize, /"serverInfo"/],
    ["save", () => ["save", "project_migrations", "-d", `bench update ${n++} of an existing card`], "", /^✓ updated /],
    ["save new", () => ["save", `bench-new-${n++}`, "-t", "project", "-d", "a new card the bench adds"], "", /^✓ created /],
  ];
  const rows: Rows = new Map();
  const timed = (key: string, args: string[], input: string, expect?: RegExp) => {
    const r = timedNode(args, env, input);
    if (expect && !expect.test(r.stdout)) throw new Error(`${key}: unexpected output ${r.stdout.slice(0, 200)}`);
    recordRow(rows, key, r.ms, r.rssMiB, r.cpuMs);
  };
  for (const [name, cli] of clis) for (const [label, args, input, expect] of commands) timed(`${name} ${label}`, [cli, ...args()], input, expect); // warm the page cache
  for (let i = 0; i < runs; i++) {
    timed("node -e 0", ["-e", "0"], "");
    for (const [label, args, input, expect] of commands) for (const [name, cli] of clis) timed(`${name} ${label}`, [cli, ...args()], input, expect);
  }
  printRows(`plugin CLI start, ${runs} rounds, ${os.cpus().length} cores`, rows);
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
