import assert from "node:assert/strict";
import { test } from "node:test";
import { bytesConformanceFailures } from "../../support/bytes-conformance.js";

test("lib/bytes gives exactly what the Buffer calls it replaces give (this Node)", () => {
  assert.deepEqual(bytesConformanceFailures(), []);
});
