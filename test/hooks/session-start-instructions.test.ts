// Instruction memory at session start (issue 31, item 7): each host gets the instruction parts it does not load
// itself, within [instructions] max_bytes; Claude Code, which loads the CLAUDE.md chain and expands imports, gets
// no instruction text at all; a second wiring adds nothing.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { composeFor } from "../../lib/config/instructions.js";
import { runSessionStartHook } from "../../lib/hook/session-start.js";
import { BufferSink, type Io } from "../../lib/store/io.js";
import { makeWorld, type World } from "../support/fixture.js";

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** The repository's AGENTS.md imports docs/style.md, which imports docs/deep/naming.md: two hops. */
function withInstructions(w: World): void {
  write(path.join(w.home, ".claude", "CLAUDE.md"), "USER-RULE answer briefly\n");
  write(path.join(w.repo, "AGENTS.md"), "AGENTS-RULE keep PRs small\nFollow @docs/style.md\n");
  write(path.join(w.repo, "docs", "style.md"), "STYLE-RULE two spaces; see @deep/naming.md\n");
  write(path.join(w.repo, "docs", "deep", "naming.md"), "NAMING-RULE kebab-case, two hops deep\n");
  write(path.join(w.repo, "CLAUDE.md"), "@AGENTS.md\nCLAUDE-RULE prefer small diffs\n");
}

function io(w: World, env: Record<string, string> = {}): Io {
  return { stdout: new BufferSink(), stderr: new BufferSink(), env: { ...w.env, ...env }, cwd: w.repo, home: w.home, now: () => new Date("2026-12-02T10:00:00Z") };
}

async function start(w: World, host: string, session = "s-1", env: Record<string, string> = {}) {
  return runSessionStartHook(JSON.stringify({ cwd: w.repo, session_id: session, source: "startup" }), { host }, io(w, env));
}

/** What the model reads: Claude and Codex wrap it in SessionStart JSON, the others print it. */
function delivered(host: string, out: string): string {
  if (host !== "claude" && host !== "codex") return out;
  return out ? JSON.parse(out).hookSpecificOutput.additionalContext : "";
}

const RULES = ["USER-RULE", "AGENTS-RULE", "STYLE-RULE", "NAMING-RULE", "CLAUDE-RULE"];
const present = (text: string) => RULES.filter((r) => text.includes(r));

test("codex, opencode, grok, generic: the parts each lacks, imports two hops deep included, what it loads itself not repeated", async () => {
  const expected: Record<string, string[]> = {
    // Codex reads AGENTS.md but no CLAUDE.md and expands no import.
    codex: ["USER-RULE", "STYLE-RULE", "NAMING-RULE", "CLAUDE-RULE"],
    // OpenCode reads AGENTS.md files and ~/.claude/CLAUDE.md (no global AGENTS.md of its own here), no imports.
    opencode: ["STYLE-RULE", "NAMING-RULE", "CLAUDE-RULE"],
    // Grok reads both names per directory and ~/.claude/CLAUDE.md; it does not expand imports.
    grok: ["STYLE-RULE", "NAMING-RULE"],
    generic: RULES,
  };
  for (const [host, rules] of Object.entries(expected)) {
    const w = makeWorld();
    withInstructions(w);
    const r = await start(w, host);
    const text = delivered(host, r.outcome.stdout);
    assert.deepEqual(present(text), rules, `${host}:\n${text}`);
    assert.match(text, /^<memctl-instructions>\n/, host);
    assert.match(text, /--- docs\/deep\/naming.md \(project, imported by docs\/style.md:1 \(@deep\/naming.md\)\)\nNAMING-RULE/, host);
    assert.ok((r.instructionBytes ?? 0) > 0 && (r.instructionBytes ?? 0) <= 8192, `${host}: within the default budget`);
    // The memory overview still follows (the world's store has an index with no cards: no overview, no-store).
    assert.equal(r.text, text);
  }
});

test("claude: the CLAUDE.md chain and its imports are Claude's own, so its session start carries no instruction text", async () => {
  const w = makeWorld();
  withInstructions(w);
  const r = await start(w, "claude");
  const text = delivered("claude", r.outcome.stdout);
  assert.deepEqual(present(text), []);
  assert.ok(!text.includes("memctl-instructions"), text);
  assert.equal(r.instructionBytes, undefined);
  // An AGENTS.md no CLAUDE.md imports is one Claude would never see: that one, and only that one, is added.
  write(path.join(w.repo, "sub", "AGENTS.md"), "SUB-RULE only here\n");
  const sub = await runSessionStartHook(JSON.stringify({ cwd: path.join(w.repo, "sub"), session_id: "s-2", source: "startup" }), { host: "claude" }, io(w));
  const subText = delivered("claude", sub.outcome.stdout);
  assert.deepEqual(present(subText), []);
  assert.match(subText, /--- sub\/AGENTS.md \(subtree\)\nSUB-RULE only here\n<\/memctl-instructions>/);
});

test("within [instructions] max_bytes: whole parts only, the rest named in one line and logged", async () => {
  const w = makeWorld();
  withInstructions(w);
  write(w.env.MEMCTL_CONFIG_FILE!, "[instructions]\nmax_bytes = 480\n");
  const r = await start(w, "codex");
  const text = delivered("codex", r.outcome.stdout);
  assert.ok(r.instructionBytes! <= 480, `${r.instructionBytes} bytes`);
  assert.match(text, /left out over the 480-byte budget \(\[instructions\] max_bytes\): memctl instructions --host codex shows them/);
  assert.ok(!text.includes("NAMING-RULE"), "the last part did not fit");
  const log = fs.readFileSync(path.join(w.home, ".local", "state", "memctl", "hook.log"), "utf8");
  assert.match(log, /session start \(codex\): \d instruction part\(s\) left out over \[instructions\] max_bytes/);
});

test("a second wiring's run adds nothing, with a store or without one", async () => {
  for (const createMemory of [true, false]) {
    const w = makeWorld({ createMemory, explicit: createMemory });
    withInstructions(w);
    const first = await start(w, "codex", "s-dup");
    assert.ok(delivered("codex", first.outcome.stdout).includes("NAMING-RULE"), `first run (store: ${createMemory})`);
    const second = await start(w, "codex", "s-dup");
    assert.equal(second.outcome.stdout, "", `second run (store: ${createMemory})`);
    // A new session gets them again.
    assert.ok(delivered("codex", (await start(w, "codex", "s-new")).outcome.stdout).includes("NAMING-RULE"));
  }
});

test("a cloned project's instruction files cannot pull the owner's files into the block: only the project and visible Markdown of ~/.claude", async () => {
  const w = makeWorld();
  const claude = path.join(w.home, ".claude");
  // What ~/.claude holds besides instructions: the host's login, its settings, transcripts.
  write(path.join(claude, ".credentials.json"), '{"claudeAiOauth":{"accessToken":"LOGIN-TOKEN-never-injected"}}\n');
  write(path.join(claude, "settings.json"), '{"env":{"NOTE":"SETTINGS-never-injected"}}\n');
  write(path.join(claude, "projects", "-other", "s.jsonl"), '{"message":"TRANSCRIPT-never-injected"}\n');
  write(path.join(claude, ".private", "notes.md"), "HIDDEN-DIR-never-injected\n");
  write(path.join(claude, "my-project-instructions.md"), "OWN-RULE my own per-project rule\n");
  fs.symlinkSync(path.join(claude, ".credentials.json"), path.join(w.repo, "creds.md"));
  // A hidden file of the project (the user's .env beside cloned code) is never imported; a visible one is, redacted.
  write(path.join(w.repo, ".env"), "DATABASE_PASSWORD=ENV-FILE-never-injected\n");
  write(path.join(w.repo, "deploy.md"), "AWS_ACCESS_KEY_ID=AKIAZ7Q3XK4M2RTV9PLD\n");
  write(
    path.join(w.repo, "AGENTS.md"),
    "AGENTS-RULE keep PRs small\n@~/.claude/.credentials.json\n@~/.claude/settings.json\n@../home/.claude/projects/-other/s.jsonl\n@~/.claude/.private/notes.md\n@creds.md\n@.env\n@deploy.md\n@~/.claude/my-project-instructions.md\n",
  );
  for (const host of ["codex", "generic"]) {
    const r = await start(w, host, `s-${host}`);
    const text = delivered(host, r.outcome.stdout);
    assert.ok(text.includes("AGENTS-RULE") || host === "codex", `${host}: the project's own rule`);
    assert.match(text, /OWN-RULE/, `${host}: a visible Markdown file of the user's instruction dir is still composed`);
    for (const leak of ["LOGIN-TOKEN", "SETTINGS-never", "TRANSCRIPT-never", "HIDDEN-DIR-never", "ENV-FILE-never", "AKIAZ7Q3XK4M2RTV9PLD"])
      assert.ok(!text.includes(leak), `${host}: ${leak} leaked:\n${text}`);
    assert.match(text, /AWS_ACCESS_KEY_ID=\[REDACTED:aws-access-key-id\]/, `${host}: a project file's secret is redacted in the block`);
  }
  const { composition } = composeFor(w.repo, { home: w.home }, {});
  const unsafe = composition.problems.filter((p) => p.kind === "unsafe").map((p) => p.target ?? p.file);
  assert.deepEqual(unsafe.sort(), [
    "../home/.claude/projects/-other/s.jsonl",
    ".env",
    "creds.md",
    "~/.claude/.credentials.json",
    "~/.claude/.private/notes.md",
    "~/.claude/settings.json",
  ]);
  const login = composition.problems.find((p) => p.target === "~/.claude/.credentials.json");
  assert.match(login?.detail ?? "", /comes with the repository, so it may import only the project's files .*\(E_PATH_ESCAPE\)/);
});

test("the user's own instruction files keep both roots: ~/.claude/CLAUDE.md may import a file of the project and of ~/.claude", async () => {
  const w = makeWorld();
  write(path.join(w.home, ".claude", "CLAUDE.md"), `USER-RULE\n@~/.claude/rules.txt\n@${path.join(w.repo, "shared.md")}\n`);
  write(path.join(w.home, ".claude", "rules.txt"), "USER-TXT-RULE\n");
  write(path.join(w.repo, "shared.md"), "SHARED-RULE\n");
  const text = delivered("generic", (await start(w, "generic")).outcome.stdout);
  for (const rule of ["USER-RULE", "USER-TXT-RULE", "SHARED-RULE"]) assert.match(text, new RegExp(rule));
});

test("a project file the owner's ~/.claude/CLAUDE.md imports is still a project file: what it imports stays inside the project", async () => {
  const w = makeWorld();
  const claude = path.join(w.home, ".claude");
  write(path.join(claude, ".credentials.json"), '{"claudeAiOauth":{"accessToken":"LOGIN-TOKEN-never-injected"}}\n');
  write(path.join(claude, "settings.json"), '{"env":{"NOTE":"SETTINGS-never-injected"}}\n');
  write(path.join(claude, "my-project-instructions.md"), "OWN-RULE my own per-project rule\n");
  write(path.join(claude, "CLAUDE.md"), `USER-RULE\n@${path.join(w.repo, "team.md")}\n`);
  // The clone's file, reached through the owner's import, then through one of its own.
  write(path.join(w.repo, "team.md"), "TEAM-RULE\n@docs/more.md\n@~/.claude/.credentials.json\n");
  write(path.join(w.repo, "docs", "more.md"), "MORE-RULE\n@~/.claude/settings.json\n@~/.claude/my-project-instructions.md\n");
  const text = delivered("generic", (await start(w, "generic")).outcome.stdout);
  for (const rule of ["USER-RULE", "TEAM-RULE", "MORE-RULE", "OWN-RULE"]) assert.match(text, new RegExp(rule));
  for (const leak of ["LOGIN-TOKEN", "SETTINGS-never"]) assert.ok(!text.includes(leak), `${leak} leaked:\n${text}`);
  const { composition } = composeFor(w.repo, { home: w.home }, {});
  const unsafe = composition.problems.filter((p) => p.kind === "unsafe");
  assert.deepEqual(unsafe.map((p) => p.target).sort(), ["~/.claude/.credentials.json", "~/.claude/settings.json"]);
  for (const p of unsafe) assert.match(p.detail, /\(E_PATH_ESCAPE\)/);
});
