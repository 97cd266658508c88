// lib/compact/generate.ts
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { renderEntryLine } from "../core/block.js";
import { inertText } from "../core/sanitize.js";
import { mentionsWhole } from "./mentions.js";
var TYPE_ORDER = ["user", "feedback", "project", "reference"];
function mechanicalSummary(records) {
  const groups = /* @__PURE__ */ new Map();
  for (const r of records) groups.set(r.type, [...groups.get(r.type) ?? [], r]);
  const order = [...groups.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const out = ["Cards by type; a card's file is <type>_<name>.md unless given in brackets."];
  for (const type of order) {
    out.push(`${type}:`);
    for (const r of groups.get(type)) {
      const title = r.entry.title;
      const conventional = r.card === `${type}_${title}.md`;
      out.push(`- ${title}${conventional ? "" : ` [${r.card}]`}${r.entry.hook ? ` \u2014 ${r.entry.hook}` : ""}`);
    }
  }
  return out.join("\n");
}
function rank(type) {
  const i = TYPE_ORDER.indexOf(type);
  return i === -1 ? TYPE_ORDER.length : i;
}
function llmPrompt(records) {
  return [
    "You are compacting a project's memory index. Below is one line per memory card: [title](file.md) \u2014 description.",
    "Write a shorter summary that merges overlapping knowledge into themes. Rules:",
    "- Mention every card by its title (so a reader can open its file); never invent facts.",
    "- Plain text lines only, no preamble, no closing remarks. The summary must be shorter than the input.",
    "",
    ...records.map((r) => renderEntryLine(r.entry)),
    ""
  ].join("\n");
}
function omittedRecords(summary, records) {
  const lower = summary.toLowerCase();
  const seen = /* @__PURE__ */ new Set();
  return records.filter((r) => {
    if (seen.has(r.card)) return false;
    seen.add(r.card);
    const stem = path.basename(r.card).replace(/\.md$/i, "");
    return ![r.entry.title, r.name, stem].some((n) => n.trim() !== "" && mentionsWhole(lower, n.toLowerCase()));
  });
}
function repairSummary(summary, records) {
  const missing = omittedRecords(summary, records);
  if (missing.length === 0) return { summary: summary.trim(), repaired: [] };
  return { summary: [summary.trim(), ...missing.map((r) => renderEntryLine(r.entry))].join("\n"), repaired: missing };
}
var MAX_OUTPUT = 1 << 20;
function runLlmCommand(run) {
  return new Promise((resolve) => {
    const [cmd, ...args] = run.command;
    if (!cmd) return resolve({ ok: false, reason: "[compact] llm_command is empty" });
    let cwd;
    try {
      cwd = fs.mkdtempSync(path.join(run.env.TMPDIR || os.tmpdir(), "memctl-model-"));
    } catch (err) {
      return resolve({ ok: false, reason: `cannot make an empty directory for ${cmd}: ${err.message}` });
    }
    const removeCwd = () => {
      try {
        fs.rmSync(cwd, { recursive: true, force: true });
      } catch {
      }
    };
    let child;
    try {
      child = spawn(cmd, args, { cwd, env: run.env, stdio: ["pipe", "pipe", "pipe"], detached: true });
    } catch (err) {
      removeCwd();
      return resolve({ ok: false, reason: `cannot run ${cmd}: ${err.message}` });
    }
    const out = [];
    let outBytes = 0;
    let errTail = "";
    let settled = false;
    const finish = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      removeCwd();
      resolve(result);
    };
    const killGroup = () => {
      try {
        process.kill(-child.pid, "SIGKILL");
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
    child.stdout.on("data", (chunk) => {
      outBytes += chunk.length;
      if (outBytes > MAX_OUTPUT) {
        killGroup();
        finish({ ok: false, reason: `${cmd} printed more than ${MAX_OUTPUT} bytes` });
      } else out.push(chunk);
    });
    child.stderr.on("data", (chunk) => errTail = (errTail + chunk.toString("utf8")).slice(-300));
    child.on("close", (code, signal) => {
      removeCwd();
      if (code !== 0)
        return finish({ ok: false, reason: `${cmd} exited with ${signal ?? `status ${code}`}${errTail.trim() ? `: ${inertText(errTail.trim().split("\n").pop())}` : ""}` });
      const summary = Buffer.concat(out).toString("utf8").trim();
      if (summary === "") return finish({ ok: false, reason: `${cmd} printed nothing` });
      finish({ ok: true, summary });
    });
    child.stdin.on("error", () => void 0);
    child.stdin.end(run.prompt);
  });
}
export {
  llmPrompt,
  mechanicalSummary,
  omittedRecords,
  repairSummary,
  runLlmCommand
};
