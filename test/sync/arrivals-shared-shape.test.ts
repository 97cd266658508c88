import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, hookOn, memctlOn, ok, saveCard, syncedPair, type Machine } from "../support/machines.js";

// The shared state under .memctl/ has a shape memctl writes: revisions at .memctl/revisions/<2 hex>/<sha256>, proposals
// at .memctl/proposals/<id>.json and archive/<id>.json. A teammate's push of plain files where memctl keeps folders
// (every .memctl/revisions/<2 hex> bucket, .memctl/proposals/archive) merged cleanly, and then every save of the owner
// failed (E_PATH_ESCAPE: the revision's bucket "is not a directory"), and so did every accept and reject.

/** a's HEAD plus `files` (path → text) under .memctl/, added with plumbing where a's tree has nothing; pushed. */
function pushFiles(a: Machine, files: Map<string, string>): void {
  const env = { cwd: a.mem, env: a.env };
  const index = path.join(a.mem, ".git", "attack.index");
  const withIndex = { ...env, env: { ...a.env, GIT_INDEX_FILE: index } };
  execFileSync("git", ["read-tree", "HEAD"], withIndex);
  for (const [p, text] of files) {
    const blob = execFileSync("git", ["hash-object", "-w", "--stdin"], { ...env, input: text })
      .toString()
      .trim();
    execFileSync("git", ["update-index", "--add", "--cacheinfo", `100644,${blob},${p}`], withIndex);
  }
  const tree = execFileSync("git", ["write-tree"], withIndex).toString().trim();
  fs.rmSync(index);
  const commit = gitOn(a, "commit-tree", tree, "-p", "HEAD", "-m", "plain files where memctl keeps folders");
  gitOn(a, "push", "-q", "origin", `${commit}:refs/heads/main`);
}

test("plain files pushed where memctl keeps its shared folders are left out; the owner's saves, accepts and rejects go on", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  const taken = new Set(
    gitOn(a, "ls-tree", "-r", "--name-only", "HEAD", "--", ".memctl/revisions")
      .split("\n")
      .map((p) => p.split("/")[2]),
  );
  const files = new Map<string, string>();
  for (let i = 0; i < 256; i++) {
    const bucket = i.toString(16).padStart(2, "0");
    if (!taken.has(bucket)) files.set(`.memctl/revisions/${bucket}`, "x\n");
  }
  files.set(".memctl/proposals/archive", "x\n");
  files.set(".memctl/proposals/notes.txt", "x\n");
  pushFiles(a, files);
  const report = JSON.parse(await ok(b, ["sync", "--json"])) as { not_merged: { path: string; reason: string }[] };
  const left = new Set(report.not_merged.map((n) => n.path));
  for (const p of files.keys()) assert.ok(left.has(p), `${p} merged: ${JSON.stringify(report.not_merged.slice(0, 3))}`);
  for (const p of files.keys()) assert.ok(!fs.existsSync(path.join(b.mem, p)) || fs.statSync(path.join(b.mem, p)).isDirectory(), p);
  for (let i = 0; i < 4; i++) await saveCard(b, "project", `mine-${i}`, `bob's own card number ${i} about releases`);
  assert.match(hookOn(b, "bob's own card number 3 about releases"), /project_mine-3\.md/);
  // A proposal decided both ways: the archive is a folder again.
  const staged = async (name: string) => {
    const r = await memctlOn(b, ["propose", name, "-t", "project", "-d", `proposed ${name} card`, "--source", "test", "--json"]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    return (JSON.parse(r.stdout) as { proposal: { id: string } }).proposal.id;
  };
  const one = await staged("one");
  const two = await staged("two");
  await ok(b, ["accept", one]);
  await ok(b, ["reject", two, "--reason", "no"]);
  await ok(b, ["sync"]);
});
