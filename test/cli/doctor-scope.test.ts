import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { makeWorld, memctl, type World } from "../support/fixture.js";

// doctor and scope: a scope that matches nothing in the repository doctor runs in is a warning naming the card,
// the scope and that repository (a store may serve several repositories); a malformed scope is a card issue.

function card(w: World, name: string, scope: string): void {
  fs.writeFileSync(
    path.join(w.mem, `project_${name}.md`),
    `---\nname: ${name}\ndescription: about ${name}\nmetadata:\n  node_type: memory\n  type: project\ntopics: []\npriority: normal\nstatus: active\nupdated_at: "2026-11-01"\nrepo_refs: []\n${scope}---\nBody.\n`,
  );
}

function store(w: World, cards: Record<string, string>): void {
  for (const [name, scope] of Object.entries(cards)) card(w, name, scope);
  fs.writeFileSync(
    path.join(w.mem, "MEMORY.md"),
    `# Memory\n\n${Object.keys(cards)
      .map((n) => `- [${n}](project_${n}.md) — about ${n}`)
      .join("\n")}\n`,
  );
}

function tree(w: World): void {
  for (const dir of ["packages/api/src", "services/billing/migrations", ".git/objects/zz"]) fs.mkdirSync(path.join(w.repo, dir), { recursive: true });
  fs.writeFileSync(path.join(w.repo, "packages/api/src/auth.ts"), "x\n");
  fs.writeFileSync(path.join(w.repo, "services/billing/migrations/001.sql"), "x\n");
}

test("doctor warns about each scope that matches nothing in this repository, and names the repository", async () => {
  const w = makeWorld();
  tree(w);
  store(w, {
    api: "scope: [packages/api/**]\n",
    billing: "scope: [services/billing, services/gone]\n",
    sql: 'scope: ["**/migrations", "**/*.sql", "packages/*/src"]\n',
    typo: "scope: [packages/apy]\n",
    wild: 'scope: ["apps/*"]\n',
    git: "scope: [.git/objects]\n",
    plain: "",
  });
  const r = await memctl(w, ["doctor", "--json"]);
  const report = JSON.parse(r.stdout);
  assert.equal(report.scopes_checked_in, w.repo);
  assert.deepEqual(report.unmatched_scopes.map((u: { card: string; scope: string }) => `${u.card} ${u.scope}`).sort(), [
    "project_billing.md services/gone",
    "project_git.md .git/objects",
    "project_typo.md packages/apy",
    "project_wild.md apps/*",
  ]);
  // Warnings, not issues: another repository sharing the store may hold the path.
  assert.equal(report.issues_count, 0, JSON.stringify(report));
  assert.ok(report.warnings_count >= 4);
  const text = await memctl(w, ["doctor"]);
  assert.match(text.stdout, /scope.*packages\/apy.*project_typo\.md/);
  assert.ok(text.stdout.includes(`matches nothing in ${w.repo}`), text.stdout);
});

test("a malformed scope (absolute, '..', not a list) is a card issue in cards_bad_fields", async () => {
  const w = makeWorld();
  tree(w);
  store(w, { abs: "scope: [/etc]\n", up: 'scope: ["../x"]\n', map: "scope: {a: 1}\n", fine: "scope: [packages/api]\n" });
  const report = JSON.parse((await memctl(w, ["doctor", "--json"])).stdout);
  const by = Object.fromEntries(report.cards_bad_fields.map((b: { card: string; problems: string[] }) => [b.card, b.problems.join("; ")]));
  assert.match(by["project_abs.md"], /scope\[0\] "\/etc" is absolute/);
  assert.match(by["project_up.md"], /climbs out/);
  assert.match(by["project_map.md"], /scope must be a list/);
  assert.equal(by["project_fine.md"], undefined);
  // A malformed scope is reported once, as the card issue, not again as matching nothing.
  assert.deepEqual(report.unmatched_scopes, []);
});

test("outside a git repository doctor does not check scopes, and says so (scopes_checked_in: null)", async () => {
  const w = makeWorld();
  store(w, { api: "scope: [packages/api]\n" });
  const plain = path.join(w.root, "plain");
  fs.mkdirSync(plain);
  const report = JSON.parse((await memctl(w, ["doctor", "--json", "--repo-root", plain, "--allow-non-git"])).stdout);
  assert.equal(report.scopes_checked_in, null);
  assert.deepEqual(report.unmatched_scopes, []);
});
