#!/usr/bin/env node
import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  printJson
} from "./chunks/cli-output.mjs";
import {
  COMMANDS,
  COMMAND_GROUPS,
  closest,
  renderHelp
} from "./chunks/cli-args.mjs";
import "./chunks/core-sanitize.mjs";
import {
  ERROR_CODES,
  ExitError,
  MemctlError,
  environmentFault
} from "./chunks/core-bytes.mjs";
import "./chunks/runtime.mjs";

// lib/store/bounded-input.ts
var CHUNK = 64 * 1024;
function readStreamBounded(stream, bounds, started = performance.now(), progress = { chunks: [], seen: 0 }) {
  return new Promise((resolve) => {
    let done = false;
    const settle = (ended) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stream.removeListener("data", onData);
      stream.removeListener("end", onEnd);
      stream.removeListener("error", onEnd);
      if (!ended) stream.destroy?.();
      resolve(finish(progress, bounds, ended));
    };
    const onData = (chunk) => void keep(progress, Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk), bounds);
    const onEnd = () => settle(true);
    const timer = setTimeout(() => settle(false), Math.max(0, bounds.deadlineMs - (performance.now() - started)));
    timer.unref();
    stream.on("data", onData);
    stream.once("end", onEnd);
    stream.once("error", onEnd);
  });
}
function keep(progress, chunk, bounds) {
  progress.seen += chunk.length;
  if (progress.seen <= bounds.maxBytes) {
    progress.chunks.push(chunk);
    return true;
  }
  progress.chunks.length = 0;
  return false;
}
function finish(progress, bounds, ended) {
  if (progress.seen > bounds.maxBytes) return { status: "over", seen: progress.seen, ended };
  if (!ended) return { status: "late", seen: progress.seen };
  const { chunks } = progress;
  return { status: "read", bytes: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks) };
}

// lib/store/io.ts
function processIo(sinks) {
  return {
    stdout: sinks?.stdout ?? process.stdout,
    stderr: sinks?.stderr ?? process.stderr,
    readStdin: () => readAll(process.stdin),
    // A stream, so the deadline also ends a wait on a pipe held open in silence (the per-prompt entry reads fd 0
    // synchronously instead, for speed: lib/hook/entry/user-prompt-submit.ts).
    readInput: (bounds) => readStreamBounded(process.stdin, bounds),
    env: process.env,
    // Read when asked: the hook works from its payload's cwd, and process.cwd() compiles a wrapper first.
    get cwd() {
      return process.cwd();
    },
    home: process.env.HOME || homedir(),
    now: () => /* @__PURE__ */ new Date(),
    // A getter: process.stdin is created only when a command asks (the per-prompt hook never does).
    get ask() {
      return process.stdin.isTTY && process.stdout.isTTY ? askTerminal : void 0;
    }
  };
}
async function askTerminal(question) {
  const readline = process.getBuiltinModule("node:readline/promises");
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  const closed = new Promise((resolve) => rl.once("close", () => resolve(void 0)));
  try {
    return await Promise.race([rl.question(question), closed]);
  } finally {
    rl.close();
  }
}
async function readAll(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
var pause = new Int32Array(new SharedArrayBuffer(4));
function homedir() {
  return process.getBuiltinModule("node:os").homedir();
}

// lib/cli/main.ts
var VERSION = "0.1.0";
var EXIT_BY_CODE = {
  [ERROR_CODES.E_USAGE]: 2,
  [ERROR_CODES.E_NOT_GIT]: 2,
  [ERROR_CODES.E_INVALID_EXPLICIT]: 3,
  [ERROR_CODES.E_NO_SOURCE]: 2,
  [ERROR_CODES.E_RECALL_KEYS]: 2,
  [ERROR_CODES.E_SCOPE]: 2,
  [ERROR_CODES.E_NO_MODEL]: 2
};
async function main(argv, io) {
  const [name, ...rest] = argv;
  const json = rest.includes("--json");
  try {
    if (name === void 0 || name === "--help" || name === "-h" || name === "help") {
      if (name === "help" && rest[0]) return await main([rest[0], "--help"], io);
      io.stdout.write(renderGlobalHelp());
      return name === void 0 ? 2 : 0;
    }
    if (name === "--version" || name === "-v") {
      io.stdout.write(`memctl ${VERSION}
`);
      return 0;
    }
    const entry = COMMANDS[name];
    if (!entry) {
      const guess = closest(name, Object.keys(COMMANDS));
      throw new MemctlError(ERROR_CODES.E_USAGE, `unknown command "${name}"${guess ? ` (did you mean "${guess}"?)` : ""}; run "memctl --help" for the list`);
    }
    const command = await entry.load();
    if (rest.includes("--help") || rest.includes("-h")) {
      io.stdout.write(renderHelp(command.spec));
      return 0;
    }
    return await command.run(rest, io);
  } catch (err) {
    return reportError(err, io, json);
  }
}
function reportError(thrown, io, json) {
  if (thrown instanceof ExitError) return thrown.exitCode;
  const err = environmentFault(thrown) ?? thrown;
  if (err instanceof MemctlError) {
    const exitCode = EXIT_BY_CODE[err.code] ?? 1;
    io.stderr.write(`memctl: ${err.message}
`);
    if (json) printJson(io, { error: { code: err.code, message: err.message, ...err.data ?? {} } });
    return exitCode;
  }
  const detail = err instanceof Error ? io.env.MEMCTL_DEBUG ? err.stack : err.message : String(err);
  io.stderr.write(`memctl: internal error: ${detail}
This is a bug in memctl; please report it with the command you ran.
`);
  if (json) printJson(io, { error: { code: "E_INTERNAL", message: String(detail) } });
  return 1;
}
function renderGlobalHelp() {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length)) + 2;
  const rows = COMMAND_GROUPS.flatMap((group) => [
    "",
    `${group}:`,
    ...Object.entries(COMMANDS).filter(([, c]) => c.group === group).map(([n, c]) => `  ${n.padEnd(width)} ${c.summary}`)
  ]);
  return [
    "memctl \u2014 one canonical memory for every coding agent",
    "",
    "Usage: memctl <command> [flags]   (memctl <command> --help for its flags and exit codes)",
    ...rows,
    "",
    "Exit codes (common): 0 ok, 1 failure or issues found, 2 usage error, 3 invalid explicit memory selection",
    ""
  ].join("\n");
}

// lib/cli/bin.ts
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (err) => {
    if (err.code !== "EPIPE") throw err;
  });
}
process.exitCode = await main(process.argv.slice(2), processIo());
