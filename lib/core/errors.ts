/**
 * The closed vocabulary of failure codes. Callers branch on `code`, never on message text.
 * Each line says when the code is raised.
 */
export const ERROR_CODES = {
  /** Bad command line: unknown command or flag, missing or malformed value. */
  E_USAGE: "E_USAGE",
  /** An explicit memory selection (env or project config) is missing, not a directory, or unreadable. */
  E_INVALID_EXPLICIT: "E_INVALID_EXPLICIT",
  /** No memory store could be resolved for this project. */
  E_UNAVAILABLE: "E_UNAVAILABLE",
  /** The directory is not inside a git repository and --allow-non-git was not given. */
  E_NOT_GIT: "E_NOT_GIT",
  /** The user config file exists but does not parse; it is never overwritten. */
  E_CONFIG_PARSE: "E_CONFIG_PARSE",
  /** A value in the user config has the wrong type or shape. */
  E_CONFIG_INVALID: "E_CONFIG_INVALID",
  /** `init` found a store already there. */
  E_STORE_EXISTS: "E_STORE_EXISTS",
  /** A card's frontmatter does not parse. */
  E_CARD_FRONTMATTER: "E_CARD_FRONTMATTER",
  /** A path would leave the memory directory (.., absolute, NUL, symlink). */
  E_PATH_ESCAPE: "E_PATH_ESCAPE",
  /** A session-end payload names a transcript of the host's that is not that session's own project's (capture reads nothing). */
  E_TRANSCRIPT_NOT_SESSION: "E_TRANSCRIPT_NOT_SESSION",
  /** The store lock could not be taken in time. */
  E_LOCK_TIMEOUT: "E_LOCK_TIMEOUT",
  /** A filesystem operation failed (permission, missing parent, …). */
  E_IO: "E_IO",
  /** `install` would overwrite a file that memctl did not write (a user's own command, skill or plugin). */
  E_INSTALL_CONFLICT: "E_INSTALL_CONFLICT",
  /** An agent (a caller with a task id, or actor agent:*) tried to write; agents read and propose only. */
  E_READ_ONLY: "E_READ_ONLY",
  /** A path names memctl's own state (.memctl/), which no file tool may touch. */
  E_PATH_RESERVED: "E_PATH_RESERVED",
  /** A name Windows cannot hold (CON, aux.md, a:b, a trailing dot or space): refused so a synced store checks out anywhere. */
  E_PATH_NOT_PORTABLE: "E_PATH_NOT_PORTABLE",
  /** A write would exceed a guardrail (depth, segment length, file size, total bytes, file count). */
  E_GUARDRAIL: "E_GUARDRAIL",
  /** The named file, directory or card does not exist. */
  E_NOT_FOUND: "E_NOT_FOUND",
  /** The target already exists (create, rename never overwrite). */
  E_EXISTS: "E_EXISTS",
  /** str_replace: old_str does not occur in the file. */
  E_NO_MATCH: "E_NO_MATCH",
  /** str_replace: old_str occurs more than once. */
  E_MULTIPLE_MATCHES: "E_MULTIPLE_MATCHES",
  /** insert / view: a line number outside the file. */
  E_INVALID_LINE: "E_INVALID_LINE",
  /** A file operation met a directory where it needs a file, or the reverse. */
  E_IS_DIRECTORY: "E_IS_DIRECTORY",
  /** A card's recall keys are not a list of short one-line strings (too many, too long, not strings). */
  E_RECALL_KEYS: "E_RECALL_KEYS",
  /** A card's scope is not a list of repository-relative paths or globs (absolute, "..", too many). */
  E_SCOPE: "E_SCOPE",
  /** `memctl keys`: no model command is configured ([recall] or [compact] llm_command). */
  E_NO_MODEL: "E_NO_MODEL",
  /** An authored description is over 200 characters. */
  E_DESCRIPTION_TOO_LONG: "E_DESCRIPTION_TOO_LONG",
  /** A file named like a card (`<type>_<name>.md` at the store root) lacks frontmatter or required fields. */
  E_CARD_RULES: "E_CARD_RULES",
  /** The memory directory (or episodes file) cannot be written. */
  E_NOT_WRITABLE: "E_NOT_WRITABLE",
  /** A proposal names no source; a claim that cannot name its source is not staged. */
  E_NO_SOURCE: "E_NO_SOURCE",
  /** The card changed (or appeared, or went) since the proposal was made; accept --force overrides. */
  E_STALE_BASE: "E_STALE_BASE",
  /** The web view's Accept: the proposal's file changed (a sync, a consolidate) since the page showed it. */
  E_PROPOSAL_CHANGED: "E_PROPOSAL_CHANGED",
  /** A job's lease is held by another live holder. */
  E_JOB_LEASED: "E_JOB_LEASED",
  /** A candidate compact would not shrink the injected body (seed 000 rule 5); nothing was written. */
  E_COMPACT_GROWS: "E_COMPACT_GROWS",
  /** `memctl compact --llm` could not get a summary from the configured command. */
  E_COMPACT_LLM: "E_COMPACT_LLM",
  /** The disk (or the user's quota) is full: ENOSPC, EDQUOT. An environment fault, not a bug. */
  E_DISK_FULL: "E_DISK_FULL",
  /** The operating system denied access to a file (EACCES, EPERM). An environment fault, not a bug. */
  E_PERMISSION: "E_PERMISSION",
  /** An authored write holds what looks like a secret (a token, key, password URL); nothing was written. */
  E_SECRET: "E_SECRET",
  /** accept: a live card under another name says nearly the same or the opposite; --supersede or --keep-both decides. */
  E_SIMILAR_CARD: "E_SIMILAR_CARD",
  /** `memctl sync`: the store is not the top of a git work tree, or git is missing. */
  E_SYNC_NOT_REPO: "E_SYNC_NOT_REPO",
  /** `memctl sync`: the remote could not be reached (offline, DNS, auth); nothing was changed. */
  E_SYNC_OFFLINE: "E_SYNC_OFFLINE",
  /** `memctl sync`: a git step failed or ran past its time limit. */
  E_SYNC_GIT: "E_SYNC_GIT",
  /** `memctl sync`: the remote has branches but not this store's, and not exactly one to take instead; nothing was pushed. */
  E_SYNC_BRANCH: "E_SYNC_BRANCH",
  /** `memctl sync`: another sync of this store is running. */
  E_SYNC_BUSY: "E_SYNC_BUSY",
  /** A file a sync quarantined (a secret, a link, over a limit): not shown or injected; memctl review says why. */
  E_QUARANTINED: "E_QUARANTINED",
  /** A file a sync from a shared remote holds for the owner's review: an agent neither gets it injected nor reads it. */
  E_HELD: "E_HELD",
  /** A log (history.jsonl, an episodes file, the proposals log) is past the size memctl reads or merges whole (64 MiB). */
  E_LOG_TOO_LARGE: "E_LOG_TOO_LARGE",
  /** The per-machine hold list (.memctl/arrivals.json) cannot be read: what it held stays held; doctor says how to repair. */
  E_HOLD_DAMAGED: "E_HOLD_DAMAGED",
  /** The per-user session secret (`session-key` in memctl's state home) is not 64 hex digits: no session state until it is deleted. */
  E_SESSION_SECRET: "E_SESSION_SECRET",
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES] | (string & {});

/** A failure the user can act on: a code, a message saying what was wrong and what to do, optional data. */
export class MemctlError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "MemctlError";
  }
}

/** A bad command line; maps to exit 2. */
export function usageError(message: string, data?: Record<string, unknown>): MemctlError {
  return new MemctlError(ERROR_CODES.E_USAGE, message, data);
}

/** "The message was already shown; exit with this code." */
export class ExitError extends Error {
  constructor(readonly exitCode: number) {
    super(`exit ${exitCode}`);
    this.name = "ExitError";
  }
}

/**
 * What stderr says of a failure that is no MemctlError and no fault of the machine's (environmentFault): a bug. One
 * text for the CLI (lib/cli/main.ts) and the session-start bundle (lib/hook/entry/session-start.ts), which reports
 * it without loading the CLI.
 */
export function internalErrorText(detail: string): string {
  return `memctl: internal error: ${detail}\nThis is a bug in memctl; please report it with the command you ran.\n`;
}

/** Pulls a Node system error code (ENOENT, EACCES, …) out of an unknown thrown value. */
export function systemCode(err: unknown): string | undefined {
  return typeof err === "object" && err !== null && "code" in err ? String((err as { code: unknown }).code) : undefined;
}

/**
 * A system error that is the machine's state rather than a bug (full disk, quota, read-only file system,
 * permissions), as a MemctlError saying what to do; undefined for anything else.
 */
export function environmentFault(err: unknown): MemctlError | undefined {
  if (err instanceof MemctlError) return undefined;
  const code = systemCode(err);
  const e = err as { syscall?: unknown; path?: unknown };
  const where = typeof e?.path === "string" ? ` on ${e.path}` : "";
  const call = `${code}${typeof e?.syscall === "string" ? `, ${e.syscall}` : ""}${where}`;
  const data = { errno: code, ...(typeof e?.path === "string" ? { path: e.path } : {}) };
  switch (code) {
    case "ENOSPC":
    case "EDQUOT":
      return new MemctlError(
        ERROR_CODES.E_DISK_FULL,
        `the disk is full (${call}${code === "EDQUOT" ? ": the disk quota is used up" : ""}); the command did not complete and left no partial file. Free some space and retry.`,
        data,
      );
    case "EROFS":
      return new MemctlError(
        ERROR_CODES.E_NOT_WRITABLE,
        `the file system is read-only (${call}); the command did not complete. Remount it read-write, or point memctl at a writable store, and retry.`,
        data,
      );
    case "EACCES":
    case "EPERM":
      return new MemctlError(
        ERROR_CODES.E_PERMISSION,
        `permission denied (${call}); the command did not complete. Fix the permissions (or run as the store's owner) and retry.`,
        data,
      );
    // lib/store/checked-fs.ts: a FIFO, device or directory where a file belongs, or a file past its read cap.
    case "E_NOT_REGULAR":
    case "E_TOO_LARGE":
      return new MemctlError(
        ERROR_CODES.E_IO,
        `${(err as Error).message}; memctl reads only regular files of a bounded size in the store, so the command did not complete. Replace it with the file it should be (or remove it) and retry; "memctl doctor" lists such files.`,
        data,
      );
    case "ELOOP":
      return new MemctlError(
        ERROR_CODES.E_PATH_ESCAPE,
        `a symlink where memctl does not follow one (${call}); the command did not complete. Replace the link with the file it points to and retry.`,
        data,
      );
    default:
      return undefined;
  }
}
