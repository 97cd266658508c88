import { lstatIfExists, readRegularUtf8 } from "../store/checked-fs.js";
import { joinPath, STATE_DIR } from "../store/paths.js";
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
