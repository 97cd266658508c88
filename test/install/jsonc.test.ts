import assert from "node:assert/strict";
import { test } from "node:test";
import { hookJsonEdits } from "../../install/hook-json.js";
import { appendMember, readJsonc, removeMember } from "../../lib/core/jsonc.js";

const CMD = "node /opt/memctl/dist/hooks/user-prompt-submit.cjs --host claude";
const isOurs = (c: string) => c.includes("memctl") && c.includes("user-prompt-submit");
const edits = hookJsonEdits("settings.json", "UserPromptSubmit", CMD, isOurs);

const SAMPLES: Record<string, string> = {
  "comments and a compact object": '{\n  "model": "opus", // my model\n  "env": {"A": "1"}\n}\n',
  "tabs and a trailing comma": '{\n\t"a": 1,\n}\n',
  "one line, no newline": '{"a":1}',
  "four spaces, block comment, no final newline": '// top\n{\n    "a": [1,2],\n    /* c */ "b": true\n}',
  "a comment after the last member": '{\n  "a": 1 // keep me\n}\n',
  "other hooks of the same event": '{\n  "hooks": {\n    "UserPromptSubmit": [ { "hooks": [ { "type": "command", "command": "echo hi" } ] } ],\n    "Stop": []\n  }\n}\n',
  "CRLF line ends": '{\r\n  "a": 1\r\n}\r\n',
  "empty object": "{}\n",
};

for (const [name, before] of Object.entries(SAMPLES)) {
  test(`hook install preserves odd formatting and uninstall gives the exact bytes back: ${name}`, () => {
    const after = edits.install(before, null)!;
    const value = readJsonc(after) as { hooks: { UserPromptSubmit: { hooks: { command: string }[] }[] } };
    const commands = value.hooks.UserPromptSubmit.flatMap((g) => g.hooks.map((h) => h.command));
    assert.equal(commands.filter((c) => c === CMD).length, 1);
    // Every byte of the original that is not ours is still there, in order.
    const { hooks: _h, ...rest } = readJsonc(before) as Record<string, unknown>;
    const { hooks: _h2, ...restAfter } = readJsonc(after) as Record<string, unknown>;
    assert.deepEqual(restAfter, rest);
    for (const kept of ["// my model", '"env": {"A": "1"}', '\t"a": 1,', "/* c */", "// keep me", '"command": "echo hi"', "\r\n"]) {
      if (before.includes(kept)) assert.ok(after.includes(kept), `kept ${JSON.stringify(kept)}`);
    }
    assert.equal(edits.install(after, before), after, "second run is a no-op");
    // The backup (what the file held before memctl's first change) is the `original` uninstall sees.
    assert.equal(edits.uninstall(after, before), before);
  });
}

test("install creates a missing settings file; uninstall deletes it again", () => {
  const created = edits.install(null, null)!;
  assert.deepEqual(readJsonc(created), { hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: CMD }] }] } });
  assert.equal(edits.uninstall(created, null), null);
});

test("an older or bare wiring is rewritten in place (self-heal), duplicates dropped, other hooks kept", () => {
  const before = [
    "{",
    '  "hooks": {',
    '    "UserPromptSubmit": [',
    '      { "hooks": [ { "type": "command", "command": "echo first" }, { "type": "command", "command": "node /old/memctl/dist/hooks/user-prompt-submit.js" } ] },',
    '      { "hooks": [ { "type": "command", "command": "npx memctl hook user-prompt-submit" } ] }',
    "    ]",
    "  }",
    "}",
    "",
  ].join("\n");
  const after = edits.install(before, null)!;
  const groups = (readJsonc(after) as { hooks: { UserPromptSubmit: { hooks: { command: string }[] }[] } }).hooks.UserPromptSubmit;
  assert.deepEqual(
    groups.map((g) => g.hooks.map((h) => h.command)),
    [["echo first", CMD]],
  );
  assert.equal(edits.install(after, before), after);
  const removed = edits.uninstall(after, before)!;
  assert.deepEqual(readJsonc(removed), { hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: "echo first" }] }] } });
});

test("uninstall keeps an empty hooks object or event list the user already had", () => {
  for (const before of ['{\n\t"hooks": {}\n}\n', '{ "hooks": { "UserPromptSubmit": [] } }\n']) {
    assert.equal(edits.uninstall(edits.install(before, null)!, before), before);
  }
});

test("malformed input throws E_CONFIG_PARSE and names the line", () => {
  for (const bad of ['{ "a": 1,, }', '{ "hooks": ', "[1, 2]", '{ "hooks": [] }']) {
    assert.throws(
      () => edits.install(bad, null),
      (err: { code?: string }) => err.code === "E_CONFIG_PARSE",
      bad,
    );
  }
});

test("appendMember and removeMember are inverse on arrays and nested objects", () => {
  const before = '{\n  "list": [\n    1,\n    2\n  ],\n  "obj": { "x": 1 }\n}\n';
  const a = appendMember(before, ["list"], undefined, { k: "v" });
  assert.deepEqual(readJsonc(a).list, [1, 2, { k: "v" }]);
  assert.equal(removeMember(a, ["list", 2]), before);
  const b = appendMember(before, ["obj"], "y", [true]);
  assert.deepEqual(readJsonc(b).obj, { x: 1, y: [true] });
  assert.equal(removeMember(b, ["obj", "y"]), before);
});

test("property: for any settings object in any indentation, uninstall(install(x)) === x byte for byte", async () => {
  const fc = await import("fast-check");
  const key = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => k !== "hooks" && k !== "__proto__");
  const settings = fc.dictionary(key, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 });
  const indent = fc.constantFrom(0, 1, 2, 4, "\t");
  const ending = fc.constantFrom("", "\n", "\r\n", "\n\n");
  fc.assert(
    fc.property(settings, indent, ending, (value, space, end) => {
      let before = JSON.stringify(value, null, space) + end;
      if (end === "\r\n") before = before.replace(/\n/g, "\r\n");
      const after = edits.install(before, null)!;
      assert.deepEqual(readJsonc(after).hooks, { UserPromptSubmit: [{ hooks: [{ type: "command", command: CMD }] }] });
      assert.equal(edits.install(after, before), after);
      assert.equal(edits.uninstall(after, before), before);
    }),
    { numRuns: 300 },
  );
});
