import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  applyClaudeImport,
  planClaudeImport,
  projectClaudeDirs
} from "./config-claude-memory.mjs";
import "./store-revisions.mjs";
import "./core-card-rules.mjs";
import "./store-write-journal.mjs";
import "./core-index-edit.mjs";
import {
  configuredGuardrails,
  secretPolicy
} from "./records-guardrails.mjs";
import "./store-history.mjs";
import "./store-read.mjs";
import "./core-index-file.mjs";
import "./core-card.mjs";
import "./core-card-types.mjs";
import {
  commitFileSync,
  pauseFromEnv
} from "./store-lock.mjs";
import {
  colorsFor,
  printJson
} from "./cli-output.mjs";
import {
  PROJECT_FLAGS,
  bool,
  commandSummary,
  parseArgs,
  projectFrom
} from "./cli-args.mjs";
import {
  resolveMemory
} from "./config-project.mjs";
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
  MemctlError,
  systemCode
} from "./core-errors.mjs";
import "./npm-js-yaml-dist-js-yaml.mjs";
import "./runtime.mjs";

// lib/cli/init.ts
import fs2 from "node:fs";
import path from "node:path";

// lib/cli/init-import.ts
import fs from "node:fs";
var IMPORT_COMMAND = "memctl import claude --yes";
function claudeImportOffer(target, resolution, io) {
  const store = real(target);
  const dirs = projectClaudeDirs(resolution, io).filter((d) => real(d) !== store);
  if (dirs.length === 0) return null;
  const importable = planClaudeImport(target, dirs, []).items.filter((i) => i.action === "import").length;
  return importable === 0 ? null : { dirs, importable, imported: 0, command: IMPORT_COMMAND };
}
async function runImportOffer(target, offer, io) {
  const c = colorsFor(io);
  const what = `${offer.importable} card${offer.importable === 1 ? "" : "s"} of Claude Code memory in ${offer.dirs.map((d) => inertText(d)).join(", ")}`;
  if (!io.ask) return [`${c.yellow("hint:")} ${what}; import ${offer.importable === 1 ? "it" : "them"} with: ${IMPORT_COMMAND}`];
  const answer = await io.ask(`Import ${what} into the new store? [y/N] `);
  if (!/^\s*y(es)?\s*$/i.test(answer ?? "")) return [c.dim(`not imported; import later with: ${IMPORT_COMMAND}`)];
  const plan = planClaudeImport(target, offer.dirs, []);
  const imported = await applyClaudeImport(
    { memoryDir: target, actor: "system", now: io.now(), commit: pauseFromEnv(io.env), guardrails: configuredGuardrails(io), secrets: secretPolicy(io) },
    plan,
    { io }
  );
  offer.imported = imported.length;
  return [`${c.green("\u2713")} imported ${imported.length} card${imported.length === 1 ? "" : "s"} of Claude Code memory (attributed to system; see them with memctl list)`];
}
function real(p) {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

// lib/cli/init.ts
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
  else if (r.status === "unavailable") target = r.legacy_dir;
  else if ((r.resolution_source === "env" || r.resolution_source === "config") && r.memory_dir && path.isAbsolute(r.memory_dir) && !fs2.existsSync(r.memory_dir))
    target = r.memory_dir;
  else throw new MemctlError(ERROR_CODES.E_INVALID_EXPLICIT, `cannot init: ${r.reason}`, { resolution_source: r.resolution_source });
  const index = path.join(target, "MEMORY.md");
  if (fs2.existsSync(index)) {
    throw new MemctlError(ERROR_CODES.E_STORE_EXISTS, `a memory store already exists at ${target} (MEMORY.md is there); nothing was changed \u2014 see it with "memctl doctor"`, {
      memory_dir: target
    });
  }
  const strays = listMarkdown(target);
  if (strays.length > 0) {
    throw new MemctlError(
      ERROR_CODES.E_STORE_EXISTS,
      `${target} already holds ${strays.length} Markdown file(s) but no MEMORY.md; nothing was changed \u2014 add the index by hand or import them with "memctl import"`,
      { memory_dir: target }
    );
  }
  assertNotDanglingLink(target);
  fs2.mkdirSync(target, { recursive: true });
  createExclusive(index, bootstrapIndex(path.basename(r.canonical_repo)));
  const offer = bool(args, "non-interactive") ? null : claudeImportOffer(target, r, io);
  const report = {
    memory_dir: target,
    index_file: index,
    created: true,
    resolution_source: r.status === "unavailable" ? "legacy" : r.resolution_source,
    project_key: r.project_key,
    claude_import: offer
  };
  if (bool(args, "json")) printJson(io, report);
  else {
    const c = colorsFor(io);
    io.stdout.write(`${c.green("\u2713")} created ${inertText(index)}
`);
    const lines = offer ? await runImportOffer(target, offer, io) : [];
    io.stdout.write([...lines, `  next: add a card with "memctl save", or log a session with "memctl log --host <host> --summary \u2026"`].join("\n") + "\n");
  }
  return 0;
}
function assertNotDanglingLink(target) {
  const stat = fs2.lstatSync(target, { throwIfNoEntry: false });
  if (!stat?.isSymbolicLink()) return;
  const to = fs2.readlinkSync(target);
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
    return fs2.readdirSync(dir).filter((f) => f.endsWith(".md"));
  } catch {
    return [];
  }
}
export {
  bootstrapIndex,
  run,
  spec
};
