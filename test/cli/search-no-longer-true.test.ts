import assert from "node:assert/strict";
import { test } from "node:test";
import { callTool, connect } from "../lib/mcp/support.js";
import { makeWorld, memctl, type World } from "../support/fixture.js";

// A card that is no longer true (superseded, or past expires_at) is never injected (docs/ranking.md), but search,
// list and the MCP memory_search still find it: each must say so, or an agent reads the old fact as current.

async function superseded(): Promise<World> {
  const w = makeWorld();
  await memctl(w, ["save", "db-port", "-t", "project", "-d", "The dev database listens on port 5433", "--topics", "database"]);
  const p = await memctl(
    w,
    ["propose", "db-port-new", "-t", "project", "-d", "The dev database moved to port 6543", "--topics", "database", "--source", "docker-compose.yml", "--json"],
    {
      env: { CLAUDECODE: "1" },
    },
  );
  const id = JSON.parse(p.stdout).proposal.id as string;
  const a = await memctl(w, ["accept", id, "--supersede", "db-port"]);
  assert.equal(a.code, 0, a.stderr);
  return w;
}

test("search marks a superseded card and names its successor, text and --json; the live card is unmarked", async () => {
  const w = await superseded();
  const r = await memctl(w, ["search", "database", "port", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const hits = JSON.parse(r.stdout).results as Record<string, unknown>[];
  const old = hits.find((h) => h.id === "project_db-port.md")!;
  const live = hits.find((h) => h.id === "project_db-port-new.md")!;
  assert.equal(old.no_longer_true, "superseded");
  assert.equal(old.superseded_by, "db-port-new");
  assert.equal(live.no_longer_true, undefined);
  const text = (await memctl(w, ["search", "database", "port"])).stdout;
  assert.match(text, /^project_db-port\.md:\d+ +[\d.]+ +superseded by db-port-new — not injected$/m);
  assert.match(text, /^project_db-port-new\.md:\d+ +[\d.]+$/m);
});

test("search and list mark a card past expires_at from the day after, by the injected clock, not before midnight", async () => {
  const w = makeWorld();
  await memctl(w, ["save", "freeze", "-t", "project", "-d", "Code freeze for the release branch", "--expires", "2026-12-01"]);
  const at = (iso: string) => ({ now: new Date(iso) });
  const before = JSON.parse((await memctl(w, ["search", "freeze", "--json"], at("2026-12-01T23:59:59Z"))).stdout).results[0];
  assert.equal(before.no_longer_true, undefined, "expires_at is the last day it holds");
  assert.doesNotMatch((await memctl(w, ["list"], at("2026-12-01T23:59:59Z"))).stdout, /expired/);
  const after = JSON.parse((await memctl(w, ["search", "freeze", "--json"], at("2026-12-02T00:00:01Z"))).stdout).results[0];
  assert.equal(after.no_longer_true, "expired");
  assert.equal(after.expires_at, "2026-12-01");
  assert.match((await memctl(w, ["search", "freeze"], at("2026-12-02T00:00:01Z"))).stdout, /expired 2026-12-01 — not injected/);
  assert.match((await memctl(w, ["list"], at("2026-12-02T00:00:01Z"))).stdout, /^freeze +project +normal +\S+ +\(expired 2026-12-01\) Code freeze/m);
});

test("list marks a superseded card in the table and names its successor (its --json already carries status)", async () => {
  const w = await superseded();
  const table = (await memctl(w, ["list"])).stdout;
  assert.match(table, /^db-port +project +normal +\S+ +\(superseded by db-port-new\) The dev database listens on port 5433$/m);
  assert.match(table, /^db-port-new +project +normal +\S+ +The dev database moved to port 6543$/m);
});

test("MCP memory_search marks a superseded hit and names its successor", async () => {
  const w = await superseded();
  const server = await connect({ cwd: w.repo, env: { HOME: w.home, ...w.env } });
  try {
    const r = await callTool(server.client, "memory_search", { query: "database port" });
    assert.equal(r.isError, false, r.text);
    assert.match(r.text, /^project_db-port\.md:\d+ \(score [\d.]+; superseded by db-port-new — not injected\)$/m);
    assert.match(r.text, /^project_db-port-new\.md:\d+ \(score [\d.]+\)$/m);
    const results = r.data!.results as Record<string, unknown>[];
    assert.equal(results.find((h) => h.id === "project_db-port.md")!.superseded_by, "db-port-new");
  } finally {
    await server.close();
  }
});

test("show prints a card no longer true as it is, and says so on stderr (--json: no_longer_true)", async () => {
  const w = await superseded();
  const shown = await memctl(w, ["show", "db-port"]);
  assert.equal(shown.code, 0, shown.stderr);
  assert.match(shown.stdout, /^status: superseded$/m);
  assert.match(shown.stderr, /^no longer true: superseded by db-port-new — not injected$/m);
  assert.equal(JSON.parse((await memctl(w, ["show", "db-port", "--json"])).stdout).superseded_by, "db-port-new");
  const live = await memctl(w, ["show", "db-port-new"]);
  assert.equal(live.stderr, "");
  assert.equal(JSON.parse((await memctl(w, ["show", "db-port-new", "--json"])).stdout).no_longer_true, undefined);
});

test("search lists a superseded card after every live match, even when it matches the query better (CLI and MCP)", async () => {
  const w = await superseded();
  // "listens" and "5433" are only in the old card: by score alone it would come first.
  const r = JSON.parse((await memctl(w, ["search", "database", "port", "listens", "--json"])).stdout).results as Record<string, unknown>[];
  assert.deepEqual(
    r.map((h) => [h.id, h.no_longer_true]),
    [
      ["project_db-port-new.md", undefined],
      ["project_db-port.md", "superseded"],
    ],
  );
  assert.ok((r[1]!.score as number) > (r[0]!.score as number), "the old card outscores its successor");
  const one = JSON.parse((await memctl(w, ["search", "database", "port", "listens", "--limit", "1", "--json"])).stdout).results as Record<string, unknown>[];
  assert.deepEqual(
    one.map((h) => h.id),
    ["project_db-port-new.md"],
  );
  const text = (await memctl(w, ["search", "database", "port", "listens"])).stdout;
  assert.match(text, /^project_db-port-new\.md:\d+ +[\d.]+\n(?:.*\n)*?project_db-port\.md:\d+ +[\d.]+ +superseded by db-port-new — not injected$/m);
  const server = await connect({ cwd: w.repo, env: { HOME: w.home, ...w.env } });
  try {
    const m = await callTool(server.client, "memory_search", { query: "database port listens" });
    assert.equal(m.isError, false, m.text);
    assert.deepEqual(
      (m.data!.results as Record<string, unknown>[]).map((h) => h.id),
      ["project_db-port-new.md", "project_db-port.md"],
    );
  } finally {
    await server.close();
  }
});
