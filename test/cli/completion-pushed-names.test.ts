// Card names reach the owner's shell through completion: a teammate who can push to a shared store names the files.
// bash's `compgen -W` expands every word it is given (command substitution included), and a completed word is put on
// the command line as it stands, so a pushed `project_$(touch${IFS}x).md` ran a command on the owner's next TAB after
// `memctl show `. Two machines over a bare remote, the built CLI on PATH, the real bash script.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, runCli, testIo } from "../helpers.js";
import { envOf, heldCard } from "../support/held-arrivals.js";
import { gitOn, ok, saveCard, syncedPair } from "../support/machines.js";

// Each spells `touch pwned-…` as bash reads it: $IFS is the space a file name may hold but word splitting would break.
const IFS = "$" + "{IFS}";
const PLANTED = [`project_$(touch${IFS}pwned-dollar).md`, `project_\`touch${IFS}pwned-tick\`.md`, `project_x;touch${IFS}pwned-semi.md`, "project_{a,b}.md", "project_~root.md"];

test("card names a teammate pushed run nothing in the owner's bash completion and are not offered as they stand", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  await saveCard(b, "project", "deploys", "how bob deploys");
  for (const file of PLANTED) fs.writeFileSync(path.join(a.mem, file), heldCard(file.slice(8, -3), "a card", "text"));
  gitOn(a, "add", "-A");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "names");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  await ok(b, ["sync"]);
  for (const file of PLANTED) assert.ok(fs.existsSync(path.join(b.mem, file)), `${file} did not arrive: the test plants nothing`);

  const cwd = path.join(b.home, "shell");
  fs.mkdirSync(cwd);
  const io = testIo({ cwd, home: b.home });
  const r = await runCli(["completion", "bash"], io);
  assert.equal(r.code, 0, r.stderr);
  const script = path.join(b.home, "memctl.bash");
  fs.writeFileSync(script, r.stdout);
  const bin = path.join(b.home, "bin");
  fs.mkdirSync(bin);
  fs.symlinkSync(path.join(REPO_ROOT, "dist", "cli.js"), path.join(bin, "memctl"));
  const env = { ...envOf(b), PATH: `${bin}${path.delimiter}${process.env.PATH}` };
  const complete = (cur: string) =>
    execFileSync(
      "bash",
      ["--norc", "--noprofile", "-c", `source '${script}'; COMP_WORDS=(memctl show "$1"); COMP_CWORD=2; _memctl_completion; printf '%s\\n' "\${COMPREPLY[@]}"`, "bash", cur],
      { env, cwd, encoding: "utf8" },
    )
      .split("\n")
      .filter(Boolean)
      .sort();

  const all = complete("");
  assert.deepEqual(fs.readdirSync(cwd), [], "a completion ran a command from a pushed card name");
  assert.ok(all.includes("deploys"), `the owner's card is not completed: ${JSON.stringify(all)}`);
  for (const word of all) assert.match(word, /^[A-Za-z0-9._-]+$/, `a word the shell would read as code was offered: ${word}`);
  assert.deepEqual(complete("de"), ["deploys"]);
  assert.deepEqual(fs.readdirSync(cwd), []);
});
