import assert from "node:assert/strict";
import { test } from "node:test";
import { parseCommand, renderClaudeCommand, renderCodexSkill, renderGrokCommand, renderOpenCodeCommand } from "../../../lib/install/render.js";

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
