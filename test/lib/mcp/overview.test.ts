import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { BLOCK_CLOSE, BLOCK_OPEN } from "../../../lib/core/block.js";
import { handWrittenCards } from "../../support/compact-fixture.js";
import { makeWorld, memctl } from "../../support/fixture.js";
import { callTool, connect } from "./support.js";

// memory_overview through the real server and the SDK's client: the same complete overview as
// `memctl hook session-start` (seed 000, rules 2 and 4), for hosts whose SessionStart output never reaches the model.

test("memory_overview: a compact over warn_bytes plus a card saved and one removed after it — complete, the removed card marked, one warning", async (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  handWrittenCards(w, 70);
  assert.equal((await memctl(w, ["compact", "--mechanical"])).code, 0);
  await memctl(w, ["save", "late", "-t", "feedback", "-d", "written after the compact"]);
  assert.equal((await memctl(w, ["rm", "topic-4"])).code, 0);
  const server = await connect({ cwd: w.repo, env: { HOME: w.home, ...w.env } });
  try {
    const r = await callTool(server.client, "memory_overview");
    assert.equal(r.isError, false, r.text);
    const lines = r.text.trimEnd().split("\n");
    assert.deepEqual([lines[0], lines.at(-1)], [BLOCK_OPEN, BLOCK_CLOSE]);
    assert.doesNotMatch(r.text, /more lines? not shown/, "nothing is truncated");
    assert.match(r.text, /Written or updated since that summary \(these lines supersede it\):\n- \[late\]\(feedback_late\.md\) — written after the compact/);
    assert.match(r.text, /Removed since that summary \(disregard what it says about them\): topic-4 \(project_topic-4\.md\)/);
    const topic4 = lines.filter((l) => /(?<![\w-])topic-4(?![\w-])/.test(l));
    assert.ok(topic4.length >= 2, "the summary's own line and the removed note");
    for (const l of topic4) assert.match(l, /removed since (this|that) summary/i, `never shown as current: ${l}`);
    assert.ok(
      lines.some((l) => /(?<![\w-])topic-70(?![\w-])/.test(l)),
      "the summary's last card arrives",
    );
    const warnings = lines.filter((l) => /memctl doctor/.test(l));
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /^This overview is over the advisory size threshold \(\[doctor\] warn_bytes\); nothing was cut for size\. Run `memctl doctor`/);
    assert.equal(r.data?.view, "compact");
    assert.equal(r.data?.over_warn, true);
    assert.equal(r.data?.warn_bytes, 4096);
    assert.equal(r.data?.bytes, Buffer.byteLength(r.text), "bytes is the overview's UTF-8 length (no instruction block for this actor)");
    const doctor = JSON.parse((await memctl(w, ["doctor", "--json"])).stdout).injection;
    assert.equal(r.data?.injected_bytes, doctor.injected_bytes, "the number deciding 'over' is doctor's");
    const log = fs.readFileSync(path.join(w.home, ".local", "state", "memctl", "hook.log"), "utf8");
    assert.equal(log.split("\n").filter((l) => /advisory size threshold\. Run memctl doctor/.test(l)).length, 1);
  } finally {
    await server.close();
  }
});

test("memory_overview: under warn_bytes there is no warning line", async (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  handWrittenCards(w, 5);
  const server = await connect({ cwd: w.repo, env: { HOME: w.home, ...w.env } });
  try {
    const r = await callTool(server.client, "memory_overview");
    assert.equal(r.data?.over_warn, false);
    assert.doesNotMatch(r.text, /memctl doctor|advisory size/);
    assert.equal(r.text.split("\n").filter((l) => /^- \[topic-\d\]/.test(l)).length, 5);
  } finally {
    await server.close();
  }
});

// Grok ignores SessionStart output, so memory_overview is its session start: proposals captured at the end of an
// earlier session must be named there, as the session-start hook names them to the other hosts.
test("memory_overview: pending proposals are named, as at session start; none pending, no such line", async (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  handWrittenCards(w, 3);
  const overview = async () => {
    const server = await connect({ cwd: w.repo, env: { HOME: w.home, ...w.env } });
    try {
      return await callTool(server.client, "memory_overview");
    } finally {
      await server.close();
    }
  };
  assert.doesNotMatch((await overview()).text, /proposal/);
  for (const name of ["lint-first", "no-force-push"]) {
    const proposed = await memctl(w, ["propose", name, "-t", "feedback", "-d", `${name} rule`, "--source", "a session", "--actor", "host:grok"]);
    assert.equal(proposed.code, 0, proposed.stderr);
  }
  const r = await overview();
  assert.equal(r.isError, false, r.text);
  assert.match(r.text, /^2 proposals await the owner's review \(memctl review\); proposals are not memory until accepted\.$/m);
  assert.equal(r.text.split("\n").filter((l) => /await the owner's review/.test(l)).length, 1);
});

test("memory_overview leaves out the superseded and the expired card of the sample store; its size is doctor's", async (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  fs.cpSync(path.join(import.meta.dirname, "..", "..", "..", "sample-store"), w.mem, { recursive: true });
  const server = await connect({ cwd: w.repo, env: { HOME: w.home, ...w.env } });
  try {
    const r = await callTool(server.client, "memory_overview");
    assert.equal(r.isError, false, r.text);
    assert.match(r.text, /\(project_architecture\.md\)/);
    assert.doesNotMatch(r.text, /project_old_orm\.md|TypeORM/, "superseded");
    assert.doesNotMatch(r.text, /project_v1_api_sunset\.md|shut down on 2026-06-30/, "expired on 2026-06-30");
    const doctor = JSON.parse((await memctl(w, ["doctor", "--json"])).stdout).injection;
    assert.equal(r.data?.injected_bytes, doctor.injected_bytes, "doctor measures what is printed");
  } finally {
    await server.close();
  }
});
