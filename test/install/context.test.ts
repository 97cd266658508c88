import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { hookCommand, isMemctlHookCommand, shellWord } from "../../install/context.js";
import { scratchDir } from "../support/scratch.js";

test("the wired command is node + absolute entry + --host, quoted only when the path needs it", () => {
  assert.equal(hookCommand({ packageRoot: "/opt/mem", budget: {} }, "codex"), "node --preserve-symlinks-main /opt/mem/dist/hooks/user-prompt-submit.cjs --host codex");
  assert.equal(
    hookCommand({ packageRoot: "/Users/a b/it's", budget: { maxEntries: 5 } }, "claude"),
    `node --preserve-symlinks-main '/Users/a b/it'\\''s/dist/hooks/user-prompt-submit.cjs' --host claude --max-entries 5`,
  );
  assert.equal(shellWord("plain/path-1.js"), "plain/path-1.js");
});

test("old wirings are recognised by name, by the current package path, or by the package.json they point into", () => {
  const dir = scratchDir("memctl-ctx-");
  const oldClone = path.join(dir, "old-clone");
  const otherTool = path.join(dir, "other-tool");
  for (const [root, name] of [
    [oldClone, "memctl"],
    [otherTool, "not-memctl"],
  ] as const) {
    fs.mkdirSync(path.join(root, "dist/hooks"), { recursive: true });
    fs.writeFileSync(path.join(root, "package.json"), JSON.stringify({ name }));
  }
  const current = path.join(dir, "current");
  assert.ok(isMemctlHookCommand("npx memctl hook user-prompt-submit", current));
  assert.ok(isMemctlHookCommand(`node ${current}/dist/hooks/user-prompt-submit.cjs`, current));
  assert.ok(isMemctlHookCommand(`node "${oldClone}/dist/hooks/user-prompt-submit.js" --host claude`, current), "the entry's name before .cjs");
  assert.ok(isMemctlHookCommand(`node "${oldClone}/dist/hooks/user-prompt-submit.cjs" --host claude`, current));
  assert.equal(isMemctlHookCommand(`node ${otherTool}/dist/hooks/user-prompt-submit.js`, current), false);
  assert.equal(isMemctlHookCommand("echo memctl", current), false);
});
