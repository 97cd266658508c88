import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, tempDir } from "../../helpers.js";
import { makeUiStore } from "../../support/ui-fixture.js";
import { startUiProcess } from "../../support/ui-process.js";

// The why log is this machine's, but a store kept in a project checkout brings whatever `.memctl/why.jsonl` was
// committed, and any local process can append to it. Its numbers reached the web view's pages unescaped (a
// "bytes" that is a string of markup became HTML in the timeline and a card's page), a record without its budget
// made the timeline a 500, and `memctl why` printed a status holding a terminal escape as it stood.

const CLI = path.join(REPO_ROOT, "dist/cli.js");

test("a planted why-log record of another shape is skipped: no markup in the web view, no 500, no raw escape from memctl why", async (t) => {
  const store = await makeUiStore(tempDir("memctl-ui-why-"), { prompts: 2 });
  const why = path.join(store.memory, ".memctl", "why.jsonl");
  const real = JSON.parse(fs.readFileSync(why, "utf8").split("\n")[0]!) as Record<string, unknown>;
  const planted = [
    { ...real, bytes: "<b id=planted-bytes>x</b>", lines: [{ file: "project_deploy.md", rule: "r", bytes: "<i id=planted-line>", score: "<u id=planted-score>" }] },
    { ...real, budget: { max_bytes: "<s id=planted-budget>", max_entries: 5 } },
    { at: real.at, lines: [] }, // no budget, host, status: the timeline read r.budget.max_bytes
    { ...real, status: "injected\u001b]52;c;cm0gLXJmIH4=\u0007" },
    { ...real, at: "<a href=//evil.test>when</a>" },
  ];
  fs.appendFileSync(why, planted.map((r) => JSON.stringify(r)).join("\n") + "\n");

  const ui = startUiProcess(store.env, ["--no-open", "--read-only"], store.root);
  t.after(() => ui.child.kill("SIGTERM"));
  const base = await ui.url;
  for (const route of ["timeline", "card?file=project_deploy.md", "health", "api/timeline"]) {
    const r = await fetch(`${base}${route}`);
    const body = await r.text();
    assert.equal(r.status, 200, `${route}: ${body.slice(0, 300)}`);
    assert.doesNotMatch(body, /<(b|i|u|s) id=planted|<a href=\/\/evil|planted-|evil\.test/, route);
  }
  // The real records are still shown.
  assert.match(await (await fetch(`${base}timeline`)).text(), /session-1/);

  const cli = spawnSync(process.execPath, [CLI, "why", "--last", "20"], { env: { PATH: process.env.PATH ?? "", ...store.env }, encoding: "utf8" });
  assert.equal(cli.status, 0, cli.stderr);
  assert.doesNotMatch(cli.stdout, /\u001b|planted|evil/);
  assert.match(cli.stdout, /injected|no-hits/);
  ui.child.kill("SIGTERM");
  assert.equal((await ui.exit).code, 0);
});
