// Git reads .gitignore and .gitattributes at every depth of a work tree, not only the root: a teammate who pushes
// `sub/.gitignore` (or an ignore line for `sub/` in the root's) keeps the owner's later cards in sub/ from ever
// leaving the owner's machine, and a `sub/.gitattributes` asks git to rewrite bytes (eol, ident) or merge by other
// rules there. A sync takes no git control file below the store's root from a merge, and commits every card
// whatever an ignore file says.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, memctlOn, ok, syncedPair, type Machine } from "../support/machines.js";

function card(name: string, description: string, body = "body\n"): string {
  return `---\nname: ${name}\ndescription: ${description}\ntopics: [deploy]\npriority: normal\nstatus: active\nupdated_at: 2026-01-01\nrepo_refs: []\n---\n${body}`;
}

function commitAndPush(m: Machine, message: string): void {
  gitOn(m, "add", "-A", "-f");
  gitOn(m, "commit", "-q", "--no-verify", "-m", message);
  gitOn(m, "push", "-q", "origin", "HEAD:main");
}

test("a pushed sub/.gitignore, sub/.gitattributes and a root ignore line for sub/: not obeyed by the owner's sync, and the owner's cards in sub/ still reach the remote", async (t) => {
  const { a, b } = await syncedPair(t, "own");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  // The teammate's push: control files in a subfolder, an ignore line at the root, and a card whose bytes those
  // attributes would rewrite on checkout (CRLF, an expanded $Id$).
  fs.mkdirSync(path.join(a.mem, "sub"));
  fs.writeFileSync(path.join(a.mem, "sub", ".gitignore"), "*\n!.gitignore\n!.gitattributes\n");
  fs.writeFileSync(path.join(a.mem, "sub", ".gitattributes"), "* text eol=crlf ident merge=union\n");
  const theirs = card("notes", "deploy notes from alice", "$Id$\nline one\nline two\n");
  fs.writeFileSync(path.join(a.mem, "sub", "project_notes.md"), theirs);
  fs.appendFileSync(path.join(a.mem, ".gitignore"), "sub/\n");
  commitAndPush(a, "teammate: ignore and attribute files in sub/");
  const sync = await memctlOn(b, ["sync", "--json"]);
  assert.equal(sync.code, 0, sync.stdout + sync.stderr);
  const report = JSON.parse(sync.stdout);
  for (const f of ["sub/.gitignore", "sub/.gitattributes"]) {
    assert.equal(fs.existsSync(path.join(b.mem, f)), false, `${f} was taken from the merge`);
    assert.ok(
      report.not_merged.some((n: { path: string }) => n.path === f),
      `${f} not reported: ${JSON.stringify(report.not_merged)}`,
    );
  }
  assert.equal(fs.readFileSync(path.join(b.mem, "sub", "project_notes.md"), "utf8"), theirs, "bytes as committed");
  // The owner's own card in sub/, written by hand, goes out with the next sync and arrives at the teammate.
  const mine = card("canary", "canary rollouts go to one region first");
  fs.writeFileSync(path.join(b.mem, "sub", "project_canary.md"), mine);
  await ok(b, ["sync"]);
  assert.equal(gitOn(b, "ls-files", "--", "sub/project_canary.md"), "sub/project_canary.md", "committed");
  await ok(a, ["sync"]);
  assert.equal(fs.readFileSync(path.join(a.mem, "sub", "project_canary.md"), "utf8"), mine);
});
