import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, sandbox } from "../helpers.js";
import { generatedPems, pemBody } from "../fixtures/secrets/corpus.js";

// A line edited by hand never went through the write-path scan: the hook itself redacts anything secret-looking
// before it reaches a block. The built hook, spawned as hosts run it. Fakes in the real formats.

const GH_TOKEN = "ghp_" + "aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3kM5";
const AWS_ID = "AKIAZ7Q3XK4M2RTV9PLD";
const STRIPE = `sk_live_${"4eC39HqLyjWDarjtT1zdp7dc".split("").reverse().join("")}`;
const CARDS = [
  { file: "reference_ci.md", title: "CI bot", hook: "the CI bot pushes release tags", topics: ["ci"] },
  { file: "user_owner.md", title: "Owner", hook: "wants short answers", priority: "always" },
];

function hook(s: ReturnType<typeof sandbox>, prompt: string): string {
  const r = spawnSync(process.execPath, [path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs"), "--host", "generic"], {
    input: JSON.stringify({ session_id: `s-${process.hrtime.bigint()}`, cwd: s.repo, hook_event_name: "UserPromptSubmit", prompt }),
    env: { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") },
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

test("a hand-edited MEMORY.md line with tokens and a whole private key is printed redacted (fresh and cached rank index alike)", () => {
  const s = sandbox(CARDS);
  const pem = generatedPems().ecSec1;
  const pemOneLine = pem.trim().replace(/\n/g, " ");
  try {
    const clean = hook(s, "how does the CI bot push release tags?");
    assert.ok(clean.includes("the CI bot pushes release tags"), clean);
    const index = path.join(s.memory, "MEMORY.md");
    const edited = fs
      .readFileSync(index, "utf8")
      .replace("the CI bot pushes release tags", `the CI bot pushes release tags with ${GH_TOKEN}`)
      .replace("wants short answers", `wants short answers; aws ${AWS_ID}; billing ${STRIPE}; key ${pemOneLine}`);
    fs.writeFileSync(index, edited);
    for (let run = 0; run < 2; run++) {
      const out = hook(s, "how does the CI bot push release tags?");
      assert.ok(!out.includes(GH_TOKEN) && !out.includes(AWS_ID) && !out.includes(STRIPE) && !out.includes(pemBody(pem).slice(8, 40)), out);
      assert.ok(out.includes("the CI bot pushes release tags with [REDACTED:github-token]"), out);
      assert.ok(out.includes("wants short answers; aws [REDACTED:aws-access-key-id]; billing [REDACTED:stripe-secret-key]; key [REDACTED:private-key]"), out);
    }
  } finally {
    s.cleanup();
  }
});
