import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { makeWorld, memctl } from "../support/fixture.js";
import { removeScratch } from "../support/scratch.js";

// A history.jsonl past the size memctl reads whole (a pushed or copied log) is refused with E_LOG_TOO_LARGE. The
// error line names its code once (main adds it), and doctor's fix is about the size, not the file's permissions.

test("an oversized history: the code said once, and doctor's fix says what to do about its size", async (t) => {
  const w = makeWorld();
  t.after(() => removeScratch(w.root));
  assert.equal((await memctl(w, ["save", "deploy", "-t", "project", "-d", "deploys go through the staging gate"])).code, 0);
  fs.truncateSync(path.join(w.mem, ".memctl", "history.jsonl"), 65 * 1024 * 1024); // sparse: nothing of it is read

  const history = await memctl(w, ["history"]);
  assert.equal(history.code, 1);
  assert.equal(history.stderr.split("E_LOG_TOO_LARGE").length - 1, 1, history.stderr);

  const json = JSON.parse((await memctl(w, ["doctor", "--json"])).stdout) as { history_error?: string; history_error_code?: string };
  assert.equal(json.history_error_code, "E_LOG_TOO_LARGE");
  assert.doesNotMatch(json.history_error ?? "", /E_LOG_TOO_LARGE/, "the code is its own field");
  const doctor = await memctl(w, ["doctor"]);
  const at = doctor.stdout.split("\n").findIndex((l) => /history .*E_LOG_TOO_LARGE/.test(l));
  assert.ok(at >= 0, doctor.stdout);
  const fix = doctor.stdout.split("\n")[at + 1] ?? "";
  assert.match(fix, /fix:/);
  assert.doesNotMatch(fix, /permission/, fix);
});
