// Links between cards (issue "Memory that stays true", item 7): show says where each link leads or that it is dead.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { makeWorld, memctl } from "../support/fixture.js";

test("show lists a card's links with where each resolves; --json adds links", async () => {
  const w = makeWorld();
  const card = (name: string, body: string) => `---\nname: ${name}\ndescription: ${name} steps\nmetadata:\n  type: project\n---\n${body}\n`;
  fs.writeFileSync(path.join(w.mem, "project_deploy.md"), card("deploy", "Ship it."));
  const body = "Before [[deploy]] read [[no-such-card]], [notes](gone.md), [out](../x.md); not `[[code]]`.";
  fs.writeFileSync(path.join(w.mem, "project_release.md"), card("release", body));
  const human = await memctl(w, ["show", "release"]);
  assert.equal(human.code, 0, human.stderr);
  assert.equal(human.stdout, fs.readFileSync(path.join(w.mem, "project_release.md"), "utf8"));
  assert.match(human.stderr, /deploy -> project_deploy\.md/);
  assert.match(human.stderr, /no-such-card -> dead/);
  assert.match(human.stderr, /\.\.\/x\.md -> unsafe/);
  const json = JSON.parse((await memctl(w, ["show", "release", "--json"])).stdout);
  assert.deepEqual(json.links, [
    { link: "deploy", target: "project_deploy.md", status: "ok" },
    { link: "no-such-card", target: null, status: "dead" },
    { link: "gone.md", target: null, status: "dead" },
    { link: "../x.md", target: null, status: "unsafe" },
  ]);
});

test("doctor reports each dead or unsafe link in a card body with card, file line and target; ok links and code are not issues", async () => {
  const w = makeWorld();
  const card = (name: string, body: string) => `---\nname: ${name}\ndescription: ${name} steps\nmetadata:\n  type: project\n---\n${body}\n`;
  fs.writeFileSync(path.join(w.mem, "project_deploy.md"), card("deploy", "Ship it."));
  fs.writeFileSync(path.join(w.mem, "project_release.md"), card("release", "Before [[deploy]] read [[no-such-card]].\nSee [notes](gone.md) and [up](../x.md).\nNot `[[code]]`."));
  fs.writeFileSync(path.join(w.mem, "MEMORY.md"), "# Memory\n\n- [Deploy](project_deploy.md) — ship it\n- [Release](project_release.md) — release steps\n");
  const r = await memctl(w, ["doctor", "--json"]);
  assert.equal(r.code, 1, r.stderr);
  const report = JSON.parse(r.stdout).report ?? JSON.parse(r.stdout);
  assert.deepEqual(
    report.dead_card_links.map((x: { card: string; line: number; link: string; status: string }) => [x.card, x.line, x.link, x.status]),
    [
      ["project_release.md", 7, "no-such-card", "dead"],
      ["project_release.md", 8, "gone.md", "dead"],
      ["project_release.md", 8, "../x.md", "unsafe"],
    ],
  );
  assert.equal(report.dead_links.length, 0, "the index's own dead links stay a separate list");
  const human = await memctl(w, ["doctor"]);
  assert.match(human.stdout + human.stderr, /project_release\.md:7 → no-such-card/);
  assert.match(human.stdout + human.stderr, /project_release\.md:8 → \.\.\/x\.md/);

  fs.writeFileSync(path.join(w.mem, "project_release.md"), card("release", "Before [[deploy]] read [notes](project_deploy.md)."));
  const fixed = JSON.parse((await memctl(w, ["doctor", "--json"])).stdout);
  assert.deepEqual((fixed.report ?? fixed).dead_card_links, []);
});

test("doctor finds a [[name]] link's card in a subfolder by its frontmatter name, and a kebab-case link's snake_case file; a miss and a tie stay dead", async () => {
  const w = makeWorld();
  const card = (name: string, body: string) => `---\nname: ${name}\ndescription: ${name} notes\n---\n${body}\n`;
  fs.mkdirSync(path.join(w.mem, "decisions"));
  fs.mkdirSync(path.join(w.mem, "conventions"));
  fs.writeFileSync(path.join(w.mem, "decisions", "queue-over-cron.md"), card("queue-over-cron", "Why: [[thin-handlers]]."));
  fs.writeFileSync(path.join(w.mem, "conventions", "thin-handlers.md"), card("thin-handlers", "See [[queue-over-cron]] and [[no-such-slug]]."));
  fs.writeFileSync(path.join(w.mem, "reference_cache_layout.md"), card("cache-layout", "Related: [[project-retry-budget]]."));
  fs.writeFileSync(path.join(w.mem, "project_retry_budget.md"), card("retry-budget", "Uses [[reference-cache-layout]], [[cache-layout]], [[twin-note]]."));
  fs.writeFileSync(path.join(w.mem, "project_twin_note.md"), card("a", "x"));
  fs.writeFileSync(path.join(w.mem, "reference_twin_note.md"), card("b", "y"));
  const idx = [
    "decisions/queue-over-cron.md",
    "conventions/thin-handlers.md",
    "reference_cache_layout.md",
    "project_retry_budget.md",
    "project_twin_note.md",
    "reference_twin_note.md",
  ];
  fs.writeFileSync(path.join(w.mem, "MEMORY.md"), `# Memory\n\n${idx.map((f, i) => `- [Card ${i}](${f}) — hook ${i}`).join("\n")}\n`);
  const r = await memctl(w, ["doctor", "--json"]);
  const report = JSON.parse(r.stdout);
  assert.deepEqual(
    report.dead_card_links.map((x: { card: string; link: string }) => [x.card, x.link]),
    [
      ["conventions/thin-handlers.md", "no-such-slug"],
      ["project_retry_budget.md", "twin-note"],
    ],
    r.stdout,
  );
  const shown = JSON.parse((await memctl(w, ["show", "conventions/thin-handlers.md", "--json"])).stdout);
  assert.deepEqual(
    shown.links.map((l: { link: string; target: string | null }) => [l.link, l.target]),
    [
      ["queue-over-cron", "decisions/queue-over-cron.md"],
      ["no-such-slug", null],
    ],
  );
  const kebab = JSON.parse((await memctl(w, ["show", "project_retry_budget.md", "--json"])).stdout);
  assert.deepEqual(
    kebab.links.map((l: { link: string; target: string | null }) => [l.link, l.target]),
    [
      ["reference-cache-layout", "reference_cache_layout.md"],
      ["cache-layout", "reference_cache_layout.md"],
      ["twin-note", null],
    ],
  );
});
