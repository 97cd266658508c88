import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { main } from "../../../lib/cli/main.js";
import { BufferSink } from "../../../lib/store/io.js";
import { readPending } from "../../../lib/proposals/propose.js";
import { parseCard } from "../../../lib/core/card.js";
import { sandbox } from "../../helpers.js";
import { callTool, connect, history } from "./support.js";

// memory_propose over a real SDK client against the built server: the one write a read-only server allows.

const CARDS = [{ file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging from main; prod needs a tag" }];

function world() {
  const s = sandbox(CARDS);
  return { ...s, env: { HOME: s.home, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml"), MEMCTL_MEMORY_DIR: s.memory } };
}

test("a --read-only server stages proposals through memory_propose, attributed to its actor, while writes stay refused", async () => {
  const w = world();
  const server = await connect({ cwd: w.repo, env: w.env, flags: { readOnly: true, actor: "host:claude" } });
  try {
    const { tools } = await server.client.listTools();
    const tool = tools.find((t) => t.name === "memory_propose")!;
    assert.ok((tool.inputSchema.required as string[]).includes("source"));

    const staged = await callTool(server.client, "memory_propose", {
      name: "ci-cache",
      type: "reference",
      description: "CI caches node_modules by lockfile hash",
      body: "Keyed on package-lock.json.\n",
      source: "ci.yml line 40",
      kind: "fact",
      confidence: 0.9,
    });
    assert.equal(staged.isError, false, staged.text);
    const proposal = (staged.data as { proposal: { id: string; proposer: string; status: string } }).proposal;
    assert.deepEqual([proposal.proposer, proposal.status], ["host:claude", "pending"]);
    assert.match(staged.text, /^Proposed a new card reference_ci-cache\.md as p-\S+ \(actor host:claude, fact, source: ci\.yml line 40\)\. Nothing in canonical memory changed/);

    const update = await callTool(server.client, "memory_propose", { name: "deploy", description: "argo syncs staging; prod needs a signed tag", source: "argo app manifest" });
    assert.equal(update.isError, false, update.text);
    assert.match(update.text, /an update to project_deploy\.md/);

    const noSource = await callTool(server.client, "memory_propose", { name: "x", type: "user", description: "y", source: " " });
    assert.deepEqual([noSource.isError, noSource.code], [true, "E_NO_SOURCE"]);
    const tooLong = await callTool(server.client, "memory_propose", { name: "x", type: "user", description: "z".repeat(201), source: "s" });
    assert.deepEqual([tooLong.isError, tooLong.code], [true, "E_DESCRIPTION_TOO_LONG"]);

    assert.equal(
      tools.some((t) => t.name === "memory_manage"),
      false,
      "a read-only server does not offer memory_manage",
    );
    const write = await callTool(server.client, "memory_manage", { command: "create", path: "planted.md", file_text: "x" });
    assert.equal(write.isError, true);
    assert.deepEqual(history(w.memory), [], "nothing canonical was written");
    assert.equal(fs.existsSync(path.join(w.memory, "reference_ci-cache.md")), false);

    const pending = readPending(w.memory).proposals;
    assert.deepEqual(
      pending.map((p) => [p.card.name, p.proposer, p.target]),
      [
        ["ci-cache", "host:claude", null],
        ["deploy", "host:claude", "project_deploy.md"],
      ],
    );

    // The owner promotes it from the CLI: the card carries the provenance the agent gave.
    const out = new BufferSink();
    const code = await main(["accept", proposal.id], { ...w.io, stdout: out, stderr: out });
    assert.equal(code, 0, out.text);
    const card = parseCard(fs.readFileSync(path.join(w.memory, "reference_ci-cache.md"), "utf8"));
    assert.deepEqual(card.frontmatter.provenance, { kind: "fact", confidence: 0.9, source: "ci.yml line 40" });
    assert.deepEqual(
      history(w.memory).map((h) => [h.card, h.op, h.actor]),
      [["reference_ci-cache.md", "create", "human"]],
    );
  } finally {
    await server.close();
    w.cleanup();
  }
});

test("an agent-actor server may propose too", async () => {
  const w = world();
  const server = await connect({ cwd: w.repo, env: w.env, flags: { actor: "agent:task-42" } });
  try {
    const staged = await callTool(server.client, "memory_propose", {
      name: "tz",
      type: "user",
      description: "The user works from Lisbon",
      source: "commit timestamps",
      kind: "inference",
    });
    assert.equal(staged.isError, false, staged.text);
    assert.deepEqual(
      readPending(w.memory).proposals.map((p) => [p.proposer, p.provenance.kind]),
      [["agent:task-42", "inference"]],
    );
  } finally {
    await server.close();
    w.cleanup();
  }
});

test("memory_propose refuses a name that is not a card (MEMORY.md, a path): nothing staged, the index untouched", async () => {
  const w = world();
  const index = fs.readFileSync(path.join(w.memory, "MEMORY.md"), "utf8");
  const server = await connect({ cwd: w.repo, env: w.env, flags: { readOnly: true, actor: "host:claude" } });
  try {
    for (const name of ["./MEMORY.md", "MEMORY.md", ".memctl/jobs", "../outside"]) {
      const staged = await callTool(server.client, "memory_propose", { name, type: "project", description: "the index", source: "me", kind: "fact" });
      assert.deepEqual([staged.isError, staged.code], [true, "E_USAGE"], `${name}: ${staged.text}`);
      assert.match(staged.text, /card/);
    }
    assert.deepEqual(readPending(w.memory).proposals, []);
    assert.equal(fs.readFileSync(path.join(w.memory, "MEMORY.md"), "utf8"), index);
  } finally {
    await server.close();
    w.cleanup();
  }
});

test("memory_propose takes recall keys: offered in the schema, checked (E_RECALL_KEYS), staged, and kept by accept", async () => {
  const w = world();
  const server = await connect({ cwd: w.repo, env: w.env, flags: { readOnly: true, actor: "host:claude" } });
  try {
    const { tools } = await server.client.listTools();
    const schema = tools.find((t) => t.name === "memory_propose")!.inputSchema as { properties: Record<string, { type?: string; description?: string }> };
    assert.equal(schema.properties.recall?.type, "array");
    assert.match(schema.properties.recall!.description!, /12 to 16/);
    const bad = await callTool(server.client, "memory_propose", { name: "x", type: "user", description: "y", source: "s", recall: ["z".repeat(121)] });
    assert.deepEqual([bad.isError, bad.code], [true, "E_RECALL_KEYS"]);
    const staged = await callTool(server.client, "memory_propose", {
      name: "ci-cache",
      type: "reference",
      description: "CI caches node_modules by lockfile hash",
      source: "ci.yml line 40",
      recall: ["why is CI slow after a lockfile change", "cache miss on npm ci"],
    });
    assert.equal(staged.isError, false, staged.text);
    const id = (staged.data as { proposal: { id: string } }).proposal.id;
    const out = new BufferSink();
    assert.equal(await main(["accept", id], { ...w.io, stdout: out, stderr: out }), 0, out.text);
    const card = parseCard(fs.readFileSync(path.join(w.memory, "reference_ci-cache.md"), "utf8"));
    assert.deepEqual(card.meta.recall, ["why is CI slow after a lockfile change", "cache miss on npm ci"]);
  } finally {
    await server.close();
  }
});

test("memory_propose takes a scope: offered in the schema, checked (E_SCOPE), staged, and kept by accept", async () => {
  const w = world();
  const server = await connect({ cwd: w.repo, env: w.env, flags: { readOnly: true, actor: "host:claude" } });
  try {
    const { tools } = await server.client.listTools();
    const schema = tools.find((t) => t.name === "memory_propose")!.inputSchema as { properties: Record<string, { type?: string; description?: string }> };
    assert.equal(schema.properties.scope?.type, "array");
    const bad = await callTool(server.client, "memory_propose", { name: "x", type: "user", description: "y", source: "s", scope: ["../elsewhere"] });
    assert.deepEqual([bad.isError, bad.code], [true, "E_SCOPE"]);
    const staged = await callTool(server.client, "memory_propose", {
      name: "api-auth",
      type: "project",
      description: "The API checks tokens in middleware",
      source: "packages/api/src/auth.ts",
      scope: ["packages/api"],
    });
    assert.equal(staged.isError, false, staged.text);
    const id = (staged.data as { proposal: { id: string } }).proposal.id;
    const out = new BufferSink();
    assert.equal(await main(["accept", id], { ...w.io, stdout: out, stderr: out }), 0, out.text);
    const card = parseCard(fs.readFileSync(path.join(w.memory, "project_api-auth.md"), "utf8"));
    assert.deepEqual(card.meta.scope, ["packages/api"]);
  } finally {
    await server.close();
  }
});
