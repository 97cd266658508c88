// Instruction memory on the real binaries (issue 31, item 7, "Must show"): a project AGENTS.md imports
// docs/style.md, which imports docs/deep/naming.md (two hops). Codex 0.169.0 and OpenCode 1.18.33 read AGENTS.md
// themselves but expand no @import; memctl's session start adds both imported files, and only them: what the
// model receives holds AGENTS.md once (the host's own copy) and each imported rule once (memctl's block).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { captureProvider, ensureHost, filesUnder, installMemctlAt, makeWorld, memctl, PROMPT, readJsonl, removeWorld, runUntil, type World } from "./harness.js";

const codex = ensureHost("codex");
const opencode = ensureHost("opencode");

function writeInstructions(world: World): void {
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(world.project, rel)), { recursive: true });
    fs.writeFileSync(path.join(world.project, rel), text);
  };
  write("AGENTS.md", "# Team rules\n\nAGENTS-RULE: keep pull requests small.\nStyle: follow @docs/style.md\n");
  write("docs/style.md", "STYLE-RULE: two-space indent. Naming is in @deep/naming.md\n");
  write("docs/deep/naming.md", "NAMING-RULE: kebab-case file names (two hops from AGENTS.md).\n");
}

const count = (text: string, needle: string) => text.split(needle).length - 1;

test("codex: the two-hop import chain reaches the model through memctl's session start, AGENTS.md itself only once", { timeout: 600_000 }, async (t) => {
  if ("skip" in codex) return t.skip(`LOUD SKIP: ${codex.skip}`);
  const world = makeWorld("instr-codex");
  writeInstructions(world);
  const codexHome = path.join(world.home, ".codex");
  fs.mkdirSync(codexHome, { recursive: true });
  const env = { ...world.env, CODEX_HOME: codexHome, OPENAI_API_KEY: "sk-e2e-fake-key" };
  const shown = memctl(world, ["instructions", "--host", "codex"]);
  assert.match(shown.stdout, /codex loads itself: AGENTS.md \(no @imports\)\nmemctl adds at session start: 2 parts/, shown.stdout);
  assert.equal(memctl(world, ["install", "codex"]).status, 0);

  // The model-bound items of the rollout (response_item messages), once the per-prompt block is there too.
  const found = await runUntil(codex.bin, ["exec", "--dangerously-bypass-hook-trust", "--skip-git-repo-check", PROMPT], { cwd: world.project, env, timeoutMs: 360_000 }, () => {
    for (const file of filesUnder(path.join(codexHome, "sessions")).filter((f) => /rollout-.*\.jsonl$/.test(f))) {
      const messages = readJsonl(file).filter((l) => l.type === "response_item" && (l.payload as { type?: string })?.type === "message");
      const text = messages.map((m) => JSON.stringify(m.payload)).join("\n");
      if (!text.includes("<memctl-memory") || !text.includes("memctl-instructions")) continue;
      return { messages, text };
    }
    return undefined;
  });
  const block = found.messages
    .map((m) => m.payload as { role?: string; content?: { text?: string }[]; internal_chat_message_metadata_passthrough?: { content_item_kinds?: string[] } })
    .find((p) => (p.content ?? []).some((c) => c.text?.includes("<memctl-instructions>")));
  assert.ok(block, "a message carries the instruction block");
  assert.equal(block.role, "developer");
  assert.ok(block.internal_chat_message_metadata_passthrough?.content_item_kinds?.includes("hooks.additional_context"), "delivered as SessionStart hook context");
  const blockText = (block.content ?? []).map((c) => c.text ?? "").join("\n");
  assert.match(blockText, /--- docs\/style.md \(project, imported by AGENTS.md:4 \(@docs\/style.md\)\)\nSTYLE-RULE/);
  assert.match(blockText, /--- docs\/deep\/naming.md \(project, imported by docs\/style.md:1 \(@deep\/naming.md\)\)\nNAMING-RULE/);
  // Each rule reaches the model exactly once: AGENTS.md through Codex, the imports through memctl.
  for (const rule of ["AGENTS-RULE", "STYLE-RULE", "NAMING-RULE"]) assert.equal(count(found.text, rule), 1, `${rule} once in what the model receives`);
  const instructions = blockText.slice(blockText.indexOf("<memctl-instructions>"), blockText.indexOf("</memctl-instructions>") + "</memctl-instructions>".length);
  t.diagnostic(`${Buffer.byteLength(instructions)} bytes of composed instructions in the Codex rollout, ahead of the memory overview`);
  removeWorld(world);
});

test("opencode: the two-hop import chain is in the model-bound system prompt, AGENTS.md itself only once", { timeout: 600_000 }, async (t) => {
  if ("skip" in opencode) return t.skip(`LOUD SKIP: ${opencode.skip}`);
  const world = makeWorld("instr-opencode");
  writeInstructions(world);
  const server = await captureProvider();
  t.after(() => server.close());
  installMemctlAt(world, path.join(world.dir, "prefix"));
  assert.equal(memctl(world, ["install", "opencode", "--scope", "project"]).status, 0);
  const env = { ...world.env, ANTHROPIC_API_KEY: "sk-ant-e2e-fake-key", ANTHROPIC_BASE_URL: `${server.url}/v1` };
  const system = await runUntil(opencode.bin, ["run", PROMPT], { cwd: world.project, env, timeoutMs: 360_000 }, () => {
    // The agent's request (it carries tools; a title request has none).
    for (const body of server.bodies) {
      const request = JSON.parse(body) as { system?: unknown; tools?: unknown[] };
      const text = JSON.parse(JSON.stringify(request.system ?? "")) as unknown;
      const flat = typeof text === "string" ? text : (text as { text?: string }[]).map((s) => s.text ?? "").join("\n");
      if (flat.includes("<memctl-instructions>") && (request.tools ?? []).length > 0) return flat;
    }
    return undefined;
  });
  assert.match(system, /--- docs\/style.md \(project, imported by AGENTS.md:4 \(@docs\/style.md\)\)\nSTYLE-RULE/);
  assert.match(system, /--- docs\/deep\/naming.md \(project, imported by docs\/style.md:1 \(@deep\/naming.md\)\)\nNAMING-RULE/);
  for (const rule of ["AGENTS-RULE", "STYLE-RULE", "NAMING-RULE"]) assert.equal(count(system, rule), 1, `${rule} once in the system prompt`);
  assert.ok(system.includes("<memctl-memory"), "the memory blocks still arrive beside it");
  removeWorld(world);
});
