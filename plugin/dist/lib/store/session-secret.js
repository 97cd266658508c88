// lib/store/session-secret.ts
import { ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import { readRegularUtf8 } from "./checked-fs.js";
import { joinPath, memctlStateHome } from "./paths.js";
import { writeNewFile } from "./safe-write.js";
import fs from "node:fs";
import path from "node:path";
var SESSION_SECRET_FILE = "session-key";
var SECRET = /^[0-9a-f]{64}\n$/;
var readOnce = /* @__PURE__ */ new Map();
function sessionSecret(io) {
  const dir = memctlStateHome(io);
  const file = joinPath(dir, SESSION_SECRET_FILE);
  let secret = readOnce.get(file);
  if (secret === void 0) readOnce.set(file, secret = readOrMake(dir, file));
  return secret;
}
function readOrMake(dir, file) {
  try {
    return readSecret(file);
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
  }
  fs.mkdirSync(dir, { recursive: true, mode: 448 });
  const temp = joinPath(dir, `.${SESSION_SECRET_FILE}.${process.pid}.${Math.floor(Math.random() * 2 ** 32).toString(16)}.tmp`);
  writeNewFile(temp, `${Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(32))).toString("hex")}
`, { mode: 384 });
  try {
    fs.linkSync(temp, file);
  } catch (err) {
    if (systemCode(err) !== "EEXIST") throw err;
  } finally {
    fs.rmSync(temp, { force: true });
  }
  return readSecret(file);
}
function readSecret(file) {
  return checked(readRegularUtf8(file, 4096, { nofollow: true }));
}
function checked(text) {
  if (!SECRET.test(text)) {
    throw new MemctlError(ERROR_CODES.E_SESSION_SECRET, `${SESSION_SECRET_FILE} is not 64 hex digits (delete it: the next prompt makes a new one)`);
  }
  return text.slice(0, 64);
}
function sessionSecretProblem(io) {
  const dir = memctlStateHome(io);
  const file = joinPath(dir, SESSION_SECRET_FILE);
  try {
    readSecret(file);
    return void 0;
  } catch (err) {
    if (systemCode(err) !== "ENOENT" && systemCode(err) !== "ENOTDIR") return { problem: err.message, file };
  }
  for (let at = dir; ; at = path.dirname(at)) {
    let st;
    try {
      st = fs.statSync(at, { throwIfNoEntry: false });
    } catch {
      st = void 0;
    }
    if (st === void 0 && path.dirname(at) !== at) continue;
    if (!st?.isDirectory()) return { problem: `${at} is not a directory` };
    try {
      fs.accessSync(at, fs.constants.W_OK | fs.constants.X_OK);
      return void 0;
    } catch (err) {
      return { problem: `${at} cannot be written (${systemCode(err) ?? err.message})` };
    }
  }
}
export {
  SESSION_SECRET_FILE,
  sessionSecret,
  sessionSecretProblem
};
