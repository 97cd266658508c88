import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { makeWorld, memctl, type World } from "../support/fixture.js";

// scope: where in the repository a card applies. Written by save --scope and propose --scope, kept by accept,
// shown by show and review, refused with E_SCOPE when it could leave the repository.

const LEGACY = `---
name: migrations
description: Billing migrations run in a transaction per file
metadata:
  node_type: memory
  type: project
  originSessionId: abc  # kept byte for byte
topics: [db]
---
Each file is one transaction.
`;

function legacyCard(w: World): string {
  const file = path.join(w.mem, "project_migrations.md");
  fs.writeFileSync(file, LEGACY);
  fs.writeFileSync(path.join(w.mem, "MEMORY.md"), "# Memory\n\n- [migrations](project_migrations.md) — Billing migrations run in a transaction per file\n");
  return file;
}

test("save --scope adds the list to a legacy card and keeps every other byte; show prints it, show --json exposes it", async () => {
  const w = makeWorld();
  const file = legacyCard(w);
  const r = await memctl(w, ["save", "migrations", "--scope", "services/billing,packages/db/**"]);
  assert.equal(r.code, 0, r.stderr);
  const after = fs.readFileSync(file, "utf8");
  assert.ok(after.startsWith(LEGACY.slice(0, LEGACY.indexOf("---\nEach"))), after);
  assert.ok(after.endsWith("---\nEach file is one transaction.\n"));
  assert.match(after, /\nscope:\n {2}- services\/billing\n {2}- packages\/db\/\*\*\n/);
  const shown = await memctl(w, ["show", "migrations"]);
  assert.match(shown.stdout, /scope:\n {2}- services\/billing\n/);
  assert.deepEqual(JSON.parse((await memctl(w, ["show", "migrations", "--json"])).stdout).scope, ["services/billing", "packages/db/**"]);
  // A later save without --scope keeps it; --scope "" clears it (the card applies everywhere again).
  assert.equal((await memctl(w, ["save", "migrations", "--priority", "always"])).code, 0);
  assert.deepEqual(JSON.parse((await memctl(w, ["show", "migrations", "--json"])).stdout).scope, ["services/billing", "packages/db/**"]);
  assert.equal((await memctl(w, ["save", "migrations", "--scope", ""])).code, 0);
  assert.deepEqual(JSON.parse((await memctl(w, ["show", "migrations", "--json"])).stdout).scope, []);
});

test("a new card saved with --scope writes the list after repo_refs", async () => {
  const w = makeWorld();
  const r = await memctl(w, ["save", "api-auth", "-t", "project", "-d", "The API checks tokens in middleware", "--scope", "packages/api"]);
  assert.equal(r.code, 0, r.stderr);
  const text = fs.readFileSync(path.join(w.mem, "project_api-auth.md"), "utf8");
  assert.match(text, /\nrepo_refs: \[\]\nscope:\n {2}- packages\/api\n---\n/);
});

test("a scope outside the repository is refused with E_SCOPE (exit 2), every problem at once, nothing written", async () => {
  const w = makeWorld();
  const file = legacyCard(w);
  const r = await memctl(w, ["save", "migrations", "--scope", "/etc,../other,services/billing", "--json"]);
  assert.equal(r.code, 2);
  const err = JSON.parse(r.stdout).error;
  assert.equal(err.code, "E_SCOPE");
  assert.match(err.message, /scope\[0\] "\/etc" is absolute/);
  assert.match(err.message, /scope\[1\] "\.\.\/other" climbs out with "\.\."/);
  assert.equal(fs.readFileSync(file, "utf8"), LEGACY);
  const p = await memctl(w, ["propose", "x", "-t", "user", "-d", "y", "--source", "s", "--scope", "C:/work", "--json"]);
  assert.equal(p.code, 2);
  assert.equal(JSON.parse(p.stdout).error.code, "E_SCOPE");
});

test("propose --scope stages the scope, review shows it, accept keeps it; accept --scope sets another", async () => {
  const w = makeWorld();
  const staged = await memctl(w, [
    "propose",
    "api-auth",
    "-t",
    "project",
    "-d",
    "Tokens are checked in middleware",
    "--source",
    "packages/api/src/auth.ts",
    "--scope",
    "packages/api",
    "--json",
  ]);
  assert.equal(staged.code, 0, staged.stderr);
  const p = JSON.parse(staged.stdout).proposal;
  assert.deepEqual(p.card.scope, ["packages/api"]);
  const review = await memctl(w, ["review", p.id]);
  assert.match(review.stdout, /\n {2}scope {7}packages\/api\n/);
  assert.match(review.stdout, /\n\+scope:\n\+ {2}- packages\/api\n/);
  assert.equal((await memctl(w, ["accept", p.id])).code, 0);
  assert.deepEqual(JSON.parse((await memctl(w, ["show", "api-auth", "--json"])).stdout).scope, ["packages/api"]);

  const second = JSON.parse((await memctl(w, ["propose", "web-build", "-t", "project", "-d", "The web app builds with vite", "--source", "s", "--json"])).stdout).proposal;
  const accepted = await memctl(w, ["accept", second.id, "--scope", "apps/web"]);
  assert.equal(accepted.code, 0, accepted.stderr);
  assert.deepEqual(JSON.parse((await memctl(w, ["show", "web-build", "--json"])).stdout).scope, ["apps/web"]);
});

test("save from an agent host's shell stages the scope in its proposal", async () => {
  const w = makeWorld();
  const r = await memctl(w, ["save", "api-auth", "-t", "project", "-d", "Tokens are checked in middleware", "--scope", "packages/api", "--json"], { env: { CLAUDECODE: "1" } });
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.staged, true);
  assert.deepEqual(out.proposal.card.scope, ["packages/api"]);
});

test("review and consolidate suggest the subtree every named file is under; accept applies it only with --suggested-scope", async () => {
  const w = makeWorld();
  const propose = async (name: string, description: string, source: string) =>
    JSON.parse((await memctl(w, ["propose", name, "-t", "project", "-d", description, "--source", source, "--kind", "fact", "--json"])).stdout).proposal;
  const a = await propose("api-auth", "Tokens are checked in middleware before routing", "packages/api/src/auth.ts:42");
  const b = await propose("api-rate", "Rate limits are per key, a hundred requests a minute", "packages/api/src/rate.ts; packages/api/test/rate.test.ts");
  const none = await propose("ci-runner", "CI runs on a self-hosted runner", "ci.yml line 40");

  const list = JSON.parse((await memctl(w, ["review", "--json"])).stdout).proposals as { id: string; suggested_scope: string[] | null }[];
  const by = Object.fromEntries(list.map((p) => [p.id, p.suggested_scope]));
  assert.deepEqual(by[a.id], ["packages/api/src"]);
  assert.deepEqual(by[b.id], ["packages/api"]);
  assert.equal(by[none.id], null);
  const shown = await memctl(w, ["review", b.id]);
  assert.match(shown.stdout, new RegExp(`\\n {2}scope\\? {6}packages/api — memctl accept ${b.id} --suggested-scope\\n`));

  const dry = await memctl(w, ["consolidate", "--dry-run", "--json"]);
  assert.deepEqual(
    JSON.parse(dry.stdout).scope_suggestions.map((s: { id: string; scope: string[] }) => [s.id, s.scope]),
    [
      [a.id, ["packages/api/src"]],
      [b.id, ["packages/api"]],
    ],
  );
  assert.match((await memctl(w, ["consolidate", "--dry-run"])).stdout, new RegExp(`scope\\? +${b.id}: packages/api \\(memctl accept ${b.id} --suggested-scope\\)`));

  // Never applied silently: --accept-facts promotes the owner's facts without their suggested scope.
  const pass = await memctl(w, ["consolidate", "--accept-facts", "--json"]);
  assert.equal(pass.code, 0, pass.stderr);
  assert.deepEqual(JSON.parse((await memctl(w, ["show", "api-auth", "--json"])).stdout).scope, []);

  const c = await propose("api-errors", "Errors are returned as problem documents", "packages/api/src/errors.ts");
  assert.equal((await memctl(w, ["accept", c.id, "--suggested-scope"])).code, 0);
  assert.deepEqual(JSON.parse((await memctl(w, ["show", "api-errors", "--json"])).stdout).scope, ["packages/api/src"]);
  // With nothing to suggest, --suggested-scope is refused rather than ignored.
  const d = await propose("lint", "Lint with biome before committing", "the user's words");
  const refused = await memctl(w, ["accept", d.id, "--suggested-scope", "--json"]);
  assert.equal(refused.code, 2);
  assert.match(JSON.parse(refused.stdout).error.message, /no scope to suggest/);
});
