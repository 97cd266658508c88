import assert from "node:assert/strict";
import { test } from "node:test";
import { parseCard } from "../../../lib/core/card.js";
import { inScope, MAX_SCOPES, scopeApplies, scopeMatchesPath, scopeProblems, scopesOf } from "../../../lib/core/scope.js";

test("a card's scope list is parsed into meta.scope; a lone string is one scope; a non-list is a field-type warning", () => {
  assert.deepEqual(parseCard("---\nname: x\nscope:\n  - packages/api/**\n  - services/billing\n---\n").meta.scope, ["packages/api/**", "services/billing"]);
  assert.deepEqual(parseCard("---\nname: x\nscope: services/billing\n---\n").meta.scope, ["services/billing"]);
  const bad = parseCard("---\nname: x\nscope: {a: 1}\n---\n");
  assert.equal(bad.meta.scope, undefined);
  assert.deepEqual(
    bad.warnings.map((w) => w.field),
    ["scope"],
  );
  assert.equal(parseCard("---\nname: x\n---\n").meta.scope, undefined);
});

test("scope values are checked as a save would check them, every problem at once, with E_SCOPE", () => {
  assert.deepEqual(scopeProblems(undefined), []);
  assert.deepEqual(scopeProblems(["packages/api/**", "services/billing", "apps/*/src", "lib/?", "./tools/", "**"]), []);
  const problems = scopeProblems(["/etc", "../other", "a/../../b", "C:/x", "a\\b", "", "a\nb", "a//b"]);
  assert.equal(problems.length, 8);
  assert.ok(problems.every((p) => p.code === "E_SCOPE"));
  assert.match(problems[0]!.message, /absolute/);
  assert.match(problems[1]!.message, /\.\./);
  assert.match(scopeProblems("packages/api")[0]!.message, /list/);
  assert.match(scopeProblems(Array.from({ length: MAX_SCOPES + 1 }, (_, i) => `p${i}`))[0]!.message, /at most/);
});

test("scopesOf normalises valid scopes (no ./, no trailing slash) and keeps invalid ones as written: they match nowhere", () => {
  assert.deepEqual(scopesOf({ scope: ["./packages/api/", "/abs", "../up", "services/billing"] }), ["packages/api", "/abs", "../up", "services/billing"]);
  // A card whose every scope is broken is injected nowhere, not everywhere.
  for (const broken of scopesOf({ scope: ["/abs", "../up", "", "a//b", "/"] })) {
    for (const dir of ["", "abs", "up", "a/b", "x/y/z"]) assert.equal(inScope([broken], dir), false, `${broken} at ${dir}`);
  }
  assert.equal(inScope([], "x"), true);
  assert.equal(inScope(undefined, "x"), true);
  assert.deepEqual(scopesOf({ scope: "tools" }), ["tools"]);
  assert.deepEqual(scopesOf({}), []);
});

test("a bare directory applies in itself and every directory under it, nowhere else", () => {
  assert.equal(scopeApplies("services/billing", "services/billing"), true);
  assert.equal(scopeApplies("services/billing", "services/billing/src/db"), true);
  assert.equal(scopeApplies("services/billing", "services"), false);
  assert.equal(scopeApplies("services/billing", ""), false);
  assert.equal(scopeApplies("services/billing", "services/billing-v2"), false);
  assert.equal(scopeApplies("services/billing", "other/services/billing"), false);
});

test("globs: ** is any number of directories (none included), * and ? stay inside one name", () => {
  assert.equal(scopeApplies("packages/api/**", "packages/api"), true);
  assert.equal(scopeApplies("packages/api/**", "packages/api/src/routes"), true);
  assert.equal(scopeApplies("packages/api/**", "packages"), false);
  assert.equal(scopeApplies("packages/*", "packages/web/src"), true);
  assert.equal(scopeApplies("packages/*", "packages"), false);
  assert.equal(scopeApplies("packages/*-api", "packages/billing-api"), true);
  assert.equal(scopeApplies("packages/*-api", "packages/billing-web"), false);
  assert.equal(scopeApplies("apps/?", "apps/a/x"), true);
  assert.equal(scopeApplies("apps/?", "apps/ab"), false);
  assert.equal(scopeApplies("**/migrations", "services/billing/migrations/2026"), true);
  assert.equal(scopeApplies("**/migrations", "services/billing"), false);
  assert.equal(scopeApplies("**", ""), true);
  assert.equal(scopeApplies("**", "any/where"), true);
  // Everything else is literal: a dot, brackets, braces.
  assert.equal(scopeApplies("a.b/[x]", "a.b/[x]"), true);
  assert.equal(scopeApplies("a.b", "axb"), false);
});

test("scopeMatchesPath: the same grammar against a repository path, a file or a directory (doctor's check)", () => {
  assert.equal(scopeMatchesPath("packages/api/**", "packages/api/src/index.ts"), true);
  assert.equal(scopeMatchesPath("**/*.sql", "db/schema.sql"), true);
  assert.equal(scopeMatchesPath("services/billing", "services/billing"), true);
  assert.equal(scopeMatchesPath("services/billing", "services/billing/x.go"), false);
});
