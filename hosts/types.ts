import type { Budget } from "../lib/core/block.js";
import type { PiecedText } from "../lib/core/pieced-text.js";

export type { Budget };

/** The hosts memctl knows (its hook, installers and help), in the order people meet them. The one list. */
export const HOST_NAMES = ["claude", "codex", "opencode", "grok", "generic"] as const;
export type HostName = (typeof HOST_NAMES)[number];

/** What a host needs to tell whether it loads a store natively. */
export interface NativeIndexQuery {
  /** The resolved store and the host's own memory directory for this project (lib/resolve.ts legacy_dir). */
  memoryDir: string;
  autoMemoryDir: string;
  /** The project's worktree root. */
  projectRoot: string;
  env: Readonly<Record<string, string | undefined>>;
  home: string;
  /**
   * Reads a host settings file's text (throws when it cannot): a regular file only, never blocking and within a cap
   * (lib/store/checked-fs.ts readRegularUtf8, injected: hosts sit below the store). A project's settings come with
   * its files: a link to /dev/zero or a FIFO there must not hold every prompt.
   */
  readSettings: (file: string) => string;
}

/** The fields memctl needs from a UserPromptSubmit payload, whichever spelling the host used. */
export interface HookPayload {
  prompt: string;
  cwd?: string;
  sessionId?: string;
}

/** What the hook process does in the end: text for stdout and stderr, and its exit code. */
export interface HookOutcome {
  stdout: string;
  /**
   * stdout as UTF-8 in pieces, when it is too large to be made one string (session start's overview): printed as
   * these bytes; `stdout` then makes the string only when read.
   */
  chunks?: readonly Uint8Array[];
  stderr: string;
  exitCode: number;
}

/**
 * One host's runtime adapter: its budget and how it wants the hook's results delivered. Everything that
 * differs between hosts lives here, so no other code branches on the host name.
 */
export interface HostAdapter {
  name: HostName;
  /** Default per-prompt budget before config and command-line overrides. */
  budget: Budget;
  /**
   * The default when the host is known NOT to load the store's index natively (Claude Code with auto memory off,
   * or a store outside its auto-memory directory); `budget` stays the default when that is unknown.
   */
  budgetWithoutNativeIndex?: Budget;
  /** Whether the host itself loads this store's index at session start (only hosts with budgetWithoutNativeIndex). */
  loadsIndexNatively?(q: NativeIndexQuery): boolean;
  /** An absolute cap on the printed block, always-cards included (Claude Code spills anything over 10,000 characters). */
  hardCeilingBytes: number;
  /** What memctl knows of the host's own memory feature (seed 001 host table): reported by `memctl prepare`. */
  nativeMemory: "auxiliary" | "unknown";
  /** How the model runs the session-log command on this host (a Codex skill is $name, a CLI-only host runs memctl). */
  logCommand: string;
  /** False when the host ignores UserPromptSubmit output (Grok Build is observe-only). */
  injectsContext: boolean;
  /**
   * True when what the hook injects stays in the conversation for later turns (Claude Code and Codex keep
   * hook output in the transcript), so a line shown once need not be sent again in that session. False where
   * the block lives only in one request (OpenCode's system-prompt transform) or the host is unknown.
   */
  keepsContext: boolean;
  /** Reads the host's stdin payload (snake_case or camelCase); undefined when it is unusable. */
  normalize(raw: unknown): HookPayload | undefined;
  /** The recalled-memory block delivered as context. */
  context(text: string): HookOutcome;
  /**
   * The session-start overview delivered as context (`memctl hook session-start`); `notice`, a line for the user
   * where the host shows one (Claude Code's systemMessage), else dropped.
   */
  sessionContext(text: string | PiecedText, notice?: string): HookOutcome;
  /** The MEMORY INDEX UNAVAILABLE block (never blocks the prompt) plus the reason for the host's log. */
  unavailable(text: string, reason: string): HookOutcome;
}
