import assert from "node:assert/strict";
import { test } from "node:test";
import { parseCommand, renderClaudeCommand, renderClaudePluginCommand, renderCodexSkill, renderGrokCommand, renderOpenCodeCommand } from "../../install/render.js";

const source = parseCommand(
  "mem-log",
  '---\ndescription: Log this session\nargument-hint: "[summary]"\nallowed-tools: Bash(memctl log:*)\n---\nRecord: $ARGUMENTS\n\n```sh\nmemctl log --host claude --actor host:claude --summary "<s>"\n```\n',
);

test("each host gets its own shape and records itself as the writer", () => {
  const claude = renderClaudeCommand(source);
  assert.match(claude, /^---\n# memctl-managed[^\n]*\ndescription: Log this session\nargument-hint: "\[summary\]"\nallowed-tools: Bash\(memctl log:\*\)\n---\nRecord: \$ARGUMENTS/);
  assert.match(claude, /--host claude --actor host:claude/);
  assert.match(renderGrokCommand(source), /--host grok --actor host:grok/);
  const opencode = renderOpenCodeCommand(source);
  assert.match(opencode, /^---\n# memctl-managed[^\n]*\ndescription: "Log this session"\n---\n/);
  assert.doesNotMatch(opencode, /allowed-tools/);
  assert.match(opencode, /--host opencode --actor host:opencode/);
  const skill = renderCodexSkill(source);
  assert.match(skill, /\nname: "mem-log"\ndescription: "Log this session"\n---\n/);
  assert.doesNotMatch(skill, /\$ARGUMENTS/);
  assert.match(skill, /--host codex --actor host:codex/);
});

test("a command without frontmatter still gets a description", () => {
  assert.equal(parseCommand("x", "just a body\n").description, "memctl x");
});

test("the plugin's command runs the plugin's own CLI in allowed-tools, inline code and command lines; prose keeps the name", () => {
  const cli = 'node "${CLAUDE_PLUGIN_ROOT}/dist/cli.mjs"';
  const command = parseCommand(
    "mem-recall",
    "---\ndescription: Recall\nallowed-tools: Bash(memctl recall:*), Bash(memctl show:*)\n---\nRun `memctl show <name>` when needed.\n\n```sh\nmemctl recall --episodes 5\n```\n\nmemctl resolves the memory directory itself.\n",
  );
  const out = renderClaudePluginCommand(command, cli);
  assert.match(
    out,
    /^---\ndescription: Recall\nallowed-tools: Bash\(node "\$\{CLAUDE_PLUGIN_ROOT\}\/dist\/cli\.mjs" recall:\*\), Bash\(node "\$\{CLAUDE_PLUGIN_ROOT\}\/dist\/cli\.mjs" show:\*\)\n---\n/,
  );
  assert.ok(out.includes('Run `node "${CLAUDE_PLUGIN_ROOT}/dist/cli.mjs" show <name>` when needed.'));
  assert.ok(out.includes('```sh\nnode "${CLAUDE_PLUGIN_ROOT}/dist/cli.mjs" recall --episodes 5\n```'));
  assert.ok(out.includes("\nmemctl resolves the memory directory itself.\n"));
  assert.doesNotMatch(out, /memctl-managed/, "not an install's managed file");
});
