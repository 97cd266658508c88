// lib/sync/message.ts
import os from "node:os";
import { HISTORY_RELPATH, parseHistory } from "../store/history.js";
import { runGit } from "./git.js";
var OP_VERB = { create: "new", update: "edit", delete: "rm", adopt: "adopt", import: "import" };
async function commitMessage(memoryDir, options) {
  const before = await runGit(memoryDir, ["show", `HEAD:${HISTORY_RELPATH}`], options);
  const seen = new Set(before.code === 0 ? before.stdout.split("\n") : []);
  const staged = await runGit(memoryDir, ["show", `:${HISTORY_RELPATH}`], options);
  const added = staged.code === 0 ? parseHistory(
    staged.stdout.split("\n").filter((l) => !seen.has(l)).join("\n")
  ).entries : [];
  const numstat = await runGit(memoryDir, ["diff", "--cached", "--numstat", "--no-renames"], options);
  const files = numstat.stdout.split("\n").filter(Boolean).map((l) => l.split("	")).map(([add, del, file]) => ({ add: Number(add) || 0, del: Number(del) || 0, file: file ?? "" }));
  const episodes = files.filter((f) => /^episodes(\.[^/]+)?\.jsonl$/.test(f.file)).reduce((n, f) => n + f.add, 0);
  const proposals = files.filter((f) => /^\.memctl\/proposals\/[^/]+\.json$/.test(f.file)).length;
  const cards = [...new Map(added.map((e) => [e.card, e])).values()];
  const actors = [...new Set(added.map((e) => e.actor))];
  const parts = [];
  if (cards.length > 0) {
    const named = cards.slice(0, 3).map((e) => `${OP_VERB[e.op] ?? e.op} ${e.card}`);
    parts.push(named.join(", ") + (cards.length > 3 ? ` (+${cards.length - 3} more)` : "") + ` by ${actors.join(", ")}`);
  }
  if (episodes > 0) parts.push(`${episodes} episode${episodes === 1 ? "" : "s"}`);
  if (proposals > 0) parts.push(`${proposals} proposal file${proposals === 1 ? "" : "s"}`);
  if (parts.length === 0) parts.push(`${files.length} file${files.length === 1 ? "" : "s"}`);
  const subject = `memory (${os.hostname()}): ${parts.join("; ")}`;
  const lines = capped(added.map((e) => `${e.at} ${e.card} rev ${e.rev} ${e.op} by ${e.actor}`));
  const touched = new Set(added.map((e) => e.card));
  const others = capped(files.filter((f) => f.file !== HISTORY_RELPATH && !touched.has(f.file)).map((f) => `${f.file} +${f.add} -${f.del}`));
  return { subject, body: [...lines, ...lines.length > 0 && others.length > 0 ? [""] : [], ...others].join("\n") };
}
var MAX_LINES = 100;
function capped(lines) {
  return lines.length <= MAX_LINES ? lines : [...lines.slice(0, MAX_LINES), `\u2026 and ${lines.length - MAX_LINES} more`];
}
export {
  commitMessage
};
