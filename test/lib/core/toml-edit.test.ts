import assert from "node:assert/strict";
import { test } from "node:test";
import { parse } from "smol-toml";
import { enableFeature, removeManagedLines, upsertManagedTable } from "../../../lib/core/toml-edit.js";

/** smol-toml builds null-prototype objects; compare plain data. */
const toml = (text: string) => JSON.parse(JSON.stringify(parse(text))) as Record<string, unknown>;

const CASES: Record<string, string> = {
  "empty file": "",
  "other settings, no features": 'model = "gpt-6" # my model\n\n[mcp_servers.x]\ncommand = "y"\n',
  "an existing [features] table with other keys and a comment": "[features] # flags\nmemories = false # keep off\nweb_search = true\n\n[other]\na = 1\n",
  "dotted features keys at the top": 'features.memories = false\nmodel = "o"\n',
  "hooks explicitly off": "[features]\nhooks = false # I turned this off\n",
  "no final newline": 'model = "x"',
  CRLF: 'model = "x"\r\n[features]\r\nmemories = true\r\n',
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
  assert.throws(
    () => enableFeature("[features\nhooks = ", "hooks"),
    (e: { code?: string }) => e.code === "E_CONFIG_PARSE",
  );
  assert.throws(
    () => enableFeature("features = { memories = true }\n", "hooks"),
    (e: { code?: string }) => e.code === "E_CONFIG_INVALID",
  );
});

test("keys the user added under a table memctl created survive uninstall", () => {
  const after = enableFeature("", "hooks") + "memories = true\n";
  const back = removeManagedLines(after);
  assert.deepEqual(toml(back), { features: { memories: true } });
});

const SERVER = { command: "node", args: ["/opt/memctl/dist/cli.js", "mcp", "--actor", "host:grok"], enabled: true };

for (const [name, before] of Object.entries({ empty: "", "other tables and comments": '# mine\n[mcp_servers.other]\ncommand = "x" # keep\n\n[ui]\ntheme = "dark"\n' })) {
  test(`[mcp_servers.memctl] round trip: ${name}`, () => {
    const after = upsertManagedTable(before, ["mcp_servers", "memctl"], SERVER);
    const expected = toml(before);
    expected.mcp_servers = { ...((expected.mcp_servers as object) ?? {}), memctl: SERVER };
    assert.deepEqual(toml(after), expected);
    assert.ok(after.startsWith(before), "the user's text is untouched");
    assert.equal(upsertManagedTable(after, ["mcp_servers", "memctl"], SERVER), after, "second run is a no-op");
    const moved = upsertManagedTable(after, ["mcp_servers", "memctl"], { ...SERVER, args: ["/new/dist/cli.js", "mcp"] });
    assert.deepEqual((toml(moved).mcp_servers as Record<string, { args: string[] }>).memctl?.args, ["/new/dist/cli.js", "mcp"]);
    assert.equal(removeManagedLines(moved), before);
  });
}

test("a user's own [mcp_servers.memctl] is kept when it matches and refused when it differs", () => {
  const same = '[mcp_servers.memctl]\ncommand = "node"\nargs = ["/opt/memctl/dist/cli.js", "mcp", "--actor", "host:grok"]\nenabled = true\n';
  assert.equal(upsertManagedTable(same, ["mcp_servers", "memctl"], SERVER), same);
  assert.throws(
    () => upsertManagedTable(same.replace("/opt", "/usr"), ["mcp_servers", "memctl"], SERVER),
    (e: { code?: string }) => e.code === "E_INSTALL_CONFLICT",
  );
});

test("a table memctl put at the top leaves no blank line when the host appended its own table after it", () => {
  const installed = upsertManagedTable("", ["mcp_servers", "memctl"], SERVER) + "\n[marketplace]\npurged = true\n";
  assert.equal(removeManagedLines(installed), "[marketplace]\npurged = true\n");
});
