import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { scratchDir } from "../support/scratch.js";
import { ensureHostPackage } from "./harness.js";

// A host that cannot be installed skips its end-to-end tests loudly on a developer's machine, but fails a CI
// run: a green CI has to mean the host integrations were exercised. npm runs offline here, so the install of a
// package that is in no cache fails at once, without the network.

function attempt(env: Record<string, string | undefined>) {
  const cache = fs.realpathSync(scratchDir("memctl-e2e-cache-"));
  const spec = { pkg: "memctl-test-no-such-host", version: "0.0.0", bin: "no-such-host" };
  return () => ensureHostPackage(spec, "no-such-host", { PATH: process.env.PATH, HOME: cache, npm_config_offline: "true", MEMCTL_E2E_CACHE: cache, ...env });
}

test("outside CI a host that cannot be installed is a loud skip", () => {
  const result = attempt({})();
  assert.ok("skip" in result, "skipped");
  assert.match((result as { skip: string }).skip, /npm install memctl-test-no-such-host@0\.0\.0 failed/);
});

test("under CI=true a host that cannot be installed fails the run", () => {
  assert.throws(attempt({ CI: "true" }), /E2E host no-such-host could not be installed under CI=true/);
});
