// Hand-kept stores keep cards in folders (decisions/x.md named x) and link them by kebab names of snake_case files.
// `show NAME` (and MCP's memory_view by name) finds such a card as doctor's link check does, not only by its path.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { makeWorld, memctl } from "../support/fixture.js";
import { sandbox } from "../helpers.js";
import { callTool, connect } from "../lib/mcp/support.js";

const card = (name: string, body: string) => `---\nname: ${name}\ndescription: ${name} notes\n---\n${body}\n`;

function foldered(mem: string): void {
  for (const dir of ["decisions", "conventions", "context", "archive"]) fs.mkdirSync(path.join(mem, dir));
  fs.writeFileSync(path.join(mem, "decisions", "queue-over-cron.md"), card("queue-over-cron", "Jobs go through the queue."));
  fs.writeFileSync(path.join(mem, "context", "api_timeouts.md"), card("Upstream timeouts", "The upstream API times out at 30 s."));
  fs.writeFileSync(path.join(mem, "conventions", "naming.md"), card("naming", "Names are nouns."));
  fs.writeFileSync(path.join(mem, "archive", "naming.md"), card("naming", "Names were verbs."));
  const idx = ["decisions/queue-over-cron.md", "context/api_timeouts.md", "conventions/naming.md", "archive/naming.md"];
  fs.writeFileSync(path.join(mem, "MEMORY.md"), `# Memory\n\n${idx.map((f, i) => `- [Card ${i}](${f}) — hook ${i}`).join("\n")}\n`);
}

test("show finds a subfolder card by its frontmatter name and a snake_case file by its kebab name; two cards by one name are named", async () => {
  const w = makeWorld();
  foldered(w.mem);
  const byName = await memctl(w, ["show", "queue-over-cron"]);
  assert.equal(byName.code, 0, byName.stderr);
  assert.equal(byName.stdout, fs.readFileSync(path.join(w.mem, "decisions", "queue-over-cron.md"), "utf8"));
  const kebab = JSON.parse((await memctl(w, ["show", "api-timeouts", "--json"])).stdout);
  assert.equal(kebab.file, "context/api_timeouts.md");
  const byPath = JSON.parse((await memctl(w, ["show", "decisions/queue-over-cron.md", "--json"])).stdout);
  assert.equal(byPath.file, "decisions/queue-over-cron.md");
  const twin = await memctl(w, ["show", "naming"]);
  assert.equal(twin.code, 2, twin.stdout);
  assert.match(twin.stderr, /archive\/naming\.md/);
  assert.match(twin.stderr, /conventions\/naming\.md/);
  const missing = await memctl(w, ["show", "no-such-card"]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /no card named "no-such-card"/);
});

test("MCP memory_view opens a subfolder card by name as show does", async () => {
  const s = sandbox([]);
  foldered(s.memory);
  const env = { HOME: s.home, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml"), MEMCTL_MEMORY_DIR: s.memory };
  const server = await connect({ cwd: s.repo, env });
  try {
    const r = await callTool(server.client, "memory_view", { name: "queue-over-cron" });
    assert.equal(r.isError, false, r.text);
    assert.match(r.text, /decisions\/queue-over-cron\.md/);
    assert.match(r.text, /Jobs go through the queue\./);
  } finally {
    await server.close();
    s.cleanup();
  }
});
