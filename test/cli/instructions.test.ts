// `memctl instructions` (issue 31, item 7): the composed instruction layer with each part's origin, the problems
// (dead, cyclic, unsafe imports), what each host loads itself and what memctl adds, and the [instructions] config.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { initRepo, runCli, testIo } from "../helpers.js";
import { scratchDir } from "../support/scratch.js";

/** A home with a user CLAUDE.md and a repository whose AGENTS.md imports a file that imports another (two hops). */
export function instructionWorld() {
  const root = fs.realpathSync(scratchDir("memctl-instr-"));
  const home = path.join(root, "home");
  const repo = initRepo(path.join(root, "repo"));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };
  write(path.join(home, ".claude", "CLAUDE.md"), "User rule: answer briefly.\n");
  write(path.join(repo, "AGENTS.md"), "# Team rules\nFollow @docs/style.md for style.\nShell: `npm i @types/node` is not an import.\n");
  write(path.join(repo, "docs", "style.md"), "Style lives here; naming in @deep/naming.md\n");
  write(path.join(repo, "docs", "deep", "naming.md"), "Naming: kebab-case file names (two hops deep).\n");
  write(path.join(repo, "CLAUDE.md"), "@AGENTS.md\nClaude-only: prefer small diffs.\n");
  write(path.join(repo, "sub", "AGENTS.md"), "Subtree rule: sub has its own tests.\n");
  return { root, home, repo, sub: path.join(repo, "sub"), write, io: (cwd: string, env: Record<string, string> = {}) => testIo({ cwd, home, env }) };
}

test("memctl instructions: user → project → subtree, imports after their importer with file and line, one total", async () => {
  const w = instructionWorld();
  const r = await runCli(["instructions"], w.io(w.sub));
  assert.equal(r.code, 0, r.stderr);
  const headings = r.stdout.split("\n").filter((l) => l.startsWith("--- "));
  assert.deepEqual(headings, [
    "--- ~/.claude/CLAUDE.md (user) 27 B",
    "--- AGENTS.md (project) 91 B",
    "--- docs/style.md (project, imported by AGENTS.md:2 (@docs/style.md)) 44 B",
    "--- docs/deep/naming.md (project, imported by docs/style.md:1 (@deep/naming.md)) 47 B",
    "--- CLAUDE.md (project) 44 B",
    "--- sub/AGENTS.md (subtree) 37 B",
  ]);
  assert.match(r.stdout, /Naming: kebab-case file names \(two hops deep\)\./);
  assert.match(r.stdout, /Always-on: 290 bytes in 6 parts \(budget 8192 bytes\)\n$/);
  assert.doesNotMatch(r.stdout, /Problems:/);
});

test("memctl instructions --json: every part with layer, depth, origin and bytes; problems with their kind and line", async () => {
  const w = instructionWorld();
  const outside = path.join(w.root, "outside.md");
  fs.writeFileSync(outside, "SECRET outside the roots\n");
  fs.symlinkSync(outside, path.join(w.repo, "docs", "escape.md"));
  execFileSync("mkfifo", [path.join(w.repo, "docs", "pipe.md")]);
  w.write(path.join(w.repo, "docs", "loop.md"), "@../AGENTS.md\n");
  fs.appendFileSync(path.join(w.repo, "AGENTS.md"), "@docs/gone.md @docs/escape.md @docs/pipe.md @/etc/hostname.md @docs/loop.md\n");
  const r = await runCli(["instructions", "--json", "--dir", w.repo], w.io(w.home));
  assert.equal(r.code, 0, r.stderr);
  const json = JSON.parse(r.stdout);
  assert.equal(json.project_root, w.repo);
  assert.deepEqual(json.files, ["AGENTS.md", "CLAUDE.md"]);
  assert.equal(json.max_import_depth, 5);
  assert.deepEqual(
    json.parts.map((p: { display: string; layer: string; depth: number; from: { line: number } | null }) => [p.display, p.layer, p.depth, p.from?.line ?? null]),
    [
      ["~/.claude/CLAUDE.md", "user", 0, null],
      ["AGENTS.md", "project", 0, null],
      ["docs/style.md", "project", 1, 2],
      ["docs/deep/naming.md", "project", 2, 1],
      ["docs/loop.md", "project", 1, 4],
      ["CLAUDE.md", "project", 0, null],
    ],
  );
  assert.deepEqual(
    json.problems.map((p: { kind: string; display: string; line?: number; target?: string }) => [p.kind, p.display, p.line, p.target]),
    [
      ["dead-import", "AGENTS.md", 4, "docs/gone.md"],
      ["unsafe", "AGENTS.md", 4, "docs/escape.md"],
      ["unsafe", "AGENTS.md", 4, "docs/pipe.md"],
      ["unsafe", "AGENTS.md", 4, "/etc/hostname.md"],
      ["cycle", "docs/loop.md", 1, "../AGENTS.md"],
    ],
  );
  assert.ok(!r.stdout.includes("SECRET"), "nothing of a file outside the roots is read");
  const human = await runCli(["instructions", "--dir", w.repo], w.io(w.home));
  assert.match(human.stdout, /Problems:\n {2}dead import: AGENTS.md:4 @docs\/gone.md — /);
  assert.match(human.stdout, /refused \(unsafe\): AGENTS.md:4 @docs\/escape.md — .*resolves through a symlink to .*outside.md, outside the allowed roots/);
  assert.match(human.stdout, /refused \(unsafe\): AGENTS.md:4 @docs\/pipe.md — .* is not a regular file \(it is a FIFO\)/);
  assert.match(human.stdout, /cycle: docs\/loop.md:1 @..\/AGENTS.md/);
});

test("memctl instructions --host: what each host loads itself and what memctl adds (Claude: nothing)", async () => {
  const w = instructionWorld();
  const host = async (name: string) => JSON.parse((await runCli(["instructions", "--json", "--host", name], w.io(w.sub))).stdout).host;
  const rel = (files: string[]) => files.map((f) => path.relative(w.root, f));
  // Claude loads ~/.claude/CLAUDE.md and CLAUDE.md, whose @AGENTS.md brings AGENTS.md and both hops: nothing twice.
  // sub/AGENTS.md is not imported by any CLAUDE.md, so Claude would not see it: memctl adds that one.
  const claude = await host("claude");
  assert.deepEqual(rel(claude.added), ["repo/sub/AGENTS.md"]);
  // Codex reads AGENTS.md down the tree but expands no import and no CLAUDE.md.
  const codex = await host("codex");
  assert.deepEqual(rel(codex.added), ["home/.claude/CLAUDE.md", "repo/docs/style.md", "repo/docs/deep/naming.md", "repo/CLAUDE.md"]);
  assert.match(codex.block, /^<memctl-instructions>\n/);
  assert.match(codex.block, /--- docs\/deep\/naming.md \(project, imported by docs\/style.md:1 \(@deep\/naming.md\)\)\nNaming: kebab-case/);
  assert.ok(!codex.block.includes("Team rules"), "AGENTS.md itself is Codex's own: not repeated");
  // OpenCode reads AGENTS.md files and, globally, ~/.claude/CLAUDE.md (no ~/.config/opencode/AGENTS.md here).
  assert.deepEqual(rel((await host("opencode")).added), ["repo/docs/style.md", "repo/docs/deep/naming.md", "repo/CLAUDE.md"]);
  // Grok reads both names per directory and ~/.claude/CLAUDE.md, but not imports.
  assert.deepEqual(rel((await host("grok")).added), ["repo/docs/style.md", "repo/docs/deep/naming.md"]);
  const human = await runCli(["instructions", "--host", "codex"], w.io(w.sub));
  assert.match(human.stdout, /codex loads itself: AGENTS.md, sub\/AGENTS.md \(no @imports\)\nmemctl adds at session start: 4 parts, \d+ bytes \(budget 8192\)/);
  assert.doesNotMatch(human.stdout, /^--- AGENTS.md/m);
  assert.equal((await runCli(["instructions", "--host", "nope"], w.io(w.sub))).code, 2);
});

test("[instructions] in the user config: files, max_bytes and user_dir change what composes; bad values are reported by config lint", async () => {
  const w = instructionWorld();
  const io = w.io(w.sub);
  const config = io.env.MEMCTL_CONFIG_FILE!;
  w.write(path.join(w.home, "rules", "AGENTS.md"), "From my own rules dir.\n");
  fs.writeFileSync(config, '[instructions]\nfiles = ["CLAUDE.md"]\nmax_bytes = 520\nuser_dir = "~/rules"\n');
  // user_dir ~/rules has no CLAUDE.md; the project's CLAUDE.md imports AGENTS.md (and so both hops).
  const json = JSON.parse((await runCli(["instructions", "--json", "--host", "codex"], io)).stdout);
  assert.deepEqual(
    json.parts.map((p: { display: string }) => p.display),
    ["CLAUDE.md", "AGENTS.md", "docs/style.md", "docs/deep/naming.md"],
  );
  assert.equal(json.max_bytes, 520);
  assert.ok(json.host.added_bytes <= 520 && json.host.omitted.length > 0, `over a 520-byte budget something is left out: ${JSON.stringify(json.host)}`);
  assert.match(json.host.block, /left out over the 520-byte budget \(\[instructions\] max_bytes\): memctl instructions --host codex shows them/);
  fs.writeFileSync(config, '[instructions]\nfiles = ["docs/AGENTS.md"]\nmax_bytes = 0\nuser_dir = "relative"\ncolour = 1\n');
  const lint = await runCli(["config", "lint"], io);
  assert.match(lint.stdout + lint.stderr, /instructions.files must be a non-empty list of file names/);
  assert.match(lint.stdout + lint.stderr, /instructions.max_bytes must be a positive integer, got 0/);
  assert.match(lint.stdout + lint.stderr, /instructions.user_dir must be an absolute path or start with ~\//);
  assert.match(lint.stdout + lint.stderr, /unknown key "instructions.colour"/);
  // The defaults stand in for the bad values.
  const fallback = JSON.parse((await runCli(["instructions", "--json"], io)).stdout);
  assert.deepEqual([fallback.files, fallback.max_bytes], [["AGENTS.md", "CLAUDE.md"], 8192]);
});
