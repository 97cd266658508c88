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
