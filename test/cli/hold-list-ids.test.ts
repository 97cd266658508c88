// The hold list (.memctl/arrivals.json) names each held change by an id memctl makes (a-<12 hex>), and doctor,
// review and sync print it inside the commands that decide it (`memctl review a-ID`, `memctl reject a-ID`). The list
// is per machine, but a store kept in a project checkout brings one: an item whose id was `a-1;touch${IFS}pwned`
// made doctor print `memctl review a-1;touch${IFS}pwned` as the fix to paste. An item of another id is not memctl's:
// the list reads as damaged (every file held, E_HOLD_DAMAGED with its repair), and no printed fix carries the id.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { CLI, makeWorld } from "../support/fixture.js";

const IFS = "$" + "{IFS}";

test("a hold list whose item ids are not memctl's reads as damaged, and no fix doctor prints carries them", () => {
  const w = makeWorld();
  try {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [CLI, ...args], { cwd: w.repo, env: { PATH: process.env.PATH, HOME: w.home, ...w.env }, encoding: "utf8", timeout: 30_000 });
    assert.equal(run("save", "deploys", "-t", "project", "-d", "how deploys reach staging").status, 0);
    const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=o", "-c", "user.email=o@example.invalid", ...args], { cwd: w.mem });
    git("init", "-q");
    git("add", "-A");
    git("commit", "-qm", "the store");
    const sha = createHash("sha256")
      .update(fs.readFileSync(path.join(w.mem, "project_deploys.md")))
      .digest("hex");
    const item = (id: string, state: string) => ({
      id,
      path: "project_deploys.md",
      kind: "card",
      state,
      sha256: sha,
      reasons: ["held"],
      pushed_by: [],
      commit: "0".repeat(40),
      before: null,
      at: "2026-12-01T00:00:00.000Z",
    });
    const items = [item(`a-1;touch${IFS}pwned`, "quarantined"), item(`a-2$(touch${IFS}pwned2)`, "pending")];
    fs.writeFileSync(path.join(w.mem, ".memctl", "arrivals.json"), JSON.stringify({ version: 1, items }));
    const doctor = run("doctor");
    assert.match(doctor.stdout, /E_HOLD_DAMAGED/, doctor.stdout);
    assert.doesNotMatch(doctor.stdout + doctor.stderr, /touch/, doctor.stdout);
    const review = run("review");
    assert.doesNotMatch(review.stdout + review.stderr, /touch/, review.stdout);
  } finally {
    fs.rmSync(w.root, { recursive: true, force: true });
  }
});
