import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  fileProblems,
  findRepo,
  joinPath,
  projectProblems,
  readConfig
} from "./config-config.mjs";
import {
  ERROR_CODES,
  MemctlError,
  access,
  encodeUtf8,
  realpath,
  stat,
  statIfExists,
  systemCode
} from "./core-bytes.mjs";

// lib/config/resolve.ts
import fs from "node:fs";
import path2 from "node:path";

// lib/config/project.ts
import path from "node:path";

// lib/core/sha256.ts
var SHORT = 256;
var createHash;
function sha256Hex(content) {
  if (typeof content === "string" && content.length <= SHORT) return sha256Js(content);
  createHash ??= process.getBuiltinModule("node:crypto").createHash;
  return createHash("sha256").update(content).digest("hex");
}
var K = Int32Array.from([
  1116352408,
  1899447441,
  3049323471,
  3921009573,
  961987163,
  1508970993,
  2453635748,
  2870763221,
  3624381080,
  310598401,
  607225278,
  1426881987,
  1925078388,
  2162078206,
  2614888103,
  3248222580,
  3835390401,
  4022224774,
  264347078,
  604807628,
  770255983,
  1249150122,
  1555081692,
  1996064986,
  2554220882,
  2821834349,
  2952996808,
  3210313671,
  3336571891,
  3584528711,
  113926993,
  338241895,
  666307205,
  773529912,
  1294757372,
  1396182291,
  1695183700,
  1986661051,
  2177026350,
  2456956037,
  2730485921,
  2820302411,
  3259730800,
  3345764771,
  3516065817,
  3600352804,
  4094571909,
  275423344,
  430227734,
  506948616,
  659060556,
  883997877,
  958139571,
  1322822218,
  1537002063,
  1747873779,
  1955562222,
  2024104815,
  2227730452,
  2361852424,
  2428436474,
  2756734187,
  3204031479,
  3329325298
]);
function sha256Js(text) {
  const bytes = encodeUtf8(text);
  const bitLength = bytes.length * 8;
  const padded = new Uint8Array(Math.ceil((bytes.length + 9) / 64) * 64);
  padded.set(bytes);
  padded[bytes.length] = 128;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 2 ** 32));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const h = Int32Array.from([1779033703, 3144134277, 1013904242, 2773480762, 1359893119, 2600822924, 528734635, 1541459225]);
  const w = new Int32Array(64);
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getInt32(block + 4 * i);
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15];
      const y = w[i - 2];
      const s0 = (x >>> 7 | x << 25) ^ (x >>> 18 | x << 14) ^ x >>> 3;
      const s1 = (y >>> 17 | y << 15) ^ (y >>> 19 | y << 13) ^ y >>> 10;
      w[i] = w[i - 16] + s0 + w[i - 7] + s1 | 0;
    }
    let a = h[0];
    let b = h[1];
    let c = h[2];
    let d = h[3];
    let e = h[4];
    let f = h[5];
    let g = h[6];
    let hh = h[7];
    for (let i = 0; i < 64; i++) {
      const s1 = (e >>> 6 | e << 26) ^ (e >>> 11 | e << 21) ^ (e >>> 25 | e << 7);
      const t1 = hh + s1 + (e & f ^ ~e & g) + K[i] + w[i] | 0;
      const s0 = (a >>> 2 | a << 30) ^ (a >>> 13 | a << 19) ^ (a >>> 22 | a << 10);
      const t2 = s0 + (a & b ^ a & c ^ b & c) | 0;
      hh = g;
      g = f;
      f = e;
      e = d + t1 | 0;
      d = c;
      c = b;
      b = a;
      a = t1 + t2 | 0;
    }
    h[0] = h[0] + a | 0;
    h[1] = h[1] + b | 0;
    h[2] = h[2] + c | 0;
    h[3] = h[3] + d | 0;
    h[4] = h[4] + e | 0;
    h[5] = h[5] + f | 0;
    h[6] = h[6] + g | 0;
    h[7] = h[7] + hh | 0;
  }
  return Array.from(h, (x) => (x >>> 0).toString(16).padStart(8, "0")).join("");
}

// lib/config/project.ts
var SLUG_MAX = 200;
function claudeSlug(absPath) {
  const slug = replaceOutside(absPath, false);
  if (slug.length <= SLUG_MAX) return slug;
  return `${slug.slice(0, SLUG_MAX)}-${javaStringHash(absPath)}`;
}
function javaStringHash(text) {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h << 5) - h + text.charCodeAt(i) | 0;
  return Math.abs(h).toString(36);
}
function projectKey(canonicalRoot) {
  const base = trimDashes(replaceOutside(path.basename(canonicalRoot), true)) || "root";
  const digest = sha256Hex(canonicalRoot).slice(0, 12);
  return `${base.slice(0, 48)}-${digest}`;
}
function replaceOutside(text, keepPunctuation) {
  let out = "";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const kept = c >= 48 && c <= 57 || c >= 65 && c <= 90 || c >= 97 && c <= 122 || keepPunctuation && (c === 46 || c === 95 || c === 45);
    if (kept) continue;
    out += `${text.slice(from, i)}-`;
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}
function trimDashes(text) {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === 45) start++;
  while (end > start && text.charCodeAt(end - 1) === 45) end--;
  return text.slice(start, end);
}

// lib/config/resolve.ts
var RESOLUTION_EXIT = { resolved: 0, unavailable: 1, "invalid-explicit": 3 };
var ENV_VARS = ["MEMCTL_MEMORY_DIR", "PM_MEMORY_DIR"];
function locateProject(options, io) {
  const start = options.repoRoot !== void 0 && path2.isAbsolute(options.repoRoot) ? path2.resolve(options.repoRoot) : path2.resolve(io.cwd, options.repoRoot ?? ".");
  if (!isDirectory(start)) {
    throw new MemctlError(ERROR_CODES.E_USAGE, `--repo-root ${start} is not a directory; pass a directory inside the project`);
  }
  const repo = findRepo(start);
  if (!repo && !options.allowNonGit) {
    throw new MemctlError(ERROR_CODES.E_NOT_GIT, `${start} is not inside a git repository; run from a repository or pass --allow-non-git to key the plain directory`);
  }
  const canonical = repo?.canonicalRoot ?? realpath(start);
  const claudeHome = io.env.CLAUDE_CONFIG_DIR ? path2.resolve(io.env.CLAUDE_CONFIG_DIR) : joinPath(io.home, ".claude");
  return {
    canonical_repo: canonical,
    repo_root: repo?.worktreeRoot ?? canonical,
    project_key: projectKey(canonical),
    legacy_dir: joinPath(claudeHome, "projects", claudeSlug(canonical), "memory"),
    git: repo !== void 0
  };
}
function resolveMemory(options, io, config) {
  const envSelected = ENV_VARS.some((name) => io.env[name]);
  const base = { ...locateProject({ ...options, allowNonGit: options.allowNonGit || envSelected }, io), config_file: "" };
  const canonical = base.canonical_repo;
  for (const name of ENV_VARS) {
    const value = io.env[name];
    if (value) return { ...base, ...explicit("env", value, name) };
  }
  config ??= readConfig(io);
  base.config_file = config.file;
  const fileWide = fileProblems(config);
  if (fileWide.length > 0) {
    const first = fileWide[0];
    return {
      ...base,
      status: "invalid-explicit",
      resolution_source: "config",
      memory_dir: null,
      reason: `config file ${config.file}${first.line ? `:${first.line}` : ""} cannot be used (${first.message}); fix it, then run "memctl config lint"`
    };
  }
  const entry = config.value.projects[base.project_key];
  const entryProblem = projectProblems(config, base.project_key)[0];
  if (entryProblem) {
    return {
      ...base,
      status: "invalid-explicit",
      resolution_source: "config",
      memory_dir: rawEntryDir(config, base.project_key),
      reason: `the entry for this project in ${config.file} cannot be used (${entryProblem.message}); fix it with "memctl config set --repo-root ${canonical} --memory-dir <absolute dir>" or by hand, then run "memctl config lint" (memctl never falls back to another store)`
    };
  }
  if (entry?.memory_dir) return { ...base, ...explicit("config", entry.memory_dir, `projects."${base.project_key}".memory_dir in ${config.file}`) };
  const warnings = [];
  if (config.value.legacyGlobalDir !== void 0 && options.compatibility) {
    warnings.push(
      `the global memory_dir key in ${config.file} is ignored (unsafe with several repositories); run "memctl config migrate --repo-root ${canonical}" to scope it to this project, or remove it`
    );
  } else if (config.value.legacyGlobalDir !== void 0) {
    return {
      ...base,
      status: "invalid-explicit",
      resolution_source: "config-legacy-global",
      memory_dir: config.value.legacyGlobalDir,
      reason: `the global memory_dir key in ${config.file} is unsafe with several repositories; run "memctl config migrate --repo-root ${canonical}" to scope it to this project`
    };
  }
  if (isDirectory(base.legacy_dir)) {
    return {
      ...base,
      status: "resolved",
      resolution_source: "legacy",
      memory_dir: base.legacy_dir,
      reason: "legacy Claude Code memory directory exists",
      ...warnings.length > 0 ? { warnings } : {}
    };
  }
  return {
    ...base,
    ...warnings.length > 0 ? { warnings } : {},
    status: "unavailable",
    resolution_source: "none",
    memory_dir: null,
    reason: `no memory selected: MEMCTL_MEMORY_DIR is unset, ${config.file} has no entry for ${base.project_key}, and ${base.legacy_dir} does not exist; run "memctl init" to create a store`
  };
}
function rawEntryDir(config, key) {
  const projects = config.value.raw.projects;
  const entry = projects?.[key];
  return typeof entry?.memory_dir === "string" ? entry.memory_dir : null;
}
function explicit(source, dir, origin) {
  const problem = explicitDirProblem(dir);
  if (problem)
    return {
      status: "invalid-explicit",
      resolution_source: source,
      memory_dir: dir,
      reason: `${origin} = ${dir} ${problem}; fix or unset it (memctl never falls back to another store)`
    };
  return { status: "resolved", resolution_source: source, memory_dir: realpath(dir), reason: `selected by ${origin}` };
}
function explicitDirProblem(dir) {
  if (!path2.isAbsolute(dir)) return "is not an absolute path";
  try {
    if (!stat(dir).isDirectory()) return "is not a directory";
    access(dir, fs.constants.R_OK | fs.constants.X_OK);
  } catch (err) {
    const code = systemCode(err);
    if (code === "ENOENT" || code === "ENOTDIR") return "does not exist";
    if (code === "EACCES" || code === "EPERM") return "is not readable";
    return `cannot be used (${code ?? String(err)})`;
  }
  return void 0;
}
function isDirectory(p) {
  try {
    return statIfExists(p)?.isDirectory() ?? false;
  } catch {
    return false;
  }
}

export {
  sha256Hex,
  claudeSlug,
  RESOLUTION_EXIT,
  locateProject,
  resolveMemory
};
