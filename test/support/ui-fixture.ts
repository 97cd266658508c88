// A store for the web view's tests and screenshots: the sample store, a few real hook runs (why log, usage,
// sessions), a hand-free save with history, and pending proposals (a new card, an update, a near-duplicate).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { main } from "../../lib/cli/main.js";
import { BufferSink, type Io } from "../../lib/store/io.js";
import { REPO_ROOT } from "../helpers.js";

export interface UiStore {
  root: string;
  memory: string;
  env: Record<string, string>;
  io: (now?: Date) => Io & { out: BufferSink; err: BufferSink };
  cli: (argv: string[], stdin?: string) => Promise<{ code: number; stdout: string; stderr: string }>;
  proposals: string[];
}

export const UI_NOW = new Date("2026-12-02T10:00:00Z");

/** Builds the store under `root` (which must exist). `prompts`: how many real hook runs to log. */
export async function makeUiStore(root: string, options: { prompts?: number; hook?: boolean } = {}): Promise<UiStore> {
  const memory = path.join(root, "memory");
  const home = path.join(root, "home");
  fs.mkdirSync(home, { recursive: true });
  fs.cpSync(path.join(REPO_ROOT, "sample-store"), memory, { recursive: true });
  const env = { MEMCTL_MEMORY_DIR: memory, MEMCTL_CONFIG_FILE: path.join(home, "config.toml"), HOME: home };
  const io = (now = UI_NOW) => {
    const out = new BufferSink();
    const err = new BufferSink();
    return { stdout: out, stderr: err, out, err, env: { ...env }, cwd: root, home, now: () => now };
  };
  const cli = async (argv: string[], stdin?: string) => {
    const i = io();
    const code = await main(argv, stdin === undefined ? i : { ...i, readStdin: async () => Buffer.from(stdin) });
    return { code, stdout: i.out.text, stderr: i.err.text };
  };
  const must = async (argv: string[], stdin?: string) => {
    const r = await cli(argv, stdin);
    if (r.code !== 0) throw new Error(`memctl ${argv.join(" ")} exited ${r.code}: ${r.stderr}`);
    return r;
  };
  await must(["adopt"]);
  await must(
    ["save", "release-checklist", "-t", "project", "-d", "Releases: tag from main, changelog first, then npm publish with provenance", "--topics", "release,ci", "-"],
    "# Release checklist\n\n1. Update CHANGELOG.md\n2. Tag vX.Y.Z from main\n3. npm publish --provenance\n",
  );
  await must([
    "save",
    "release-checklist",
    "-t",
    "project",
    "-d",
    "Releases: tag from main, changelog first, then npm publish --provenance; announce in #releases",
    "--topics",
    "release,ci",
  ]);
  if (options.hook !== false) {
    const prompts = [
      "how do we deploy and run the database migrations?",
      "why do the tests fail on CI after the release?",
      "rate limits for the public API",
      "what is the release checklist?",
      "how are auth tokens rotated?",
      "where do I find the dashboards?",
    ];
    for (let i = 0; i < (options.prompts ?? 6); i++) {
      const r = spawnSync(process.execPath, [path.join(REPO_ROOT, "dist/cli.js"), "hook", "user-prompt-submit", "--host", "claude"], {
        input: JSON.stringify({ session_id: `session-${Math.floor(i / 3) + 1}`, cwd: root, prompt: prompts[i % prompts.length] }),
        env: { PATH: process.env.PATH ?? "", ...env },
        encoding: "utf8",
      });
      if (r.status !== 0) throw new Error(`hook run failed (exit ${r.status}): ${r.stderr}`);
    }
  }
  const proposals: string[] = [];
  const propose = async (argv: string[], stdin?: string) => proposals.push(JSON.parse((await must(["propose", ...argv, "--json"], stdin)).stdout).proposal.id);
  await propose(
    [
      "ci-cache",
      "-t",
      "reference",
      "-d",
      "CI caches node_modules by the lockfile hash",
      "--source",
      "ci.yml line 40",
      "--kind",
      "fact",
      "--confidence",
      "0.9",
      "--task-id",
      "t-42",
      "--topics",
      "ci",
      "-",
    ],
    "The CI cache key is the hash of package-lock.json; a lockfile change rebuilds it.\n",
  );
  await propose([
    "release-checklist",
    "-t",
    "project",
    "-d",
    "Releases: tag from main, changelog first, npm publish --provenance, then announce",
    "--source",
    "PR #88 review",
    "--kind",
    "inference",
    "--confidence",
    "0.6",
    "--task-id",
    "t-43",
  ]);
  return { root, memory, env, io, cli, proposals };
}

/** Derived, per-machine state, not records: the caches a read leaves (the web view reads cards through them, as
 * `memctl list` does, and records its full check), the write journal, the history side index and the index's names (index-names.idx), which carry each
 * file's mtime and inode on this disk. */
const DERIVED = new Set([
  ".memctl/card-cache",
  ".memctl/card-words",
  ".memctl/card-terms",
  ".memctl/card-check",
  ".memctl/writes.jsonl",
  ".memctl/history-latest.idx",
  ".memctl/index-names.idx",
]);

/** Every file under `dir` (relative path → bytes) but the derived caches, for comparing two stores. */
export function snapshot(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const rel of fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).sort()) {
    const full = path.join(dir, rel);
    const key = rel.split(path.sep).join("/");
    if (fs.lstatSync(full).isFile() && !DERIVED.has(key)) out.set(key, fs.readFileSync(full));
  }
  return out;
}
