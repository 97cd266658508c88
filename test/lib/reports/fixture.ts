// Test fixtures for doctor and stats: a real git repository, a temp HOME, a temp config file, and a memory
// store selected explicitly through MEMCTL_MEMORY_DIR. Nothing touches the real home directory.
import fs from "node:fs";
import path from "node:path";
import { main } from "../../../lib/cli/main.js";
import { BufferSink, type Io } from "../../../lib/store/io.js";
import { initRepo } from "../../helpers.js";
import { scratchDir } from "../../support/scratch.js";

export const TODAY = "2026-12-02";

export interface Project {
  root: string;
  repo: string;
  home: string;
  memory: string;
  configFile: string;
  env: Record<string, string | undefined>;
  /** Writes a file under the memory directory (creating folders). */
  write(rel: string, text: string | Buffer): void;
  /** Writes a file under the repository. */
  writeRepo(rel: string, text: string): void;
  run(argv: string[], env?: Record<string, string | undefined>, stdin?: string): Promise<{ code: number; stdout: string; stderr: string }>;
  json(argv: string[], env?: Record<string, string | undefined>): Promise<{ code: number; report: Record<string, any>; stdout: string }>;
}

export function makeProject(): Project {
  const root = fs.realpathSync(scratchDir("memctl-audits-"));
  const repo = path.join(root, "repo");
  const home = path.join(root, "home");
  const memory = path.join(root, "memory");
  for (const d of [repo, home, memory]) fs.mkdirSync(d, { recursive: true });
  initRepo(repo);
  const configFile = path.join(root, "config.toml");
  const env = { MEMCTL_MEMORY_DIR: memory, MEMCTL_CONFIG_FILE: configFile, HOME: home, NO_COLOR: "1" };
  const put = (base: string) => (rel: string, text: string | Buffer) => {
    const file = path.join(base, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };
  const project: Project = {
    root,
    repo,
    home,
    memory,
    configFile,
    env,
    write: put(memory),
    writeRepo: put(repo),
    async run(argv, extra = {}, stdin) {
      const stdout = new BufferSink();
      const stderr = new BufferSink();
      const io: Io = { stdout, stderr, env: { ...env, ...extra }, cwd: repo, home, now: () => new Date(`${TODAY}T10:00:00Z`) };
      if (stdin !== undefined) io.readStdin = async () => Buffer.from(stdin);
      const code = await main(argv, io);
      return { code, stdout: stdout.text, stderr: stderr.text };
    },
    async json(argv, extra = {}) {
      const r = await project.run([...argv, "--json"], extra);
      return { code: r.code, report: JSON.parse(r.stdout), stdout: r.stdout };
    },
  };
  return project;
}

/** A card carrying every required field; `fields` adds or overrides frontmatter lines. */
export function card(name: string, fields: Record<string, string> = {}, body = "Body.\n"): string {
  const all: Record<string, string> = {
    name,
    description: `about ${name}`,
    topics: "[testing]",
    priority: "normal",
    status: "active",
    updated_at: '"2026-11-30"',
    repo_refs: "[]",
    ...fields,
  };
  const lines = Object.entries(all)
    .filter(([, v]) => v !== "")
    .map(([k, v]) => (v.startsWith("\n") ? `${k}:${v}` : `${k}: ${v}`));
  return `---\n${lines.join("\n")}\n---\n${body}`;
}

/** A MEMORY.md with the given index lines. */
export function index(lines: string[]): string {
  return `# Memory\n\n${lines.join("\n")}\n`;
}

/** A healthy store of `n` cards, each linked once with a distinct hook. */
export function writeCleanStore(p: Project, n = 3): string[] {
  const files = Array.from({ length: n }, (_, i) => `feedback_card${i}.md`);
  files.forEach((f, i) => {
    p.write(f, card(`card${i}`));
  });
  p.write("MEMORY.md", index(files.map((f, i) => `- [Card ${i}](${f}) — hook number ${i}`)));
  return files;
}

/** Lists every file under a directory with its bytes, to prove a command wrote nothing. */
export function snapshotTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile()) out.set(path.relative(dir, full), fs.readFileSync(full).toString("base64"));
      else out.set(path.relative(dir, full), "special");
    }
  };
  walk(dir);
  return out;
}
