import fs from "node:fs";
import path from "node:path";
import { git, runGit, type GitOptions } from "./git.js";
import { isPerMachine, sharedShape } from "./layout.js";
import { foldedPath } from "../core/link-key.js";
import { gitDir } from "./repo.js";
import { gitRefusal } from "./git-names.js";
import { windowsPathProblem } from "../core/portable-name.js";
import { LOG_MAX_BYTES } from "../store/checked-fs.js";

// What a sync merges: the remote's commit, or, when it tracks per-machine state (a teammate's force-added
// .memctl/intent.json, usage log, caches), a commit on top of it without those paths. Merged as they are,
// git would write them over this machine's own files (they are ignored here, and git overwrites ignored
// files), or refuse the merge for ever; memctl would then read another machine's state as its own.

export interface Mergeable {
  commit: string;
  /** Per-machine paths the remote tracks, left out of what is merged. */
  dropped: string[];
  /** Index files and logs the remote holds as something other than a file (a symlink, a directory, a submodule), logs past LOG_MAX_BYTES: this machine's are kept. */
  refused: { path: string; reason: string }[];
}

const INDEX = /^MEMORY(\.[^/]+)?\.md$/;
const KINDS: Record<string, string> = { "120000": "a symlink", "040000": "a directory", "160000": "a submodule" };

export async function mergeableCommit(dir: string, ref: string, opts: GitOptions): Promise<Mergeable> {
  const top = (await git(dir, ["ls-tree", "-z", ref, "--", ".memctl"], opts)).split("\0").filter(Boolean);
  // .memctl itself committed as a file or a link (not a directory) is per-machine too.
  const notDir = top.filter((l) => !l.startsWith("040000 ")).map((l) => l.slice(l.indexOf("\t") + 1));
  const entries = (args: string[]) =>
    git(dir, ["ls-tree", "-z", ...args], opts).then((out) =>
      out
        .split("\0")
        .filter(Boolean)
        .map((l) => ({ mode: l.slice(0, 6), path: l.slice(l.indexOf("\t") + 1), size: Number(l.slice(0, l.indexOf("\t")).split(/\s+/)[3]) })),
    );
  const state = await entries(["-r", ref, "--", ".memctl/"]);
  const dropped = [...notDir, ...state.filter((e) => isPerMachine(e.path)).map((e) => e.path)];
  // A file every reader opens by name must arrive as a file: an index or log that is a link would make the hook
  // inject (or recall show) whatever file it names, another project's index or episodes, anything; a directory
  // would leave none. This machine's version stays.
  // memctl's ignore rules too: a .gitignore that is a link stopped every merge.
  const refused = [...(await entries([ref])), ...state.filter((e) => !isPerMachine(e.path))]
    .filter((e) => (INDEX.test(e.path) || e.path.endsWith(".jsonl") || e.path === ".gitignore") && !e.mode.startsWith("100"))
    .map((e) => ({
      path: e.path,
      reason: `${KINDS[e.mode] ?? `mode ${e.mode}`} on the remote, not a file; memctl reads it only as a file, so this machine's is kept (E_PATH_ESCAPE)`,
    }));
  for (const e of state)
    if (!isPerMachine(e.path) && !sharedShape(e.path))
      refused.push({ path: e.path, reason: "not a file memctl keeps there (its logs, compact, proposals and revisions have set names), so it is left out (E_PATH_RESERVED)" });
  // A name no checkout here can write (made with git's plumbing: no filesystem held it) would fail every merge, and so
  // would one git refuses to check out (a .git component); those are cut from the tree before git reads it.
  const all = await entries(["-r", "-l", ref]); // -l: each blob's size, read from git's objects without its bytes
  // A log past LOG_MAX_BYTES (a teammate's history of hundreds of MB) would be merged, marked and shown by reading it
  // whole: left out unread, this machine's kept (its lines are the owner's; the teammate's stay on the remote).
  for (const { path: name, size } of all)
    if (name.endsWith(".jsonl") && !isPerMachine(name) && size > LOG_MAX_BYTES && !refused.some((r) => r.path === name))
      refused.push({ path: name, reason: `${size} bytes on the remote, past the ${LOG_MAX_BYTES} a log may hold; left out unread, this machine's kept (E_LOG_TOO_LARGE)` });
  const gitRefused = new Set<string>();
  for (const { path: name, mode } of all) {
    const refusal = gitRefusal(name, mode);
    if (refusal) gitRefused.add(name);
    const why = unwritableName(dir, name);
    const notPortable = refusal ? undefined : windowsPathProblem(name);
    if (notPortable) gitRefused.add(name);
    if (refusal) refused.push({ path: name, reason: `${refusal}: a merge holding it fails, so it is left out (E_PATH_RESERVED)` });
    // A Windows checkout of the same store would fail on it (and every merge there): left out, this machine's kept.
    else if (notPortable) refused.push({ path: name, reason: `${notPortable}: a Windows checkout of this store would fail, so it is left out (E_PATH_NOT_PORTABLE)` });
    else if (why) refused.push({ path: name, reason: `${why}; no filesystem here can hold it, so it is left out (E_GUARDRAIL)` });
    // Git tells `.MEMCTL/` from `.memctl/`; a case-insensitive checkout writes it into this machine's state folder.
    else if (stateFolderTwin(name))
      refused.push({
        path: name,
        reason: "a name a case-insensitive checkout takes for this machine's own .memctl/ (its hold list, machine id, intent), so it is left out (E_PATH_RESERVED)",
      });
    // A store has no submodules, and every git fetch parses .gitmodules: a broken one stopped every later sync.
    else if (name === ".gitmodules")
      refused.push({ path: name, reason: "a submodule list: a memory store has none, and git fetch reads this file, so it is left out (E_PATH_RESERVED)" });
  }
  const names = all.map((e) => e.path).filter((p) => !gitRefused.has(p));
  // Git obeys these at every depth; memctl rewrites only the root's (its block): one below it would keep the owner's
  // later files there out of every commit, or change how git reads and merges them. This machine's own are kept.
  for (const name of names.filter(nestedControlFile))
    refused.push({ path: name, reason: "a git control file below the store's root, which would steer what this machine's git commits or rewrites there (E_PATH_RESERVED)" });
  refused.push(...(await foldCollisions(dir, ref, names, opts)));
  if (dropped.length === 0 && refused.length === 0) return { commit: ref, dropped, refused };
  const index = path.join(gitDir(dir), "memctl-incoming.index");
  const env = { ...opts, env: { ...opts.env, GIT_INDEX_FILE: index } };
  try {
    await git(dir, ["read-tree", gitRefused.size > 0 ? await treeWithout(dir, `${ref}^{tree}`, [...gitRefused], opts) : ref], env);
    const ours = await ownFiles(
      dir,
      refused.map((r) => r.path),
      opts,
    );
    const remove = [...dropped, ...refused.map((r) => r.path).filter((p) => !ours.has(p))];
    if (remove.length > 0) await git(dir, ["update-index", "--force-remove", "-z", "--stdin"], { ...env, input: remove.join("\0") + "\0" });
    for (const [p, entry] of ours) await git(dir, ["update-index", "--add", "--cacheinfo", `${entry},${p}`], env);
    const tree = await git(dir, ["write-tree"], env);
    const names = [...dropped, ...refused.map((r) => r.path)];
    const message = `memory: leave out per-machine files and index links the remote tracks (${names.length}): ${names.slice(0, 5).join(", ")}${names.length > 5 ? ", …" : ""}`;
    return { commit: await git(dir, ["commit-tree", tree, "-p", ref, "-m", message], opts), dropped, refused };
  } finally {
    fs.rmSync(index, { force: true });
  }
}

/**
 * Paths of the remote's tree that differ from another path only by case or Unicode normalisation
 * (`Project_Deploys.md` beside `project_deploys.md`): a case-insensitive checkout (macOS, Windows) writes both to one
 * file, so the push would overwrite the owner's card unchecked. The other path may be the remote's or one HEAD holds
 * that the merge keeps (a card the owner has not pushed yet: the remote's tree then holds no twin). The path HEAD
 * already holds is kept (else the first in byte order); the others are left out.
 */
async function foldCollisions(dir: string, ref: string, names: readonly string[], opts: GitOptions): Promise<{ path: string; reason: string }[]> {
  const listed = async (rev: string) => {
    const r = await runGit(dir, ["ls-tree", "-r", "-z", "--name-only", rev], opts);
    return new Set(r.code === 0 ? r.stdout.split("\0").filter(Boolean) : []);
  };
  const ours = await listed("HEAD");
  const remote = new Set(names);
  const groups = new Map<string, Set<string>>();
  const add = (name: string) => groups.set(foldedPath(name), (groups.get(foldedPath(name)) ?? new Set()).add(name));
  for (const name of names) add(name);
  // HEAD's paths only where they fold onto one of the remote's (one fold per path HEAD holds, no more reads).
  const ownOnly = [...ours].filter((p) => !remote.has(p) && groups.has(foldedPath(p)));
  if (ownOnly.length > 0) {
    // One the remote deleted (in the merge base, not in the remote) is gone after the merge: a case-only rename.
    const base = await runGit(dir, ["merge-base", "HEAD", ref], opts);
    const inBase = base.code === 0 ? await listed(base.stdout.trim()) : new Set<string>();
    for (const p of ownOnly) if (!inBase.has(p)) add(p);
  }
  return [...groups.values()]
    .filter((g) => g.size > 1)
    .flatMap((group) => {
      const kept = [...group].find((p) => ours.has(p)) ?? [...group].sort()[0]!;
      return [...group]
        .filter((p) => p !== kept && remote.has(p))
        .map((p) => ({
          path: p,
          reason: `differs from ${kept} only by case or Unicode normalisation: a case-insensitive filesystem holds them as one file, so it is left out (E_PATH_ESCAPE)`,
        }));
    });
}

/** A first folder (or a file) that is not `.memctl` but folds to it (case, normalisation, code points HFS+ ignores). */
function stateFolderTwin(name: string): boolean {
  const top = name.includes("/") ? name.slice(0, name.indexOf("/")) : name;
  return top !== ".memctl" && foldedPath(top.replace(/\p{Default_Ignorable_Code_Point}/gu, "")) === ".memctl";
}

/** `sub/.gitignore` or `sub/.gitattributes` (any case: a case-folding checkout reads `.GITIGNORE` as one). */
function nestedControlFile(name: string): boolean {
  const slash = name.lastIndexOf("/");
  const base = name.slice(slash + 1).toLowerCase();
  return slash >= 0 && (base === ".gitignore" || base === ".gitattributes");
}

/** `tree` without the entries at `paths` (and folders left empty), written with mktree: git read-tree refuses it whole. */
async function treeWithout(dir: string, tree: string, paths: readonly string[], opts: GitOptions): Promise<string> {
  const exact = new Set(paths.filter((p) => !p.includes("/")));
  const below = new Map<string, string[]>();
  for (const p of paths.filter((q) => q.includes("/"))) {
    const head = p.slice(0, p.indexOf("/"));
    below.set(head, [...(below.get(head) ?? []), p.slice(head.length + 1)]);
  }
  const kept: string[] = [];
  for (const line of (await git(dir, ["ls-tree", "-z", tree], opts)).split("\0").filter(Boolean)) {
    const tab = line.indexOf("\t");
    const name = line.slice(tab + 1);
    const sub = below.get(name);
    if (exact.has(name)) continue;
    if (sub === undefined || !line.startsWith("040000 ")) kept.push(line);
    else {
      const rest = await treeWithout(dir, line.slice(0, tab).split(" ")[2]!, sub, opts);
      if (rest !== EMPTY_TREE) kept.push(`040000 tree ${rest}\t${name}`);
    }
  }
  return git(dir, ["mktree", "-z", "--missing"], { ...opts, input: kept.map((l) => `${l}\0`).join("") });
}

const EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";

/** NAME_MAX and PATH_MAX of Linux and macOS (in bytes). */
const NAME_MAX = 255;
const PATH_MAX = 4095;

/** Why a checkout in `dir` cannot write the file `name`, or undefined. */
function unwritableName(dir: string, name: string): string | undefined {
  const long = name.split("/").find((segment) => Buffer.byteLength(segment) > NAME_MAX);
  if (long !== undefined) return `a name of ${Buffer.byteLength(long)} bytes (the limit is ${NAME_MAX})`;
  const bytes = Buffer.byteLength(path.join(dir, name));
  return bytes > PATH_MAX ? `a path of ${bytes} bytes (the limit is ${PATH_MAX})` : undefined;
}

/** `mode,sha` of each path HEAD holds as a regular file (none before the first commit). */
async function ownFiles(dir: string, paths: readonly string[], opts: GitOptions): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (paths.length === 0) return out;
  const head = await runGit(dir, ["ls-tree", "-z", "HEAD", "--", ...paths], opts);
  if (head.code !== 0) return out;
  for (const l of head.stdout.split("\0").filter(Boolean)) {
    const [mode, , sha] = l.slice(0, l.indexOf("\t")).split(" ");
    if (mode!.startsWith("100")) out.set(l.slice(l.indexOf("\t") + 1), `${mode},${sha}`);
  }
  return out;
}
