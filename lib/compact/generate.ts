import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { renderEntryLine } from "../core/block.js";
import { inertText } from "../core/sanitize.js";
import type { IndexRecord } from "./assemble.js";
import { mentionsWhole } from "./mentions.js";

// The two generators. Mechanical: grouped by type, every name and description verbatim, lossless — it can
// only recover the repeated type token and link syntax, so it pays off only on large stores. LLM: a
// user-configured command gets the prompt on stdin and prints the summary on stdout.

const TYPE_ORDER = ["user", "feedback", "project", "reference"];

/** Lossless grouped listing: a card whose file is `<type>_<name>.md` is shown by name alone, others with their file. */
export function mechanicalSummary(records: readonly IndexRecord[]): string {
  const groups = new Map<string, IndexRecord[]>();
  for (const r of records) groups.set(r.type, [...(groups.get(r.type) ?? []), r]);
  const order = [...groups.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const out = ["Cards by type; a card's file is <type>_<name>.md unless given in brackets."];
  for (const type of order) {
    out.push(`${type}:`);
    for (const r of groups.get(type)!) {
      const title = r.entry.title;
      const conventional = r.card === `${type}_${title}.md`;
      out.push(`- ${title}${conventional ? "" : ` [${r.card}]`}${r.entry.hook ? ` — ${r.entry.hook}` : ""}`);
    }
  }
  return out.join("\n");
}

function rank(type: string): number {
  const i = TYPE_ORDER.indexOf(type);
  return i === -1 ? TYPE_ORDER.length : i;
}

/** The instruction the model gets, followed by every index line. */
export function llmPrompt(records: readonly IndexRecord[]): string {
  return [
    "You are compacting a project's memory index. Below is one line per memory card: [title](file.md) — description.",
    "Write a shorter summary that merges overlapping knowledge into themes. Rules:",
    "- Mention every card by its title (so a reader can open its file); never invent facts.",
    "- Plain text lines only, no preamble, no closing remarks. The summary must be shorter than the input.",
    "",
    ...records.map((r) => renderEntryLine(r.entry)),
    "",
  ].join("\n");
}

/** Names the summary does not mention (by title, name, or file stem), in index order, each once. */
export function omittedRecords(summary: string, records: readonly IndexRecord[]): IndexRecord[] {
  const lower = summary.toLowerCase();
  const seen = new Set<string>();
  return records.filter((r) => {
    if (seen.has(r.card)) return false;
    seen.add(r.card);
    const stem = path.basename(r.card).replace(/\.md$/i, "");
    return ![r.entry.title, r.name, stem].some((n) => n.trim() !== "" && mentionsWhole(lower, n.toLowerCase()));
  });
}

/** Appends each omitted record's live index line verbatim: repair, not rejection. */
export function repairSummary(summary: string, records: readonly IndexRecord[]): { summary: string; repaired: IndexRecord[] } {
  const missing = omittedRecords(summary, records);
  if (missing.length === 0) return { summary: summary.trim(), repaired: [] };
  return { summary: [summary.trim(), ...missing.map((r) => renderEntryLine(r.entry))].join("\n"), repaired: missing };
}

export type LlmResult = { ok: true; summary: string } | { ok: false; reason: string };

export interface LlmRun {
  command: readonly string[];
  prompt: string;
  timeoutMs: number;
  env: Record<string, string | undefined>;
}

const MAX_OUTPUT = 1 << 20;

/**
 * Runs the configured command (argv, no shell) with the prompt on stdin. Any failure — cannot start, a
 * non-zero exit, empty output, more than 1 MiB, the timeout — is a reason, never a throw. On timeout the
 * command's whole process group is killed, so a wrapper script cannot leave its model call running.
 */
export function runLlmCommand(run: LlmRun): Promise<LlmResult> {
  return new Promise((resolve) => {
    const [cmd, ...args] = run.command;
    if (!cmd) return resolve({ ok: false, reason: "[compact] llm_command is empty" });
    // The command runs in a fresh empty directory, never the store or a project: agent CLIs load settings from
    // their working directory (`claude -p` runs the hooks of ./.claude/settings.json and skips the trust dialog
    // in -p mode), and a synced store holds whatever a teammate pushed. The prompt carries everything it needs.
    let cwd: string;
    try {
      cwd = fs.mkdtempSync(path.join(run.env.TMPDIR || os.tmpdir(), "memctl-model-"));
    } catch (err) {
      return resolve({ ok: false, reason: `cannot make an empty directory for ${cmd}: ${(err as Error).message}` });
    }
    const removeCwd = () => {
      try {
        fs.rmSync(cwd, { recursive: true, force: true });
      } catch {
        // an empty directory under TMPDIR, at worst left behind; never a reason to fail the call
      }
    };
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(cmd, args, { cwd, env: run.env as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "pipe"], detached: true });
    } catch (err) {
      removeCwd();
      return resolve({ ok: false, reason: `cannot run ${cmd}: ${(err as Error).message}` });
    }
    const out: Buffer[] = [];
    let outBytes = 0;
    let errTail = "";
    let settled = false;
    const finish = (result: LlmResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Also here, not only on close: after a timeout the caller may exit before the killed command's close event.
      removeCwd();
      resolve(result);
    };
    const killGroup = () => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    };
    const timer = setTimeout(() => {
      killGroup();
      finish({ ok: false, reason: `${run.command.join(" ")} did not finish within ${Math.round(run.timeoutMs / 100) / 10}s (killed)` });
    }, run.timeoutMs);
    child.on("error", (err) => {
      removeCwd();
      finish({ ok: false, reason: `cannot run ${cmd}: ${err.message}` });
    });
    child.stdout!.on("data", (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > MAX_OUTPUT) {
        killGroup();
        finish({ ok: false, reason: `${cmd} printed more than ${MAX_OUTPUT} bytes` });
      } else out.push(chunk);
    });
    child.stderr!.on("data", (chunk: Buffer) => (errTail = (errTail + chunk.toString("utf8")).slice(-300)));
    // The command's stderr ends up in a message printed to a terminal: its last line, made inert.
    child.on("close", (code, signal) => {
      removeCwd();
      if (code !== 0)
        return finish({ ok: false, reason: `${cmd} exited with ${signal ?? `status ${code}`}${errTail.trim() ? `: ${inertText(errTail.trim().split("\n").pop()!)}` : ""}` });
      const summary = Buffer.concat(out).toString("utf8").trim();
      if (summary === "") return finish({ ok: false, reason: `${cmd} printed nothing` });
      finish({ ok: true, summary });
    });
    child.stdin!.on("error", () => undefined); // a command that ignores stdin and exits early is judged by its exit
    child.stdin!.end(run.prompt);
  });
}
