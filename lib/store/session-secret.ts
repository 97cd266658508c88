// This user's secret for the session state's keys (lib/hook/session-state.ts): kept outside every store, in memctl's
// own state directory, so a .memctl/sessions.log that arrives with a store (a store inside a project checkout) or is
// written by anyone else names no session and no line: its keys cannot be computed without this file.
import { ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import { readRegularUtf8 } from "./checked-fs.js";
import { joinPath, memctlStateHome } from "./paths.js";
import { writeNewFile } from "./safe-write.js";
import fs from "node:fs";
import path from "node:path";

export const SESSION_SECRET_FILE = "session-key";
const SECRET = /^[0-9a-f]{64}\n$/;

/**
 * Each state home's secret as this process first read it: a session start keys up to three records, and a hook is one
 * process per event, so the file is read once a run (a long-lived process keeps what it read; a fault is not kept).
 */
const readOnce = new Map<string, string>();

/** The secret, made on first use (0600). Throws when it cannot be read or made: the caller then keeps no session state. */
export function sessionSecret(io: { env: Record<string, string | undefined>; home: string }): string {
  const dir = memctlStateHome(io);
  const file = joinPath(dir, SESSION_SECRET_FILE);
  let secret = readOnce.get(file);
  if (secret === undefined) readOnce.set(file, (secret = readOrMake(dir, file)));
  return secret;
}

function readOrMake(dir: string, file: string): string {
  try {
    return readSecret(file);
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Written whole under a temp name, then linked into place: a link never replaces a name, so of hooks starting at
  // once one secret wins, and no reader sees it half written.
  const temp = joinPath(dir, `.${SESSION_SECRET_FILE}.${process.pid}.${Math.floor(Math.random() * 2 ** 32).toString(16)}.tmp`);
  writeNewFile(temp, `${Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(32))).toString("hex")}\n`, { mode: 0o600 });
  try {
    fs.linkSync(temp, file);
  } catch (err) {
    if (systemCode(err) !== "EEXIST") throw err; // another hook made it first: theirs is read below
  } finally {
    fs.rmSync(temp, { force: true });
  }
  return readSecret(file);
}

/** The secret in `file`: a regular file (no link followed) of 64 hex digits and a line break. */
function readSecret(file: string): string {
  return checked(readRegularUtf8(file, 4096, { nofollow: true }));
}

function checked(text: string): string {
  if (!SECRET.test(text)) {
    throw new MemctlError(ERROR_CODES.E_SESSION_SECRET, `${SESSION_SECRET_FILE} is not 64 hex digits (delete it: the next prompt makes a new one)`);
  }
  return text.slice(0, 64);
}

/** Why the hook cannot have the secret; `file` is set when the secret file is there but unusable: deleting it is the fix. */
export interface SecretProblem {
  problem: string;
  file?: string;
}

/**
 * Why the hook cannot have this user's secret (it then keeps no session state: every prompt re-sends what its
 * conversation holds), or undefined. Reads only: a missing secret is fine when the first existing directory on its
 * way lets this user create it there.
 */
export function sessionSecretProblem(io: { env: Record<string, string | undefined>; home: string }): SecretProblem | undefined {
  const dir = memctlStateHome(io);
  const file = joinPath(dir, SESSION_SECRET_FILE);
  try {
    readSecret(file);
    return undefined;
  } catch (err) {
    if (systemCode(err) !== "ENOENT" && systemCode(err) !== "ENOTDIR") return { problem: (err as Error).message, file };
  }
  for (let at = dir; ; at = path.dirname(at)) {
    let st: fs.Stats | undefined;
    try {
      st = fs.statSync(at, { throwIfNoEntry: false });
    } catch {
      st = undefined; // a file on the way (ENOTDIR): look further up
    }
    if (st === undefined && path.dirname(at) !== at) continue;
    if (!st?.isDirectory()) return { problem: `${at} is not a directory` };
    try {
      fs.accessSync(at, fs.constants.W_OK | fs.constants.X_OK);
      return undefined;
    } catch (err) {
      return { problem: `${at} cannot be written (${systemCode(err) ?? (err as Error).message})` };
    }
  }
}
