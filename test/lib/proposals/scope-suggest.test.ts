import assert from "node:assert/strict";
import { test } from "node:test";
import { suggestScope } from "../../../lib/proposals/scope-suggest.js";

// Consolidation's scope suggestion: the one subtree every file a proposal names (its sources, the card's
// repo_refs) sits under. Anything less clear suggests nothing.

test("every named file under one subtree suggests that subtree", () => {
  assert.deepEqual(suggestScope(["packages/api/src/auth.ts:42", "packages/api/test/auth.test.ts line 9"], []), ["packages/api"]);
  assert.deepEqual(suggestScope(["chat with Sam"], ["path:services/billing/db.go", "fn:services/billing/api/handler.go#Charge"]), ["services/billing"]);
  assert.deepEqual(suggestScope(["path:packages/api/src/auth.ts"], []), ["packages/api/src"]);
  // Sources that name no file do not spoil the suggestion.
  assert.deepEqual(suggestScope(["packages/web/vite.config.ts", "standup 2026-12-01", "https://example.com/docs/a.md"], []), ["packages/web"]);
});

test("files in different subtrees, a file at the root, or no file at all suggest nothing", () => {
  assert.equal(suggestScope(["packages/api/src/a.ts", "apps/web/src/b.ts"], []), null);
  // Two packages share only their parent: that parent is the suggestion (the owner may take it or not).
  assert.deepEqual(suggestScope(["packages/api/src/a.ts", "packages/web/src/b.ts"], []), ["packages"]);
  assert.equal(suggestScope(["ci.yml line 40", "packages/api/src/a.ts"], []), null);
  assert.equal(suggestScope(["the user's words"], ["flag:memctl save --scope"]), null);
  assert.equal(suggestScope([], []), null);
  // A path that leaves the repository is no evidence of where in it a card applies.
  assert.equal(suggestScope(["../other/repo/x.ts", "/etc/hosts"], []), null);
});
