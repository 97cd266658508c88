// restore's errors name the commands that get the owner further (`memctl history NAME`, `memctl restore NAME REV
// --synced`), built from the card's name as history records it, and a teammate names what a sync brings: a pushed
// history line for `project_$(touch${IFS}x).md` made `memctl restore` print `memctl restore project_$(touch${IFS}x).md
// 1 --synced`, which ran `touch x` when pasted. The names are quoted through the one helper doctor and expire use
// (pastedWord). Two machines over a bare remote, the built CLI, each printed command's words read back by sh.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { memctlOn, ok, pushHistoryLine, syncedPair } from "../support/machines.js";

const IFS = "$" + "{IFS}";
const CARD = `project_$(touch${IFS}pwned).md`;

test("restore's hints for a pushed history line's card run nothing when pasted", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  await pushHistoryLine(a, b, CARD);

  // The owner copies the name from `memctl history` and asks for it (argv, no shell: the name reaches memctl whole).
  const r = await memctlOn(b, ["restore", CARD, "1"]);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const said = r.stdout + r.stderr;
  const cwd = path.join(b.home, "paste");
  fs.mkdirSync(cwd);
  const commands = [/memctl history (.+?)"/.exec(said), /memctl restore (.+?) 1 --synced/.exec(said)];
  for (const command of commands) {
    assert.ok(command, `restore printed no such hint: ${said}`);
    // The words as a shell reads them when the owner pastes the hint.
    const word = execFileSync("sh", ["-c", `printf '%s' ${command[1]}`], { cwd, encoding: "utf8" });
    assert.deepEqual(fs.readdirSync(cwd), [], `pasting ${command[0]} ran a command`);
    assert.equal(word, CARD, "the pasted word is not the card's name");
  }
});
