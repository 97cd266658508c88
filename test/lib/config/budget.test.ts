import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFAULT_BUDGET, hostBudget, resolveBudget } from "../../../lib/config/budget.js";
import { parseConfigText } from "../../../lib/config/config.js";

test("host defaults: 3000/20, claude 1500/10", () => {
  assert.deepEqual(DEFAULT_BUDGET, { maxBytes: 3000, maxEntries: 20 });
  assert.deepEqual(hostBudget("claude"), { maxBytes: 1500, maxEntries: 10 });
  assert.deepEqual(hostBudget("codex"), { maxBytes: 3000, maxEntries: 20 });
  assert.deepEqual(hostBudget("nope"), { maxBytes: 3000, maxEntries: 20 });
});

test("precedence: command line > [hook.<host>] > [hook] > host default, per limit", () => {
  const config = parseConfigText("[hook]\nmax_bytes = 2000\nmax_entries = 7\n[hook.claude]\nmax_bytes = 900\n").value;
  assert.deepEqual(resolveBudget({ host: "claude", config }), { maxBytes: 900, maxEntries: 7, source: { maxBytes: "config-host", maxEntries: "config" } });
  assert.deepEqual(resolveBudget({ host: "codex", config }), { maxBytes: 2000, maxEntries: 7, source: { maxBytes: "config", maxEntries: "config" } });
  assert.deepEqual(resolveBudget({ host: "claude", config, cliMaxBytes: 111 }).maxBytes, 111);
  assert.deepEqual(resolveBudget({ host: "claude" }), { maxBytes: 1500, maxEntries: 10, source: { maxBytes: "host-default", maxEntries: "host-default" } });
});
