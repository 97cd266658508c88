// lib/cli/manage.ts
import fs from "node:fs";
import path from "node:path";
import { usageError } from "../core/errors.js";
import { runMemoryCommand } from "../records/file-tools.js";
import { inertBlock } from "../core/sanitize-block.js";
import { bool, num, parseArgs, str } from "./args.js";
import { printJson } from "./output.js";
import { ACTOR_FLAGS, JSON_FLAG, requireStore, STORE_FLAGS, writeContext } from "./store-access.js";
import { commandSummary } from "./command-summary.js";
var spec = {
  name: "manage",
  summary: commandSummary("manage"),
  positionals: [
    { name: "action", description: "create | str_replace | insert | delete | rename", required: true },
    { name: "path", description: "the file (rename: old path, then new path)", required: true, variadic: true }
  ],
  flags: {
    text: { type: "string", valueName: "TEXT", description: "create: the file's text; insert: the text to insert" },
    file: { type: "string", valueName: "FILE", description: "create / insert: read the text from FILE (- for stdin)" },
    old: { type: "string", valueName: "TEXT", description: "str_replace: the exact text to replace (must occur once)" },
    new: { type: "string", valueName: "TEXT", description: "str_replace: the replacement (default: empty)" },
    line: { type: "number", valueName: "N", description: "insert: insert after line N (0 = at the top)" },
    ...ACTOR_FLAGS,
    ...STORE_FLAGS,
    ...JSON_FLAG
  },
  exitCodes: {
    0: "done",
    1: "refused: a card-named file that is not a valid card, path escapes the store, missing path, existing destination, no or several matches, line out of range, guardrail, lock timeout, agent caller (E_READ_ONLY)",
    2: "usage error",
    3: "invalid explicit memory selection"
  },
  notes: "Paths are relative to the memory directory (or under /memories/); .., absolute paths, NUL bytes and symlinks are refused, .memctl/ is off limits. Agents (--task-id, --actor agent:*) are read-only. A file named like a card at the store root (feedback_, project_, reference_, user_*.md) must be a valid card (frontmatter with description, topics, priority, status, updated_at, repo_refs; description at most 200 characters): it is refused otherwise (E_CARD_RULES), and its MEMORY.md line follows every create, edit, rename and delete. Other files are free notes.",
  examples: [
    'memctl manage create notes/alex.md --text "Prefers small PRs"',
    'memctl manage str_replace notes/alex.md --old "small" --new "small, reviewed"',
    'memctl manage insert notes/alex.md --line 0 --text "# Alex"',
    "memctl manage rename notes/alex.md people/alex.md",
    "memctl manage delete people/alex.md"
  ]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const [action, ...paths] = args.positionals;
  const command = await toCommand(action, paths, args, io);
  const { memoryDir } = requireStore(args, io);
  const message = await runMemoryCommand(writeContext(args, io, memoryDir), command);
  if (bool(args, "json")) printJson(io, { ok: true, command: action, message });
  else io.stdout.write(inertBlock(message) + "\n");
  return 0;
}
async function toCommand(action, paths, args, io) {
  const one = () => {
    if (paths.length !== 1) throw usageError(`manage ${action} takes exactly one path`);
    return paths[0];
  };
  switch (action) {
    case "create":
      return { command: "create", path: one(), file_text: await textFrom(args, io, "create") };
    case "str_replace": {
      const oldStr = str(args, "old");
      if (oldStr === void 0) throw usageError("manage str_replace needs --old TEXT (and --new TEXT)");
      return { command: "str_replace", path: one(), old_str: oldStr, new_str: str(args, "new") ?? "" };
    }
    case "insert": {
      const line = num(args, "line");
      if (line === void 0) throw usageError("manage insert needs --line N (0 = at the top)");
      return { command: "insert", path: one(), insert_line: line, insert_text: await textFrom(args, io, "insert") };
    }
    case "delete":
      return { command: "delete", path: one() };
    case "rename":
      if (paths.length !== 2) throw usageError("manage rename takes the old path and the new path");
      return { command: "rename", old_path: paths[0], new_path: paths[1] };
    default:
      throw usageError(`unknown action "${action}"; use create, str_replace, insert, delete or rename`);
  }
}
async function textFrom(args, io, action) {
  const text = str(args, "text");
  const file = str(args, "file");
  if (text !== void 0 && file !== void 0) throw usageError(`manage ${action}: give --text or --file, not both`);
  if (text !== void 0) return text;
  if (file === "-") {
    if (!io.readStdin) throw usageError("no standard input to read from");
    return (await io.readStdin()).toString("utf8");
  }
  if (file !== void 0) {
    try {
      return fs.readFileSync(path.resolve(io.cwd, file), "utf8");
    } catch (err) {
      throw usageError(`--file ${file} cannot be read: ${err.message}`);
    }
  }
  throw usageError(`manage ${action} needs --text TEXT or --file FILE (- for stdin)`);
}
export {
  run,
  spec
};
