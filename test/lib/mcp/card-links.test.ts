// MCP reads a card by its name and lists its links as `memctl show` does (issue "Memory that stays true", item 7),
// through the real SDK client over stdio against the built server.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { sandbox } from "../../helpers.js";
import { callTool, connect } from "./support.js";

test("memory_view opens a card by name and lists where each of its links leads", async () => {
  const s = sandbox([{ file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging from main" }]);
  const env = { HOME: s.home, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml"), MEMCTL_MEMORY_DIR: s.memory };
  const release = "---\nname: release\ndescription: release steps\nmetadata:\n  type: project\n---\nFirst [[deploy]], then [[no-such-card]] and [up](../x.md).\n";
  fs.writeFileSync(path.join(s.memory, "project_release.md"), release);
  const server = await connect({ cwd: s.repo, env });
  try {
    for (const name of ["release", "project_release"]) {
      const r = await callTool(server.client, "memory_view", { name });
      assert.equal(r.isError, false, r.text);
      assert.match(r.text, /^Here's the content of project_release\.md with line numbers:/);
      assert.match(r.text, /\t First \[\[deploy\]\]|\tFirst \[\[deploy\]\]/);
      assert.match(r.text, /Links in this card:\n {2}deploy -> project_deploy\.md\n {2}no-such-card -> dead\n {2}\.\.\/x\.md -> unsafe$/);
      assert.deepEqual(r.data?.links, [
        { link: "deploy", target: "project_deploy.md", status: "ok" },
        { link: "no-such-card", target: null, status: "dead" },
        { link: "../x.md", target: null, status: "unsafe" },
      ]);
    }
    const byPath = await callTool(server.client, "memory_view", { path: "/memories/project_release.md" });
    assert.match(byPath.text, /no-such-card -> dead/, "a read by path lists the links too");
    const plain = await callTool(server.client, "memory_view", { path: "MEMORY.md" });
    assert.doesNotMatch(plain.text, /Links in this card/, "the index is not a card");
    const missing = await callTool(server.client, "memory_view", { name: "nope" });
    assert.deepEqual([missing.isError, missing.code], [true, "E_NOT_FOUND"]);
    assert.match(missing.text, /no card named "nope"/);
    const both = await callTool(server.client, "memory_view", { name: "release", path: "MEMORY.md" });
    assert.deepEqual([both.isError, both.code], [true, "E_USAGE"]);
  } finally {
    await server.close();
    s.cleanup();
  }
});

test("memory_search and memory_recall tell the agent which cards a card result links to, dead and unsafe links marked", async () => {
  const s = sandbox([
    { file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging from main" },
    { file: "reference_runbook.md", title: "Runbook", hook: "pager rotation" },
  ]);
  const env = { HOME: s.home, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml"), MEMCTL_MEMORY_DIR: s.memory };
  const card = (name: string, body: string) => `---\nname: ${name}\ndescription: ${name} notes\nmetadata:\n  type: project\n---\n${body}\n`;
  fs.writeFileSync(
    path.join(s.memory, "project_release.md"),
    card("release", "Release checklist: first [[deploy]], then [[no-such-card]], see [the runbook](reference_runbook.md) and [up](../x.md)."),
  );
  fs.writeFileSync(path.join(s.memory, "project_hotfix.md"), card("hotfix", "Hotfix checklist: no links here, `[[code-example]]` is code."));
  fs.appendFileSync(path.join(s.memory, "episodes.jsonl"), `${JSON.stringify({ ts: "2026-12-01T10:00:00Z", host: "claude", summary: "worked through the release checklist" })}\n`);
  const server = await connect({ cwd: s.repo, env });
  try {
    const r = await callTool(server.client, "memory_search", { query: "checklist", in: "cards" });
    assert.equal(r.isError, false, r.text);
    const results = r.data?.results as { id: string; links?: unknown[] }[];
    assert.deepEqual(results.map((h) => h.id).sort(), ["project_hotfix.md", "project_release.md"]);
    assert.deepEqual(results.find((h) => h.id === "project_release.md")!.links, [
      { link: "deploy", target: "project_deploy.md", status: "ok" },
      { link: "no-such-card", target: null, status: "dead" },
      { link: "reference_runbook.md", target: "reference_runbook.md", status: "ok" },
      { link: "../x.md", target: null, status: "unsafe" },
    ]);
    assert.equal(results.find((h) => h.id === "project_hotfix.md")!.links, undefined, "a card that links nowhere (code spans are not links)");
    assert.match(
      r.text,
      /project_release\.md:\d+ \(score [\d.]+\)\n {4}.*checklist.*\n {4}links: deploy -> project_deploy\.md, no-such-card -> dead, reference_runbook\.md -> reference_runbook\.md, \.\.\/x\.md -> unsafe/,
    );
    assert.doesNotMatch(r.text.split("project_hotfix.md")[1]!.split("\n").slice(0, 3).join("\n"), /links:/);

    const recall = await callTool(server.client, "memory_recall", { episodes: 1, cards: 5 });
    assert.equal(recall.isError, false, recall.text);
    assert.match(recall.text, /- project_release\.md — release notes\n {4}links: deploy -> project_deploy\.md, no-such-card -> dead/);
    const cards = recall.data?.cards as { id: string; links?: { link: string; status: string }[] }[];
    assert.deepEqual(
      cards.find((c) => c.id === "project_release.md")!.links!.map((l) => [l.link, l.status]),
      [
        ["deploy", "ok"],
        ["no-such-card", "dead"],
        ["reference_runbook.md", "ok"],
        ["../x.md", "unsafe"],
      ],
    );
  } finally {
    await server.close();
    s.cleanup();
  }
});
