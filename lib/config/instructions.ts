// The IO side of instruction memory (seed 002): which files are in scope for a working directory, reading them
// with the store's path safety, and what a host already loads itself. The rules of composition are in
// lib/core/instructions.ts. An instruction file is read only inside the allowed roots (the user's instruction
// dir and the project root), through no symlink that leads out of them, and only when it is a regular file
// (never a FIFO or a device: lib/store/checked-fs.ts), so an `@/etc/…` or a symlinked import cannot pull a file
// the user never meant for the model into every session. A project's files arrive with a clone, so what they
// reach is narrower: the project itself, or a Markdown file of the user's instruction dir (Claude Code's
// documented `@~/.claude/my-project-instructions.md`), never a dotfile there (`~/.claude/.credentials.json`
// holds the host's login) nor its settings, transcripts or other state.
import path from "node:path";
import { utf8Text } from "../core/bytes.js";
import {
  composeInstructions,
  importOnly,
  nativeKeys,
  type Composition,
  type InstructionLayer,
  type InstructionPart,
  type InstructionRead,
  type InstructionSource,
} from "../core/instructions.js";
import { isInside } from "../core/instruction-imports.js";
import { renderInstructionBlock, type InstructionBlock } from "../core/instruction-block.js";
import { nativeInstructions } from "../../hosts/instructions.js";
import type { HostName } from "../../hosts/types.js";
import { NOT_REGULAR, readRegular, realpath, realpathOr, statIfExists, TOO_LARGE } from "../store/checked-fs.js";
import type { Io } from "../store/io.js";
import type { MemctlConfig } from "./config.js";
import { findRepo } from "./git.js";

/** The hosts' own conventions: Codex, OpenCode and Grok read AGENTS.md, Claude Code CLAUDE.md. */
export const DEFAULT_INSTRUCTION_FILES = ["AGENTS.md", "CLAUDE.md"] as const;
/** The always-on budget: about 2,000 tokens, well under Claude's 10,000-character hook preview and Codex's 32 KiB AGENTS.md cap. */
export const DEFAULT_INSTRUCTIONS_MAX_BYTES = 8192;
/** No single instruction file is read past this (one runaway file must not cost the hook its time). */
export const MAX_INSTRUCTION_FILE_BYTES = 1024 * 1024;

export interface InstructionScope {
  cwd: string;
  projectRoot: string;
  userDir: string;
  /** The directories from the project root down to cwd. */
  dirs: string[];
  files: string[];
  maxBytes: number;
  /** The roots no instruction file may be read outside of. */
  roots: string[];
  /** The user's home: a project that holds it (a dotfiles repository) confines its files' imports further. */
  home: string;
}

export function instructionScope(cwd: string, io: Pick<Io, "home">, config: Pick<MemctlConfig, "instructions">): InstructionScope {
  const settings = config.instructions ?? {};
  const userDirSetting = settings.user_dir ?? "~/.claude";
  const userDir = userDirSetting.startsWith("~/") ? path.join(io.home, userDirSetting.slice(2)) : path.resolve(userDirSetting);
  const here = realpathOr(path.resolve(cwd));
  const projectRoot = findRepo(here)?.worktreeRoot ?? here;
  const dirs = [projectRoot];
  if (isInside(here, projectRoot)) for (const segment of path.relative(projectRoot, here).split(path.sep).filter(Boolean)) dirs.push(path.join(dirs[dirs.length - 1]!, segment));
  return {
    cwd: here,
    projectRoot,
    userDir,
    dirs,
    files: settings.files ?? [...DEFAULT_INSTRUCTION_FILES],
    maxBytes: settings.max_bytes ?? DEFAULT_INSTRUCTIONS_MAX_BYTES,
    roots: [userDir, projectRoot],
    home: io.home,
  };
}

/** Every file in scope, user → project root → each directory down, the configured names in order in each. */
export function instructionSources(scope: InstructionScope): InstructionSource[] {
  return [
    ...scope.files.map((f) => ({ file: path.join(scope.userDir, f), layer: "user" as const })),
    ...scope.dirs.flatMap((d, i) => scope.files.map((f) => ({ file: path.join(d, f), layer: i === 0 ? ("project" as const) : ("subtree" as const) }))),
  ];
}

/** Reads one instruction file inside `roots` only: no path or symlink out of them, nothing but a regular file. */
export function readInstructionFile(file: string, roots: readonly string[]): InstructionRead {
  const outside = `outside the allowed roots (${roots.join(", ")})`;
  if (!roots.some((r) => isInside(file, r))) return { status: "unsafe", detail: `${file} is ${outside}` };
  let real: string;
  try {
    real = realpath(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { status: "missing", detail: `${file} does not exist` };
    return { status: "unreadable", detail: `${file}: ${(err as Error).message}` };
  }
  if (!roots.some((r) => isInside(real, realpathOr(r)))) return { status: "unsafe", detail: `${file} resolves through a symlink to ${real}, ${outside}` };
  try {
    const { bytes } = readRegular(real, MAX_INSTRUCTION_FILE_BYTES, { nofollow: true });
    return { status: "ok", text: utf8Text(bytes), key: real };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === NOT_REGULAR && !statIfExists(real)?.isDirectory()) return { status: "unsafe", detail: (err as Error).message };
    if (code === TOO_LARGE) return { status: "unreadable", detail: (err as Error).message };
    return { status: "unreadable", detail: `${file}: ${(err as Error).message}` };
  }
}

/**
 * Reads a file reached from a source of `layer` through `importers` (real paths, the source first). The user's own
 * files may reach both roots; a project or subtree file (and whatever it imports) only the project, or a visible
 * Markdown file of the user dir, checked on the path as written and on where it really leads. A project file is
 * confined by where it lives, not by who imported it: one the owner's ~/.claude/CLAUDE.md imports gives what it
 * imports in turn no wider reach than it would have as a source.
 */
export function readLayerFile(
  file: string,
  layer: InstructionLayer,
  scope: Pick<InstructionScope, "projectRoot" | "userDir" | "roots" | "home">,
  importers: readonly string[] = [],
): InstructionRead {
  if (layer === "user" && !importers.some((k) => projectFile(k, scope))) return readInstructionFile(file, scope.roots);
  if (isInside(file, scope.projectRoot)) {
    const from = importers.find((k) => projectFile(k, scope));
    const unsafe = (detail: string | undefined): InstructionRead | undefined => (detail === undefined ? undefined : { status: "unsafe", detail });
    const before = from === undefined ? undefined : unsafe(importReach(file, from, scope));
    if (before) return before;
    const got = readInstructionFile(file, [scope.projectRoot]);
    return (got.status === "ok" && from !== undefined && unsafe(importReach(got.key, from, scope))) || got;
  }
  const refused: InstructionRead = {
    status: "unsafe",
    detail: `${file} is outside the project (${scope.projectRoot}): a ${layer} instruction file comes with the repository, so it may import only the project's files or a Markdown file of your instruction dir (${scope.userDir}) that is not hidden nor under projects/ or plans/ (other projects' memory) (E_PATH_ESCAPE)`,
  };
  if (!ownMarkdown(file, scope.userDir)) return refused;
  const got = readInstructionFile(file, [scope.userDir]);
  return got.status === "ok" && !ownMarkdown(got.key, realpathOr(scope.userDir)) ? refused : got;
}

/**
 * Why a project's instruction file (`from`, a real path) may not import `file`, or undefined. The project's files come
 * with the repository, the user's do not: a hidden file or directory (.env, .git, .ssh) is never imported, and where
 * the project is the home directory itself (a dotfiles repository) a file imports only inside its own directory.
 */
function importReach(file: string, from: string, scope: Pick<InstructionScope, "projectRoot" | "home">): string | undefined {
  const home = isInside(realpathOr(scope.home), realpathOr(scope.projectRoot));
  const root = home ? path.dirname(from) : scope.projectRoot;
  const within = isInside(file, root) || isInside(file, realpathOr(root));
  if (!within) return `${file} is outside ${root}: the project is your home directory, so an instruction file in it imports only inside its own directory (E_PATH_ESCAPE)`;
  const rel = path.relative(isInside(file, root) ? root : realpathOr(root), file);
  if (rel.split(path.sep).some((segment) => segment.startsWith(".")))
    return `${file} is hidden (a dot file or directory: .env, .git, .ssh): a project's instruction file never imports one (E_PATH_ESCAPE)`;
  return undefined;
}

/** A file (its real path) of the project's, not of the user dir inside it (a home that is itself a repository). */
function projectFile(real: string, scope: Pick<InstructionScope, "projectRoot" | "userDir">): boolean {
  return isInside(real, realpathOr(scope.projectRoot)) && !isInside(real, realpathOr(scope.userDir));
}

/**
 * The user dir's folders of other projects' state: Claude Code keeps each project's auto memory (memctl's legacy
 * stores, their cards and MEMORY.md) under projects/ and plan mode's plans under plans/. Markdown, but another
 * project's memory, never the instructions of the project importing it.
 */
const HOST_STATE_DIRS = new Set(["projects", "plans"]);

/** A `.md` file under the user dir with no hidden segment on the way (no `.credentials.json`, no `.private/x.md`), outside HOST_STATE_DIRS. */
function ownMarkdown(file: string, userDir: string): boolean {
  if (!isInside(file, userDir) || !file.endsWith(".md")) return false;
  const segments = path.relative(userDir, file).split(path.sep);
  return !HOST_STATE_DIRS.has(segments[0]!) && segments.every((segment) => segment !== "" && !segment.startsWith("."));
}

export interface ComposedInstructions {
  scope: InstructionScope;
  composition: Composition;
}

/** The composed instruction layer for a working directory. */
export function composeFor(cwd: string, io: Pick<Io, "home">, config: Pick<MemctlConfig, "instructions">): ComposedInstructions {
  const scope = instructionScope(cwd, io, config);
  const composition = composeInstructions(instructionSources(scope), (f, layer, importers) => readLayerFile(f, layer, scope, importers), { home: io.home });
  return { scope, composition };
}

export interface HostInstructions {
  /** Parts the host loads itself (its own files, and the imports it expands from them). */
  native: InstructionPart[];
  /** Parts memctl adds for the host. */
  added: InstructionPart[];
  /** How many hops of imports the host expands itself (0: none). */
  importDepth: number;
}

/** Splits the composition into what `host` loads natively and what memctl must add. */
export function forHost(host: HostName, composed: ComposedInstructions, io: Pick<Io, "home" | "env">): HostInstructions {
  const native = nativeInstructions(host, { home: io.home, env: io.env, dirs: composed.scope.dirs });
  const present: string[] = [];
  for (const rule of native.rules) {
    for (const alternative of rule) {
      const found = alternative.filter((f) => statIfExists(f)?.isFile());
      if (found.length === 0) continue;
      present.push(...found);
      break;
    }
  }
  // The host's own files are read as it would (any location), their imports only inside memctl's roots.
  const keys = nativeKeys(present, (f) => (present.includes(f) ? readInstructionFile(f, [path.dirname(f)]) : readInstructionFile(f, composed.scope.roots)), {
    home: io.home,
    importDepth: native.importDepth,
  });
  const parts = composed.composition.parts;
  const added = parts.filter((p) => !keys.has(p.key));
  return { native: parts.filter((p) => !added.includes(p)), added, importDepth: native.importDepth };
}

/** A path as the user reads it: relative to the project root, else under ~, else absolute. */
export function displayInstructionPath(file: string, scope: Pick<InstructionScope, "projectRoot">, home: string): string {
  if (isInside(file, scope.projectRoot)) return path.relative(scope.projectRoot, file) || ".";
  if (isInside(file, home)) return `~/${path.relative(home, file)}`;
  return file;
}

/** What memctl adds for `host` at session start: the missing parts as one block within the budget. */
export function sessionInstructions(
  host: HostName,
  cwd: string,
  io: Pick<Io, "home" | "env">,
  config: Pick<MemctlConfig, "instructions">,
): InstructionBlock & { composed: ComposedInstructions } {
  const composed = composeFor(cwd, io, config);
  // A file that is nothing but @references (CLAUDE.md = "@AGENTS.md") adds no rule of its own: its imports are parts.
  const added = forHost(host, composed, io).added.filter((p) => !importOnly(p));
  const block = renderInstructionBlock(added, {
    maxBytes: composed.scope.maxBytes,
    display: (f) => displayInstructionPath(f, composed.scope, io.home),
    moreCommand: `memctl instructions --host ${host}`,
  });
  return { ...block, composed };
}
