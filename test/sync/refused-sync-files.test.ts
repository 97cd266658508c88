import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { memctlOn, syncedPair, type Machine } from "../support/machines.js";

// Sync's own files (.memctl/sync/state.json, journal.json, incoming/*.json) are read through the checked reader,
// which refuses a link, a FIFO or an oversize file; the sync then goes on as if it were absent. That must not be
// silent: `sync --status` (text and JSON) and doctor name each refused file and its code.

type Plant = "link" | "fifo" | "oversize";

function plant(m: Machine, rel: string, kind: Plant): void {
  const at = path.join(m.mem, ".memctl", "sync", ...rel.split("/"));
  fs.mkdirSync(path.dirname(at), { recursive: true });
  fs.rmSync(at, { force: true });
  if (kind === "link") fs.symlinkSync("/dev/zero", at);
  else if (kind === "fifo") assert.equal(spawnSync("mkfifo", [at]).status, 0);
  else fs.writeFileSync(at, `{"at":"2026-12-01T00:00:00.000Z","result":"ok","pad":"${"x".repeat(70 * 1024)}"}`);
}

const CODES: Record<Plant, string> = { link: "E_PATH_ESCAPE", fifo: "E_NOT_REGULAR", oversize: "E_TOO_LARGE" };

for (const set of [
  { "state.json": "link", "journal.json": "fifo", "incoming/a.json": "link" },
  { "state.json": "oversize", "journal.json": "link", "incoming/b.json": "fifo" },
] as Record<string, Plant>[]) {
  test(`refused sync files are named with their code by sync --status and doctor: ${JSON.stringify(set)}`, async (t) => {
    const { b } = await syncedPair(t, "own"); // its cleanup stops the keepers first
    for (const [rel, kind] of Object.entries(set)) plant(b, rel, kind);
    const want = Object.entries(set).map(([rel, kind]) => ({ path: `.memctl/sync/${rel}`, code: CODES[kind] }));
    const byPath = (x: { path: string }, y: { path: string }) => x.path.localeCompare(y.path);

    const json = await memctlOn(b, ["sync", "--status", "--json"]);
    assert.equal(json.code, 0, json.stderr);
    const status = JSON.parse(json.stdout) as { refused_files: { path: string; code: string }[] };
    assert.deepEqual(status.refused_files.map(({ path, code }) => ({ path, code })).sort(byPath), want.sort(byPath));

    const text = await memctlOn(b, ["sync", "--status"]);
    assert.equal(text.code, 0, text.stderr);
    const doctor = await memctlOn(b, ["doctor"]);
    const doctorJson = JSON.parse((await memctlOn(b, ["doctor", "--json"])).stdout) as { warnings_count: number; sync: { refused_files: unknown[] } };
    assert.equal(doctorJson.sync.refused_files.length, want.length);
    for (const w of want) {
      const outputs: [string, string][] = [
        ["sync --status", text.stdout],
        ["doctor", doctor.stdout + doctor.stderr],
      ];
      for (const [label, out] of outputs) {
        const line = out.split("\n").find((l) => l.includes(w.path));
        assert.ok(line, `${label} names ${w.path}:\n${out}`);
        assert.ok(line.includes(w.code), `${label} gives ${w.code} for ${w.path}: ${line}`);
      }
    }
  });
}
