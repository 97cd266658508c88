import path from "node:path";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { findRepo } from "../config/git.js";
import { claudeSlug } from "../config/project.js";
import { close, openRegular, readAt, realpathOr } from "../store/checked-fs.js";

// Under the host's transcript root is every session of every project on this machine: a payload naming another
// project's transcript (or another session's) had capture read that project's words into this store's proposals.
// A transcript is read only when where it lies (or, for Codex, what its first line records) names the payload's
// project, and for Claude and Grok its session; anything else is E_TRANSCRIPT_NOT_SESSION and nothing is read.

export interface SessionOwner {
  cwd: string;
  /** The payload's session id as the hook normalised it; "unknown" when it sent none. */
  sessionId: string;
}

/** Codex's first line (session_meta) carries the instructions it started with: a bounded read of it. */
const META_MAX = 1024 * 1024;

/** Throws E_TRANSCRIPT_NOT_SESSION unless `real` (a realpath under `root`) is `owner`'s own session transcript. */
export function assertSessionTranscript(real: string, roots: readonly string[], host: string, owner: SessionOwner): void {
  const root = roots.map(realpathOr).find((r) => real.startsWith(r + path.sep)) ?? "";
  const parts = path.relative(root, real).split(path.sep);
  const dirs = projectDirs(owner.cwd);
  const session = owner.sessionId === "unknown" ? undefined : owner.sessionId;
  let ok = false;
  if (host === "claude") {
    // <root>/<slug of the directory the session started in>/<session id>.jsonl
    ok = parts.length === 2 && dirs.some((d) => slugMatches(parts[0]!, d)) && (session === undefined || parts[1] === `${session}.jsonl`);
  } else if (host === "grok") {
    // <root>/<percent-encoded cwd>/<session id>/<file>
    const dir = decoded(parts[0]!);
    ok = parts.length === 3 && dir !== undefined && dirs.includes(dir) && (session === undefined || parts[1] === session);
  } else if (host === "codex") {
    // <root>/YYYY/MM/DD/rollout-*.jsonl, whose session_meta line records the session's cwd
    const cwd = metaCwd(real);
    ok = cwd !== undefined && sameProject(cwd, owner.cwd);
  }
  if (!ok)
    throw new MemctlError(
      ERROR_CODES.E_TRANSCRIPT_NOT_SESSION,
      `transcript ${JSON.stringify(real)} refused: it is not this session's own (${host}, project ${owner.cwd}${session ? `, session ${session}` : ""})`,
      { file: real },
    );
}

/** The payload's cwd and each directory above it up to its worktree's root (a session may have started there), as given and real. */
function projectDirs(cwd: string): string[] {
  const out = new Set<string>();
  const repo = findRepo(cwd);
  for (const start of new Set([path.resolve(cwd), realpathOr(cwd)])) {
    out.add(start);
    const top = repo && (start === repo.worktreeRoot || start.startsWith(repo.worktreeRoot + path.sep)) ? repo.worktreeRoot : start;
    for (let d = start; d !== top && path.dirname(d) !== d; ) {
      d = path.dirname(d);
      out.add(d);
    }
  }
  if (repo) out.add(repo.canonicalRoot);
  return [...out];
}

/** Claude truncates a slug past 200 characters and appends a hash its builds compute differently: the prefix must match. */
function slugMatches(dirName: string, dir: string): boolean {
  const slug = claudeSlug(dir);
  if (slug.length <= 200) return dirName === slug;
  return dirName.startsWith(`${slug.slice(0, 200)}-`);
}

function decoded(name: string): string | undefined {
  try {
    return decodeURIComponent(name);
  } catch {
    return undefined;
  }
}

/** Whether two directories are one project: the same repository (any worktree), or the same directory outside git. */
function sameProject(a: string, b: string): boolean {
  const ra = findRepo(a);
  const rb = findRepo(b);
  if (ra || rb) return ra?.canonicalRoot === rb?.canonicalRoot;
  return realpathOr(a) === realpathOr(b);
}

/** The cwd a Codex rollout's first line (session_meta) records, read from at most META_MAX bytes. */
function metaCwd(file: string): string | undefined {
  const { fd } = openRegular(file, { nofollow: true });
  try {
    const buf = Buffer.alloc(META_MAX);
    const n = readAt(fd, buf, 0, buf.length, 0);
    const nl = buf.subarray(0, n).indexOf(0x0a);
    const meta = JSON.parse(buf.toString("utf8", 0, nl === -1 ? n : nl)) as { type?: unknown; payload?: { cwd?: unknown } };
    const cwd = meta?.type === "session_meta" ? meta.payload?.cwd : undefined;
    return typeof cwd === "string" && path.isAbsolute(cwd) ? cwd : undefined;
  } catch {
    return undefined;
  } finally {
    close(fd);
  }
}
