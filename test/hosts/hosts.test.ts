import assert from "node:assert/strict";
import { test } from "node:test";
import { HOST_NAMES, HOSTS, hostAdapter } from "../../hosts/index.js";

test("every host: a budget, a ceiling under Claude's 10,000-character cap, unavailable never blocks", () => {
  for (const name of HOST_NAMES) {
    const h = HOSTS[name];
    assert.equal(hostAdapter(name), h);
    assert.ok(h.budget.maxBytes > 0 && h.budget.maxEntries > 0);
    assert.ok(h.hardCeilingBytes < 10_000);
    const u = h.unavailable("<memctl-memory>\nMEMORY INDEX UNAVAILABLE (x)\n</memctl-memory>\n", "x");
    assert.equal(u.exitCode, 0, name);
    assert.match(u.stderr, /unavailable: x/);
  }
  assert.equal(hostAdapter("vim"), undefined);
});

test("output shapes: Claude/Codex JSON with only schema keys, plain text never starting with { or [", () => {
  for (const name of ["claude", "codex"] as const) {
    const out = JSON.parse(HOSTS[name].context("block").stdout);
    assert.deepEqual(out, { hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "block" } });
  }
  for (const name of ["generic", "grok", "opencode"] as const) assert.equal(HOSTS[name].context("<memctl-memory>…").stdout, "<memctl-memory>…");
  // No host blocks a prompt: the UNAVAILABLE block (also how an invalid selection is reported) exits 0 and never says "block".
  for (const host of Object.values(HOSTS)) {
    const out = host.unavailable("<memctl-memory>MEMORY INDEX UNAVAILABLE (fix it)</memctl-memory>", "fix it");
    assert.equal(out.exitCode, 0, host.name);
    assert.doesNotMatch(out.stdout, /"decision"/, host.name);
    assert.match(out.stderr, /fix it/, host.name);
  }
});

test("payloads: snake_case and Grok's camelCase normalise alike; junk is refused", () => {
  const snake = HOSTS.claude.normalize({ session_id: "s", cwd: "/r", prompt: "p", hook_event_name: "UserPromptSubmit" });
  const camel = HOSTS.claude.normalize({ sessionId: "s", workspaceRoot: "/r", prompt: "p", hookEventName: "user_prompt_submit" });
  assert.deepEqual(snake, { prompt: "p", cwd: "/r", sessionId: "s" });
  assert.deepEqual(camel, snake);
  for (const junk of [null, [], "x", 3, {}, { prompt: 42 }]) assert.equal(HOSTS.codex.normalize(junk), undefined);
});
