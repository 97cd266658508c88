import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { WARNING_KINDS } from "../../lib/reports/doctor-warnings.js";
import { CLI } from "../support/fixture.js";

// doctor's warnings are one table (warnings_count is its sum); the help must name every one of them.
test("doctor --help names every warning doctor can count", () => {
  const r = spawnSync(process.execPath, [CLI, "doctor", "--help"], { encoding: "utf8", env: { PATH: process.env.PATH, NO_COLOR: "1" } });
  assert.equal(r.status, 0, r.stderr);
  const help = r.stdout.replace(/\s+/g, " ");
  const missing = Object.entries(WARNING_KINDS).filter(([, kind]) => !help.includes(kind.help));
  assert.deepEqual(
    missing.map(([code]) => code),
    [],
  );
});
