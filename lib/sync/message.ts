import os from "node:os";
import { HISTORY_RELPATH, parseHistory } from "../store/history.js";
import { runGit, type GitOptions } from "./git.js";

// The commit message of local memory changes, built from the write history: who wrote which cards.
// Subject: the cards touched (a few by name); body: one line per history entry, then other files' line counts.

const OP_VERB: Record<string, string> = { create: "new", update: "edit", delete: "rm", adopt: "adopt", import: "import" };

/** The message for what is staged now (call after `git add`). */
export async function commitMessage(memoryDir: string, options: GitOptions): Promise<{ subject: string; body: string }> {
  const before = await runGit(memoryDir, ["show", `HEAD:${HISTORY_RELPATH}`], options);
  const seen = new Set(before.code === 0 ? before.stdout.split("\n") : []);
  const staged = await runGit(memoryDir, ["show", `:${HISTORY_RELPATH}`], options);
  const added =
    staged.code === 0
      ? parseHistory(
          staged.stdout
            .split("\n")
            .filter((l) => !seen.has(l))
            .join("\n"),
        ).entries
      : [];
  const numstat = await runGit(memoryDir, ["diff", "--cached", "--numstat", "--no-renames"], options);
  const files = numstat.stdout
    .split("\n")
    .filter(Boolean)
    .map((l) => l.split("\t"))
    .map(([add, del, file]) => ({ add: Number(add) || 0, del: Number(del) || 0, file: file ?? "" }));
  const episodes = files.filter((f) => /^episodes(\.[^/]+)?\.jsonl$/.test(f.file)).reduce((n, f) => n + f.add, 0);
  const proposals = files.filter((f) => /^\.memctl\/proposals\/[^/]+\.json$/.test(f.file)).length;

  const cards = [...new Map(added.map((e) => [e.card, e])).values()];
  const actors = [...new Set(added.map((e) => e.actor))];
  const parts: string[] = [];
  if (cards.length > 0) {
    const named = cards.slice(0, 3).map((e) => `${OP_VERB[e.op] ?? e.op} ${e.card}`);
    parts.push(named.join(", ") + (cards.length > 3 ? ` (+${cards.length - 3} more)` : "") + ` by ${actors.join(", ")}`);
  }
  if (episodes > 0) parts.push(`${episodes} episode${episodes === 1 ? "" : "s"}`);
  if (proposals > 0) parts.push(`${proposals} proposal file${proposals === 1 ? "" : "s"}`);
  if (parts.length === 0) parts.push(`${files.length} file${files.length === 1 ? "" : "s"}`);
  const subject = `memory (${os.hostname()}): ${parts.join("; ")}`;
  // Bounded: the message is one argv entry (an import of 10,000 cards would pass the OS's argument limit).
  const lines = capped(added.map((e) => `${e.at} ${e.card} rev ${e.rev} ${e.op} by ${e.actor}`));
  const touched = new Set(added.map((e) => e.card));
  const others = capped(files.filter((f) => f.file !== HISTORY_RELPATH && !touched.has(f.file)).map((f) => `${f.file} +${f.add} -${f.del}`));
  return { subject, body: [...lines, ...(lines.length > 0 && others.length > 0 ? [""] : []), ...others].join("\n") };
}

const MAX_LINES = 100;

function capped(lines: string[]): string[] {
  return lines.length <= MAX_LINES ? lines : [...lines.slice(0, MAX_LINES), `… and ${lines.length - MAX_LINES} more`];
}
