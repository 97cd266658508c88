// Capture's per-session bound while a proposal of the session is decided (moved from .memctl/proposals/ to its
// archive/) by another process: the proposal is one proposal, never counted in both places, so the session's next
// candidate is judged on its own (here refused for its secret), not skipped as past the bound.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import path from "node:path";
import { test } from "node:test";
import { stageCaptured, type CaptureCandidate } from "../../../lib/capture/stage.js";
import { sandbox } from "../../helpers.js";

const NOW = new Date("2026-12-02T10:00:00Z");

test("a proposal moved to the archive while capture counts the session's proposals is counted once", async (t) => {
  const s = sandbox();
  t.after(s.cleanup);
  const options = { memoryDir: s.memory, actor: "host:claude", now: NOW, limit: 2 };
  const src = { host: "claude", sessionId: "s1" };
  const candidate = (name: string, description: string): CaptureCandidate => ({ type: "feedback", name, description, excerpt: description, message: 1, kind: "instruction" });
  const first = await stageCaptured(options, src, [candidate("runs-the-server", "The user runs the dev server himself; the agent never starts it.")]);
  const id = first.staged[0]!.id;
  const pending = path.join(s.memory, ".memctl", "proposals", `${id}.json`);
  const archived = path.join(s.memory, ".memctl", "proposals", "archive", `${id}.json`);

  // Another process moving the file as a decision does (a rename into archive/), and back, as fast as it goes.
  const mover = spawn(
    process.execPath,
    [
      "-e",
      `const fs = require("node:fs"); const [a, b] = process.argv.slice(1); fs.mkdirSync(require("node:path").dirname(b), { recursive: true }); for (;;) { try { fs.renameSync(a, b); fs.renameSync(b, a); } catch {} }`,
      pending,
      archived,
    ],
    { stdio: "ignore" },
  );
  // Awaited before the test ends: the cleanup registered first would otherwise find it still running and sweep it.
  const moverGone = new Promise((resolve) => mover.once("exit", resolve));
  t.after(() => mover.kill("SIGKILL"));
  const reasons = new Map<string, number>();
  const key = "AKIAZ7Q3XK4M2RTV9PLD";
  const deadline = performance.now() + 8000;
  for (let i = 0; i < 1500 && performance.now() < deadline; i++) {
    const out = await stageCaptured(options, src, [candidate("deploy-key", `Deploys to staging upload with the key ${key} from the vault.`)]);
    assert.equal(out.staged.length, 0);
    const reason = out.skipped[0]!.reason.replace(/:.*/s, "");
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  mover.kill("SIGKILL");
  await moverGone;
  assert.deepEqual([...reasons.keys()], ["E_SECRET"], JSON.stringify([...reasons]));
});
