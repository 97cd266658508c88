import { spawn } from "node:child_process";
import { ERROR_CODES, MemctlError } from "../core/errors.js";

// Every git call memctl makes: the real git binary, array arguments (no shell), a time limit (a hung
// remote or credential helper never holds a session), and no prompts or editors (a hook has no terminal).

export const LOCAL_TIMEOUT_MS = 30_000;
export const NETWORK_TIMEOUT_MS = 60_000;

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface GitOptions {
  env: Record<string, string | undefined>;
  timeoutMs?: number;
  /** Called with the child's pid once it runs (the sync journal records it for crash repair). */
  onSpawn?: (pid: number) => void;
  /** Written to git's stdin (otherwise stdin is closed). */
  input?: string;
}

/** The environment for git: the caller's (HOME, GIT_CONFIG_GLOBAL, …) plus no prompts, no editor, C locale. */
export function gitEnv(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  out.GIT_TERMINAL_PROMPT = "0";
  out.GIT_EDITOR = "true";
  out.GIT_MERGE_AUTOEDIT = "no";
  out.LC_ALL = "C";
  // ssh would ask for a passphrase or a host key on the terminal; BatchMode makes it fail instead.
  if (out.GIT_SSH_COMMAND === undefined && out.GIT_SSH === undefined) out.GIT_SSH_COMMAND = "ssh -o BatchMode=yes -o ConnectTimeout=15";
  return out;
}

/** Runs git; resolves with its exit code and output (never rejects for a non-zero exit). */
export function runGit(cwd: string, args: readonly string[], options: GitOptions): Promise<GitResult> {
  const timeoutMs = options.timeoutMs ?? LOCAL_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn("git", args, { cwd, env: gitEnv(options.env), stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"] });
      if (options.input !== undefined) child.stdin!.end(options.input);
    } catch (err) {
      reject(notFound(err));
      return;
    }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout!.on("data", (c: Buffer) => out.push(c));
    child.stderr!.on("data", (c: Buffer) => err.push(c));
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(notFound(e));
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      const stdout = Buffer.concat(out).toString("utf8");
      const stderr = Buffer.concat(err).toString("utf8");
      if (timedOut) {
        reject(
          new MemctlError(ERROR_CODES.E_SYNC_GIT, `git ${args[0]} did not finish within ${timeoutMs} ms and was stopped; check the remote and retry`, {
            args: [...args],
            timeout_ms: timeoutMs,
          }),
        );
        return;
      }
      resolve({ code: code ?? 1, stdout, stderr });
    });
  });
}

/** Many blobs in one `git cat-file --batch`: sha → exact text. */
export async function readBlobs(cwd: string, shas: readonly string[], options: GitOptions): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const wanted = [...new Set(shas)];
  if (wanted.length === 0) return out;
  const raw = await new Promise<Buffer>((resolve, reject) => {
    const child = spawn("git", ["cat-file", "--batch"], { cwd, env: gitEnv(options.env), stdio: ["pipe", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? LOCAL_TIMEOUT_MS);
    child.stdout!.on("data", (c: Buffer) => chunks.push(c));
    child.on("error", (e) => reject(notFound(e)));
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new MemctlError(ERROR_CODES.E_SYNC_GIT, `git cat-file --batch failed (exit ${code})`));
    });
    child.stdin!.end(wanted.join("\n") + "\n");
  });
  let at = 0;
  for (const sha of wanted) {
    const eol = raw.indexOf(10, at);
    const [, type, size] = raw.subarray(at, eol).toString("utf8").split(" ");
    if (type !== "blob") throw new MemctlError(ERROR_CODES.E_SYNC_GIT, `git cat-file: ${sha} is not a blob`);
    const n = Number(size);
    out.set(sha, raw.subarray(eol + 1, eol + 1 + n).toString("utf8"));
    at = eol + 1 + n + 1;
  }
  return out;
}

/** runGit that fails with E_SYNC_GIT (git's own message) on a non-zero exit; returns trimmed stdout. */
export async function git(cwd: string, args: readonly string[], options: GitOptions): Promise<string> {
  const r = await runGit(cwd, args, options);
  if (r.code !== 0) throw gitFailure(args, r);
  return r.stdout.replace(/\n$/, "");
}

export function gitFailure(args: readonly string[], r: GitResult): MemctlError {
  const text = r.stderr.trim() || r.stdout.trim();
  // A commit message is many lines: the command is shown by its first, so git's own words stay readable.
  const shown = args.map((a) => (a.includes("\n") ? `${a.slice(0, a.indexOf("\n"))} …` : a)).join(" ");
  // No identity: git's advice (the two commands) comes before the last lines kept below, so it is said here.
  if (NO_IDENTITY.test(text)) return new MemctlError(ERROR_CODES.E_SYNC_GIT, noIdentity(shown, "memctl sync"), { args: [...args], exit: r.code, identity: "missing", shown });
  const detail = text.split("\n").slice(-3).join(" / ");
  return new MemctlError(ERROR_CODES.E_SYNC_GIT, `git ${shown} failed (exit ${r.code}): ${detail}`, { args: [...args], exit: r.code });
}

/** git has no identity to commit with: the two commands, then `retry` (what finishes the command that failed). */
export function noIdentity(shown: string, retry: string): string {
  return `git ${shown} failed: git has no identity to commit the memory with. Run git config --global user.name "Your Name" and git config --global user.email "you@example.com" (or both without --global inside the memory directory, for it alone), then ${retry} again`;
}

const NO_IDENTITY = /Author identity unknown|Committer identity unknown|unable to auto-detect email address|no email was given|empty ident name/;

function notFound(err: unknown): MemctlError {
  return new MemctlError(ERROR_CODES.E_SYNC_NOT_REPO, `cannot run git (${(err as Error).message}); install git and make sure it is on PATH`);
}
