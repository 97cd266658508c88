// doctor prints, for each problem, the one command that fixes it, to be pasted into a shell. A card's name there
// came from the store, and a teammate names what a sync brings: a pushed history line for
// `project_$(touch${IFS}x).md` made doctor print `memctl adopt project_$(touch${IFS}x).md`, which ran `touch x` when
// pasted. Every store-derived word in a printed command is quoted now. Two machines over a bare remote, the built
// CLI, the printed command run by sh.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ok, pushHistoryLine, syncedPair } from "../support/machines.js";

const IFS = "$" + "{IFS}";
const CARD = `project_$(touch${IFS}pwned).md`;

test("a fix doctor prints for a pushed history line's card runs nothing when pasted", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  await pushHistoryLine(a, b, CARD);

  const doctor = await ok(b, ["doctor"]);
  const fix = /memctl adopt (.+?) records/.exec(doctor);
  assert.ok(fix, `doctor printed no adopt fix for the pushed line: ${doctor}`);
  const cwd = path.join(b.home, "paste");
  fs.mkdirSync(cwd);
  // The word as a shell reads it when the owner pastes the fix.
  const word = execFileSync("sh", ["-c", `printf '%s' ${fix[1]}`], { cwd, encoding: "utf8" });
  assert.deepEqual(fs.readdirSync(cwd), [], `pasting ${fix[0]} ran a command`);
  assert.equal(word, CARD, "the pasted word is not the card's name");
});
