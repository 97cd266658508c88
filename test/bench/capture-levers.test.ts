import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { REPO_ROOT } from "../helpers.js";

// The held-out sets are run one chosen lever at a time: a missing or unknown lever number refuses before any replay.
test("capture levers: the held-out sets run only with one named lever", () => {
  for (const arg of [[], ["0"], ["99"], ["two"]]) {
    const r = spawnSync(process.execPath, ["--import", "tsx", "bench/capture/levers.ts", "--held-out", ...arg], { cwd: REPO_ROOT, encoding: "utf8", timeout: 60_000 });
    assert.notEqual(r.status, 0, `--held-out ${arg.join(" ")} ran`);
    assert.match(r.stderr, /--held-out: a lever number, 1 to \d+/);
    assert.doesNotMatch(r.stdout, /held out together/);
  }
});
