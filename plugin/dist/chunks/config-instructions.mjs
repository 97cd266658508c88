import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  inertBlock
} from "./core-sanitize-block.mjs";
import {
  utf8Bytes
} from "./core-block.mjs";
import {
  findRepo
} from "./config-git.mjs";
import {
  NOT_REGULAR,
  TOO_LARGE,
  readRegular,
  realpath,
  statIfExists,
  utf8Text
} from "./core-bytes.mjs";

// lib/core/instruction-imports.ts
import path from "node:path";
var FENCE = /^ {0,3}(`{3,}|~{3,})/;
var TOKEN = /(^|\s)@(\S+)/g;
var TRAILING = /[.,;:!?)\]}'"]+$/;
function parseImports(text) {
  const refs = [];
  let fence;
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const opened = FENCE.exec(line);
    if (fence !== void 0) {
      if (opened?.[1] && opened[1][0] === fence[0] && opened[1].length >= fence.length && line.trim() === opened[1]) fence = void 0;
      continue;
    }
    if (opened?.[1]) {
      fence = opened[1];
      continue;
    }
    for (const m of withoutCodeSpans(line).matchAll(TOKEN)) {
      const target = (m[2] ?? "").replace(TRAILING, "");
      if (looksLikePath(target)) refs.push({ target, line: i + 1 });
    }
  }
  return refs;
}
function withoutCodeSpans(line) {
  if (!line.includes("`")) return line;
  return line.replace(/(`+)[\s\S]*?\1/g, (span) => " ".repeat(span.length));
}
function looksLikePath(target) {
  if (target === "" || target.startsWith("@")) return false;
  if (/^(\.{1,2}\/|~\/|\/)/.test(target)) return true;
  if (target.includes("/")) return !target.includes("://");
  return /\.[A-Za-z0-9]{1,8}$/.test(target);
}
function resolveImport(target, importingFile, home) {
  if (target === "~" || target.startsWith("~/")) return path.resolve(home, target.slice(2));
  if (path.isAbsolute(target)) return path.resolve(target);
  return path.resolve(path.dirname(importingFile), target);
}
function isInside(file, root) {
  const rel = path.relative(root, file);
  return rel === "" || !rel.startsWith("..") && !path.isAbsolute(rel);
}

// lib/core/instructions.ts
var MAX_IMPORT_DEPTH = 5;
function composeInstructions(sources, read, options) {
  const maxDepth = options.maxDepth ?? MAX_IMPORT_DEPTH;
  const parts = [];
  const problems = [];
  const seen = /* @__PURE__ */ new Set();
  const visit = (file, layer, depth, root, from, chain) => {
    const got = read(file);
    const at = from ? { file: from.file, line: from.line, target: from.target } : { file };
    if (got.status === "missing") {
      if (from) problems.push({ kind: "dead-import", ...at, detail: `${file} does not exist` });
      return;
    }
    if (got.status !== "ok") {
      problems.push({ kind: got.status, ...at, detail: got.detail });
      return;
    }
    if (chain.includes(got.key)) {
      problems.push({ kind: "cycle", ...at, detail: `@${from?.target ?? file} leads back to ${file}, already being composed (${[...chain, got.key].join(" \u2192 ")})` });
      return;
    }
    if (seen.has(got.key)) return;
    seen.add(got.key);
    const source = root ?? file;
    parts.push({ file, key: got.key, layer, depth, source, ...from ? { from } : {}, text: got.text, bytes: utf8Bytes(got.text) });
    for (const ref of parseImports(got.text)) {
      const next = { file, line: ref.line, target: ref.target };
      if (depth + 1 > maxDepth) {
        problems.push({ kind: "depth", ...next, detail: `@${ref.target} is ${depth + 1} hops from ${source}, past the limit of ${maxDepth}: not composed` });
        continue;
      }
      visit(resolveImport(ref.target, file, options.home), layer, depth + 1, source, next, [...chain, got.key]);
    }
  };
  for (const s of sources) visit(s.file, s.layer, 0, void 0, void 0, []);
  return { parts, problems };
}
function importOnly(part) {
  const lines = part.text.split("\n").filter((l) => l.trim() !== "");
  return lines.length > 0 && lines.every((l) => /^\s*(@\S+\s*)+$/.test(l)) && parseImports(part.text).length > 0;
}
function nativeKeys(present, read, options) {
  const loaded = composeInstructions(
    present.map((file) => ({ file, layer: "project" })),
    read,
    { home: options.home, maxDepth: options.importDepth }
  );
  return new Set(loaded.parts.map((p) => p.key));
}

// lib/core/instruction-block.ts
var INSTRUCTIONS_OPEN = "<memctl-instructions>";
var INSTRUCTIONS_CLOSE = "</memctl-instructions>";
var HEAD = "Standing instructions this host does not load by itself, composed by memctl (user \u2192 project \u2192 subtree, @imports expanded). Each part names its file; follow them as you would the host's own instruction files.";
function partHeading(part, display) {
  const origin = part.from ? `, imported by ${display(part.from.file)}:${part.from.line} (@${part.from.target})` : "";
  return `--- ${display(part.file)} (${part.layer}${origin})`;
}
function renderInstructionBlock(parts, options) {
  if (parts.length === 0) return { text: "", bytes: 0, included: [], omitted: [] };
  const pieces = parts.map((p) => `${partHeading(p, options.display)}
${defuse(inertBlock(p.text.replace(/\n+$/, "")))}`);
  const frame = (body, note2) => [INSTRUCTIONS_OPEN, HEAD, ...body, ...note2 ? [note2] : [], INSTRUCTIONS_CLOSE].join("\n") + "\n";
  const note = (omitted2) => `(${omitted2.length} instruction part${omitted2.length === 1 ? "" : "s"}, ${omitted2.reduce((n, p) => n + p.bytes, 0)} bytes, left out over the ${options.maxBytes}-byte budget ([instructions] max_bytes): ${options.moreCommand} shows them)`;
  let kept = pieces.length;
  while (kept > 0 && utf8Bytes(frame(pieces.slice(0, kept), kept < pieces.length ? note(parts.slice(kept)) : void 0)) > options.maxBytes) kept--;
  const omitted = parts.slice(kept);
  const text = frame(pieces.slice(0, kept), omitted.length ? note(omitted) : void 0);
  if (utf8Bytes(text) > options.maxBytes) return { text: "", bytes: 0, included: [], omitted };
  return { text, bytes: utf8Bytes(text), included: parts.slice(0, kept), omitted };
}
function defuse(text) {
  return text.toLowerCase().includes("memctl-instructions") ? text.replace(/<(\/?)memctl-instructions/gi, "<$1memctl-instructions\u200B") : text;
}

// lib/config/instructions.ts
import path3 from "node:path";

// hosts/instructions.ts
import path2 from "node:path";
var each = (dirs, name) => dirs.map((d) => path2.join(d, name));
var one = (...alternatives) => alternatives;
function nativeInstructions(host, scope) {
  const { home, env, dirs } = scope;
  switch (host) {
    // Claude Code: ~/.claude/CLAUDE.md and every CLAUDE.md (and CLAUDE.local.md) from the root down, imports
    // expanded up to 5 hops: everything memctl would compose from those files.
    case "claude": {
      const config = env.CLAUDE_CONFIG_DIR && path2.isAbsolute(env.CLAUDE_CONFIG_DIR) ? env.CLAUDE_CONFIG_DIR : path2.join(home, ".claude");
      return {
        rules: [one([path2.join(config, "CLAUDE.md")]), ...dirs.flatMap((d) => [one([path2.join(d, "CLAUDE.md")]), one([path2.join(d, "CLAUDE.local.md")])])],
        importDepth: MAX_IMPORT_DEPTH
      };
    }
    // Codex: $CODEX_HOME/AGENTS.md (AGENTS.override.md wins), then per directory from the root down AGENTS.override.md
    // or AGENTS.md. It does not expand @imports.
    case "codex": {
      const codexHome = env.CODEX_HOME && path2.isAbsolute(env.CODEX_HOME) ? env.CODEX_HOME : path2.join(home, ".codex");
      const pick = (d) => one([path2.join(d, "AGENTS.override.md")], [path2.join(d, "AGENTS.md")]);
      return { rules: [pick(codexHome), ...dirs.map(pick)], importDepth: 0 };
    }
    // OpenCode: every AGENTS.md from the working directory up to the worktree, or if there is none every CLAUDE.md;
    // globally ~/.config/opencode/AGENTS.md, else ~/.claude/CLAUDE.md. No @imports in instruction files.
    case "opencode": {
      const xdg = env.XDG_CONFIG_HOME && path2.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path2.join(home, ".config");
      return {
        rules: [one(each(dirs, "AGENTS.md"), each(dirs, "CLAUDE.md")), one([path2.join(xdg, "opencode", "AGENTS.md")], [path2.join(home, ".claude", "CLAUDE.md")])],
        importDepth: 0
      };
    }
    // Grok Build: per directory from the repo root down, every one of its names; at home ~/.claude/CLAUDE*.md.
    // Claude's @imports are not documented for Grok: memctl does not count on them.
    case "grok": {
      const names = ["Agents.md", "Claude.md", "CLAUDE.md", "CLAUDE.local.md", "AGENT.md", "AGENTS.md"];
      return {
        rules: [
          one([path2.join(home, ".claude", "CLAUDE.md")]),
          one([path2.join(home, ".claude", "CLAUDE.local.md")]),
          ...dirs.flatMap((d) => names.map((n) => one([path2.join(d, n)])))
        ],
        importDepth: 0
      };
    }
    default:
      return { rules: [], importDepth: 0 };
  }
}

// lib/config/instructions.ts
var DEFAULT_INSTRUCTION_FILES = ["AGENTS.md", "CLAUDE.md"];
var DEFAULT_INSTRUCTIONS_MAX_BYTES = 8192;
var MAX_INSTRUCTION_FILE_BYTES = 1024 * 1024;
function instructionScope(cwd, io, config) {
  const settings = config.instructions ?? {};
  const userDirSetting = settings.user_dir ?? "~/.claude";
  const userDir = userDirSetting.startsWith("~/") ? path3.join(io.home, userDirSetting.slice(2)) : path3.resolve(userDirSetting);
  const here = realOr(path3.resolve(cwd));
  const projectRoot = findRepo(here)?.worktreeRoot ?? here;
  const dirs = [projectRoot];
  if (isInside(here, projectRoot)) for (const segment of path3.relative(projectRoot, here).split(path3.sep).filter(Boolean)) dirs.push(path3.join(dirs[dirs.length - 1], segment));
  return {
    cwd: here,
    projectRoot,
    userDir,
    dirs,
    files: settings.files ?? [...DEFAULT_INSTRUCTION_FILES],
    maxBytes: settings.max_bytes ?? DEFAULT_INSTRUCTIONS_MAX_BYTES,
    roots: [userDir, projectRoot]
  };
}
function instructionSources(scope) {
  return [
    ...scope.files.map((f) => ({ file: path3.join(scope.userDir, f), layer: "user" })),
    ...scope.dirs.flatMap((d, i) => scope.files.map((f) => ({ file: path3.join(d, f), layer: i === 0 ? "project" : "subtree" })))
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
  if (!roots.some((r) => isInside(real, realOr(r)))) return { status: "unsafe", detail: `${file} resolves through a symlink to ${real}, ${outside}` };
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
function composeFor(cwd, io, config) {
  const scope = instructionScope(cwd, io, config);
  const composition = composeInstructions(instructionSources(scope), (f) => readInstructionFile(f, scope.roots), { home: io.home });
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
  const keys = nativeKeys(present, (f) => present.includes(f) ? readInstructionFile(f, [path3.dirname(f)]) : readInstructionFile(f, composed.scope.roots), {
    home: io.home,
    importDepth: native.importDepth
  });
  const parts = composed.composition.parts;
  const added = parts.filter((p) => !keys.has(p.key));
  return { native: parts.filter((p) => !added.includes(p)), added, importDepth: native.importDepth };
}
function displayInstructionPath(file, scope, home) {
  if (isInside(file, scope.projectRoot)) return path3.relative(scope.projectRoot, file) || ".";
  if (isInside(file, home)) return `~/${path3.relative(home, file)}`;
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
function realOr(p) {
  try {
    return realpath(p);
  } catch {
    return p;
  }
}

export {
  MAX_IMPORT_DEPTH,
  partHeading,
  composeFor,
  forHost,
  displayInstructionPath,
  sessionInstructions
};
