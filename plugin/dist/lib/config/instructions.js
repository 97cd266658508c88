// lib/config/instructions.ts
import path from "node:path";
import { utf8Text } from "../core/bytes.js";
import {
  composeInstructions,
  importOnly,
  nativeKeys
} from "../core/instructions.js";
import { isInside } from "../core/instruction-imports.js";
import { renderInstructionBlock } from "../core/instruction-block.js";
import { nativeInstructions } from "../../hosts/instructions.js";
import { NOT_REGULAR, readRegular, realpath, realpathOr, statIfExists, TOO_LARGE } from "../store/checked-fs.js";
import { findRepo } from "./git.js";
var DEFAULT_INSTRUCTION_FILES = ["AGENTS.md", "CLAUDE.md"];
var DEFAULT_INSTRUCTIONS_MAX_BYTES = 8192;
var MAX_INSTRUCTION_FILE_BYTES = 1024 * 1024;
function instructionScope(cwd, io, config) {
  const settings = config.instructions ?? {};
  const userDirSetting = settings.user_dir ?? "~/.claude";
  const userDir = userDirSetting.startsWith("~/") ? path.join(io.home, userDirSetting.slice(2)) : path.resolve(userDirSetting);
  const here = realpathOr(path.resolve(cwd));
  const projectRoot = findRepo(here)?.worktreeRoot ?? here;
  const dirs = [projectRoot];
  if (isInside(here, projectRoot)) for (const segment of path.relative(projectRoot, here).split(path.sep).filter(Boolean)) dirs.push(path.join(dirs[dirs.length - 1], segment));
  return {
    cwd: here,
    projectRoot,
    userDir,
    dirs,
    files: settings.files ?? [...DEFAULT_INSTRUCTION_FILES],
    maxBytes: settings.max_bytes ?? DEFAULT_INSTRUCTIONS_MAX_BYTES,
    roots: [userDir, projectRoot],
    home: io.home
  };
}
function instructionSources(scope) {
  return [
    ...scope.files.map((f) => ({ file: path.join(scope.userDir, f), layer: "user" })),
    ...scope.dirs.flatMap((d, i) => scope.files.map((f) => ({ file: path.join(d, f), layer: i === 0 ? "project" : "subtree" })))
  ];
}
function readInstructionFile(file, roots) {
  const outside = `outside the allowed roots (${roots.join(", ")})`;
  if (!roots.some((r) => isInside(file, r))) return { status: "unsafe", detail: `${file} is ${outside}` };
  let real;
  try {
    real = realpath(file);
  } catch (err) {
    const code = err.code;
    if (code === "ENOENT" || code === "ENOTDIR") return { status: "missing", detail: `${file} does not exist` };
    return { status: "unreadable", detail: `${file}: ${err.message}` };
  }
  if (!roots.some((r) => isInside(real, realpathOr(r)))) return { status: "unsafe", detail: `${file} resolves through a symlink to ${real}, ${outside}` };
  try {
    const { bytes } = readRegular(real, MAX_INSTRUCTION_FILE_BYTES, { nofollow: true });
    return { status: "ok", text: utf8Text(bytes), key: real };
  } catch (err) {
    const code = err.code;
    if (code === NOT_REGULAR && !statIfExists(real)?.isDirectory()) return { status: "unsafe", detail: err.message };
    if (code === TOO_LARGE) return { status: "unreadable", detail: err.message };
    return { status: "unreadable", detail: `${file}: ${err.message}` };
  }
}
function readLayerFile(file, layer, scope, importers = []) {
  if (layer === "user" && !importers.some((k) => projectFile(k, scope))) return readInstructionFile(file, scope.roots);
  if (isInside(file, scope.projectRoot)) {
    const from = importers.find((k) => projectFile(k, scope));
    const unsafe = (detail) => detail === void 0 ? void 0 : { status: "unsafe", detail };
    const before = from === void 0 ? void 0 : unsafe(importReach(file, from, scope));
    if (before) return before;
    const got2 = readInstructionFile(file, [scope.projectRoot]);
    return got2.status === "ok" && from !== void 0 && unsafe(importReach(got2.key, from, scope)) || got2;
  }
  const refused = {
    status: "unsafe",
    detail: `${file} is outside the project (${scope.projectRoot}): a ${layer} instruction file comes with the repository, so it may import only the project's files or a Markdown file of your instruction dir (${scope.userDir}) that is not hidden nor under projects/ or plans/ (other projects' memory) (E_PATH_ESCAPE)`
  };
  if (!ownMarkdown(file, scope.userDir)) return refused;
  const got = readInstructionFile(file, [scope.userDir]);
  return got.status === "ok" && !ownMarkdown(got.key, realpathOr(scope.userDir)) ? refused : got;
}
function importReach(file, from, scope) {
  const home = isInside(realpathOr(scope.home), realpathOr(scope.projectRoot));
  const root = home ? path.dirname(from) : scope.projectRoot;
  const within = isInside(file, root) || isInside(file, realpathOr(root));
  if (!within) return `${file} is outside ${root}: the project is your home directory, so an instruction file in it imports only inside its own directory (E_PATH_ESCAPE)`;
  const rel = path.relative(isInside(file, root) ? root : realpathOr(root), file);
  if (rel.split(path.sep).some((segment) => segment.startsWith(".")))
    return `${file} is hidden (a dot file or directory: .env, .git, .ssh): a project's instruction file never imports one (E_PATH_ESCAPE)`;
  return void 0;
}
function projectFile(real, scope) {
  return isInside(real, realpathOr(scope.projectRoot)) && !isInside(real, realpathOr(scope.userDir));
}
var HOST_STATE_DIRS = /* @__PURE__ */ new Set(["projects", "plans"]);
function ownMarkdown(file, userDir) {
  if (!isInside(file, userDir) || !file.endsWith(".md")) return false;
  const segments = path.relative(userDir, file).split(path.sep);
  return !HOST_STATE_DIRS.has(segments[0]) && segments.every((segment) => segment !== "" && !segment.startsWith("."));
}
function composeFor(cwd, io, config) {
  const scope = instructionScope(cwd, io, config);
  const composition = composeInstructions(instructionSources(scope), (f, layer, importers) => readLayerFile(f, layer, scope, importers), { home: io.home });
  return { scope, composition };
}
function forHost(host, composed, io) {
  const native = nativeInstructions(host, { home: io.home, env: io.env, dirs: composed.scope.dirs });
  const present = [];
  for (const rule of native.rules) {
    for (const alternative of rule) {
      const found = alternative.filter((f) => statIfExists(f)?.isFile());
      if (found.length === 0) continue;
      present.push(...found);
      break;
    }
  }
  const keys = nativeKeys(present, (f) => present.includes(f) ? readInstructionFile(f, [path.dirname(f)]) : readInstructionFile(f, composed.scope.roots), {
    home: io.home,
    importDepth: native.importDepth
  });
  const parts = composed.composition.parts;
  const added = parts.filter((p) => !keys.has(p.key));
  return { native: parts.filter((p) => !added.includes(p)), added, importDepth: native.importDepth };
}
function displayInstructionPath(file, scope, home) {
  if (isInside(file, scope.projectRoot)) return path.relative(scope.projectRoot, file) || ".";
  if (isInside(file, home)) return `~/${path.relative(home, file)}`;
  return file;
}
function sessionInstructions(host, cwd, io, config) {
  const composed = composeFor(cwd, io, config);
  const added = forHost(host, composed, io).added.filter((p) => !importOnly(p));
  const block = renderInstructionBlock(added, {
    maxBytes: composed.scope.maxBytes,
    display: (f) => displayInstructionPath(f, composed.scope, io.home),
    moreCommand: `memctl instructions --host ${host}`
  });
  return { ...block, composed };
}
export {
  DEFAULT_INSTRUCTIONS_MAX_BYTES,
  DEFAULT_INSTRUCTION_FILES,
  MAX_INSTRUCTION_FILE_BYTES,
  composeFor,
  displayInstructionPath,
  forHost,
  instructionScope,
  instructionSources,
  readInstructionFile,
  readLayerFile,
  sessionInstructions
};
