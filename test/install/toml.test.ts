import assert from "node:assert/strict";
import { test } from "node:test";
import { parse } from "smol-toml";
import { enableFeature, removeManagedLines } from "../../install/toml.js";

/** smol-toml builds null-prototype objects; compare plain data. */
const toml = (text: string) => JSON.parse(JSON.stringify(parse(text))) as Record<string, unknown>;

const CASES: Record<string, string> = {
  "empty file": "",
  "other settings, no features": 'model = "gpt-6" # my model\n\n[mcp_servers.x]\ncommand = "y"\n',
  "an existing [features] table with other keys and a comment": '[features] # flags\nmemories = false # keep off\nweb_search = true\n\n[other]\na = 1\n',
  "dotted features keys at the top": 'features.memories = false\nmodel = "o"\n',
  "hooks explicitly off": "[features]\nhooks = false # I turned this off\n",
  "no final newline": 'model = "x"',
  "CRLF": 'model = "x"\r\n[features]\r\nmemories = true\r\n',
  "a [features.sub] table only": "[features.sub]\nx = 1\n",
};

for (const [name, before] of Object.entries(CASES)) {
  test(`[features] hooks = true: ${name}`, () => {
    const after = enableFeature(before, "hooks");
    const value = toml(after) as { features: Record<string, unknown> };
    assert.equal(value.features.hooks, true);
    const expected = toml(before) as Record<string, unknown>;
    expected.features = { ...((expected.features as object) ?? {}), hooks: true };
    assert.deepEqual(value, expected, "nothing else changed");
    for (const line of before.split(/\r?\n/).filter((l) => l.trim() && !/^\s*hooks\s*=/.test(l))) assert.ok(after.includes(line), `kept ${line}`);
    assert.equal(enableFeature(after, "hooks"), after, "second run is a no-op");
    const back = removeManagedLines(after);
    assert.equal(back, name === "no final newline" ? before + "\n" : before);
  });
}

test("already on (hooks or the deprecated codex_hooks alias's canonical key) means no change", () => {
  const on = "[features]\nhooks = true\n";
  assert.equal(enableFeature(on, "hooks"), on);
  assert.equal(removeManagedLines(on), on, "uninstall leaves a setting memctl did not add");
});

test("malformed TOML throws E_CONFIG_PARSE; an inline features table is refused, not rewritten", () => {
  assert.throws(() => enableFeature("[features\nhooks = ", "hooks"), (e: { code?: string }) => e.code === "E_CONFIG_PARSE");
  assert.throws(() => enableFeature("features = { memories = true }\n", "hooks"), (e: { code?: string }) => e.code === "E_CONFIG_INVALID");
});

test("keys the user added under a table memctl created survive uninstall", () => {
  const after = enableFeature("", "hooks") + "memories = true\n";
  const back = removeManagedLines(after);
  assert.deepEqual(toml(back), { features: { memories: true } });
});
