// A card name that finds only a special file (a real FIFO, a symlink, a directory) is reported as what it is,
// never as "no card named …", and never read.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { findCardFile } from "../../../lib/records/card-find.js";
import { sandbox } from "../../helpers.js";

const CARDS = [{ file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging" }];

test("findCardFile names a FIFO, a symlink or a directory at the card's name instead of finding no card", () => {
  const s = sandbox(CARDS);
  try {
    assert.equal(spawnSync("mkfifo", [path.join(s.memory, "feedback_pipe.md")]).status, 0);
    fs.symlinkSync(path.join(s.memory, "project_deploy.md"), path.join(s.memory, "reference_link.md"));
    fs.mkdirSync(path.join(s.memory, "user_dir.md"));
    const cases: [string, RegExp][] = [
      ["pipe", /^feedback_pipe\.md in .* is a FIFO, not a card: .*regular files only; move it away/],
      ["feedback_pipe.md", /is a FIFO, not a card/],
      ["link", /^reference_link\.md in .* is a symbolic link, not a card/],
      ["dir", /^user_dir\.md in .* is a directory, not a card/],
    ];
    for (const [name, message] of cases) {
      assert.throws(
        () => findCardFile(s.memory, name),
        (err: Error & { code?: string }) => err.code === "E_NOT_FOUND" && message.test(err.message),
        name,
      );
    }
    // A real card and a name nothing answers behave as before.
    assert.equal(findCardFile(s.memory, "deploy"), "project_deploy.md");
    assert.equal(findCardFile(s.memory, "nothing-here"), undefined);
  } finally {
    s.cleanup();
  }
});
