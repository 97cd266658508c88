// lib/capture/transcript-owner.ts
import path from "node:path";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { findRepo } from "../config/git.js";
import { claudeSlug } from "../config/project.js";
import { close, openRegular, readAt, realpathOr } from "../store/checked-fs.js";
var META_MAX = 1024 * 1024;
function assertSessionTranscript(real, roots, host, owner) {
  const root = roots.map(realpathOr).find((r) => real.startsWith(r + path.sep)) ?? "";
  const parts = path.relative(root, real).split(path.sep);
  const dirs = projectDirs(owner.cwd);
  const session = owner.sessionId === "unknown" ? void 0 : owner.sessionId;
  let ok = false;
  if (host === "claude") {
    ok = parts.length === 2 && dirs.some((d) => slugMatches(parts[0], d)) && (session === void 0 || parts[1] === `${session}.jsonl`);
  } else if (host === "grok") {
    const dir = decoded(parts[0]);
    ok = parts.length === 3 && dir !== void 0 && dirs.includes(dir) && (session === void 0 || parts[1] === session);
  } else if (host === "codex") {
    const cwd = metaCwd(real);
    ok = cwd !== void 0 && sameProject(cwd, owner.cwd);
  }
  if (!ok)
    throw new MemctlError(
      ERROR_CODES.E_TRANSCRIPT_NOT_SESSION,
      `transcript ${JSON.stringify(real)} refused: it is not this session's own (${host}, project ${owner.cwd}${session ? `, session ${session}` : ""})`,
      { file: real }
    );
}
function projectDirs(cwd) {
  const out = /* @__PURE__ */ new Set();
  const repo = findRepo(cwd);
  for (const start of /* @__PURE__ */ new Set([path.resolve(cwd), realpathOr(cwd)])) {
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
function slugMatches(dirName, dir) {
  const slug = claudeSlug(dir);
  if (slug.length <= 200) return dirName === slug;
  return dirName.startsWith(`${slug.slice(0, 200)}-`);
}
function decoded(name) {
  try {
    return decodeURIComponent(name);
  } catch {
    return void 0;
  }
}
function sameProject(a, b) {
  const ra = findRepo(a);
  const rb = findRepo(b);
  if (ra || rb) return ra?.canonicalRoot === rb?.canonicalRoot;
  return realpathOr(a) === realpathOr(b);
}
function metaCwd(file) {
  const { fd } = openRegular(file, { nofollow: true });
  try {
    const buf = Buffer.alloc(META_MAX);
    const n = readAt(fd, buf, 0, buf.length, 0);
    const nl = buf.subarray(0, n).indexOf(10);
    const meta = JSON.parse(buf.toString("utf8", 0, nl === -1 ? n : nl));
    const cwd = meta?.type === "session_meta" ? meta.payload?.cwd : void 0;
    return typeof cwd === "string" && path.isAbsolute(cwd) ? cwd : void 0;
  } catch {
    return void 0;
  } finally {
    close(fd);
  }
}
export {
  assertSessionTranscript
};
