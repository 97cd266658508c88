// The hook's stdin is bounded (lib/hook/run.ts HOOK_INPUT_BOUNDS: 8 MiB, 2 s): a host that streams without
// end, or sends more than the bound, gets the UNAVAILABLE block and exit 0 in bounded time and memory. Real
// processes: the built entries, a real pipe, a writer that never stops.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { HOOK_INPUT_MAX_BYTES } from "../../lib/hook/run.js";
import { REPO_ROOT, sandbox } from "../helpers.js";
import { type Bounded, runBounded } from "../support/bounded-run.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const CARDS = [{ file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose" }];

interface Run extends Bounded {
  peakRssKiB: number;
  writerError?: string;
}

/**
 * Runs `args` with its stdin fed by `feed` (a writer that may never end), under runBounded's bounds: killed only as
 * a runaway or a hang. Which of the hook's bounds ended the read is in its output, and its work is bounded by CPU
 * time: a wall bound of seconds failed on a loaded machine (the CLI's run took 10 s there, for a 2 s deadline).
 */
async function runFed(args: string[], env: Record<string, string>, feed: (stdin: NodeJS.WritableStream) => void): Promise<Run> {
  let writerError: string | undefined;
  const r = await runBounded(
    args,
    (stdin) => {
      stdin.on("error", (e: NodeJS.ErrnoException) => (writerError = e.code ?? e.message));
      feed(stdin);
    },
    { PATH: process.env.PATH ?? "", ...env },
    process.cwd(),
  );
  return { ...r, peakRssKiB: r.peakKiB, ...(writerError ? { writerError } : {}) };
}

/** A stream without end is refused by the size bound or, when a loaded machine feeds it slowly, by the deadline. */
const ENDLESS = new RegExp(`hook input (over ${HOOK_INPUT_MAX_BYTES} bytes|did not end within 2000 ms)`);

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
    assert.ok(r.cpuMs < 3_000, `${r.cpuMs} ms of CPU`);
    assert.match(r.stdout, new RegExp(`MEMORY INDEX UNAVAILABLE \\(${ENDLESS.source}`));
    assert.ok(r.peakRssKiB === 0 || r.peakRssKiB < 150 * 1024, `peak RSS ${r.peakRssKiB} KiB`);
    assert.match(fs.readFileSync(path.join(s.home, ".local", "state", "memctl", "hook.log"), "utf8"), ENDLESS);
    console.log(`# streaming forever: exit ${r.code} after ${r.ms} ms (${r.cpuMs} ms of CPU), peak RSS ${(r.peakRssKiB / 1024).toFixed(1)} MiB`);
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
    // At once: refused for its size as its end arrived, every byte read (a refusal at the 2 s deadline says the input
    // was still open); not a wall bound, which the start-up alone passed on a loaded machine (4.3 s of 4).
    assert.ok(r.cpuMs < 3_000, `${r.cpuMs} ms of CPU`);
    assert.match(r.stdout, new RegExp(`MEMORY INDEX UNAVAILABLE \\(hook input over 8388608 bytes \\(${Buffer.byteLength(payload)} bytes arrived\\)`));
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
      assert.ok(r.cpuMs < 3_000, `${event}: ${r.cpuMs} ms of CPU`);
      assert.ok(r.peakRssKiB === 0 || r.peakRssKiB < 200 * 1024, `${event}: peak RSS ${r.peakRssKiB} KiB`);
      if (event === "pre-compact") assert.equal(r.stdout, "");
      else assert.match(r.stdout, new RegExp(`MEMORY INDEX UNAVAILABLE \\(${ENDLESS.source}`), event);
      console.log(`# memctl hook ${event}, streaming forever: exit ${r.code} after ${r.ms} ms (${r.cpuMs} ms of CPU), peak RSS ${(r.peakRssKiB / 1024).toFixed(1)} MiB`);
    }
    // Held open and silent: the CLI reads stdin as a stream, so the deadline ends the wait.
    const silent = await runFed([CLI, "hook", "session-start", "--host", "claude"], env, (stdin) => stdin.write(`{"cwd":${JSON.stringify(s.repo)}`));
    assert.deepEqual([silent.code, silent.signal], [0, null]);
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
