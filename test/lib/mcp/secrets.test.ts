import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { readPending } from "../../../lib/proposals/propose.js";
import { sandbox } from "../../helpers.js";
import { callTool, connect, history } from "./support.js";

// The MCP write tools over a real SDK client against the built server: a secret is refused with E_SECRET and
// its span masked, and nothing reaches the store. Fakes in the real formats (see test/cli/secrets.test.ts).

const GH_TOKEN = "ghp_" + "aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3kM5";
const GH_MASKED = "ghp_********************************3kM5";
const AWS_ID = "AKIAZ7Q3XK4M2RTV9PLD";
const AWS_MASKED = "AKIA************9PLD";

function world() {
  const s = sandbox([{ file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging from main" }]);
  return { ...s, env: { HOME: s.home, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml"), MEMCTL_MEMORY_DIR: s.memory } };
}

function refused(r: { isError: boolean; code: string | undefined; text: string; data: Record<string, unknown> | undefined }, masked: string, secret: string): void {
  assert.deepEqual([r.isError, r.code], [true, "E_SECRET"], r.text);
  assert.ok(r.text.includes(masked) && !r.text.includes(secret), r.text);
  assert.ok(!JSON.stringify(r.data).includes(secret), "the secret is not echoed back in structured content");
}

test("memory_manage create / str_replace / insert, memory_log and memory_propose refuse a secret; nothing is written", async () => {
  const w = world();
  // The owner lets this host write directly; otherwise memory_manage is refused before any scan (E_READ_ONLY).
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE, "[hosts.mcp]\nwrite = true\n");
  const server = await connect({ cwd: w.repo, env: w.env });
  try {
    refused(await callTool(server.client, "memory_manage", { command: "create", path: "/memories/notes/ci.md", file_text: `token ${GH_TOKEN}\n` }), GH_MASKED, GH_TOKEN);
    assert.equal(fs.existsSync(path.join(w.memory, "notes", "ci.md")), false);

    const ok = await callTool(server.client, "memory_manage", { command: "create", path: "/memories/notes/ci.md", file_text: "token: in the vault\n" });
    assert.equal(ok.isError, false, ok.text);
    refused(await callTool(server.client, "memory_manage", { command: "str_replace", path: "notes/ci.md", old_str: "in the vault", new_str: GH_TOKEN }), GH_MASKED, GH_TOKEN);
    refused(await callTool(server.client, "memory_manage", { command: "insert", path: "notes/ci.md", insert_line: 1, insert_text: `aws ${AWS_ID}` }), AWS_MASKED, AWS_ID);
    assert.equal(fs.readFileSync(path.join(w.memory, "notes", "ci.md"), "utf8"), "token: in the vault\n");

    refused(await callTool(server.client, "memory_log", { host: "claude", summary: `rotated ${GH_TOKEN}` }), GH_MASKED, GH_TOKEN);
    assert.equal(fs.existsSync(path.join(w.memory, "episodes.jsonl")), false);

    refused(
      await callTool(server.client, "memory_propose", {
        name: "aws",
        type: "reference",
        description: "staging key",
        body: `aws_access_key_id=${AWS_ID}\n`,
        source: "terraform.tfvars",
      }),
      AWS_MASKED,
      AWS_ID,
    );
    assert.deepEqual(readPending(w.memory).proposals, []);
    assert.deepEqual(
      history(w.memory).map((h) => [h.card, h.op]),
      [["notes/ci.md", "create"]],
    );
  } finally {
    await server.close();
    w.cleanup();
  }
});
