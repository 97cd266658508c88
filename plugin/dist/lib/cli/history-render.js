// lib/cli/history-render.ts
import { diffLines } from "../core/line-diff.js";
import { inertText } from "../core/sanitize.js";
import { readRevision } from "../store/revisions.js";
import { missingTextReason } from "../records/restore.js";
function revisionChanges(memoryDir, entries, withheld = () => false) {
  const out = [];
  const previous = /* @__PURE__ */ new Map();
  for (const e of entries) {
    const base = previous.get(e.card) ?? null;
    if (e.sha256 === null) {
      out.push({ rev: e.rev, card: e.card, op: e.op, text: "none", base_rev: base?.rev ?? null, diff: null });
      continue;
    }
    if (withheld(e)) {
      out.push({ rev: e.rev, card: e.card, op: e.op, text: "withheld", base_rev: base?.rev ?? null, diff: null });
      previous.set(e.card, { rev: e.rev, text: null });
      continue;
    }
    const read = readRevision(memoryDir, e.sha256);
    const text = read.state === "kept" ? read.bytes.toString("utf8") : null;
    out.push({
      rev: e.rev,
      card: e.card,
      op: e.op,
      text: read.state,
      ..."reason" in read ? { text_error: read.reason } : {},
      base_rev: base?.rev ?? null,
      diff: text !== null && base && base.text !== null ? diffLines(base.text, text) : null
    });
    previous.set(e.card, { rev: e.rev, text });
  }
  return out;
}
function renderChanges(changes, c) {
  const lines = ["", c.bold("What each revision changed")];
  for (const ch of changes) {
    const head = `  r${ch.rev} ${ch.op}`;
    if (ch.text === "none") {
      lines.push(`${head}: ${c.dim(`removed the card${ch.base_rev !== null ? ` (its last text: r${ch.base_rev})` : ""}`)}`);
      continue;
    }
    if (ch.text === "withheld") {
      lines.push(`${head}: ${c.dim("text not shown to an agent: a sync holds this card, or another machine pushed this revision")}`);
      continue;
    }
    if (ch.text !== "kept") {
      const why = missingTextReason(ch.text, ch.text_error);
      lines.push(`${head}: ${ch.text === "absent" ? c.yellow(`text not kept \u2014 ${why.replace(/^its text was not kept /, "")}`) : c.red(why)}`);
      continue;
    }
    if (ch.base_rev === null) {
      lines.push(`${head}: ${c.dim("the first text (memctl restore NAME REV writes one back)")}`);
      continue;
    }
    if (ch.diff === null) {
      lines.push(`${head}: ${c.dim(`text kept; r${ch.base_rev}'s was not, so nothing to compare`)}`);
      continue;
    }
    const changed = ch.diff.some((d) => d.op !== " ");
    lines.push(`${head} ${c.dim(`vs r${ch.base_rev}`)}${changed ? ":" : `: ${c.dim("same text")}`}`);
    if (changed) lines.push(...hunks(ch.diff).map((d) => d === null ? `      ${c.dim("\u2026")}` : paint(d, c)));
  }
  return lines;
}
function paint(d, c) {
  const text = inertText(d.text);
  return d.op === "+" ? `    ${c.green(`+${text}`)}` : d.op === "-" ? `    ${c.red(`-${text}`)}` : `     ${text}`;
}
function hunks(diff) {
  const near = diff.map((_, i) => [i - 1, i, i + 1].some((j) => diff[j] !== void 0 && diff[j].op !== " "));
  const out = [];
  diff.forEach((d, i) => {
    if (near[i]) out.push(d);
    else if (out.length > 0 && out[out.length - 1] !== null) out.push(null);
  });
  if (out[out.length - 1] === null) out.pop();
  return out;
}
export {
  renderChanges,
  revisionChanges
};
