// The hook's stdin is bounded (lib/hook/run.ts HOOK_INPUT_BOUNDS: 8 MiB, 2 s): a host that streams without
// end, or sends more than the bound, gets the UNAVAILABLE block and exit 0 in bounded time and memory. Real
// processes: the built entries, a real pipe, a writer that never stops.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { HOOK_INPUT_MAX_BYTES } from "../../lib/hook/run.js";
import { REPO_ROOT, sandbox } from "../helpers.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const CARDS = [{ file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose" }];

interface Run {
  code: number | null;
  signal: string | null;
  ms: number;
  peakRssKiB: number;
  stdout: string;
  writerError?: string;
}

/** Spawns `args` and feeds its stdin with `feed` (a writer that may never end); the process is killed after 20 s. */
function runFed(args: string[], env: Record<string, string>, feed: (stdin: NodeJS.WritableStream) => void): Promise<Run> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "pipe"], env: { PATH: process.env.PATH ?? "", ...env } });
    let stdout = "";
    let peak = 0;
    let writerError: string | undefined;
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString("utf8")));
    child.stderr.resume();
    child.stdin.on("error", (e: NodeJS.ErrnoException) => (writerError = e.code ?? e.message));
    // The peak resident set so far (VmHWM), sampled until the process is gone; Linux only (0 elsewhere).
    const sample = setInterval(() => {
      try {
        const hwm = /VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, "utf8"));
        if (hwm) peak = Math.max(peak, Number(hwm[1]));
      } catch {
        // exited
      }
    }, 10);
    const kill = setTimeout(() => child.kill("SIGKILL"), 20_000);
    feed(child.stdin);
    child.on("exit", () => {
      clearInterval(sample);
      child.stdin.destroy();
    });
    child.on("close", (code, signal) => {
      clearTimeout(kill);
      resolve({ code, signal, ms: Date.now() - started, peakRssKiB: peak, stdout, ...(writerError ? { writerError } : {}) });
    });
  });
}

/** Writes 64 KiB chunks as fast as the pipe takes them, forever (until the pipe closes). */
function forever(prefix: string): (stdin: NodeJS.WritableStream) => void {
  return (stdin) => {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    stdin.write(prefix);
    let open = true;
    stdin.on("error", () => (open = false));
    stdin.on("close", () => (open = false));
    const pump = () => {
      while (open && stdin.write(chunk));
      if (open) stdin.once("drain", pump);
    };
    pump();
  };
}

test("the compiled hook, stdin streaming forever: exit 0 within the deadline, the UNAVAILABLE block, bounded memory", async () => {
  assert.ok(fs.existsSync(HOOK), "run npm run build first");
  const s = sandbox(CARDS);
  try {
    const env = { HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
    const r = await runFed([HOOK, "--host", "claude"], env, forever(`{"cwd":${JSON.stringify(s.repo)},"prompt":"`));
    assert.deepEqual([r.code, r.signal], [0, null], JSON.stringify(r));
    assert.ok(r.ms < 6_000, `exited after ${r.ms} ms`);
    assert.match(r.stdout, new RegExp(`MEMORY INDEX UNAVAILABLE \\(hook input over ${HOOK_INPUT_MAX_BYTES} bytes`));
    assert.ok(r.peakRssKiB === 0 || r.peakRssKiB < 150 * 1024, `peak RSS ${r.peakRssKiB} KiB`);
    assert.match(fs.readFileSync(path.join(s.home, ".local", "state", "memctl", "hook.log"), "utf8"), /hook input over 8388608 bytes/);
    console.log(`# streaming forever: exit ${r.code} after ${r.ms} ms, peak RSS ${(r.peakRssKiB / 1024).toFixed(1)} MiB`);
  } finally {
    s.cleanup();
  }
});

test("the compiled hook, a 10 MiB payload: refused at once with exit 0, and the host's write never meets a closed pipe", async () => {
  const s = sandbox(CARDS);
  try {
    const env = { HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
    const payload = JSON.stringify({ cwd: s.repo, prompt: `integration tests ${"x".repeat(10 * 1024 * 1024)}` });
    const r = await runFed([HOOK, "--host", "generic"], env, (stdin) => stdin.end(payload));
    assert.deepEqual([r.code, r.signal, r.writerError], [0, null, undefined], JSON.stringify({ ...r, stdout: r.stdout.slice(0, 200) }));
    assert.ok(r.ms < 4_000, `exited after ${r.ms} ms`);
    assert.match(r.stdout, /MEMORY INDEX UNAVAILABLE \(hook input over 8388608 bytes \(10485\d+ bytes arrived\)/);
    // Within the bound, the same store and prompt get their block.
    const ok = await runFed([HOOK, "--host", "generic"], env, (stdin) => stdin.end(JSON.stringify({ cwd: s.repo, prompt: "integration tests" })));
    assert.equal(ok.code, 0);
    assert.match(ok.stdout, /feedback_testing\.md/);
  } finally {
    s.cleanup();
  }
});

test("memctl hook session-start and user-prompt-submit through the CLI: streaming forever or held open in silence, exit 0 within the deadline", async () => {
  assert.ok(fs.existsSync(CLI), "run npm run build first");
  const s = sandbox(CARDS);
  try {
    const env = { HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
    for (const event of ["session-start", "user-prompt-submit", "pre-compact"]) {
      const r = await runFed([CLI, "hook", event, "--host", "claude"], env, forever(`{"cwd":${JSON.stringify(s.repo)},"prompt":"`));
      assert.deepEqual([r.code, r.signal], [0, null], event);
      assert.ok(r.ms < 6_000, `${event}: exited after ${r.ms} ms`);
      assert.ok(r.peakRssKiB === 0 || r.peakRssKiB < 200 * 1024, `${event}: peak RSS ${r.peakRssKiB} KiB`);
      if (event === "pre-compact") assert.equal(r.stdout, "");
      else assert.match(r.stdout, /MEMORY INDEX UNAVAILABLE \(hook input over 8388608 bytes/, event);
      console.log(`# memctl hook ${event}, streaming forever: exit ${r.code} after ${r.ms} ms, peak RSS ${(r.peakRssKiB / 1024).toFixed(1)} MiB`);
    }
    // Held open and silent: the CLI reads stdin as a stream, so the deadline ends the wait.
    const silent = await runFed([CLI, "hook", "session-start", "--host", "claude"], env, (stdin) => stdin.write(`{"cwd":${JSON.stringify(s.repo)}`));
    assert.deepEqual([silent.code, silent.signal], [0, null]);
    assert.ok(silent.ms < 6_000, `exited after ${silent.ms} ms`);
    assert.match(silent.stdout, /hook input did not end within 2000 ms/);
  } finally {
    s.cleanup();
  }
});

test("a payload of millions of nested arrays is refused before it is parsed, by every hook entry; brackets inside a string are text", async () => {
  const s = sandbox(CARDS);
  try {
    const env = { HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
    // 3,000,000 levels, 6 MB: under the size bound, and JSON.parse would build every level (~365 MB, ~0.8 s of CPU).
    const deep = `{"cwd":${JSON.stringify(s.repo)},"prompt":"integration tests","x":${"[".repeat(3_000_000)}${"]".repeat(3_000_000)}}`;
    for (const args of [
      [HOOK, "--host", "claude"],
      [CLI, "hook", "session-start", "--host", "claude"],
      [CLI, "hook", "session-end", "--host", "claude", "--foreground"],
      [CLI, "hook", "pre-compact", "--host", "claude"],
    ]) {
      const r = await runFed(args, env, (stdin) => stdin.end(deep));
      assert.deepEqual([r.code, r.signal], [0, null], args.join(" "));
      assert.ok(r.peakRssKiB === 0 || r.peakRssKiB < 160 * 1024, `${args.slice(1).join(" ")}: peak RSS ${r.peakRssKiB} KiB`);
      assert.doesNotMatch(r.stdout, /feedback_testing\.md/);
      console.log(
        `# ${path.basename(args[0]!)} ${args.slice(1).join(" ")}, 3,000,000 nested arrays: exit ${r.code} after ${r.ms} ms, peak RSS ${(r.peakRssKiB / 1024).toFixed(1)} MiB`,
      );
    }
    // The same brackets as text in the prompt (a pasted log, escaped quotes around them) are a prompt like any other.
    const text = `integration tests \\"${"[".repeat(100_000)}\\\\`;
    const ok = await runFed([HOOK, "--host", "generic"], env, (stdin) => stdin.end(`{"cwd":${JSON.stringify(s.repo)},"prompt":"${text}","n":[[1],{"a":[2]}]}`));
    assert.equal(ok.code, 0);
    assert.match(ok.stdout, /feedback_testing\.md/);
  } finally {
    s.cleanup();
  }
});
