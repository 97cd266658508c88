// Codex 0.169.0, for real: memctl install → one offline `codex exec` → the hook's block recorded in Codex's
// own rollout file as the hook's additional context (a developer message bound for the model), and the
// AGENTS.md contract in the same rollout, the registered MCP server in `codex mcp get memctl --json` and its
// tools in the model's instructions (the deferred mcp__memctl namespace) → uninstall restores every config
// file byte for byte.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import {
  codexHooksList,
  ensureHost,
  filesUnder,
  installMemctlAt,
  makeWorld,
  memctl,
  PROMPT,
  readJsonl,
  RELEVANT_CARD,
  REPO,
  runUntil,
  snapshot,
  trustCodexHooks,
  type World,
  removeWorld,
} from "./harness.js";

const host = ensureHost("codex");

interface RolloutEvidence {
  block: string;
  contract: boolean;
  rollout: string;
  /** A developer message bound for the model offers memctl's MCP tools (Codex lists MCP servers as deferred tool namespaces). */
  tools: boolean;
}

// `codex exec` builds its first request as soon as the session starts: a server not yet listing its tools then (memctl's
// ~0.4 s of start-up CPU, seconds on a loaded CI machine) is left out of that request. The installed config keeps the
// server optional, so a broken memctl never stops Codex; this run alone marks it required, which makes Codex wait for
// its tool list, so the check below proves the installed server starts and lists its tools rather than who won a race.
const WAIT_FOR_MEMCTL_TOOLS = ["-c", "mcp_servers.memctl.required=true"];

/** The same for a server a project's config declares (a `-c` override would make a second, command-less entry):
 * `required = true` goes into its table for the run, and the returned function takes it out again. */
function requireMemctlServer(configFile: string): () => void {
  const text = fs.readFileSync(configFile, "utf8");
  const marked = text.replace(/^(\[mcp_servers\.memctl\][^\n]*\n)/m, "$1required = true\n");
  assert.notEqual(marked, text, `a [mcp_servers.memctl] table in ${configFile}`);
  fs.writeFileSync(configFile, marked);
  return () => fs.writeFileSync(configFile, text);
}

function evidence(world: World): RolloutEvidence | undefined {
  for (const file of filesUnder(path.join(world.home, ".codex", "sessions")).filter((f) => /rollout-.*\.jsonl$/.test(f))) {
    const lines = readJsonl(file);
    for (const line of lines) {
      const p = line.payload as
        | { type?: string; role?: string; content?: { text?: string }[]; internal_chat_message_metadata_passthrough?: { content_item_kinds?: string[] } }
        | undefined;
      if (line.type !== "response_item" || p?.type !== "message" || p.role !== "developer") continue;
      const text = (p.content ?? []).map((c) => c.text ?? "").join("\n");
      // The per-prompt block; the SessionStart overview (also hook context) arrives earlier in the rollout.
      if (!text.includes("<memctl-memory") || text.includes("Session start:")) continue;
      const kinds = p.internal_chat_message_metadata_passthrough?.content_item_kinds ?? [];
      assert.ok(kinds.includes("hooks.additional_context"), `recorded as hook context, kinds: ${kinds.join(",")}`);
      const contract = lines.some((l) => JSON.stringify(l).includes("Write memory only through memctl"));
      const tools = lines.some((l) => {
        const m = l.payload as { type?: string; role?: string; content?: { text?: string }[] } | undefined;
        const said = (m?.content ?? []).map((c) => c.text ?? "").join("\n");
        return l.type === "response_item" && m?.role === "developer" && /- mcp__memctl: .*memory_context/.test(said);
      });
      return { block: text, contract, rollout: lines.map((l) => JSON.stringify(l)).join("\n"), tools };
    }
  }
  return undefined;
}

test("codex: install wires hooks.json + [features] + AGENTS.md + skills, the block reaches the rollout, uninstall restores the files", { timeout: 600_000 }, async (t) => {
  if ("skip" in host) return t.skip(`LOUD SKIP: ${host.skip}`);
  const world = makeWorld("codex");
  const codexHome = path.join(world.home, ".codex");
  const config = path.join(codexHome, "config.toml");
  const agents = path.join(codexHome, "AGENTS.md");
  fs.mkdirSync(codexHome, { recursive: true });
  fs.writeFileSync(config, "# my codex settings\n[features]\nmemories = false # off here\n");
  fs.writeFileSync(agents, "# My rules\n\nAnswer briefly.\n");
  const skills = filesUnder(path.join(REPO, "commands")).map((f) => path.join(world.home, ".agents", "skills", path.basename(f, ".md"), "SKILL.md"));
  const watched = [config, agents, path.join(codexHome, "hooks.json"), ...skills];
  const before = snapshot(watched);
  const env = { ...world.env, CODEX_HOME: codexHome, OPENAI_API_KEY: "sk-e2e-fake-key" };

  const first = memctl(world, ["install", "codex"]);
  assert.equal(first.status, 0, first.stderr);
  assert.match(first.stdout, /open \/hooks/, "tells the user how to trust the hook");
  assert.match(memctl(world, ["install", "codex"]).stdout, /already installed; nothing changed/);
  assert.match(
    fs.readFileSync(config, "utf8"),
    /^# my codex settings\n\[features\]\nhooks = true # memctl-managed\nmemories = false # off here\n\n\[mcp_servers\.memctl\] # memctl-managed\n/,
  );
  assertRegistered(host.bin, world, env, ["--actor", "host:codex"]);

  const found = await runUntil(
    host.bin,
    ["exec", ...WAIT_FOR_MEMCTL_TOOLS, "--dangerously-bypass-hook-trust", "--skip-git-repo-check", PROMPT],
    { cwd: world.project, env, timeoutMs: 360_000 },
    () => evidence(world),
  );
  assert.ok(found.block.includes(RELEVANT_CARD), `the block for this prompt names ${RELEVANT_CARD}:\n${found.block}`);
  assert.ok(found.contract, "the AGENTS.md memory contract is in the model's instructions");
  for (const f of filesUnder(path.join(REPO, "commands"))) assert.ok(found.rollout.includes(`${path.basename(f, ".md")}:`), `Codex lists the ${path.basename(f, ".md")} skill`);
  t.diagnostic(`${Buffer.byteLength(found.block)} bytes of memory recorded as hooks.additional_context in the rollout`);
  assert.ok(found.tools, "the memctl MCP tools are offered to the model");

  const removed = memctl(world, ["uninstall", "codex"]);
  assert.equal(removed.status, 0, removed.stderr);
  assert.deepEqual(snapshot(watched), before);
  removeWorld(world);
});

test("codex --scope project: the project's .codex/hooks.json runs once the project is trusted, and uninstall restores the project", { timeout: 600_000 }, async (t) => {
  if ("skip" in host) return t.skip(`LOUD SKIP: ${host.skip}`);
  const world = makeWorld("codex-project");
  installMemctlAt(world, path.join(world.dir, "prefix"));
  const codexHome = path.join(world.home, ".codex");
  fs.mkdirSync(codexHome, { recursive: true });
  const agents = path.join(world.project, "AGENTS.md");
  fs.writeFileSync(agents, "# Project rules\n\n- keep PRs small\n");
  const skills = filesUnder(path.join(REPO, "commands")).map((f) => path.join(world.project, ".agents", "skills", path.basename(f, ".md"), "SKILL.md"));
  const watched = [agents, path.join(world.project, ".codex", "hooks.json"), path.join(world.project, ".codex", "config.toml"), ...skills];
  const before = snapshot(watched);
  const env = { ...world.env, CODEX_HOME: codexHome, OPENAI_API_KEY: "sk-e2e-fake-key" };

  const first = memctl(world, ["install", "codex", "--scope", "project"]);
  assert.equal(first.status, 0, first.stderr);
  assert.match(first.stdout, /project trusted/);
  assert.deepEqual(fs.readdirSync(codexHome), [], "nothing in the user's Codex home");

  // --trust records the project as trusted (what the first-start prompt does); the hook review is bypassed.
  const unrequire = requireMemctlServer(path.join(world.project, ".codex", "config.toml"));
  const found = await runUntil(host.bin, ["exec", "--trust", "--dangerously-bypass-hook-trust", PROMPT], { cwd: world.project, env, timeoutMs: 360_000 }, () => evidence(world));
  unrequire();
  assert.ok(found.block.includes(RELEVANT_CARD));
  assert.ok(found.contract, "the project AGENTS.md block reached the model");
  assert.ok(found.tools, "the project's memctl MCP tools are offered to the model");
  // Codex reads the project's .codex/config.toml only in a trusted project; --trust above recorded that.
  assertRegistered(host.bin, world, { ...env, PATH: world.env.PATH! }, ["--actor", "host:codex"], "memctl");

  assert.equal(memctl(world, ["uninstall", "codex", "--scope", "project"]).status, 0);
  assert.deepEqual(snapshot(watched), before);
  assert.equal(fs.existsSync(path.join(world.project, ".agents")), false, "the skills folder memctl made is gone");
  removeWorld(world);
});

/** Codex's own view of the registration (run in the project, so project config counts). */
function assertRegistered(bin: string, world: World, env: Record<string, string>, tail: string[], launcher: "node" | "memctl" = "node"): void {
  const get = spawnSync(bin, ["mcp", "get", "memctl", "--json"], { cwd: world.project, env, encoding: "utf8", timeout: 300_000 });
  assert.equal(get.status, 0, get.stdout + get.stderr);
  const server = JSON.parse(get.stdout) as { enabled: boolean; transport: { type: string; command: string; args: string[] } };
  assert.equal(server.enabled, true);
  const args = launcher === "node" ? [`${REPO}/dist/cli.js`, "mcp", ...tail] : ["mcp", ...tail];
  assert.deepEqual(server.transport, { ...server.transport, type: "stdio", command: launcher, args });
  const list = spawnSync(bin, ["mcp", "list"], { cwd: world.project, env, encoding: "utf8", timeout: 300_000 });
  const shown = launcher === "node" ? /^memctl\s+node\s+\S+\/dist\/cli\.js mcp .*enabled/m : /^memctl\s+memctl\s+mcp .*enabled/m;
  assert.match(list.stdout, shown, list.stdout + list.stderr);
}

test("codex: the plugin from the repository's marketplace (a plain git clone) injects, lists its skills and registers its MCP server", { timeout: 600_000 }, async (t) => {
  if ("skip" in host) return t.skip(`LOUD SKIP: ${host.skip}`);
  const world = makeWorld("codex-plugin");
  const codexHome = path.join(world.home, ".codex");
  fs.mkdirSync(codexHome, { recursive: true });
  // The repository's committed files only (.agents/plugins/marketplace.json → ./plugin): no dist/, no node_modules.
  const clone = path.join(world.dir, "clone");
  const cloned = spawnSync("git", ["clone", "--quiet", REPO, clone], { encoding: "utf8" });
  assert.equal(cloned.status, 0, cloned.stderr);
  // The hook runs from the plugin itself; its MCP server and skills run memctl from PATH (Codex gives them no plugin root).
  installMemctlAt(world, path.join(world.dir, "prefix"));
  const env = { ...world.env, CODEX_HOME: codexHome, OPENAI_API_KEY: "sk-e2e-fake-key" };
  const bin: string = host.bin;
  for (const args of [
    ["plugin", "marketplace", "add", clone],
    ["plugin", "add", "memctl@memctl"],
  ]) {
    const r = spawnSync(bin, args, { cwd: world.project, env, encoding: "utf8", timeout: 300_000 });
    assert.equal(r.status, 0, r.stdout + r.stderr);
  }
  assert.equal(fs.existsSync(path.join(codexHome, "hooks.json")), false, "no hooks.json wiring: the hook comes from the plugin");
  const found = await runUntil(host.bin, ["exec", "--dangerously-bypass-hook-trust", PROMPT], { cwd: world.project, env, timeoutMs: 360_000 }, () => evidence(world));
  assert.ok(found.block.includes(RELEVANT_CARD));
  // Its skills are listed to the model; its MCP server is registered (Codex's own listing) and starts.
  for (const f of filesUnder(path.join(REPO, "commands")))
    assert.ok(found.rollout.includes(`memctl:${path.basename(f, ".md")}`), `the skill memctl:${path.basename(f, ".md")} is listed`);
  const list = spawnSync(bin, ["mcp", "list"], { cwd: world.project, env, encoding: "utf8", timeout: 300_000 });
  assert.match(list.stdout, /^memctl\s+memctl\s+mcp --actor host:codex .*enabled/m, list.stdout + list.stderr);
  removeWorld(world);
});

test("codex: the SessionEnd hook is wired with an explicit timeout, and --status's trust hash is the one Codex computes for it (hooks/list)", { timeout: 600_000 }, async (t) => {
  if ("skip" in host) return t.skip(`LOUD SKIP: ${host.skip}`);
  const world = makeWorld("codex-timeout");
  const codexHome = path.join(world.home, ".codex");
  fs.mkdirSync(codexHome, { recursive: true });
  const env = { ...world.env, CODEX_HOME: codexHome, OPENAI_API_KEY: "sk-e2e-fake-key" };
  assert.equal(memctl(world, ["install", "codex"]).status, 0);
  const wired = JSON.parse(fs.readFileSync(path.join(codexHome, "hooks.json"), "utf8")) as { hooks: Record<string, { hooks: { timeout?: number }[] }[]> };
  assert.equal(wired.hooks.SessionEnd![0]!.hooks[0]!.timeout, 3);
  const listed = await codexHooksList(host.bin, world.project, env);
  const end = listed.find((h) => h.key.includes(":session_end:"));
  t.diagnostic(`hooks/list session_end: ${JSON.stringify(end)}`);
  assert.ok(end, JSON.stringify(listed));
  // Codex read the timeout (its default for SessionEnd would be 1 s; 3 s is its ceiling: 10 is listed as 3).
  assert.equal(end.timeoutSec, 3, JSON.stringify(end));
  assert.match(memctl(world, ["install", "--status", "--scope", "user"]).stdout, /Codex CLI[^\n]*\n\s+user\s+installed, not trusted/);
  // Trusted as /hooks would (Codex's key and currentHash): memctl's own hash must agree for all three hooks.
  trustCodexHooks(codexHome, listed);
  assert.deepEqual(
    (await codexHooksList(host.bin, world.project, env)).map((h) => h.trustStatus),
    ["trusted", "trusted", "trusted"],
  );
  assert.match(memctl(world, ["install", "--status", "--scope", "user"]).stdout, /Codex CLI[^\n]*\n\s+user\s+installed\n/);
  removeWorld(world);
});
