// A hand-kept MEMORY.md may number its lines (`1. [Title](f.md) — hook`, `2) [Title](f.md)`): each is an entry as its
// `- ` twin is, for every reader (the hook cold and warm, doctor, stats, list, session start). A numbered line that
// does not open with a link is a step of prose, not a broken index line.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { parseIndex } from "../../lib/core/index-file.js";
import { REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";
import { makeWorld, memctl } from "../support/fixture.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const INDEX = [
  "# Memory",
  "",
  "## Decisions",
  "1. [Retry budget lives in the gateway](retry-budget.md) — never retry in the client",
  "2. [Ledger rows are immutable](decisions/ledger-immutable.md): supersede, never edit",
  "",
  "## Steps",
  "1) **[Cache warmup order](cache-warmup.md)** — warm the index before the shards",
  "10. Run the migration, then [check it](billing-migration.md)",
  "3. Deploy on Tuesdays only",
  "- [Billing migration](billing-migration.md) — done in two steps",
  "",
].join("\n");
const FILES = ["retry-budget.md", "decisions/ledger-immutable.md", "cache-warmup.md", "billing-migration.md"];

function writeStore(mem: string): void {
  fs.writeFileSync(path.join(mem, "MEMORY.md"), INDEX);
  fs.mkdirSync(path.join(mem, "decisions"), { recursive: true });
  for (const f of FILES) {
    const name = path.basename(f, ".md");
    fs.writeFileSync(path.join(mem, f), `---\nname: ${name}\ndescription: ${name} notes\nmetadata:\n  type: project\n---\nBody.\n`);
  }
}

test("numbered MEMORY.md lines that open with a card link are entries; numbered prose is not an index line", () => {
  const parsed = parseIndex(INDEX);
  assert.deepEqual(
    parsed.entries.map((e) => [e.line, e.title, e.file, e.hook]),
    [
      [4, "Retry budget lives in the gateway", "retry-budget.md", "never retry in the client"],
      [5, "Ledger rows are immutable", "decisions/ledger-immutable.md", "supersede, never edit"],
      [8, "Cache warmup order", "cache-warmup.md", "warm the index before the shards"],
      [11, "Billing migration", "billing-migration.md", "done in two steps"],
    ],
  );
  assert.deepEqual(parsed.unparsed, []);
  // A numbered link to something that is not a card is reported as its bullet twin is.
  assert.deepEqual(
    parseIndex("1. [Dashboard](https://example.test/d)\n").unparsed.map((u) => u.line),
    [1],
  );
});

test("the per-prompt hook injects a numbered index line whose title the prompt names, cold and from its rank cache", async () => {
  const s = sandbox([]);
  writeStore(s.memory);
  const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
  const ask = async (prompt: string) => {
    const r = await runBounded([HOOK, "--host", "generic"], JSON.stringify({ cwd: s.repo, prompt, hook_event_name: "UserPromptSubmit" }), env, s.repo, 30_000);
    assert.equal(r.code, 0, r.stdout);
    return r.stdout;
  };
  for (let round = 0; round < 2; round++) {
    assert.match(await ask("where does the retry budget live?"), /\]\(retry-budget\.md\)/);
    assert.match(await ask("can I edit ledger rows?"), /\]\(decisions\/ledger-immutable\.md\)/);
    assert.match(await ask("what order for the cache warmup"), /\]\(cache-warmup\.md\)/);
  }
  const start = await runBounded([CLI, "hook", "session-start", "--host", "codex"], JSON.stringify({ cwd: s.repo, session_id: "s1", source: "startup" }), env, s.repo, 30_000);
  assert.equal(start.code, 0, start.stdout);
  assert.match(start.stdout, /Retry budget lives in the gateway/);
  assert.doesNotMatch(start.stdout, /unparsed|did not parse/i);
});

test("doctor, stats and list count numbered entries as cards", async () => {
  const w = makeWorld();
  writeStore(w.mem);
  const doctor = JSON.parse((await memctl(w, ["doctor", "--json"])).stdout);
  assert.equal(doctor.entry_count, 4);
  assert.deepEqual(doctor.orphan_cards, []);
  assert.deepEqual(doctor.unparsed_index_lines ?? [], []);
  const stats = JSON.parse((await memctl(w, ["stats", "--json"])).stdout);
  assert.equal(stats.index_entry_count, 4);
  assert.equal(stats.unparsed_index_entries, 0);
  assert.equal(stats.card_count, 4);
  const list = JSON.parse((await memctl(w, ["list", "--json"])).stdout);
  const files = (Array.isArray(list) ? list : list.cards).map((c: { file: string }) => c.file).sort();
  assert.deepEqual(files, [...FILES].sort());
});
