// Which `memctl hook session-start` argv bin.ts hands to the session-start bundle: the wirings' flags, read as
// the CLI reads them; anything else is left to the CLI, which parses (and reports) it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { sessionStartArgs } from "../../../lib/hook/session-start-args.js";

test("the flags installs and plugins wire are read as the CLI reads them", () => {
  assert.deepEqual(sessionStartArgs(["hook", "session-start", "--host", "codex"]), { host: "codex", wiring: "install" });
  assert.deepEqual(sessionStartArgs(["hook", "session-start", "--host", "claude", "--plugin"]), { host: "claude", wiring: "plugin" });
  assert.deepEqual(sessionStartArgs(["hook", "session-start", "--host=grok", "--max-bytes", "4096"]), { host: "grok", wiring: "install", maxBytes: 4096 });
  assert.deepEqual(sessionStartArgs(["hook", "session-start", "--max-bytes=0"]), { host: "generic", wiring: "install", maxBytes: 0 });
  // Repeated: the last one, as the CLI's parser takes it; an unknown host is the entry's to warn about.
  assert.deepEqual(sessionStartArgs(["hook", "session-start", "--host", "codex", "--host", "nosuch"]), { host: "nosuch", wiring: "install" });
});

test("anything else goes to the CLI: other commands, help, other flags, malformed values, extra arguments", () => {
  for (const argv of [
    [],
    ["hook"],
    ["hook", "user-prompt-submit", "--host", "codex"],
    ["list", "session-start"],
    ["hook", "session-start", "--help"],
    ["hook", "session-start", "-h"],
    ["hook", "session-start", "--host", "--help"],
    ["hook", "session-start", "--host"],
    ["hook", "session-start", "--json"],
    ["hook", "session-start", "--max-entries", "3"],
    ["hook", "session-start", "--max-bytes", "-1"],
    ["hook", "session-start", "--max-bytes", "1e3"],
    ["hook", "session-start", "--max-bytes=12kb"],
    ["hook", "session-start", "--plugin=yes"],
    ["hook", "session-start", "extra"],
    ["hook", "session-start", "--", "x"],
  ])
    assert.equal(sessionStartArgs(argv), undefined, argv.join(" "));
});
