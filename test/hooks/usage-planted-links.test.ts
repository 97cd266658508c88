// The usage sidecar's folding files (.memctl/usage.<ms>-<pid>.folding) are found by name: a store kept in a project
// checkout gets its .memctl/ from the project's history, and git checks out a symlink. One planted as a link to a file
// outside the store had that file read on every prompt and copied, line by line, into .memctl/usage.rejected by the
// hook's next fold. Real processes: the built hook, fed payloads on stdin, then the built CLI's stats.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, sandbox } from "../helpers.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const CLI = path.join(REPO_ROOT, "dist", "cli.js");

test("a folding file planted as a symlink out of the store is never read nor copied into the store", () => {
  const s = sandbox([{ file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging; prod needs a tag" }]);
  try {
    const outside = path.join(s.root, "outside-secret.txt");
    fs.writeFileSync(outside, "PRIVATE-KEY-MATERIAL-0123456789\n");
    const state = path.join(s.memory, ".memctl");
    fs.mkdirSync(state);
    fs.symlinkSync(outside, path.join(state, "usage.1000-1.folding"));
    // A log past the fold threshold, so the next prompt folds.
    fs.writeFileSync(path.join(state, "usage.log"), "2026-12-01\tproject_deploy.md\n".repeat(1200));
    const r = spawnSync(process.execPath, [HOOK, "--host", "claude"], {
      input: JSON.stringify({ session_id: "s1", cwd: s.repo, hook_event_name: "UserPromptSubmit", prompt: "how do we deploy with argo?" }),
      env: { PATH: process.env.PATH ?? "", ...s.io.env },
      encoding: "utf8",
      timeout: 20_000,
    });
    assert.equal(r.status, 0, r.stderr);
    for (const name of fs.readdirSync(state)) {
      const file = path.join(state, name);
      if (fs.lstatSync(file).isFile()) assert.doesNotMatch(fs.readFileSync(file, "utf8"), /PRIVATE-KEY-MATERIAL/, name);
    }
    assert.equal(fs.readFileSync(outside, "utf8"), "PRIVATE-KEY-MATERIAL-0123456789\n");
    const stats = spawnSync(process.execPath, [CLI, "stats", "--json"], { env: { PATH: process.env.PATH ?? "", ...s.io.env }, encoding: "utf8", timeout: 20_000 });
    assert.doesNotMatch(stats.stdout + stats.stderr, /PRIVATE-KEY-MATERIAL/);
  } finally {
    s.cleanup();
  }
});

test("a usage snapshot or log planted as a symlink is unreadable to stats, never the file it names", () => {
  for (const name of ["usage.tsv", "usage.log"]) {
    const s = sandbox([{ file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging; prod needs a tag" }]);
    try {
      const outside = path.join(s.root, "outside.tsv");
      fs.writeFileSync(
        outside,
        name === "usage.tsv" ? "# memctl usage v1\tdecay_epoch=\tfolded=\nproject_deploy.md\t999\t2026-12-01\n" : "2026-12-01\tproject_deploy.md\n".repeat(999),
      );
      fs.mkdirSync(path.join(s.memory, ".memctl"));
      fs.symlinkSync(outside, path.join(s.memory, ".memctl", name));
      const r = spawnSync(process.execPath, [CLI, "stats", "--json"], { env: { PATH: process.env.PATH ?? "", ...s.io.env }, encoding: "utf8", timeout: 20_000 });
      assert.equal(r.status, 0, r.stderr);
      assert.equal(JSON.parse(r.stdout).usage_store, "error", name);
    } finally {
      s.cleanup();
    }
  }
});

test("a folding name planted as a directory, FIFO or link is set aside by the next fold: the owner's logs still fold, doctor warns", () => {
  const plants: [string, (file: string, root: string) => void][] = [
    ["directory", (file) => fs.mkdirSync(file)],
    ["fifo", (file) => spawnSync("mkfifo", [file])],
    ["link to a directory", (file, root) => fs.symlinkSync(root, file)],
  ];
  for (const [kind, plant] of plants) {
    const s = sandbox([{ file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging; prod needs a tag" }]);
    try {
      const env = { PATH: process.env.PATH ?? "", ...s.io.env };
      const state = path.join(s.memory, ".memctl");
      fs.mkdirSync(state);
      plant(path.join(state, "usage.1000-1.folding"), s.root);
      // The owner's own: an abandoned folding file and a log past the fold threshold, so the next prompt folds.
      fs.writeFileSync(path.join(state, "usage.2000-2.folding"), "2026-12-01\tproject_deploy.md\n".repeat(5));
      fs.writeFileSync(path.join(state, "usage.log"), "2026-12-01\tproject_deploy.md\n".repeat(1200));
      const hook = spawnSync(process.execPath, [HOOK, "--host", "claude"], {
        input: JSON.stringify({ session_id: "s1", cwd: s.repo, hook_event_name: "UserPromptSubmit", prompt: "how do we deploy with argo?" }),
        env,
        encoding: "utf8",
        timeout: 20_000,
      });
      assert.equal(hook.status, 0, hook.stderr);
      const names = fs.readdirSync(state);
      assert.ok(!names.includes("usage.1000-1.folding"), `${kind}: ${names}`);
      assert.ok(!names.includes("usage.2000-2.folding"), `${kind}: the owner's folding file was folded and removed: ${names}`);
      const aside = names.filter((n) => n.startsWith("usage.1000-1.folding.set-aside-"));
      assert.equal(aside.length, 1, `${kind}: ${names}`);
      // Every one of the owner's 1,205 hits is in the snapshot.
      const row = fs
        .readFileSync(path.join(state, "usage.tsv"), "utf8")
        .split("\n")
        .find((l) => l.startsWith("project_deploy.md\t"));
      assert.ok(row !== undefined && Number(row.split("\t")[1]) >= 1205, `${kind}: ${row}`);
      const stats = JSON.parse(spawnSync(process.execPath, [CLI, "stats", "--json"], { env, encoding: "utf8", timeout: 20_000 }).stdout);
      assert.equal(stats.usage_store, "tsv", kind);
      const doctor = JSON.parse(spawnSync(process.execPath, [CLI, "doctor", "--json"], { cwd: s.repo, env, encoding: "utf8", timeout: 20_000 }).stdout);
      assert.deepEqual(doctor.usage_set_aside.files, aside, kind);
    } finally {
      s.cleanup();
    }
  }
});
