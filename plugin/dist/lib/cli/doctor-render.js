// lib/cli/doctor-render.ts
import { colorsFor } from "./output.js";
import { bar, bytes, inert, num, table } from "./report-format.js";
import { instructionsRow } from "./doctor-instructions.js";
import { findings } from "./doctor-findings.js";
function renderDoctor(r, io) {
  const c = colorsFor(io);
  const lines = [];
  lines.push(`${c.bold("memctl doctor")}  ${r.memory_dir ? inert(r.memory_dir) : c.dim("(no store inspected)")}  ${verdict(r, c)}`, "");
  lines.push(
    ...table([
      ["entries", num(r.entry_count), "MEMORY.md", bytes(r.memory_bytes)],
      ["shards", num(r.shard_count), "episodes", bytes(r.episodes_bytes)],
      ...r.instructions ? [instructionsRow(r.instructions)] : []
    ])
  );
  if (r.sync) {
    const s = r.sync;
    const where = s.remote ? `${s.remote}/${s.branch}` : "no remote";
    lines.push(...table([["sync", `${inert(where)}: ahead ${s.ahead}, behind ${s.behind}`, "last sync", s.last_sync ? `${s.last_sync.at} (${s.last_sync.result})` : "never"]]));
  }
  if (r.injection) lines.push("", c.bold("Injection") + c.dim(` (host ${r.injection.host})`), ...injectionBlock(r.injection, c));
  const all = findings(r);
  for (const severity of ["issue", "warning"]) {
    const list = all.filter((f) => f.severity === severity);
    if (list.length === 0) continue;
    const paint = severity === "issue" ? c.red : c.yellow;
    lines.push("", c.bold(`${severity === "issue" ? "Issues" : "Warnings"} (${list.length})`));
    const width = Math.max(...list.map((f) => f.kind.length));
    for (const f of list) {
      lines.push(`  ${paint(severity === "issue" ? "\u2717" : "!")} ${paint(f.kind.padEnd(width))}  ${f.subject}`);
      lines.push(`    ${" ".repeat(width)}  ${c.dim("fix:")} ${f.fix}`);
    }
  }
  lines.push("", verdict(r, c));
  return lines.join("\n") + "\n";
}
function injectionBlock(inj, c) {
  const scale = Math.max(inj.index_inject_bytes, inj.warn_bytes, inj.per_prompt_max_bytes, 1);
  const over = (flag) => flag ? c.yellow : c.green;
  const rows = [
    [
      "whole index",
      `${num(inj.index_inject_bytes)} B`,
      over(inj.over_warn)(bar(inj.index_inject_bytes, scale)),
      inj.over_warn ? c.yellow(`over warn_bytes ${num(inj.warn_bytes)}`) : c.dim(`warn_bytes ${num(inj.warn_bytes)} (${inj.warn_bytes_source})`)
    ],
    [
      "per prompt",
      `\u2264 ${num(inj.per_prompt_max_bytes)} B`,
      c.cyan(bar(inj.per_prompt_max_bytes, scale)),
      c.dim(`budget ${num(inj.inject_budget_bytes)} B / ${inj.inject_budget_entries} entries`)
    ],
    ["pinned", `${num(inj.pinned_inject_bytes)} B`, over(inj.pinned_over_budget)(bar(inj.pinned_inject_bytes, scale)), c.dim(`${inj.pinned_cards} priority: always card(s)`)],
    compactRow(inj, scale, c)
  ];
  return table(rows, { right: [1] });
}
function compactRow(inj, scale, c) {
  const k = inj.compact;
  if (!k.present) return ["compact", c.dim("none"), "", c.dim(k.file)];
  if (k.inject_bytes_with == null) return ["compact", c.yellow(k.status === "invalid" ? "unusable" : "present"), "", c.dim(k.problem ?? k.file)];
  const state = k.current === false ? c.yellow(`behind: ${k.records_since} record(s) since`) : c.dim(`current, ${k.generator}, ${k.generated_at?.slice(0, 10)}`);
  return ["compact", `${num(k.inject_bytes_with)} B`, c.cyan(bar(k.inject_bytes_with, scale)), state];
}
function verdict(r, c) {
  const warn = r.warnings_count > 0 ? `, ${r.warnings_count} warning${r.warnings_count === 1 ? "" : "s"}` : "";
  if (r.issues_count === 0 && r.store_not_writable) return c.yellow(`! read only for this user \u2014 0 issues${warn}; writes fail (${r.store_not_writable.code})`);
  if (r.issues_count === 0) return c.green(`\u2713 healthy \u2014 0 issues${warn}`);
  return c.red(`\u2717 ${r.issues_count} issue${r.issues_count === 1 ? "" : "s"}${warn}`);
}
export {
  renderDoctor
};
