// lib/sync/git.ts
import { spawn } from "node:child_process";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
var LOCAL_TIMEOUT_MS = 3e4;
var NETWORK_TIMEOUT_MS = 6e4;
function gitEnv(env) {
  const out = {};
  for (const [k, v] of Object.entries(env)) if (v !== void 0) out[k] = v;
  out.GIT_TERMINAL_PROMPT = "0";
  out.GIT_EDITOR = "true";
  out.GIT_MERGE_AUTOEDIT = "no";
  out.LC_ALL = "C";
  if (out.GIT_SSH_COMMAND === void 0 && out.GIT_SSH === void 0) out.GIT_SSH_COMMAND = "ssh -o BatchMode=yes -o ConnectTimeout=15";
  return out;
}
function runGit(cwd, args, options) {
  const timeoutMs = options.timeoutMs ?? LOCAL_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    let child;
    try {
      child = spawn("git", args, { cwd, env: gitEnv(options.env), stdio: [options.input === void 0 ? "ignore" : "pipe", "pipe", "pipe"] });
      if (options.input !== void 0) child.stdin.end(options.input);
    } catch (err2) {
      reject(notFound(err2));
      return;
    }
    const out = [];
    const err = [];
    child.stdout.on("data", (c) => out.push(c));
    child.stderr.on("data", (c) => err.push(c));
    if (child.pid !== void 0) options.onSpawn?.(child.pid);
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
            timeout_ms: timeoutMs
          })
        );
        return;
      }
      resolve({ code: code ?? 1, stdout, stderr });
    });
  });
}
async function readBlobs(cwd, shas, options) {
  const out = /* @__PURE__ */ new Map();
  const wanted = [...new Set(shas)];
  if (wanted.length === 0) return out;
  const raw = await new Promise((resolve, reject) => {
    const child = spawn("git", ["cat-file", "--batch"], { cwd, env: gitEnv(options.env), stdio: ["pipe", "pipe", "pipe"] });
    const chunks = [];
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? LOCAL_TIMEOUT_MS);
    child.stdout.on("data", (c) => chunks.push(c));
    child.on("error", (e) => reject(notFound(e)));
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new MemctlError(ERROR_CODES.E_SYNC_GIT, `git cat-file --batch failed (exit ${code})`));
    });
    child.stdin.end(wanted.join("\n") + "\n");
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
async function git(cwd, args, options) {
  const r = await runGit(cwd, args, options);
  if (r.code !== 0) throw gitFailure(args, r);
  return r.stdout.replace(/\n$/, "");
}
function gitFailure(args, r) {
  const text = r.stderr.trim() || r.stdout.trim();
  const shown = args.map((a) => a.includes("\n") ? `${a.slice(0, a.indexOf("\n"))} \u2026` : a).join(" ");
  if (NO_IDENTITY.test(text)) return new MemctlError(ERROR_CODES.E_SYNC_GIT, noIdentity(shown, "memctl sync"), { args: [...args], exit: r.code, identity: "missing", shown });
  const detail = text.split("\n").slice(-3).join(" / ");
  return new MemctlError(ERROR_CODES.E_SYNC_GIT, `git ${shown} failed (exit ${r.code}): ${detail}`, { args: [...args], exit: r.code });
}
function noIdentity(shown, retry) {
  return `git ${shown} failed: git has no identity to commit the memory with. Run git config --global user.name "Your Name" and git config --global user.email "you@example.com" (or both without --global inside the memory directory, for it alone), then ${retry} again`;
}
var NO_IDENTITY = /Author identity unknown|Committer identity unknown|unable to auto-detect email address|no email was given|empty ident name/;
function notFound(err) {
  return new MemctlError(ERROR_CODES.E_SYNC_NOT_REPO, `cannot run git (${err.message}); install git and make sure it is on PATH`);
}
export {
  LOCAL_TIMEOUT_MS,
  NETWORK_TIMEOUT_MS,
  git,
  gitEnv,
  gitFailure,
  noIdentity,
  readBlobs,
  runGit
};
