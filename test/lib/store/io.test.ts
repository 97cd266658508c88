import assert from "node:assert/strict";
import os from "node:os";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { fdSink, processIo } from "../../../lib/store/io.js";

const eagain = () => Object.assign(new Error("EAGAIN: resource temporarily unavailable, write"), { code: "EAGAIN" });

test("fdSink writes everything through short writes and a full non-blocking pipe (EAGAIN)", () => {
  const written: Uint8Array[] = [];
  let calls = 0;
  const sink = fdSink(1, 2000, (_fd, bytes, offset) => {
    calls++;
    if (calls % 3 === 1) throw eagain(); // the reader has not drained the pipe yet
    const n = Math.min(5, bytes.length - offset); // the kernel takes a few bytes at a time
    written.push(bytes.subarray(offset, offset + n));
    return n;
  });
  sink.write("héllo, 内存 world");
  assert.equal(Buffer.concat(written).toString("utf8"), "héllo, 内存 world");
});

test("fdSink gives up after its patience and reports the error; other errors are not retried", () => {
  let calls = 0;
  const alwaysFull = () => {
    calls++;
    throw eagain();
  };
  assert.throws(() => fdSink(1, 3, alwaysFull).write("x"), /EAGAIN/);
  assert.equal(calls, 4);
  calls = 0;
  const epipe = Object.assign(new Error("EPIPE"), { code: "EPIPE" });
  const closed = () => {
    calls++;
    throw epipe;
  };
  assert.throws(() => fdSink(1, 2000, closed).write("x"), /EPIPE/);
  assert.equal(calls, 1);
});

test("fdSink on a real pipe: a 1 MB block arrives whole", () => {
  const child = spawnSync(process.execPath, ["--import", "tsx", "-e", 'import("./lib/store/io.ts").then(({ fdSink }) => fdSink(1).write("x".repeat(1 << 20) + "end"))'], {
    encoding: "utf8",
    maxBuffer: 4 << 20,
  });
  assert.equal(child.status, 0, child.stderr);
  assert.equal(child.stdout.length, (1 << 20) + 3);
  assert.ok(child.stdout.endsWith("xend"));
});

test("processIo: home is HOME, else the OS's", () => {
  const sinks = { stdout: { write: () => true }, stderr: { write: () => true } };
  const saved = process.env.HOME;
  try {
    process.env.HOME = "/somewhere/else";
    assert.equal(processIo(sinks).home, "/somewhere/else");
    delete process.env.HOME;
    assert.equal(processIo(sinks).home, os.homedir());
  } finally {
    process.env.HOME = saved;
  }
});
