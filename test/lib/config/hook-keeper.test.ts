import assert from "node:assert/strict";
import { test } from "node:test";
import { parseConfigText } from "../../../lib/config/config.js";

test("[hook] keeper: true or false; anything else is reported and leaves the default (on)", () => {
  assert.equal(parseConfigText("[hook]\nkeeper = false\n").value.keeper, false);
  assert.equal(parseConfigText("[hook]\nkeeper = true\n").value.keeper, true);
  const bad = parseConfigText('[hook]\nkeeper = "no"\n');
  assert.equal(bad.value.keeper, undefined);
  assert.ok(
    bad.errors.some((e) => /hook\.keeper must be true or false/.test(e.message)),
    JSON.stringify(bad.errors),
  );
});
