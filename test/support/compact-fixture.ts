import fs from "node:fs";
import path from "node:path";
import type { World } from "./fixture.js";

/** Writes `n` project cards by hand (no history yet: they carry content-hash pseudo-revisions) and their index lines. */
export function handWrittenCards(w: World, n: number, prefix = "topic"): void {
  const lines = ["# Memory", ""];
  for (let i = 1; i <= n; i++) {
    const name = `${prefix}-${i}`;
    const description = `what the team decided about ${name}, with the reason it matters`;
    fs.writeFileSync(
      path.join(w.mem, `project_${name}.md`),
      `---\nname: ${name}\ndescription: ${description}\nmetadata:\n  node_type: memory\n  type: project\ntopics: []\npriority: normal\nstatus: active\nupdated_at: "2026-11-01"\nrepo_refs: []\n---\nBody of ${name}.\n`,
    );
    lines.push(`- [${name}](project_${name}.md) — ${description}`);
  }
  fs.writeFileSync(path.join(w.mem, "MEMORY.md"), lines.join("\n") + "\n");
}

/** Every file in the store outside the compact slot, with its bytes: records must be byte-identical. */
export function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${entry.name}` : entry.name;
      // The slot is what compaction writes; the ledger (.memctl/jobs.jsonl) records the run itself, not memory.
      if (p === ".memctl/compact.json" || p === ".memctl/jobs.jsonl" || p.startsWith(".memctl/locks") || p.endsWith(".lock")) continue;
      if (entry.isDirectory()) walk(p);
      else out.set(p, fs.readFileSync(path.join(dir, p), "latin1"));
    }
  };
  walk("");
  return out;
}

/** An executable summarizer script written into the world: the real command the LLM path runs. */
export function script(w: World, name: string, body: string): string {
  const file = path.join(w.root, name);
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return file;
}

export function configure(w: World, command: string[], timeoutSeconds?: number): void {
  const toml = `[compact]\nllm_command = [${command.map((c) => JSON.stringify(c)).join(", ")}]\n${timeoutSeconds !== undefined ? `timeout_seconds = ${timeoutSeconds}\n` : ""}`;
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, toml);
}

export function compactFile(w: World): string {
  return path.join(w.mem, ".memctl", "compact.json");
}

export function readCompactJson(w: World): Record<string, any> {
  return JSON.parse(fs.readFileSync(compactFile(w), "utf8"));
}
