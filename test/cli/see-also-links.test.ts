// A second link on an index line (`- [A](a.md) — see also [B](b.md)`) names B: B is no orphan, and a dead one is a
// dead link (fixed by removing that link, not the line). B has no line of its own, so it is not an entry: stats
// counts entries' cards, list says B is not in the index, and the hook brings B through A's line, which shows it.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "../helpers.js";
import { makeWorld, memctl, spawnEnv } from "../support/fixture.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const card = (name: string, d: string) => `---\nname: ${name}\ndescription: ${d}\nmetadata:\n  type: project\n---\n${d}\n`;

test("a further link on an index line names its card for doctor, and a dead one is a dead link; hook, list and stats agree", async () => {
  const w = makeWorld();
  fs.writeFileSync(path.join(w.mem, "project_alpha.md"), card("alpha", "alpha rollout plan"));
  fs.writeFileSync(path.join(w.mem, "project_beta.md"), card("beta", "beta canary hosts"));
  fs.writeFileSync(path.join(w.mem, "project_gamma.md"), card("gamma", "gamma schema"));
  fs.writeFileSync(
    path.join(w.mem, "MEMORY.md"),
    "# Memory\n\n- [Alpha rollout](project_alpha.md) — see also [Beta canaries](./project_beta.md)\n" +
      "- [Gamma schema](project_gamma.md) — gamma · [Gone](project_gone.md) · [spec](https://example.com/spec.md)\n",
  );
  const doctor = JSON.parse((await memctl(w, ["doctor", "--json"])).stdout);
  assert.deepEqual(doctor.orphan_cards, [], "the index names project_beta.md");
  assert.deepEqual(
    doctor.dead_links.map((d: { line: number; target: string }) => [d.line, d.target]),
    [[4, "project_gone.md"]],
    "a dead further link is reported; a URL is not a card",
  );
  const text = (await memctl(w, ["doctor"])).stdout;
  assert.match(text, /remove the link to "?project_gone\.md"? from line 4 of MEMORY\.md/, "the fix keeps the line's own entry");
  const stats = JSON.parse((await memctl(w, ["stats", "--json"])).stdout);
  assert.equal(stats.index_entry_count, 2);
  assert.equal(stats.card_count, 2, "entries' cards: B has no line of its own");
  const list = JSON.parse((await memctl(w, ["list", "--json"])).stdout);
  assert.deepEqual(
    list.cards.map((c: { file: string; in_index: boolean }) => [c.file, c.in_index]),
    [
      ["project_alpha.md", true],
      ["project_beta.md", false],
      ["project_gamma.md", true],
    ],
  );
  const hook = spawnSync(process.execPath, [HOOK, "--host", "claude"], {
    cwd: w.repo,
    env: spawnEnv(w),
    encoding: "utf8",
    input: JSON.stringify({ session_id: "s-also", cwd: w.repo, hook_event_name: "UserPromptSubmit", prompt: "which beta canaries do we use?" }),
  });
  assert.equal(hook.status, 0, hook.stderr);
  assert.match(hook.stdout, /\[Beta canaries\]\(\.\/project_beta\.md\)/, "A's line brings B");
});
