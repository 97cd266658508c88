// lib/sync/layout.ts
import fs from "node:fs";
import path from "node:path";
import { readMergedText } from "./merged-read.js";
import { isCardFile } from "../core/card-rules.js";
import { isCardFileName } from "../core/card-types.js";
import { shellQuote } from "../core/shell-quote.js";
import { commitFile } from "../store/write.js";
import { git, runGit } from "./git.js";
var SHARED_STATE = [".memctl/history.jsonl", ".memctl/proposals-log.jsonl", ".memctl/proposals/", ".memctl/compact.json", ".memctl/revisions/"];
var BEGIN = "# memctl:begin sync";
var END = "# memctl:end sync";
var IGNORE_BLOCK = [
  `${BEGIN} (per-machine state is never committed: rank cache, usage, locks, sync state, session and code caches)`,
  "/.memctl/*",
  ...SHARED_STATE.map((p) => `!/${p}`),
  ".*.tmp",
  "/.merge_file_*",
  END
].join("\n");
var ATTRIBUTES_BLOCK = [
  // Cards edited on both sides are left unmerged without markers (git's binary driver) and resolved by memctl sync
  // in one process: a driver per card would start a process per conflicting card.
  `${BEGIN} (merge rules: here, not in .gitattributes, so no committed file overrides them; drivers in .git/config; cards both sides changed are resolved by memctl sync)`,
  // First, for every path: no attribute a pushed .gitattributes sets may reach a command or rewrite bytes. A
  // filter, diff or merge name runs what the owner's own git config attaches to it (`filter=lfs` starts git-lfs,
  // which fetches from the URL a pushed .lfsconfig names); ident, eol and working-tree-encoding change the bytes
  // memctl reads. Plain text merge and diff, no conversion; the lines below choose memctl's drivers.
  "* -filter diff merge -ident -text !eol !working-tree-encoding",
  "*.jsonl merge=memctl-log",
  "/MEMORY.md merge=memctl-index",
  "/MEMORY.*.md merge=memctl-index",
  "/feedback_*.md merge=binary",
  "/project_*.md merge=binary",
  "/reference_*.md merge=binary",
  "/user_*.md merge=binary",
  "/.memctl/compact.json merge=memctl-ours",
  "/.memctl/proposals/*.json merge=memctl-ours",
  "/.memctl/proposals/archive/*.json merge=memctl-ours",
  END
].join("\n");
var DRIVER_KINDS = {
  log: "union of an append-only log",
  index: "MEMORY.md lines by card",
  card: "one side wins, the other becomes a proposal",
  ours: "keep this side"
};
function mustShare(rel) {
  if (rel.startsWith(".memctl/")) return !isPerMachine(rel);
  if (rel.includes("/")) return isCardFileName(rel);
  return /^MEMORY(\.[^/]+)?\.md$/.test(rel) || /^episodes[^/]*\.jsonl$/.test(rel) || isCardFile(rel);
}
function isPerMachine(rel) {
  if (!rel.startsWith(".memctl/")) return false;
  if (/(^|\/)\.[^/]+\.tmp$/.test(rel)) return true;
  return !SHARED_STATE.some((p) => p.endsWith("/") ? rel.startsWith(p) : rel === p);
}
function sharedShape(rel) {
  if (rel === ".memctl/history.jsonl" || rel === ".memctl/proposals-log.jsonl" || rel === ".memctl/compact.json") return true;
  if (/^\.memctl\/proposals\/(archive\/)?[^/]+\.json$/.test(rel)) return true;
  const revision = /^\.memctl\/revisions\/([0-9a-f]{2})\/([0-9a-f]{64})$/.exec(rel);
  return revision !== null && revision[2].startsWith(revision[1]);
}
async function writeRepoRules(memoryDir) {
  const changed = [];
  const info = path.join(memoryDir, ".git", "info");
  fs.mkdirSync(info, { recursive: true });
  for (const [name, file, block] of [
    [".gitignore", path.join(memoryDir, ".gitignore"), IGNORE_BLOCK],
    [".git/info/attributes", path.join(info, "attributes"), ATTRIBUTES_BLOCK]
  ]) {
    const before2 = readOr(file);
    const after2 = withBlock(before2, block);
    if (after2 !== before2) {
      await commitFile(file, after2);
      changed.push(name);
    }
  }
  const committed = path.join(memoryDir, ".gitattributes");
  const before = readOr(committed);
  const after = withBlock(before, void 0);
  if (after !== before) {
    if (after.trim() === "") fs.rmSync(committed, { force: true });
    else await commitFile(committed, after);
    changed.push(".gitattributes");
  }
  return changed;
}
function withBlock(text, block) {
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END, start);
  if (start >= 0 && end > start) {
    if (block !== void 0) return text.slice(0, start) + block + text.slice(end + END.length);
    const rest = text.slice(end + END.length);
    return text.slice(0, start) + (rest.startsWith("\n") ? rest.slice(1) : rest);
  }
  if (block === void 0) return text;
  return (text === "" || text.endsWith("\n") ? text : `${text}
`) + `${block}
`;
}
function readOr(file) {
  return readMergedText(file) ?? "";
}
async function configureDrivers(memoryDir, command, options) {
  const current = await runGit(memoryDir, ["config", "--local", "--get-regexp", "^merge\\.memctl-"], options);
  const have = new Map(
    current.stdout.split("\n").filter(Boolean).map((l) => [l.slice(0, l.indexOf(" ")), l.slice(l.indexOf(" ") + 1)])
  );
  const prefix = [...command, "sync", "merge-driver"].map(shellQuote).join(" ");
  for (const [kind, name] of Object.entries(DRIVER_KINDS)) {
    const want = /* @__PURE__ */ new Map([
      [`merge.memctl-${kind}.name`, `memctl: ${name}`],
      [`merge.memctl-${kind}.driver`, `${prefix} ${kind} %O %A %B %P`]
    ]);
    for (const [key, value] of want) if (have.get(key) !== value) await git(memoryDir, ["config", "--local", key, value], options);
  }
}
export {
  ATTRIBUTES_BLOCK,
  DRIVER_KINDS,
  IGNORE_BLOCK,
  SHARED_STATE,
  configureDrivers,
  isPerMachine,
  mustShare,
  sharedShape,
  writeRepoRules
};
