// Issue 29 item 8: a card says where it applies; the hook injects a scoped card only when the prompt's working
// directory is inside one of its scopes, prefers it there, and never injects it elsewhere. The rank cache carries
// the scopes, so a warm prompt filters without reading a card.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { runUserPromptHook } from "../../lib/hook/run.js";
import { main } from "../../lib/cli/main.js";
import { BufferSink } from "../../lib/store/io.js";
import { ageStore, REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";
import { loadRankable } from "../../lib/rank-cache/load.js";
import { sessionStartBlock } from "../../lib/hook/session-overview.js";

const payload = (cwd: string, prompt: string) => JSON.stringify({ session_id: `s-${process.hrtime.bigint()}`, cwd, hook_event_name: "UserPromptSubmit", prompt });
const PROMPT = "how do the database migrations run?";
const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");

function monorepo() {
  const s = sandbox([
    { file: "project_migrations.md", title: "Database migrations", hook: "migrations run one transaction per file" },
    { file: "project_billing_migrations.md", title: "Billing database migrations", hook: "migrations run under the billing lock", scope: ["services/billing"] },
    { file: "project_api_migrations.md", title: "API database migrations", hook: "migrations run before the API boots", scope: ["packages/api/**"] },
    { file: "user_api_owner.md", title: "API owners", hook: "the platform team owns the API", priority: "always", scope: ["packages/api"] },
  ]);
  for (const dir of ["services/billing/src", "packages/api/src", "packages/web"]) fs.mkdirSync(path.join(s.repo, dir), { recursive: true });
  return s;
}

async function injected(s: ReturnType<typeof sandbox>, cwd: string): Promise<string> {
  const r = await runUserPromptHook(payload(cwd, PROMPT), { host: "generic" }, s.io);
  return r.outcome.stdout;
}

test("a scoped card is injected only inside its scope, before the unscoped card; never elsewhere", async () => {
  const s = monorepo();
  try {
    const root = await injected(s, s.repo);
    assert.match(root, /project_migrations\.md/);
    assert.doesNotMatch(root, /billing|project_api_migrations|API owners/);

    const billing = await injected(s, path.join(s.repo, "services/billing/src"));
    assert.match(billing, /project_billing_migrations\.md/);
    assert.ok(billing.indexOf("project_billing_migrations.md") < billing.indexOf("project_migrations.md"), billing);
    assert.doesNotMatch(billing, /project_api_migrations|API owners/);

    const api = await injected(s, path.join(s.repo, "packages/api/src"));
    assert.match(api, /project_api_migrations\.md/);
    assert.match(api, /API owners/, "a pinned card scoped here is pinned here");
    assert.doesNotMatch(api, /billing/);

    const web = await injected(s, path.join(s.repo, "packages/web"));
    assert.doesNotMatch(web, /billing|project_api_migrations|API owners/);
  } finally {
    s.cleanup();
  }
});

test("outside any repository no scoped card is injected", async () => {
  const s = monorepo();
  try {
    const elsewhere = path.join(s.root, "not-a-repo", "packages", "api");
    fs.mkdirSync(elsewhere, { recursive: true });
    const text = await injected(s, elsewhere);
    assert.match(text, /project_migrations\.md/);
    assert.doesNotMatch(text, /billing|project_api_migrations|API owners/);
  } finally {
    s.cleanup();
  }
});

test("from a warm rank cache the scope still decides, and a scope edited in place is seen by the next prompt", async () => {
  const s = monorepo();
  try {
    // The cache is written only for a store at rest, by the real clock (lib/rank-cache/load.ts).
    const io = { ...s.io, now: () => new Date() };
    fs.mkdirSync(path.join(s.memory, ".memctl"));
    ageStore(s.memory);
    assert.equal((await loadRankable(s.memory, { nowMs: Date.now() })).cache, "rebuilt");
    const billingDir = path.join(s.repo, "services/billing");
    const r = await runUserPromptHook(payload(s.repo, PROMPT), { host: "generic" }, io);
    assert.equal(r.injection?.store.cache, "fresh");
    assert.doesNotMatch(r.outcome.stdout, /billing/);
    const warm = await runUserPromptHook(payload(billingDir, PROMPT), { host: "generic" }, io);
    assert.equal(warm.injection?.store.cache, "fresh");
    assert.match(warm.outcome.stdout, /project_billing_migrations\.md/);

    // Another card edited: the rebuild re-reads only that one, and reuses the billing card's scope from the cache.
    const plain = path.join(s.memory, "project_migrations.md");
    fs.writeFileSync(plain, fs.readFileSync(plain, "utf8").replace("# Database migrations", "# Database migrations, in order"));
    const reused = await runUserPromptHook(payload(s.repo, PROMPT), { host: "generic" }, io);
    assert.notEqual(reused.injection?.store.cache, "fresh");
    assert.match(reused.outcome.stdout, /project_migrations\.md/);
    assert.doesNotMatch(reused.outcome.stdout, /billing/);

    // An editor writes in place: the billing card is now scoped to services/payments.
    const file = path.join(s.memory, "project_billing_migrations.md");
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace('"services/billing"', '"services/payments"'));
    const edited = await runUserPromptHook(payload(billingDir, PROMPT), { host: "generic" }, io);
    assert.doesNotMatch(edited.outcome.stdout, /project_billing_migrations/);
  } finally {
    s.cleanup();
  }
});

test("memctl prepare and memctl context apply the same rule from the directory they run in", async () => {
  const s = monorepo();
  try {
    const run = async (argv: string[], cwd: string) => {
      const out = new BufferSink();
      const code = await main(argv, { ...s.io, cwd, stdout: out, stderr: new BufferSink() });
      assert.equal(code, 0);
      return out.text;
    };
    const billingDir = path.join(s.repo, "services/billing");
    assert.match(await run(["prepare", "--host", "generic", "--query", PROMPT], billingDir), /project_billing_migrations\.md/);
    assert.doesNotMatch(await run(["prepare", "--host", "generic", "--query", PROMPT], s.repo), /billing/);
    const context = JSON.parse(await run(["context", PROMPT, "--json", "--limit", "0"], s.repo));
    const row = context.ranking.find((r: { file: string }) => r.file === "project_billing_migrations.md");
    assert.equal(row.injected, false);
    assert.match(JSON.stringify(row), /scope: services\/billing \(not the repository root\)/);
  } finally {
    s.cleanup();
  }
});

test("through the compiled hook (the wired path, OpenCode's too): the payload's cwd decides", async () => {
  const s = monorepo();
  try {
    const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
    const hook = async (cwd: string) => {
      const r = await runBounded([HOOK, "--host", "opencode"], payload(cwd, PROMPT), env, cwd, 30_000);
      assert.equal(r.code, 0, r.stdout);
      return r.stdout;
    };
    assert.match(await hook(path.join(s.repo, "services/billing/src")), /project_billing_migrations\.md/);
    assert.doesNotMatch(await hook(s.repo), /billing/);
  } finally {
    s.cleanup();
  }
});

test("session start: a pinned card scoped elsewhere is not listed first (the overview stays complete)", async () => {
  const s = monorepo();
  try {
    const ctx = { projectKey: "k", source: "env", entryCount: 0 };
    const lines = async (scopeAt: string | null) =>
      (await sessionStartBlock(s.memory, ctx, 1_000_000, "2026-12-01", [], scopeAt))!.text.split("\n").filter((l) => l.startsWith("- ["));
    const here = await lines("packages/api/src");
    assert.match(here[0]!, /API owners/);
    for (const at of ["", "services/billing", null]) {
      const elsewhere = await lines(at);
      assert.equal(elsewhere.length, 4, "every index line is still there");
      assert.match(elsewhere[0]!, /Database migrations/);
      assert.match(elsewhere[3]!, /API owners/);
    }
  } finally {
    s.cleanup();
  }
});
