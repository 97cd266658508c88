// Hand-kept indexes mark lines before the link (`- ★★ [Title](f.md)`, `- ⚠️ [**Title**](f.md)`), wrap the link in
// bold (`- **[Title](f.md)** — hook`) or keep a task list (`- [x] [Title](f.md)`). Such a line is an entry: the
// per-prompt hook ranks it like any other. A bullet whose link follows words is prose and stays unparsed.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { parseIndex } from "../../lib/core/index-file.js";
import { REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const INDEX = [
  "# Memory",
  "",
  "- ★★★ [Retry budget lives in the gateway](retry-budget.md) — never retry in the client",
  "- ⚠️ [**Ledger rows are immutable**](ledger-immutable.md) — supersede, never edit",
  "- **[Cache warmup order](cache-warmup.md)** — warm the index before the shards",
  "- [x] [Migrate the billing tables](billing-migration.md) — done in two steps",
  "- See [the style notes](style-notes.md) for the commit format",
  "",
].join("\n");

test("MEMORY.md lines with a marker, bold or a task box before the link are entries; a link after words is not", () => {
  const parsed = parseIndex(INDEX);
  assert.deepEqual(
    parsed.entries.map((e) => [e.title, e.file, e.hook]),
    [
      ["Retry budget lives in the gateway", "retry-budget.md", "never retry in the client"],
      ["**Ledger rows are immutable**", "ledger-immutable.md", "supersede, never edit"],
      ["Cache warmup order", "cache-warmup.md", "warm the index before the shards"],
      ["Migrate the billing tables", "billing-migration.md", "done in two steps"],
    ],
  );
  assert.deepEqual(
    parsed.unparsed.map((u) => u.line),
    [7],
  );
});

test("the per-prompt hook injects a marker-prefixed or bold-wrapped index line whose title the prompt names", async () => {
  const s = sandbox([]);
  fs.writeFileSync(path.join(s.memory, "MEMORY.md"), INDEX);
  for (const f of ["retry-budget.md", "ledger-immutable.md", "cache-warmup.md", "billing-migration.md", "style-notes.md"]) {
    fs.writeFileSync(path.join(s.memory, f), `---\nname: ${f.slice(0, -3)}\ndescription: ${f}\n---\nBody.\n`);
  }
  const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
  const ask = async (prompt: string) => {
    const r = await runBounded([HOOK, "--host", "generic"], JSON.stringify({ cwd: s.repo, prompt, hook_event_name: "UserPromptSubmit" }), env, s.repo, 30_000);
    assert.equal(r.code, 0, r.stdout);
    return r.stdout;
  };
  assert.match(await ask("where does the retry budget live?"), /\]\(retry-budget\.md\)/);
  assert.match(await ask("can I edit ledger rows?"), /\]\(ledger-immutable\.md\)/);
  assert.match(await ask("what order for the cache warmup"), /\]\(cache-warmup\.md\)/);
});
