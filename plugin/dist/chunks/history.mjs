import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  entriesOfCard,
  missingTextReason
} from "./records-restore.mjs";
import "./records-save.mjs";
import "./records-interrupted.mjs";
import {
  diffLines
} from "./core-line-diff.mjs";
import "./records-card-find.mjs";
import "./records-adopt-first.mjs";
import "./records-commit.mjs";
import "./records-proposal-files.mjs";
import "./core-frontmatter-edit.mjs";
import "./store-safe-open.mjs";
import "./core-frecency.mjs";
import {
  readRevision
} from "./store-revisions.mjs";
import "./core-card-rules.mjs";
import "./store-write-journal.mjs";
import "./core-index-edit.mjs";
import {
  JSON_FLAG,
  STORE_FLAGS,
  requireStore
} from "./cli-store-access.mjs";
import "./config-agent-env.mjs";
import "./records-guardrails.mjs";
import {
  readHistory
} from "./store-history.mjs";
import "./store-read.mjs";
import "./core-index-file.mjs";
import "./core-card.mjs";
import "./core-card-types.mjs";
import "./store-lock.mjs";
import {
  colorsFor,
  padEnd,
  printJson
} from "./cli-output.mjs";
import {
  bool,
  commandSummary,
  parseArgs
} from "./cli-args.mjs";
import "./config-project.mjs";
import "./config-git.mjs";
import {
  inertText
} from "./core-sanitize.mjs";
import "./config-config-keys.mjs";
import "./core-closest.mjs";
import "./core-sha256.mjs";
import "./store-paths.mjs";
import "./core-bytes.mjs";
import {
  ERROR_CODES,
  MemctlError
} from "./core-errors.mjs";
import "./npm-js-yaml-dist-js-yaml.mjs";
import "./runtime.mjs";

// lib/cli/history-render.ts
function revisionChanges(memoryDir, entries) {
  const out = [];
  const previous = /* @__PURE__ */ new Map();
  for (const e of entries) {
    const base = previous.get(e.card) ?? null;
    if (e.sha256 === null) {
      out.push({ rev: e.rev, card: e.card, op: e.op, text: "none", base_rev: base?.rev ?? null, diff: null });
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

// lib/cli/history.ts
var spec = {
  name: "history",
  summary: commandSummary("history"),
  positionals: [{ name: "name", description: "only this card (removed cards included), with what each revision changed", completes: "card" }],
  flags: { ...STORE_FLAGS, ...JSON_FLAG },
  exitCodes: { 0: "printed", 1: "no history for that name, unreadable history, or no store", 2: "usage error", 3: "invalid explicit memory selection" },
  notes: "With a name, each revision's text (kept under .memctl/revisions) is compared with the one before it; memctl restore NAME REV writes one back.",
  examples: ["memctl history", "memctl history run-tests", "memctl history run-tests --json"]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const { memoryDir } = requireStore(args, io);
  const read = readHistory(memoryDir);
  if (read.error) throw new MemctlError(ERROR_CODES.E_IO, read.error);
  const name = args.positionals[0];
  let entries = read.entries;
  let changes;
  if (name !== void 0) {
    entries = entriesOfCard(memoryDir, entries, name);
    if (entries.length === 0) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no history for "${name}"`, { name });
    changes = revisionChanges(memoryDir, entries);
  }
  if (bool(args, "json")) printJson(io, { memory_dir: memoryDir, entries, malformed: read.malformed, ...changes ? { changes } : {} });
  else io.stdout.write(renderHistory(entries, read.malformed, io) + (changes ? renderChanges(changes, colorsFor(io)).join("\n") + "\n" : ""));
  return 0;
}
function renderHistory(entries, malformed, io) {
  const c = colorsFor(io);
  if (entries.length === 0) return `${c.dim("no writes recorded yet")}
`;
  const rows = entries.map((e) => [
    e.at.replace(/\.\d{3}Z$/, "Z"),
    `r${e.rev}`,
    e.op,
    inertText(e.actor),
    e.sha256 ? e.sha256.slice(0, 12) : "-",
    String(e.bytes),
    inertText(e.card)
  ]);
  const head = ["AT", "REV", "OP", "ACTOR", "SHA256", "BYTES", "CARD"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const lines = [
    c.bold(
      head.map((h, i) => padEnd(h, widths[i])).join("  ").trimEnd()
    ),
    ...rows.map(
      (r) => r.map((cell, i) => padEnd(cell, widths[i])).join("  ").trimEnd()
    )
  ];
  if (malformed > 0) lines.push(c.yellow(`${malformed} malformed history line${malformed > 1 ? "s" : ""} not shown (kept on disk)`));
  return lines.join("\n") + "\n";
}
export {
  run,
  spec
};
