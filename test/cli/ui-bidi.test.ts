import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { tempDir } from "../helpers.js";
import { startUiProcess } from "../support/ui-process.js";
import { makeUiStore } from "../support/ui-fixture.js";

// The terminal printers show bidi overrides, isolates, marks and tag characters as inert text, but the web view
// sent them as they were: a proposal's (or a pushed card's) body with U+202E/U+2066 draws its line reordered
// (Trojan Source), so the diff the owner accepts in the review page reads as something other than its bytes.
// Every page and its JSON twin now show them as `\uNNNN` text, as `memctl review` and `show` do.

const HIDDEN = /[\u0080-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|\uDB40[\uDC00-\uDC7F]/;

test("the web view shows bidi controls and tag characters of a card or proposal as text, never applies them", async (t) => {
  const store = await makeUiStore(tempDir("memctl-ui-bidi-"), { hook: false });
  const trojan = "./deploy.sh prod \u202e\u2066 # DRY_RUN=1 guard\u2069 \u2066\u200f\u0085";
  const proposed = await store.cli(["propose", "rollout", "-t", "project", "-d", "rollout \u202eexe.sh", "--source", "chat", "--json", "-"], `Run:\n${trojan}\n`);
  assert.equal(proposed.code, 0, proposed.stderr);
  const id = JSON.parse(proposed.stdout).proposal.id as string;
  // A card as a teammate's push (once accepted) leaves it on disk: its fields and body carry the same characters.
  const card =
    "---\nname: pushed\ndescription: pushed \u202ecard\ntopics: [ops\u2066]\npriority: normal\nstatus: active\nupdated_at: 2026-01-01\nrepo_refs: []\n---\n" +
    `${trojan} \udb40\udc41\n`;
  fs.writeFileSync(path.join(store.memory, "project_pushed.md"), card);
  fs.appendFileSync(path.join(store.memory, "MEMORY.md"), "- [Pushed \u202ecard](project_pushed.md) — pushed card\n");
  const run = startUiProcess(store.env, ["--no-open"]);
  t.after(() => run.child.kill("SIGTERM"));
  const url = await run.url;
  const pages = ["", "card?file=project_pushed.md", "review", "api/cards", "api/card?file=project_pushed.md", "api/review"];
  for (const p of pages) {
    const res = await fetch(`${url}${p}`);
    assert.equal(res.status, 200, p);
    const body = await res.text();
    assert.ok(!HIDDEN.test(body), `/${p} sent a bidi, C1 or tag character as it is: ${JSON.stringify(body.match(HIDDEN))}`);
  }
  const review = await (await fetch(`${url}review`)).text();
  assert.ok(review.includes(id), "the proposal is on the review page");
  assert.match(review, /prod \\u202e\\u2066 # DRY_RUN=1 guard\\u2069/, "its diff shows the controls as text");
  assert.match(await (await fetch(`${url}card?file=project_pushed.md`)).text(), /pushed \\u202ecard/);
  // Accepted as shown (the form posts back the values the page shows): the proposal's own bytes are kept, not
  // replaced by their inert spelling.
  const section = review.slice(review.indexOf(`id="${id}"`));
  const shown = (name: string) => decodeHtml(new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(section)?.[1] ?? "");
  assert.equal(shown("description"), "rollout \\u202eexe.sh");
  const accepted = await fetch(`${url}review/accept`, {
    method: "POST",
    headers: { Origin: new URL(url).origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ id, description: shown("description"), topics: shown("topics") }).toString(),
    redirect: "manual",
  });
  assert.equal(accepted.status, 303);
  assert.match(decodeURIComponent(accepted.headers.get("location") ?? ""), /[?&]ok=accepted/);
  const written = fs.readFileSync(path.join(store.memory, "project_rollout.md"), "utf8");
  assert.match(written, /description: .*rollout (\u202e|\\u202E)exe\.sh/, written);
  assert.ok(!written.includes("\\\\u202e"), "not the inert spelling");
  run.child.kill("SIGTERM");
  assert.equal((await run.exit).code, 0);
});

function decodeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e]!);
}
