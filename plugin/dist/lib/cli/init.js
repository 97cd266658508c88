// lib/cli/init.ts
import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import { resolveMemory } from "../config/resolve.js";
import { inertText } from "../core/sanitize.js";
import { commitFileSync } from "../store/write.js";
import { isCardFile } from "../core/card-types.js";
import { missingIndexFix } from "../reports/open.js";
import { bool, parseArgs, PROJECT_FLAGS, projectFrom } from "./args.js";
import { colorsFor, printJson } from "./output.js";
import { commandSummary } from "./command-summary.js";
import { claudeImportOffer, IMPORT_COMMAND, runImportOffer } from "./init-import.js";
var spec = {
  name: "init",
  summary: commandSummary("init"),
  flags: {
    ...PROJECT_FLAGS,
    "non-interactive": { type: "boolean", description: "ask nothing and offer nothing (scripts, CI)" },
    json: { type: "boolean", description: "print one JSON object (schema_version 1)" }
  },
  exitCodes: {
    0: "store created",
    1: "a store already exists there (nothing changed)",
    2: "usage error",
    3: "invalid explicit selection (other than a directory that does not exist yet)"
  },
  notes: [
    "With an explicit selection (MEMCTL_MEMORY_DIR or a project config entry) init creates that directory; otherwise the legacy Claude Code location.",
    "When this project has Claude Code memory elsewhere, init offers to import it: a question on a terminal, a hint line otherwise",
    `(and claude_import in --json), nothing under --non-interactive. The import is the same as "${IMPORT_COMMAND}".`
  ].join("\n"),
  examples: ["memctl init", "MEMCTL_MEMORY_DIR=~/notes/app memctl init --json"]
};
function bootstrapIndex(projectName) {
  return `# Memory

This is the ${projectName} memory index, managed by memctl. One line per card: - [Title](file.md) \u2014 hook
`;
}
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const r = resolveMemory(projectFrom(args), io);
  let target;
  if (r.status === "resolved") target = r.memory_dir;
  else if (r.status === "unavailable" && r.legacy_owner !== void 0)
    throw new MemctlError(ERROR_CODES.E_UNAVAILABLE, `cannot init here: ${r.reason}`, { legacy_dir: r.legacy_dir, legacy_owner: r.legacy_owner });
  else if (r.status === "unavailable") target = r.legacy_dir;
  else if ((r.resolution_source === "env" || r.resolution_source === "config") && r.memory_dir && path.isAbsolute(r.memory_dir) && !fs.existsSync(r.memory_dir))
    target = r.memory_dir;
  else throw new MemctlError(ERROR_CODES.E_INVALID_EXPLICIT, `cannot init: ${r.reason}`, { resolution_source: r.resolution_source });
  const index = path.join(target, "MEMORY.md");
  if (fs.existsSync(index)) {
    throw new MemctlError(ERROR_CODES.E_STORE_EXISTS, `a memory store already exists at ${target} (MEMORY.md is there); nothing was changed \u2014 see it with "memctl doctor"`, {
      memory_dir: target
    });
  }
  const markdown = listMarkdown(target);
  const cards = markdown.filter((f) => isCardFile(f));
  if (cards.length > 0) {
    throw new MemctlError(
      ERROR_CODES.E_STORE_EXISTS,
      `${target} already holds ${cards.length} card file(s) but no MEMORY.md; nothing was changed \u2014 ${missingIndexFix(target, cards.length)}`,
      { memory_dir: target }
    );
  }
  assertNotDanglingLink(target);
  fs.mkdirSync(target, { recursive: true });
  createExclusive(index, bootstrapIndex(path.basename(r.canonical_repo)));
  const offer = bool(args, "non-interactive") ? null : claudeImportOffer(target, r, io);
  const report = {
    memory_dir: target,
    index_file: index,
    created: true,
    resolution_source: r.status === "unavailable" ? "legacy" : r.resolution_source,
    project_key: r.project_key,
    claude_import: offer,
    notes: markdown
  };
  if (bool(args, "json")) printJson(io, report);
  else {
    const c = colorsFor(io);
    io.stdout.write(`${c.green("\u2713")} created ${inertText(index)}
`);
    if (markdown.length > 0)
      io.stdout.write(
        `  ${markdown.length} note${markdown.length === 1 ? "" : "s"} here ${markdown.length === 1 ? "is" : "are"} not in the index (kept as they are): add a line "- [Title](file.md) \u2014 hook" for each the hook should rank: ${markdown.map(inertText).join(", ")}
`
      );
    const lines = offer ? await runImportOffer(target, offer, io) : [];
    io.stdout.write([...lines, `  next: add a card with "memctl save", or log a session with "memctl log --host <host> --summary \u2026"`].join("\n") + "\n");
  }
  return 0;
}
function assertNotDanglingLink(target) {
  const stat = fs.lstatSync(target, { throwIfNoEntry: false });
  if (!stat?.isSymbolicLink()) return;
  const to = fs.readlinkSync(target);
  throw new MemctlError(
    ERROR_CODES.E_INVALID_EXPLICIT,
    `cannot init: ${target} is a symlink to ${to}, which does not exist; nothing was changed. Create the target (mkdir -p ${path.resolve(path.dirname(target), to)}) and run memctl init again, or select another directory`,
    { memory_dir: target }
  );
}
function createExclusive(file, content) {
  try {
    commitFileSync(file, content, { exclusive: true });
  } catch (err) {
    if (systemCode(err) === "EEXIST") throw new MemctlError(ERROR_CODES.E_STORE_EXISTS, `${file} appeared while creating it; nothing was overwritten`);
    throw err;
  }
}
function listMarkdown(dir) {
  try {
    return fs.readdirSync(dir).filter((f) => f.endsWith(".md")).sort();
  } catch {
    return [];
  }
}
export {
  bootstrapIndex,
  run,
  spec
};
