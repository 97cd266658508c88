// Every ```console block in README.md and docs/*.md is an example of real output. This runs each one in a
// sandbox laid out like the docs describe (/home/me, ~/src/acme-api, ~/notes/acme-memory) with a fixed clock,
// and compares what memctl prints with what the docs show. `npm run docs:examples` rewrites the docs from the
// real output instead, so an example is regenerated, never edited by hand.
//
// Block syntax: an HTML comment right before the block picks the sandbox — `<!-- example: sample -->` (the
// bundled sample store, selected by MEMCTL_MEMORY_DIR, in a git checkout), `<!-- example: app -->` (a git
// checkout with no store yet: the legacy Claude location applies), or `<!-- example: continue -->` (the
// previous block's sandbox, state kept). Inside, `$ ` lines are commands; everything up to the next `$ ` line
// is their combined stdout and stderr. `memctl …` runs in-process with the injected IO; `echo 'x' | memctl …`
// feeds stdin; `echo $?` prints the last exit code; `cd DIR` moves; any other line runs in bash.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { main } from "../../lib/cli/main.js";
import { BufferSink, type Io } from "../../lib/store/io.js";
import { claudeSlug, projectKey } from "../../lib/config/project.js";
import { REPO_ROOT } from "../helpers.js";
import { scratchDir } from "./scratch.js";

export const DOC_FILES = [
  "README.md",
  ...fs
    .readdirSync(path.join(REPO_ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => `docs/${f}`),
];

const HOME = "/home/me";
const PACKAGE_SHOWN = "/opt/memctl";
const NOW = new Date("2026-12-02T10:30:00Z");
const FIXTURES = ["sample", "app"] as const;
const REPO_NAMES = ["acme-api", "app"];
type Fixture = (typeof FIXTURES)[number];

export interface Example {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  fixture: Fixture | "continue";
  /** Index range of the block's body lines in the file's lines. */
  bodyStart: number;
  bodyEnd: number;
  steps: { command: string; expected: string[] }[];
}

/** The console blocks of one Markdown file; a block without its `<!-- example: … -->` comment is an error. */
export function parseExamples(file: string, text: string): { examples: Example[]; problems: string[] } {
  const lines = text.split("\n");
  const examples: Example[] = [];
  const problems: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== "```console") continue;
    const directive = /^<!-- example: (\w+) -->$/.exec(lines[i - 1] ?? "");
    const end = lines.indexOf("```", i + 1);
    if (end < 0) {
      problems.push(`${file}:${i + 1}: console block never closed`);
      break;
    }
    if (!directive || !([...FIXTURES, "continue"] as string[]).includes(directive[1]!)) {
      problems.push(`${file}:${i + 1}: a console block needs <!-- example: ${[...FIXTURES, "continue"].join(" | ")} --> on the line before it`);
    } else {
      const steps: Example["steps"] = [];
      for (const l of lines.slice(i + 1, end)) {
        if (l.startsWith("$ ")) steps.push({ command: l.slice(2), expected: [] });
        else if (steps.length > 0) steps[steps.length - 1]!.expected.push(l);
        else problems.push(`${file}:${i + 1}: output before the first $ command`);
      }
      examples.push({ file, line: i + 1, fixture: directive[1] as Example["fixture"], bodyStart: i + 1, bodyEnd: end, steps });
    }
    i = end;
  }
  return { examples, problems };
}

interface Sandbox {
  root: string;
  cwd: string;
  env: Record<string, string>;
  lastCode: number;
  /** Random ids seen in output, actual → as the docs show them (and back, for commands). */
  ids: Map<string, string>;
}

function makeSandbox(fixture: Fixture): Sandbox {
  // A root of one length wherever the tests run (the runner's TMPDIR is deeper than a shell's): byte counts that
  // include a store path under it (doctor, compact) then print the same in every run.
  const root = fs.realpathSync(scratchDir("memctl-docs-", fs.existsSync("/tmp") ? "/tmp" : undefined));
  const home = root + HOME;
  fs.mkdirSync(path.join(home, ".config"), { recursive: true });
  const gitEnv = {
    PATH: process.env.PATH ?? "",
    HOME: home,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_AUTHOR_NAME: "me",
    GIT_AUTHOR_EMAIL: "me@example.invalid",
    GIT_COMMITTER_NAME: "me",
    GIT_COMMITTER_EMAIL: "me@example.invalid",
  };
  const repo = path.join(home, "src", fixture === "sample" ? "acme-api" : "app");
  fs.mkdirSync(repo, { recursive: true });
  execFileSync("git", ["init", "-q", "-b", "main", repo], { env: gitEnv });
  fs.writeFileSync(path.join(repo, "README.md"), "hello\n");
  // The CI config the docs' proposals cite ("--source ci.yml line 40"): consolidate --accept-facts checks it exists.
  fs.writeFileSync(path.join(repo, "ci.yml"), "steps:\n  - run: npm ci\n");
  execFileSync("git", ["add", "."], { cwd: repo, env: gitEnv });
  execFileSync("git", ["commit", "-q", "-m", "init"], { cwd: repo, env: gitEnv });
  // The reader the docs follow has run `npm install -g memctl` and has Claude Code: their commands are on PATH
  // (stand-ins that exit 0; memctl's output depends only on whether they are there).
  const bin = path.join(home, ".local", "bin");
  fs.mkdirSync(bin, { recursive: true });
  for (const name of ["memctl", "memctl-hook", "claude"]) fs.writeFileSync(path.join(bin, name), "#!/bin/sh\nexit 0\n", { mode: 0o755 });
  const env: Record<string, string> = { HOME: home, PATH: process.env.PATH ?? "" };
  if (fixture === "sample") {
    const store = path.join(home, "notes", "acme-memory");
    fs.cpSync(path.join(REPO_ROOT, "sample-store"), store, { recursive: true });
    env.MEMCTL_MEMORY_DIR = store;
  }
  return { root, cwd: repo, env, lastCode: 0, ids: new Map() };
}

/** Shown paths and keys → this sandbox's, for commands and stdin. */
function toActual(s: Sandbox, text: string): string {
  let out = text.replace(/(^|[\s'"=(:])~(?=\/|\s|$)/g, `$1${HOME}`);
  for (const repoName of REPO_NAMES) {
    const actual = path.join(s.root + HOME, "src", repoName);
    const shown = path.join(HOME, "src", repoName);
    out = out.split(projectKey(shown)).join(projectKey(actual)).split(claudeSlug(shown)).join(claudeSlug(actual));
  }
  out = out.split(HOME).join(s.root + HOME);
  for (const [actual, shown] of s.ids) out = out.split(shown).join(actual);
  return out;
}

const RANDOM_IDS = /\b([pj]-\d{8}T\d{6}Z-)([0-9a-f]{6})\b/g;

/** This sandbox's paths, keys and random ids → as the docs show them. */
function toShown(s: Sandbox, text: string): string {
  let out = text;
  for (const repoName of REPO_NAMES) {
    const actual = path.join(s.root + HOME, "src", repoName);
    const shown = path.join(HOME, "src", repoName);
    out = out.split(projectKey(actual)).join(projectKey(shown)).split(claudeSlug(actual)).join(claudeSlug(shown));
  }
  out = out
    .split(s.root + HOME)
    .join(HOME)
    .split(REPO_ROOT)
    .join(PACKAGE_SHOWN);
  out = out.replace(RANDOM_IDS, (id: string, stem: string) => {
    if (!s.ids.has(id)) s.ids.set(id, `${stem}${(s.ids.size + 1).toString(16).padStart(6, "0")}`);
    return s.ids.get(id)!;
  });
  // Tables abbreviate an id to its random tail ("dup:…3f9a2c").
  for (const [actual, shown] of s.ids) out = out.split(`…${actual.slice(-6)}`).join(`…${shown.slice(-6)}`);
  return out;
}

/** Shell-like words: single and double quotes, backslash escapes in double quotes, `#` starts a comment. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === " " || c === "\t") {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === "#" && word === undefined) {
      break;
    } else if (c === "'" || c === '"') {
      let close = i + 1;
      while (close < line.length && line[close] !== c) close += c === '"' && line[close] === "\\" ? 2 : 1;
      if (close >= line.length) close = -1;
      if (close < 0) throw new Error(`unclosed quote in: ${line}`);
      const inner = line.slice(i + 1, close);
      word = (word ?? "") + (c === '"' ? inner.replace(/\\(["\\$`])/g, "$1") : inner);
      i = close;
    } else {
      word = (word ?? "") + c;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

async function runStep(s: Sandbox, command: string): Promise<string> {
  const shown = command.trim();
  if (shown === "echo $?") return `${s.lastCode}\n`;
  const piped = /^echo ('[^']*'|"[^"]*") \| (memctl .*)$/.exec(shown);
  const memctl = piped ? piped[2]! : shown.startsWith("memctl ") ? shown : undefined;
  if (memctl !== undefined) {
    const argv = shellWords(toActual(s, memctl)).slice(1);
    const sink = new BufferSink();
    const stdin = piped ? Buffer.from(`${shellWords(toActual(s, piped[1]!))[0]}\n`) : undefined;
    // memctl sees only the sandbox's own bin directory on PATH: which hosts it detects must not depend on the machine.
    const io: Io = {
      stdout: sink,
      stderr: sink,
      env: { ...s.env, PATH: path.join(s.env.HOME!, ".local", "bin") },
      cwd: s.cwd,
      home: s.env.HOME!,
      now: () => NOW,
      ...(stdin ? { readStdin: async () => stdin } : {}),
    };
    s.lastCode = await main(argv, io);
    return toShown(s, sink.text);
  }
  if (shown.startsWith("cd ")) {
    s.cwd = path.resolve(s.cwd, shellWords(toActual(s, shown))[1]!);
    return "";
  }
  const r = spawnSync("bash", ["-c", toActual(s, shown)], { cwd: s.cwd, env: s.env, encoding: "utf8" });
  s.lastCode = r.status ?? 1;
  return toShown(s, r.stdout + r.stderr);
}

export interface ExampleResult {
  example: Example;
  actual: { command: string; output: string[] }[];
  matches: boolean;
}

/** Runs every example of one file in order (a `continue` block shares the previous block's sandbox). */
export async function runExamples(examples: Example[]): Promise<ExampleResult[]> {
  const results: ExampleResult[] = [];
  const sandboxes: Sandbox[] = [];
  let current: Sandbox | undefined;
  try {
    for (const example of examples) {
      if (example.fixture !== "continue" || !current) {
        current = makeSandbox(example.fixture === "continue" ? "sample" : example.fixture);
        sandboxes.push(current);
      }
      const actual: ExampleResult["actual"] = [];
      for (const step of example.steps) {
        const output = await runStep(current, step.command);
        actual.push({ command: step.command, output: output === "" ? [] : output.replace(/\n$/, "").split("\n") });
      }
      const matches = actual.every((a, i) => a.output.join("\n") === example.steps[i]!.expected.join("\n"));
      results.push({ example, actual, matches });
    }
  } finally {
    for (const s of sandboxes) fs.rmSync(s.root, { recursive: true, force: true });
  }
  return results;
}

/** The file's text with every example's output replaced by what memctl printed. */
export function rewriteExamples(text: string, results: ExampleResult[]): string {
  const lines = text.split("\n");
  for (const r of [...results].sort((a, b) => b.example.bodyStart - a.example.bodyStart)) {
    const body = r.actual.flatMap((a) => [`$ ${a.command}`, ...a.output]);
    lines.splice(r.example.bodyStart, r.example.bodyEnd - r.example.bodyStart, ...body);
  }
  return lines.join("\n");
}

/**
 * A number the prose quotes from a generated example, rewritten from it: commands.md's "the whole index is N bytes
 * by doctor's count" is the `whole index` line of its `memctl doctor` example (regenerated by docs:examples), so
 * the prose cannot drift from what doctor prints (it said 4,491 where doctor said 4,522). Text without both is unchanged.
 */
export function syncProseNumbers(text: string): string {
  const counted = /^ {2}whole index +([\d,]+) B /m.exec(text)?.[1];
  if (counted === undefined) return text;
  return text.replace(/(the whole index is )[\d,]+( bytes by doctor's count)/g, `$1${counted}$2`);
}
