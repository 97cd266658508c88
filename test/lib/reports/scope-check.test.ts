import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { scopeMatchesSomething } from "../../../lib/reports/scope-check.js";
import { scratchDir } from "../../support/scratch.js";

function repo(): string {
  const root = fs.realpathSync(scratchDir("memctl-scope-"));
  for (const d of ["packages/api/src", "services/billing/migrations", ".git/objects", "outside/deep"]) fs.mkdirSync(path.join(root, d), { recursive: true });
  fs.writeFileSync(path.join(root, "services/billing/migrations/001.sql"), "x\n");
  fs.writeFileSync(path.join(root, "outside/deep/secret.sql"), "x\n");
  return root;
}

test("a scope matches when some file or directory in the repository has its path", () => {
  const root = repo();
  for (const scope of ["packages/api", "packages/api/**", "packages/*", "**/migrations", "**/*.sql", "services/*/migrations/0??.sql", "**", "."])
    assert.equal(scopeMatchesSomething(root, scope), true, scope);
  for (const scope of ["packages/apy", "apps/*", "**/fixtures", "services/billing/*.go", ".git/objects", "**/objects"])
    assert.equal(scopeMatchesSomething(root, scope), false, scope);
});

test("a symlinked directory is not followed by a wildcard walk; past the budget the answer is 'matches' (no false warning)", () => {
  const root = repo();
  fs.symlinkSync(path.join(root, "outside"), path.join(root, "packages/link"));
  assert.equal(scopeMatchesSomething(root, "packages/*/deep"), false);
  assert.equal(scopeMatchesSomething(root, "packages/**/secret.sql"), false);
  for (let i = 0; i < 30; i++) fs.mkdirSync(path.join(root, "many", `d${i}`), { recursive: true });
  assert.equal(scopeMatchesSomething(root, "many/*/nothing-here", 10), true);
  assert.equal(scopeMatchesSomething(root, "many/*/nothing-here"), false);
});
