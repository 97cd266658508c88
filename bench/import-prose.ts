// Benchmark: `memctl import claude` on public Claude Code memories (`.claude/memory/` committed in a repository),
// for the prose their MEMORY.md keeps beside its card links. Build first: `npm run build`.
// Run: node --import tsx bench/import-prose.ts --mirrors /work/.mirror [--titles] [--cases bench/import-prose.json] [--dist DIR]
// (--dist: another build's dist/, e.g. the commit before, to measure what it carried).
// --titles prints, per store, only the titles the import would give its MEMORY.md notes (no text, no cards): the
// prompts in the cases file were written from that list alone, before the rest was run or read.
// Per store: prose lines in MEMORY.md (counted here, independently of the importer: lines that are not blank, not a
// heading and not a link to a card file of the directory), how many of them are in an imported card afterwards,
// the import's exit code, what a second run imports, and whether the per-prompt hook (codex budget, 3000 B / 20)
// prints the note the case names for its prompt.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { arg } from "./rounds.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const DIST = path.resolve(arg("dist") ?? path.join(ROOT, "dist"));
const CLI = path.join(DIST, "cli.js");
const HOOK = path.join(DIST, "hooks", "user-prompt-submit.cjs");

interface Case {
  repo: string;
  /** The commit whose .claude/memory is read (find_files' stored version); the mirror's HEAD may have dropped it. */
  commit?: string;
  prompt?: string;
  /** The title of the note the prompt is about (from --titles). */
  expect?: string;
}

interface Item {
  file: string;
  kind: string;
  title?: string;
  action: string;
}

/** The lines a reader would call prose, by a rule of this script's own (not the importer's splitter). */
function proseLines(dir: string): string[] {
  const files = new Set(fs.readdirSync(dir));
  const out: string[] = [];
  let fenced = false;
  for (const line of fs.readFileSync(path.join(dir, "MEMORY.md"), "utf8").split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      out.push(line);
      continue;
    }
    if (line.trim() === "") continue;
    if (!fenced && /^ {0,3}#{1,6}(\s|$)/.test(line)) continue;
    const link = fenced ? null : /^\s*[-*+]\s+\[(?:[^\]\\]|\\.)*\]\(<?(?:\.\/)?([^)>\s]+\.md)>?\)/.exec(line);
    if (link && files.has(decodeURIComponent(link[1]!))) continue;
    out.push(line);
  }
  return out;
}

function main(): void {
  const mirrors = arg("mirrors") ?? "/work/.mirror";
  const cases = JSON.parse(fs.readFileSync(arg("cases") ?? path.join(ROOT, "bench", "import-prose.json"), "utf8")) as Case[];
  const titlesOnly = process.argv.includes("--titles");
  const rows: string[] = [];
  for (const c of cases) {
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "memctl-bench-prose-")));
    try {
      rows.push(runCase(c, mirrors, root, titlesOnly));
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }
  if (!titlesOnly) {
    console.log("| store@commit | cards | prose lines | carried | lost | notes | exit | 2nd run | hook: prompt → note |");
    console.log("|---|---|---|---|---|---|---|---|---|");
  }
  for (const r of rows) console.log(r);
}

function runCase(c: Case, mirrors: string, root: string, titlesOnly: boolean): string {
  const gitDir = path.join(mirrors, c.repo.replace("/", "+"), "repo");
  const commit = execFileSync("git", ["--git-dir", gitDir, "rev-parse", c.commit ?? "HEAD"], { encoding: "utf8" }).trim();
  const src = path.join(root, "src");
  fs.mkdirSync(src);
  execFileSync("sh", ["-c", `git --git-dir="$1" archive "$3" .claude/memory | tar -x -C "$2"`, "sh", gitDir, src, commit]);
  const dir = path.join(src, ".claude", "memory");
  const [repo, mem, home] = ["repo", "mem", "home"].map((d) => path.join(root, d)) as [string, string, string];
  for (const d of [mem, home]) fs.mkdirSync(d);
  execFileSync("git", ["init", "-q", repo]);
  fs.writeFileSync(path.join(mem, "MEMORY.md"), "# Memory\n");
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_STATE_HOME: path.join(home, "state"),
    MEMCTL_MEMORY_DIR: mem,
    MEMCTL_CONFIG_FILE: path.join(root, "config.toml"),
    NO_COLOR: "1",
  };
  const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd: repo, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const preview = cli("import", "claude", "--from", dir, "--json");
  const items = preview.status === 0 ? (JSON.parse(preview.stdout).items as Item[]) : [];
  const notes = items.filter((i) => i.kind === "note");
  if (titlesOnly) return `${c.repo}: ${notes.map((n) => JSON.stringify(n.title)).join(", ")}`;
  const prose = proseLines(dir);
  const run = cli("import", "claude", "--from", dir, "--yes", "--json");
  const second = cli("import", "claude", "--from", dir, "--yes", "--json");
  const again = second.status === 0 ? (JSON.parse(second.stdout).imported as string[]).length : -1;
  const bodies = fs
    .readdirSync(mem)
    .filter((f) => f.endsWith(".md") && f !== "MEMORY.md")
    .map((f) => fs.readFileSync(path.join(mem, f), "utf8").replace(/^---\n[\s\S]*?\n---\n/, ""));
  const lines = new Set(bodies.flatMap((b) => b.split(/\r?\n/)));
  const lost = prose.filter((l) => !lines.has(l));
  for (const l of lost) console.error(`${c.repo}: not carried: ${l.slice(0, 120)}`);
  let hook = "—";
  if (c.prompt && c.expect) {
    const file = notes.find((n) => n.title === c.expect)?.file;
    const out = spawnSync(process.execPath, [HOOK, "--host", "codex"], {
      cwd: repo,
      env,
      encoding: "utf8",
      input: JSON.stringify({ session_id: `bench-${c.repo}`, cwd: repo, hook_event_name: "UserPromptSubmit", prompt: c.prompt }),
    });
    const printed = out.stdout.split("\\n").filter((l) => l.startsWith("- ["));
    const at = file === undefined ? -1 : printed.findIndex((l) => l.includes(`(${file})`));
    hook = `"${c.prompt}" → ${at >= 0 ? `yes, line ${at + 1} of ${printed.length}` : file === undefined ? "no such note" : `no (${printed.length} lines)`}`;
  }
  const cards = items.filter((i) => i.kind !== "note").length;
  return `| ${c.repo}@${commit.slice(0, 8)} | ${cards} | ${prose.length} | ${prose.length - lost.length} | ${lost.length} | ${notes.length} | ${run.status} | ${again} | ${hook} |`;
}

main();
