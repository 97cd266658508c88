// lib/sync/incoming.ts
import fs from "node:fs";
import path from "node:path";
import { git, runGit } from "./git.js";
import { isPerMachine, sharedShape } from "./layout.js";
import { foldedPath } from "../core/link-key.js";
import { gitDir } from "./repo.js";
import { gitRefusal } from "./git-names.js";
import { windowsPathProblem } from "../core/portable-name.js";
import { LOG_MAX_BYTES } from "../store/checked-fs.js";
var INDEX = /^MEMORY(\.[^/]+)?\.md$/;
var KINDS = { "120000": "a symlink", "040000": "a directory", "160000": "a submodule" };
async function mergeableCommit(dir, ref, opts) {
  const top = (await git(dir, ["ls-tree", "-z", ref, "--", ".memctl"], opts)).split("\0").filter(Boolean);
  const notDir = top.filter((l) => !l.startsWith("040000 ")).map((l) => l.slice(l.indexOf("	") + 1));
  const entries = (args) => git(dir, ["ls-tree", "-z", ...args], opts).then(
    (out) => out.split("\0").filter(Boolean).map((l) => ({ mode: l.slice(0, 6), path: l.slice(l.indexOf("	") + 1), size: Number(l.slice(0, l.indexOf("	")).split(/\s+/)[3]) }))
  );
  const state = await entries(["-r", ref, "--", ".memctl/"]);
  const dropped = [...notDir, ...state.filter((e) => isPerMachine(e.path)).map((e) => e.path)];
  const refused = [...await entries([ref]), ...state.filter((e) => !isPerMachine(e.path))].filter((e) => (INDEX.test(e.path) || e.path.endsWith(".jsonl") || e.path === ".gitignore") && !e.mode.startsWith("100")).map((e) => ({
    path: e.path,
    reason: `${KINDS[e.mode] ?? `mode ${e.mode}`} on the remote, not a file; memctl reads it only as a file, so this machine's is kept (E_PATH_ESCAPE)`
  }));
  for (const e of state)
    if (!isPerMachine(e.path) && !sharedShape(e.path))
      refused.push({ path: e.path, reason: "not a file memctl keeps there (its logs, compact, proposals and revisions have set names), so it is left out (E_PATH_RESERVED)" });
  const all = await entries(["-r", "-l", ref]);
  for (const { path: name, size } of all)
    if (name.endsWith(".jsonl") && !isPerMachine(name) && size > LOG_MAX_BYTES && !refused.some((r) => r.path === name))
      refused.push({ path: name, reason: `${size} bytes on the remote, past the ${LOG_MAX_BYTES} a log may hold; left out unread, this machine's kept (E_LOG_TOO_LARGE)` });
  const gitRefused = /* @__PURE__ */ new Set();
  for (const { path: name, mode } of all) {
    const refusal = gitRefusal(name, mode);
    if (refusal) gitRefused.add(name);
    const why = unwritableName(dir, name);
    const notPortable = refusal ? void 0 : windowsPathProblem(name);
    if (notPortable) gitRefused.add(name);
    if (refusal) refused.push({ path: name, reason: `${refusal}: a merge holding it fails, so it is left out (E_PATH_RESERVED)` });
    else if (notPortable) refused.push({ path: name, reason: `${notPortable}: a Windows checkout of this store would fail, so it is left out (E_PATH_NOT_PORTABLE)` });
    else if (why) refused.push({ path: name, reason: `${why}; no filesystem here can hold it, so it is left out (E_GUARDRAIL)` });
    else if (stateFolderTwin(name))
      refused.push({
        path: name,
        reason: "a name a case-insensitive checkout takes for this machine's own .memctl/ (its hold list, machine id, intent), so it is left out (E_PATH_RESERVED)"
      });
    else if (name === ".gitmodules")
      refused.push({ path: name, reason: "a submodule list: a memory store has none, and git fetch reads this file, so it is left out (E_PATH_RESERVED)" });
  }
  const names = all.map((e) => e.path).filter((p) => !gitRefused.has(p));
  for (const name of names.filter(nestedControlFile))
    refused.push({ path: name, reason: "a git control file below the store's root, which would steer what this machine's git commits or rewrites there (E_PATH_RESERVED)" });
  refused.push(...await foldCollisions(dir, ref, names, opts));
  if (dropped.length === 0 && refused.length === 0) return { commit: ref, dropped, refused };
  const index = path.join(gitDir(dir), "memctl-incoming.index");
  const env = { ...opts, env: { ...opts.env, GIT_INDEX_FILE: index } };
  try {
    await git(dir, ["read-tree", gitRefused.size > 0 ? await treeWithout(dir, `${ref}^{tree}`, [...gitRefused], opts) : ref], env);
    const ours = await ownFiles(
      dir,
      refused.map((r) => r.path),
      opts
    );
    const remove = [...dropped, ...refused.map((r) => r.path).filter((p) => !ours.has(p))];
    if (remove.length > 0) await git(dir, ["update-index", "--force-remove", "-z", "--stdin"], { ...env, input: remove.join("\0") + "\0" });
    for (const [p, entry] of ours) await git(dir, ["update-index", "--add", "--cacheinfo", `${entry},${p}`], env);
    const tree = await git(dir, ["write-tree"], env);
    const names2 = [...dropped, ...refused.map((r) => r.path)];
    const message = `memory: leave out per-machine files and index links the remote tracks (${names2.length}): ${names2.slice(0, 5).join(", ")}${names2.length > 5 ? ", \u2026" : ""}`;
    return { commit: await git(dir, ["commit-tree", tree, "-p", ref, "-m", message], opts), dropped, refused };
  } finally {
    fs.rmSync(index, { force: true });
  }
}
async function foldCollisions(dir, ref, names, opts) {
  const listed = async (rev) => {
    const r = await runGit(dir, ["ls-tree", "-r", "-z", "--name-only", rev], opts);
    return new Set(r.code === 0 ? r.stdout.split("\0").filter(Boolean) : []);
  };
  const ours = await listed("HEAD");
  const remote = new Set(names);
  const groups = /* @__PURE__ */ new Map();
  const add = (name) => groups.set(foldedPath(name), (groups.get(foldedPath(name)) ?? /* @__PURE__ */ new Set()).add(name));
  for (const name of names) add(name);
  const ownOnly = [...ours].filter((p) => !remote.has(p) && groups.has(foldedPath(p)));
  if (ownOnly.length > 0) {
    const base = await runGit(dir, ["merge-base", "HEAD", ref], opts);
    const inBase = base.code === 0 ? await listed(base.stdout.trim()) : /* @__PURE__ */ new Set();
    for (const p of ownOnly) if (!inBase.has(p)) add(p);
  }
  return [...groups.values()].filter((g) => g.size > 1).flatMap((group) => {
    const kept = [...group].find((p) => ours.has(p)) ?? [...group].sort()[0];
    return [...group].filter((p) => p !== kept && remote.has(p)).map((p) => ({
      path: p,
      reason: `differs from ${kept} only by case or Unicode normalisation: a case-insensitive filesystem holds them as one file, so it is left out (E_PATH_ESCAPE)`
    }));
  });
}
function stateFolderTwin(name) {
  const top = name.includes("/") ? name.slice(0, name.indexOf("/")) : name;
  return top !== ".memctl" && foldedPath(top.replace(new RegExp("\\p{Default_Ignorable_Code_Point}", "gu"), "")) === ".memctl";
}
function nestedControlFile(name) {
  const slash = name.lastIndexOf("/");
  const base = name.slice(slash + 1).toLowerCase();
  return slash >= 0 && (base === ".gitignore" || base === ".gitattributes");
}
async function treeWithout(dir, tree, paths, opts) {
  const exact = new Set(paths.filter((p) => !p.includes("/")));
  const below = /* @__PURE__ */ new Map();
  for (const p of paths.filter((q) => q.includes("/"))) {
    const head = p.slice(0, p.indexOf("/"));
    below.set(head, [...below.get(head) ?? [], p.slice(head.length + 1)]);
  }
  const kept = [];
  for (const line of (await git(dir, ["ls-tree", "-z", tree], opts)).split("\0").filter(Boolean)) {
    const tab = line.indexOf("	");
    const name = line.slice(tab + 1);
    const sub = below.get(name);
    if (exact.has(name)) continue;
    if (sub === void 0 || !line.startsWith("040000 ")) kept.push(line);
    else {
      const rest = await treeWithout(dir, line.slice(0, tab).split(" ")[2], sub, opts);
      if (rest !== EMPTY_TREE) kept.push(`040000 tree ${rest}	${name}`);
    }
  }
  return git(dir, ["mktree", "-z", "--missing"], { ...opts, input: kept.map((l) => `${l}\0`).join("") });
}
var EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
var NAME_MAX = 255;
var PATH_MAX = 4095;
function unwritableName(dir, name) {
  const long = name.split("/").find((segment) => Buffer.byteLength(segment) > NAME_MAX);
  if (long !== void 0) return `a name of ${Buffer.byteLength(long)} bytes (the limit is ${NAME_MAX})`;
  const bytes = Buffer.byteLength(path.join(dir, name));
  return bytes > PATH_MAX ? `a path of ${bytes} bytes (the limit is ${PATH_MAX})` : void 0;
}
async function ownFiles(dir, paths, opts) {
  const out = /* @__PURE__ */ new Map();
  if (paths.length === 0) return out;
  const head = await runGit(dir, ["ls-tree", "-z", "HEAD", "--", ...paths], opts);
  if (head.code !== 0) return out;
  for (const l of head.stdout.split("\0").filter(Boolean)) {
    const [mode, , sha] = l.slice(0, l.indexOf("	")).split(" ");
    if (mode.startsWith("100")) out.set(l.slice(l.indexOf("	") + 1), `${mode},${sha}`);
  }
  return out;
}
export {
  mergeableCommit
};
