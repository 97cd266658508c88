import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BufferSink, type Io } from "../lib/io.js";

export interface CardSpec {
  file: string;
  title: string;
  hook: string;
  topics?: string[];
  priority?: string;
  status?: string;
  expires_at?: string;
}

/** A temp sandbox: home, a git repo, a memory dir with MEMORY.md and cards, and an io pointing at them. */
export function sandbox(cards: CardSpec[] = [], options: { now?: Date } = {}) {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "memctl-test-")));
  const home = path.join(root, "home");
  const repo = path.join(root, "repo");
  const memory = path.join(root, "memory");
  fs.mkdirSync(home);
  fs.mkdirSync(repo);
  fs.mkdirSync(memory);
  execFileSync("git", ["init", "-q", repo]);
  writeStore(memory, cards);
  const stdout = new BufferSink();
  const stderr = new BufferSink();
  const env = { MEMCTL_MEMORY_DIR: memory, MEMCTL_CONFIG_FILE: path.join(home, "config.toml"), HOME: home };
  const io: Io = { stdout, stderr, env, cwd: repo, home, now: () => options.now ?? new Date("2026-12-02T10:00:00Z") };
  return { root, home, repo, memory, io, stdout, stderr, cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
}

export function cardText(c: CardSpec): string {
  const lines = ["---", `name: ${c.file.replace(/\.md$/, "")}`, `description: ${JSON.stringify(c.hook)}`, "metadata:", "  node_type: memory", "  type: feedback", "topics:"];
  for (const t of c.topics ?? []) lines.push(`  - ${JSON.stringify(t)}`);
  lines.push(`priority: ${c.priority ?? "normal"}`, `status: ${c.status ?? "active"}`, 'updated_at: "2026-11-01"');
  if (c.expires_at) lines.push(`expires_at: "${c.expires_at}"`);
  lines.push("repo_refs: []", "---", `# ${c.title}`, "");
  return lines.join("\n");
}

export function writeStore(memory: string, cards: CardSpec[]): void {
  fs.writeFileSync(path.join(memory, "MEMORY.md"), ["# Memory", "", ...cards.map((c) => `- [${c.title}](${c.file}) — ${c.hook}`)].join("\n") + "\n");
  for (const c of cards) fs.writeFileSync(path.join(memory, c.file), cardText(c));
}

/** Sets every mtime in the store an hour back so the rank cache is not "racy" and gets written. */
export function ageStore(memory: string): void {
  const past = new Date(Date.now() - 3600_000);
  for (const name of fs.readdirSync(memory)) fs.utimesSync(path.join(memory, name), past, past);
  fs.utimesSync(memory, past, past);
}

export const REPO_ROOT = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), "..");
