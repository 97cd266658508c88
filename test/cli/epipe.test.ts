import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, sandbox } from "../helpers.js";

// `memctl list | head`: the reader closes the pipe after its first lines. memctl must stop quietly (no
// "Unhandled 'error' event … EPIPE" stack trace), like any Unix tool. Real processes and a real pipe.

const CARDS = Array.from({ length: 3000 }, (_, i) => ({
  file: `project_card-${i}.md`,
  title: `card ${i}`,
  hook: `description of card number ${i}, long enough that the listing outgrows a pipe buffer`,
}));

/** Runs the built CLI with stdout on a pipe whose reader closes after the first chunk (as `head -1` does). */
function runIntoClosingReader(args: string[], env: Record<string, string>, cwd: string): Promise<{ code: number | null; signal: string | null; stderr: string; got: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, "dist", "cli.js"), ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    let got = 0;
    const reader = child.stdout;
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    reader.once("data", (c: Buffer) => {
      got = c.length;
      reader.destroy(); // the reader is gone: memctl's next write gets EPIPE
    });
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stderr, got }));
  });
}

test("list piped into a reader that closes early exits quietly: no EPIPE stack trace, exit 0", { timeout: 60_000 }, async (t) => {
  const w = sandbox(CARDS);
  t.after(() => w.cleanup());
  for (const args of [["list"], ["search", "description", "--limit", "0"]]) {
    const r = await runIntoClosingReader(args, w.io.env as Record<string, string>, w.repo);
    assert.ok(r.got > 0, "the reader got the first lines");
    assert.equal(r.stderr, "", `${args.join(" ")}: nothing on stderr`);
    assert.deepEqual([r.code, r.signal], [0, null], args.join(" "));
  }
});

test("stderr into a reader that has gone: a successful command still exits 0 (no crash on the diagnostics stream)", { timeout: 60_000 }, async (t) => {
  const w = sandbox(CARDS.slice(0, 1));
  t.after(() => w.cleanup());
  // `memctl mcp` announces itself on stderr, then serves until its input ends (exit 0). The stderr reader
  // is closed before that line is written, so the write gets EPIPE; a crash would exit 1.
  const child = spawn(process.execPath, [path.join(REPO_ROOT, "dist", "cli.js"), "mcp"], {
    cwd: w.repo,
    env: { PATH: process.env.PATH ?? "", ...(w.io.env as Record<string, string>) },
    stdio: ["pipe", "pipe", "pipe"],
  });
  child.stderr.destroy();
  let stdout = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
  await new Promise((r) => setTimeout(r, 1500)); // let it start and write its banner into the closed pipe
  child.stdin.end();
  const [code, signal] = await new Promise<[number | null, string | null]>((resolve) => child.on("close", (c, s) => resolve([c, s])));
  assert.deepEqual([code, signal], [0, null]);
  assert.equal(stdout, "", "stdout carries only the protocol");
});
