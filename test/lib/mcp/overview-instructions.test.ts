// Grok ignores SessionStart output: its memory_overview call is its session start, so it carries the instruction
// parts Grok does not load itself (the @imports); any other host's overview carries none (its hook delivered them).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { handWrittenCards } from "../../support/compact-fixture.js";
import { makeWorld } from "../../support/fixture.js";
import { callTool, connect } from "./support.js";

test("memory_overview as host:grok: the imported rules first, Grok's own AGENTS.md not repeated; as host:codex none", async (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  handWrittenCards(w, 3);
  fs.mkdirSync(path.join(w.repo, "docs", "deep"), { recursive: true });
  fs.writeFileSync(path.join(w.repo, "AGENTS.md"), "AGENTS-RULE small PRs\n@docs/style.md\n");
  fs.writeFileSync(path.join(w.repo, "docs", "style.md"), "STYLE-RULE two spaces\n@deep/naming.md\n");
  fs.writeFileSync(path.join(w.repo, "docs", "deep", "naming.md"), "NAMING-RULE kebab-case\n");
  for (const [actor, expected] of [
    ["host:grok", ["STYLE-RULE", "NAMING-RULE"]],
    ["host:codex", []],
  ] as const) {
    const server = await connect({ cwd: w.repo, env: { HOME: w.home, ...w.env }, flags: { actor } });
    try {
      const r = await callTool(server.client, "memory_overview");
      assert.equal(r.isError, false, r.text);
      assert.deepEqual(
        ["AGENTS-RULE", "STYLE-RULE", "NAMING-RULE"].filter((rule) => r.text.includes(rule)),
        expected,
        actor,
      );
      assert.equal(r.text.startsWith("<memctl-instructions>"), expected.length > 0, actor);
      assert.match(r.text, /<memctl-memory/, `${actor}: the overview follows`);
      assert.equal(r.data?.instruction_bytes === 0, expected.length === 0);
    } finally {
      await server.close();
    }
  }
});
