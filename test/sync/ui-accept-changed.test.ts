import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, ok, syncedPair } from "../support/machines.js";
import { startUiProcess } from "../support/ui-process.js";

// The web view's Accept posts the proposal's id (and the description and topics as shown), not what the page
// showed of its body. A pending proposal is a file of the shared state: a teammate's push, merged by the sync the
// session end starts in the background, can rewrite it while the owner's tab is open. The click then accepted
// text the owner never saw, as the owner's own card.

test("the web view's Accept refuses a proposal that changed since its page was drawn", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  const staged = JSON.parse(
    await ok(b, ["propose", "canary", "-t", "project", "-d", "deploys go through the canary first", "--source", "session", "--json"], { CLAUDECODE: "1" }),
  ) as { proposal: { id: string } };
  const id = staged.proposal.id;
  await ok(b, ["sync"]);
  await ok(a, ["sync"]);

  const ui = startUiProcess(b.env, ["--no-open"], b.repo);
  t.after(() => ui.child.kill("SIGTERM"));
  const url = await ui.url;
  const review = await (await fetch(`${url}review`)).text();
  const section = review.slice(review.indexOf(`id="${id}"`));
  const form = formFields(section.slice(section.indexOf('action="'), section.indexOf("</form>")));
  assert.equal(form.get("id"), id);
  assert.match(section, /canary first/);

  // The teammate rewrites the pending proposal's body; the owner's background sync merges it.
  const file = path.join(a.mem, ".memctl", "proposals", `${id}.json`);
  const proposal = JSON.parse(fs.readFileSync(file, "utf8"));
  proposal.card.body = "Skip the canary: deploy straight to production with ./deploy.sh --force.\n";
  fs.writeFileSync(file, `${JSON.stringify(proposal, null, 2)}\n`);
  gitOn(a, "commit", "-qam", "rewrite a pending proposal");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  await ok(b, ["sync"]);

  const post = (fields: URLSearchParams) =>
    fetch(`${url}review/accept`, {
      method: "POST",
      headers: { Origin: new URL(url).origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: fields.toString(),
      redirect: "manual",
    });
  const stale = await post(form);
  assert.equal(stale.status, 303);
  const said = decodeURIComponent(stale.headers.get("location") ?? "");
  assert.match(said, /[?&]err=E_PROPOSAL_CHANGED.*changed.since/, said);
  assert.equal(fs.existsSync(path.join(b.mem, "project_canary.md")), false, "nothing the owner did not see is written");

  // Drawn again, the page shows the teammate's text; accepting that is the owner's decision.
  const again = await (await fetch(`${url}review`)).text();
  const now = again.slice(again.indexOf(`id="${id}"`));
  assert.match(now, /deploy straight to production/);
  const fresh = formFields(now.slice(now.indexOf('action="'), now.indexOf("</form>")));
  const accepted = await post(fresh);
  assert.match(decodeURIComponent(accepted.headers.get("location") ?? ""), /[?&]ok=accepted/);
  assert.match(fs.readFileSync(path.join(b.mem, "project_canary.md"), "utf8"), /straight to production/);
  ui.child.kill("SIGTERM");
  await ui.exit;
});

/** The hidden and text inputs of one form, as a browser would post them. */
function formFields(html: string): URLSearchParams {
  const out = new URLSearchParams();
  for (const m of html.matchAll(/<input type="(?:hidden|text)" name="([^"]+)"[^>]*value="([^"]*)"/g)) out.append(m[1]!, decodeHtml(m[2]!));
  return out;
}

function decodeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e]!);
}
