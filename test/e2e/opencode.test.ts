// OpenCode 1.18.33, for real: memctl install (project scope) → one offline `opencode run` whose Anthropic
// provider points at a local capture server → OpenCode's own log shows the plugin loaded and injected, and the
// captured agent request carries the overview and the memory block once each in its system prompt, while the side
// request that only writes the session's title carries neither → uninstall restores the files.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ensureHost, filesUnder, installMemctlAt, makeWorld, memctl, PROMPT, RELEVANT_CARD, REPO, runUntil, snapshot, type World, removeWorld } from "./harness.js";
import { anthropicStream, standInProvider } from "./stand-in.js";

const host = ensureHost("opencode");

/** A stand-in for the provider API on 127.0.0.1 answering each request briefly, so the turn ends and the session goes idle. */
async function captureServer(): Promise<{ url: string; bodies: string[]; close: () => void }> {
  const provider = await standInProvider((_path, body) => ({ stream: anthropicStream((JSON.parse(body || "{}") as { model?: string }).model ?? "claude") }));
  return { ...provider, url: `${provider.url}/v1` };
}

/** A user plugin that appends, per system transform, what OpenCode passed in (input and the system prompt's heads). */
function recorder(file: string): string {
  return `import fs from "node:fs";
export const Mine = async () => ({
  "chat.message": async (input, output) => {
    fs.appendFileSync(${JSON.stringify(file)}, JSON.stringify({ hook: "chat.message", sessionID: input.sessionID, agent: output.message?.agent, model: output.message?.model }) + "\\n");
  },
  "experimental.chat.system.transform": async (input, output) => {
    const model = input.model ? { id: input.model.id, providerID: input.model.providerID } : undefined;
    fs.appendFileSync(${JSON.stringify(file)}, JSON.stringify({ hook: "system.transform", keys: Object.keys(input), sessionID: input.sessionID, model, system: output.system.map((s) => s.slice(0, 80)) }) + "\\n");
  },
});
`;
}

/** The text of an Anthropic `system` field (a string or text blocks). */
function systemText(system: unknown): string {
  if (typeof system === "string") return system;
  return Array.isArray(system) ? system.map((b) => (b as { text?: string }).text ?? "").join("\n") : "";
}

function opencodeLog(world: World): string {
  return filesUnder(path.join(world.env.XDG_DATA_HOME!, "opencode", "log"))
    .map((f) => fs.readFileSync(f, "utf8"))
    .join("\n");
}

test("opencode: the plugin shim loads, the agent's request gets the block, the title request none; uninstall restores the files", { timeout: 600_000 }, async (t) => {
  if ("skip" in host) return t.skip(`LOUD SKIP: ${host.skip}`);
  const world = makeWorld("opencode");
  const server = await captureServer();
  t.after(() => server.close());
  const mine = path.join(world.project, ".opencode", "plugin", "mine.ts");
  fs.mkdirSync(path.dirname(mine), { recursive: true });
  // The user's own plugin also records what each system transform is given, so the test can show what tells
  // OpenCode's title request apart from the agent's request (and the plugin's rule is checked against the real input).
  const transforms = path.join(world.dir, "transforms.jsonl");
  fs.writeFileSync(mine, recorder(transforms));
  const shim = path.join(world.project, ".opencode", "plugin", "memctl.ts");
  const commands = filesUnder(path.join(REPO, "commands")).map((f) => path.join(world.project, ".opencode", "commands", path.basename(f)));
  // OpenCode adds "$schema" to a config file that lacks it, so the user's file here already has it.
  const config = path.join(world.project, "opencode.json");
  fs.writeFileSync(config, '{\n\t"$schema": "https://opencode.ai/config.json",\n\t"autoupdate": false // mine\n}\n');
  const watched = [mine, shim, config, ...commands];
  const before = snapshot(watched);

  // Project scope wires commands on PATH (portable across machines): memctl is installed as npm would.
  installMemctlAt(world, path.join(world.dir, "prefix"));
  const first = memctl(world, ["install", "opencode", "--scope", "project"]);
  assert.equal(first.status, 0, first.stderr);
  assert.match(memctl(world, ["install", "opencode", "--scope", "project"]).stdout, /already installed; nothing changed/);

  const env = { ...world.env, ANTHROPIC_API_KEY: "sk-ant-e2e-fake-key", ANTHROPIC_BASE_URL: server.url };
  const episodes = path.join(world.store, "episodes.jsonl");
  const episodesBefore = fs.readFileSync(episodes, "utf8");
  let waiting = "";
  const found = await runUntil(host.bin, ["run", PROMPT], { cwd: world.project, env, timeoutMs: 360_000 }, () => {
    const log = opencodeLog(world);
    // OpenCode's log can lose its tail when the run exits on a loaded machine: the plugin's load is logged early,
    // and what it injected is read from the captured requests below (its log line is shown when it is there).
    waiting = "the plugin's load in OpenCode's log";
    if (!log.includes("memctl plugin loaded")) return undefined;
    waiting = "the episode";
    if (!fs.readFileSync(episodes, "utf8").slice(episodesBefore.length).includes('"host":"opencode"')) return undefined;
    waiting = `the agent's and the title request among ${server.bodies.length}`;
    // The agent's request carries tools; OpenCode's side request that only names the session carries none.
    const requests = server.bodies.map((body) => JSON.parse(body) as { system?: unknown; tools?: { name?: string }[]; messages?: unknown });
    const agent = requests.find((r) => (r.tools ?? []).length > 0);
    const title = requests.find((r) => JSON.stringify(r.messages ?? "").includes("Generate a title for this conversation"));
    if (!agent || !title) return undefined;
    waiting = "";
    return { system: agent.system, titleSystem: JSON.stringify(title.system ?? ""), log, tools: (agent.tools ?? []).map((tl) => tl.name ?? "") };
  }).catch((err: Error) => {
    const lines = opencodeLog(world)
      .split("\n")
      .filter((l) => l.includes("memctl"));
    throw new Error(`${err.message}\nstill waiting for ${waiting}; memctl in OpenCode's log:\n${lines.join("\n")}`);
  });
  t.diagnostic(`system transforms as OpenCode called them: ${fs.readFileSync(transforms, "utf8").trim().replaceAll("\n", " | ")}`);
  const system = systemText(found.system);
  const blocks = system.match(/<memctl-memory[^>]*>[\s\S]*?<\/memctl-memory>/g) ?? [];
  // The session overview and the prompt's block, each once; the title request gets neither.
  assert.equal(blocks.length, 2, `memctl blocks in the agent's request: ${blocks.map((b) => b.slice(0, 120)).join(" /// ")}`);
  assert.equal(new Set(blocks).size, 2, "no memctl block is sent twice");
  assert.ok(blocks[1]!.includes(RELEVANT_CARD), `the prompt's block sent to the model names ${RELEVANT_CARD}`);
  assert.ok(!found.titleSystem.includes("<memctl-memory"), `the title request carries no memctl block: ${found.titleSystem.slice(0, 300)}`);
  const injected = found.log.split("\n").find((l) => l.includes("memctl injected memory"));
  t.diagnostic(`OpenCode log: ${injected?.trim() ?? "(its tail was not flushed)"}`);
  // mcp.memctl in opencode.json: OpenCode started memctl's MCP server and offers its tools to the model.
  assert.ok(found.tools.includes("memctl_memory_context") && found.tools.includes("memctl_memory_search"), `tools offered: ${found.tools.join(", ")}`);
  // The turn ended, the session went idle, and the plugin appended one episode through `memctl log`.
  const added = fs
    .readFileSync(episodes, "utf8")
    .slice(episodesBefore.length)
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { host: string; summary: string; actor: string });
  assert.equal(added.length, 1);
  assert.equal(added[0]!.host, "opencode");
  assert.equal(added[0]!.actor, "host:opencode");
  assert.match(added[0]!.summary, /database migration/);

  const removed = memctl(world, ["uninstall", "opencode", "--scope", "project"]);
  assert.equal(removed.status, 0, removed.stderr);
  assert.deepEqual(snapshot(watched), before);
  removeWorld(world);
});

test("opencode: with small_model set to the agent's own model, the title request still gets no memory (the title agent's prompt tells)", { timeout: 600_000 }, async (t) => {
  if ("skip" in host) return t.skip(`LOUD SKIP: ${host.skip}`);
  const world = makeWorld("opencode-title");
  const server = await captureServer();
  t.after(() => server.close());
  fs.writeFileSync(
    path.join(world.project, "opencode.json"),
    JSON.stringify({ $schema: "https://opencode.ai/config.json", autoupdate: false, small_model: "anthropic/claude-sonnet-4-6" }, null, 2) + "\n",
  );
  installMemctlAt(world, path.join(world.dir, "prefix"));
  assert.equal(memctl(world, ["install", "opencode", "--scope", "project"]).status, 0);
  const env = { ...world.env, ANTHROPIC_API_KEY: "sk-ant-e2e-fake-key", ANTHROPIC_BASE_URL: server.url };
  const found = await runUntil(host.bin, ["run", PROMPT], { cwd: world.project, env, timeoutMs: 360_000 }, () => {
    const requests = server.bodies.map((body) => JSON.parse(body) as { model?: string; system?: unknown; tools?: unknown[]; messages?: unknown });
    const agent = requests.find((r) => (r.tools ?? []).length > 0);
    const title = requests.find((r) => JSON.stringify(r.messages ?? "").includes("Generate a title for this conversation"));
    return agent && title ? { agent, title } : undefined;
  });
  assert.equal(found.title.model, found.agent.model, "the title was asked of the agent's model");
  assert.ok(systemText(found.agent.system).includes("<memctl-memory"), "the agent's request has memory");
  assert.ok(!systemText(found.title.system).includes("<memctl-memory"), `the title request carries no memctl block: ${systemText(found.title.system).slice(0, 300)}`);
  assert.equal(memctl(world, ["uninstall", "opencode", "--scope", "project"]).status, 0);
  removeWorld(world);
});
