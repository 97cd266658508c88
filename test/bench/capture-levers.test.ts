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

// --prompt names the first pass whose answers the levers read: an unknown one, or v4 with the lever that replays
// verify v4 over v2's candidates, refuses before any replay.
test("capture levers: --prompt takes v2 or v4, and lever 7 only over v2", () => {
  for (const [args, why] of [
    [["--prompt", "v9"], /--prompt: v2 or v4/],
    [["--prompt", "v4", "--held-out", "7"], /over prompt v2's candidates only/],
  ] as const) {
    const r = spawnSync(process.execPath, ["--import", "tsx", "bench/capture/levers.ts", ...args], { cwd: REPO_ROOT, encoding: "utf8", timeout: 60_000 });
    assert.notEqual(r.status, 0, `${args.join(" ")} ran`);
    assert.match(r.stderr, why);
    assert.doesNotMatch(r.stdout, /together/);
  }
});

// --verify-prompt v5 and v6 were answered over prompt v4's candidates only: with v2's they refuse before any replay.
test("capture levers: --verify-prompt takes v2, or v5 or v6 with --prompt v4", () => {
  for (const args of [
    ["--verify-prompt", "v5"],
    ["--verify-prompt", "v6"],
    ["--prompt", "v4", "--verify-prompt", "v3"],
  ]) {
    const r = spawnSync(process.execPath, ["--import", "tsx", "bench/capture/levers.ts", ...args], { cwd: REPO_ROOT, encoding: "utf8", timeout: 60_000 });
    assert.notEqual(r.status, 0, `${args.join(" ")} ran`);
    assert.match(r.stderr, /--verify-prompt: v2, or v5 or v6 with --prompt v4/);
    assert.doesNotMatch(r.stdout, /together/);
  }
});
