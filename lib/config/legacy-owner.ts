import path from "node:path";
import { close, isDirectory, lstatIfExists, openRegular, readAt, readdirNames, readRegularUtf8, realpathOr } from "../store/checked-fs.js";
import { joinPath, STATE_DIR } from "../store/paths.js";
import { findRepo } from "./git.js";
import { claudeSlug } from "./project.js";
import { realDir } from "../store/safe-write.js";
import { commitFileSync } from "../store/write.js";

// Claude Code's folder name for a project (claudeSlug) maps `/` and `-` alike to "-": <home>/src-payroll and
// <home>/src/payroll share one legacy folder. The store records the project it serves in its own state, so a second
// project with the same folder name is told so instead of reading and writing the first one's memory.

/** `<legacy dir>/.memctl/project-root`: the canonical repository path the legacy store serves, one line. */
const OWNER_FILE = "project-root";
/** A path, not a document: anything larger is not ours. */
const OWNER_MAX_BYTES = 16 * 1024;

/** The project a legacy store records as its own; undefined when none is recorded (or the record is unreadable). */
export function legacyOwner(legacyDir: string): string | undefined {
  const file = joinPath(legacyDir, STATE_DIR, OWNER_FILE);
  if (lstatIfExists(file) === undefined) return undefined; // the usual first visit throws nothing
  try {
    const text = readRegularUtf8(file, OWNER_MAX_BYTES, { nofollow: true }).trim();
    return text === "" ? undefined : text;
  } catch {
    return undefined;
  }
}

/**
 * Records `canonical` as the legacy store's project when none is: the first project that uses the store keeps it
 * (an existing user's store is claimed on its next use, with no step to run). Best effort: a store memctl cannot
 * write (read-only mount, foreign owner) stays unrecorded and resolves as before.
 */
export function claimLegacyStore(legacyDir: string, canonical: string): void {
  try {
    commitFileSync(joinPath(realDir(legacyDir, STATE_DIR), OWNER_FILE), `${canonical}\n`, { exclusive: true });
  } catch {
    // EEXIST (another process claimed it first) or an unwritable store: the next resolution reads what is there.
  }
}

/** Transcripts read for a store's first claim, and the bytes read from the start of each: once per store. */
const TRANSCRIPTS_MAX = 64;
const TRANSCRIPT_HEAD_BYTES = 16 * 1024;
/** A `cwd` key as JSON writes it: inside a string value its quotes would be escaped, so this is always a key. */
const CWD_KEY = /"cwd":"((?:[^"\\]|\\.)*)"/g;

/**
 * Who an unrecorded legacy store goes to when `canonical` is the first project to resolve it: Claude Code keeps each
 * session's transcript (`<folder>/<session>.jsonl`, every line with the session's `cwd`) beside the memory folder.
 * When no transcript there names `canonical` or a folder inside it, but one names another existing project whose
 * own folder name is this one, the store is that project's: the memory was written in its sessions. Otherwise
 * `canonical`, first come as before (no transcripts, or both projects have them). No step for the user to run.
 */
export function legacyClaimant(legacyDir: string, canonical: string): string {
  const folder = path.dirname(legacyDir);
  const slug = path.basename(folder);
  let names: string[];
  try {
    names = readdirNames(folder)
      .filter((n) => n.endsWith(".jsonl"))
      .slice(0, TRANSCRIPTS_MAX);
  } catch {
    return canonical;
  }
  const inside = (dir: string) => [dir, realpathOr(dir)].some((d) => d === canonical || d.startsWith(canonical + path.sep));
  const others = new Set<string>();
  for (const name of names) {
    for (const cwd of transcriptCwds(joinPath(folder, name))) {
      if (inside(cwd)) return canonical;
      others.add(cwd);
    }
  }
  for (const cwd of others) {
    if (!isDirectory(cwd)) continue; // a project moved or deleted since claims nothing
    const owner = findRepo(cwd)?.canonicalRoot ?? realpathOr(cwd);
    if (owner !== canonical && claudeSlug(owner) === slug) return owner;
  }
  return canonical;
}

/** The absolute `cwd` values in the first bytes of a transcript (read without following a link, never blocking). */
function transcriptCwds(file: string): string[] {
  let opened: ReturnType<typeof openRegular>;
  try {
    opened = openRegular(file, { nofollow: true });
  } catch {
    return [];
  }
  try {
    const buf = Buffer.alloc(TRANSCRIPT_HEAD_BYTES);
    const text = buf.toString("utf8", 0, readAt(opened.fd, buf, 0, buf.length, 0));
    const out = new Set<string>();
    for (const m of text.matchAll(CWD_KEY)) {
      try {
        const cwd = JSON.parse(`"${m[1]}"`) as string;
        if (path.isAbsolute(cwd)) out.add(cwd);
      } catch {
        // a key cut at the read's end, or not JSON: no evidence
      }
    }
    return [...out];
  } catch {
    return [];
  } finally {
    close(opened.fd);
  }
}
