import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, hookOn, ok, saveCard, syncedPair, type Machine } from "../support/machines.js";

// A pushed .gitattributes names attributes, and git runs whatever the owner's own git config attaches to those
// names: `filter=lfs` starts git-lfs (set up globally by `git lfs install`, fetching from a URL a pushed
// .lfsconfig chooses), a configured diff or merge driver runs its command, and `working-tree-encoding` or `eol`
// rewrite the bytes memctl reads. memctl's rules in .git/info/attributes come first in git's precedence and
// switch all of them off for every path of the store.

function pushRaw(a: Machine, files: Record<string, string>, message = "teammate push"): void {
  for (const [rel, content] of Object.entries(files)) {
    fs.writeFileSync(path.join(a.mem, rel), content);
    gitOn(a, "add", "-f", "--", rel);
  }
  gitOn(a, "commit", "-q", "--no-verify", "-m", message);
  gitOn(a, "push", "-q", "origin", "HEAD:main");
}

test("a pushed .gitattributes cannot make the owner's git run a filter, diff or merge command, nor re-encode the store", async (t) => {
  const { c, a, b } = await syncedPair(t, "own");
  await ok(a, ["sync"]);
  pushRaw(a, { "notes.txt": "shared notes\n" });
  await ok(b, ["sync"]);
  await saveCard(b, "feedback", "bobs-card", "bob's own card about deploys");
  await ok(b, ["sync"]);
  await ok(a, ["sync"]);
  // The owner's global git config, as `git lfs install` or a diff tool's setup leaves it: commands by name.
  const marker = (kind: string) => path.join(c.root, `ran-${kind}`);
  fs.appendFileSync(
    b.env.GIT_CONFIG_GLOBAL!,
    `[filter "probe"]\n\tsmudge = touch ${marker("smudge")}; cat\n\tclean = touch ${marker("clean")}; cat\n` +
      `[diff "probe"]\n\tcommand = touch ${marker("diff")}; true\n\ttextconv = touch ${marker("textconv")}; cat\n` +
      `[merge "probe"]\n\tdriver = touch ${marker("merge")}; true\n`,
  );
  // Added in this order, so alice's own git reads the card and the index before the attributes exist.
  const card =
    "---\nname: alices-card\ndescription: alice's card about releases\ntopics: [sync]\npriority: normal\nstatus: active\nupdated_at: 2026-01-01\nrepo_refs: []\n---\nReleases go out on Tuesdays.\n";
  pushRaw(a, {
    "project_alices-card.md": card,
    "MEMORY.md": `${fs.readFileSync(path.join(a.mem, "MEMORY.md"), "utf8")}- [Alice's card](project_alices-card.md) — alice's card about releases\n`,
    "notes.txt": "alice's notes\n",
    ".gitattributes": "* filter=probe diff=probe merge=probe ident\nMEMORY.md working-tree-encoding=UTF-16LE\n*.md text eol=crlf\n",
  });
  fs.writeFileSync(path.join(b.mem, "notes.txt"), "bob's notes\n");
  await saveCard(b, "feedback", "bobs-card", "bob's card about deploys, edited");
  const r = await ok(b, ["sync"]);
  assert.deepEqual(
    ["smudge", "clean", "diff", "textconv", "merge"].filter((k) => fs.existsSync(marker(k))),
    [],
    `no command the pushed attributes named ran:\n${r}`,
  );
  const index = fs.readFileSync(path.join(b.mem, "MEMORY.md"));
  assert.ok(!index.includes(0), "MEMORY.md is still UTF-8, not re-encoded");
  assert.ok(!index.includes("\r"), "and keeps its line ends");
  assert.match(index.toString("utf8"), /\(feedback_bobs-card\.md\)/);
  assert.match(index.toString("utf8"), /\(project_alices-card\.md\)/);
  assert.ok(!fs.readFileSync(path.join(b.mem, "project_alices-card.md"), "utf8").includes("\r"), "the card arrives with its own bytes");
  assert.match(hookOn(b, "what does alice's card say about releases"), /alice's card about releases/);
  assert.match(hookOn(b, "what does bob's card say about deploys"), /bob's card about deploys, edited/);
  // Bob's side of a file both changed is kept (git's own merge, not the pushed driver); the store still syncs.
  assert.match(fs.readFileSync(path.join(b.mem, "notes.txt"), "utf8"), /bob's notes/);
  assert.equal(gitOn(b, "status", "--porcelain", "--", "MEMORY.md", "project_alices-card.md"), "");
});

test("a pushed .gitignore cannot keep the owner's cards from syncing: cards, index, episodes and shared state are always committed", async (t) => {
  const { a, b } = await syncedPair(t, "own");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  // After memctl's block, so git's last-match-wins gives it the say.
  pushRaw(a, { ".gitignore": `${fs.readFileSync(path.join(a.mem, ".gitignore"), "utf8")}*.md\n!MEMORY.md\n*.jsonl\n` });
  await ok(b, ["sync"]);
  await saveCard(b, "feedback", "bobs-new", "bob's new card about deploys");
  await ok(b, ["log", "--host", "generic", "--summary", "deployed the billing service"]);
  await ok(b, ["sync"]);
  const tracked = gitOn(b, "ls-files").split("\n");
  for (const f of ["feedback_bobs-new.md", "episodes.jsonl", ".memctl/history.jsonl"]) assert.ok(tracked.includes(f), `${f} is committed:\n${tracked.join("\n")}`);
  await ok(a, ["sync"]);
  assert.match(fs.readFileSync(path.join(a.mem, "feedback_bobs-new.md"), "utf8"), /bob's new card about deploys/, "the card reached the other machine");
});
