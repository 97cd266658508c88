// memctl ui on a large store: how long the server takes to start (the catalogue reads every card once), and
// the response time of the Cards page and its API afterwards (a refresh stats the files, reads none).
// Run: node --import tsx bench/ui.ts [--cards 10000] [--runs 20]
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateStore } from "./gen-store.js";
import { startUi } from "../lib/ui/server.js";
import { BufferSink } from "../lib/store/io.js";
import { numberArg } from "./rounds.js";

const cards = numberArg("cards", 10_000);
const runs = numberArg("runs", 20);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "memctl-bench-ui-"));

function get(port: number, target: string): Promise<{ ms: number; status: number; bytes: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: target, headers: { Host: `127.0.0.1:${port}` } }, (res) => {
        let bytes = 0;
        res.on("data", (c: Buffer) => (bytes += c.length));
        res.on("end", () => resolve({ ms: performance.now() - t0, status: res.statusCode!, bytes }));
      })
      .on("error", reject);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

try {
  const store = generateStore({ cards, dir: path.join(root, "memory") });
  const io = { stdout: new BufferSink(), stderr: new BufferSink(), env: {}, cwd: root, home: root, now: () => new Date("2026-12-02T10:00:00Z") };
  const t0 = performance.now();
  const ui = await startUi({
    memoryDir: store.dir,
    io,
    readOnly: true,
    owner: true,
    writeContext: () => {
      throw new Error("read-only bench");
    },
    project: { allowNonGit: true },
  });
  const startMs = performance.now() - t0;
  const base = `/s/${ui.token}`;
  await new Promise((r) => setTimeout(r, 4000)); // let the background tokenizing (Catalog.warm) finish
  const cases: [string, string][] = [
    ["cards page 1 (HTML, 50 rows)", "/"],
    ["cards page 100 (HTML)", "/?page=100"],
    ["cards filtered by tier (HTML)", "/?type=project"],
    ["cards API page 1 (JSON)", "/api/cards"],
    ["search 'deploy database' (HTML)", "/?q=deploy+database"],
    ["one card (HTML)", `/card?file=${encodeURIComponent(store.cards[42]!.file)}`],
  ];
  console.log(`memctl ui on ${cards} cards: server up in ${startMs.toFixed(0)} ms (catalogue read once)`);
  for (const [label, target] of cases) {
    const times: number[] = [];
    let last = { status: 0, bytes: 0 };
    for (let i = 0; i < runs; i++) {
      // Past the catalogue's 1 s TTL every few runs, so the stat-only refresh is in the numbers.
      if (i % 5 === 4) await new Promise((r) => setTimeout(r, 1050));
      const r = await get(ui.port, `${base}${target}`);
      times.push(r.ms);
      last = r;
    }
    console.log(`  ${label.padEnd(34)} median ${median(times).toFixed(1)} ms  p95 ${p95(times).toFixed(1)} ms  (${last.status}, ${last.bytes} B)`);
  }
  await ui.close();
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
