// Session start for a host that lacks the instruction layer (Codex): what the owner pays for memctl composing the
// project's AGENTS.md / CLAUDE.md and their @imports, each part confined to the project (or a visible .md of the
// user dir) and secret-redacted (h/trust). Each round runs `node -e 0`, then each build's session-start entry, as
// Codex wires it, on a store of --cards cards and a project with an instruction chain of --parts files.
// Run: npm run build && node --import tsx bench/instruction-start.ts [--cards 1000] [--parts 8] [--rounds 15] [--compare <old dist>]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateStore } from "./gen-store.js";
import { buildCopies, numberArg, printRows, recordRow, type Rows } from "./rounds.js";
import { sleepSync, timedNode } from "./timed-child.js";

const cards = numberArg("cards", 1000);
const parts = numberArg("parts", 8);
const rounds = numberArg("rounds", 15);

const root = fs.mkdtempSync(path.join(os.tmpdir(), "memctl-bench-instr-"));
try {
  const home = path.join(root, "home");
  const project = path.join(root, "project");
  fs.mkdirSync(path.join(home, ".claude"), { recursive: true });
  fs.mkdirSync(path.join(project, ".git"), { recursive: true });
  fs.writeFileSync(path.join(project, ".git", "HEAD"), "ref: refs/heads/main\n");
  fs.writeFileSync(path.join(home, ".claude", "CLAUDE.md"), "Answer briefly.\n@~/.claude/my-project-instructions.md\n");
  fs.writeFileSync(path.join(home, ".claude", "my-project-instructions.md"), "Prefer small diffs.\n".repeat(10));
  // A chain of imports, each ~600 bytes of rules, one holding a credential-shaped line the block redacts.
  const rule = (i: number) => `- rule ${i}: keep the module boundaries, run the linter, write the test first.\n`.repeat(8);
  fs.writeFileSync(path.join(project, "AGENTS.md"), `# Project rules\n${rule(0)}${parts > 1 ? "@docs/rules-1.md\n" : ""}`);
  fs.mkdirSync(path.join(project, "docs"));
  for (let i = 1; i < parts; i++)
    fs.writeFileSync(
      path.join(project, "docs", `rules-${i}.md`),
      `${rule(i)}${i === 2 ? "API_TOKEN=sk_live_51Habc1234567890abcdefXYZ\n" : ""}${i + 1 < parts ? `@rules-${i + 1}.md\n` : ""}`,
    );
  const template = path.join(root, "template");
  generateStore({ dir: template, cards });
  const builds = buildCopies(template, root, home);
  const rows: Rows = new Map();
  const payload = (n: number) => JSON.stringify({ cwd: project, session_id: `bench-${n}`, source: "startup" });
  for (let r = 0; r < rounds; r++) {
    const node = timedNode(["-e", "0"], builds[0]!.env);
    recordRow(rows, "node -e 0", node.ms, node.rssMiB, node.cpuMs);
    for (const b of builds) {
      const run = timedNode([path.join(b.dist, "hooks", "session-start.cjs"), "hook", "session-start", "--host", "codex"], b.env, payload(r));
      if (!run.stdout.includes("memctl-instructions")) throw new Error(`${b.name}: no instruction block in its output`);
      if (r === 0) console.log(`${b.name}: ${run.stdout.length} characters; the token ${run.stdout.includes("sk_live_51Habc") ? "printed" : "redacted"}`);
      recordRow(rows, `${b.name}: session start (codex)`, run.ms, run.rssMiB, run.cpuMs);
      sleepSync(50);
    }
  }
  printRows(`session start, codex, ${cards} cards, ${parts} instruction parts, ${rounds} rounds`, rows);
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
