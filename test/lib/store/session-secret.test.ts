// A malformed per-user session secret is an error with a code callers can branch on (E_SESSION_SECRET), never a
// plain Error; the hook then keeps no session state for the run (it re-sends lines rather than hide them) and leaves
// the file for the owner to delete. Session start's side (sealed kept lines never print unchecked under a corrupt
// secret) is test/hooks/session-start-seal-secret.test.ts.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ERROR_CODES } from "../../../lib/core/errors.js";
import { memctlStateHome } from "../../../lib/store/paths.js";
import { SESSION_SECRET_FILE, sessionSecret, sessionSecretProblem } from "../../../lib/store/session-secret.js";
import { main } from "../../../lib/cli/main.js";
import { REPO_ROOT, sandbox } from "../../helpers.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const GOOD = `${"0123456789abcdef".repeat(4)}\n`;
const MALFORMED: [string, string][] = [
  ["words", "not a secret\n"],
  ["too short", `${"a".repeat(63)}\n`],
  ["upper case", `${"A".repeat(64)}\n`],
  ["no line break", "a".repeat(64)],
  ["a second line", `${"a".repeat(64)}\n\n`],
  ["empty", ""],
];

test("a malformed secret throws E_SESSION_SECRET, stays on disk, and is not kept once fixed", () => {
  const s = sandbox([{ file: "project_a.md", title: "A", hook: "a" }]);
  try {
    for (const [what, text] of MALFORMED) {
      // Each case its own state home: a process keeps a secret it read well, never a fault.
      const io = { env: { XDG_STATE_HOME: path.join(s.root, `state-${what.replace(/ /g, "-")}`) }, home: s.home };
      const file = path.join(memctlStateHome(io), SESSION_SECRET_FILE);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text, { mode: 0o600 });
      assert.throws(() => sessionSecret(io), { code: ERROR_CODES.E_SESSION_SECRET }, what);
      assert.equal(fs.readFileSync(file, "utf8"), text, `${what}: left for the owner to delete`);
      assert.match(sessionSecretProblem(io)?.problem ?? "", /not 64 hex digits/, `${what}: doctor's state-home probe names it`);
      fs.writeFileSync(file, GOOD);
      assert.equal(sessionSecret(io), GOOD.slice(0, 64), `${what}: read again once fixed`);
    }
  } finally {
    s.cleanup();
  }
});

test("under a malformed secret the real prompt hook keeps no session state: it re-sends a line rather than hide it", () => {
  const s = sandbox([{ file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging; prod needs a tag" }]);
  try {
    const hook = (prompt: string) => {
      const r = spawnSync(process.execPath, [HOOK, "--host", "claude"], {
        input: JSON.stringify({ session_id: "s-1", cwd: s.repo, hook_event_name: "UserPromptSubmit", prompt }),
        env: { PATH: process.env.PATH ?? "", ...s.io.env },
        encoding: "utf8",
        timeout: 20_000,
      });
      assert.equal(r.status, 0, r.stderr);
      return r.stdout;
    };
    const file = path.join(memctlStateHome(s.io), SESSION_SECRET_FILE);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, "not a secret\n", { mode: 0o600 });
    assert.match(hook("how do we deploy with argo to prod?"), /argo syncs staging/);
    assert.match(hook("argo deploy to staging, and prod"), /argo syncs staging/, "no session state: sent again");
    assert.equal(fs.readFileSync(file, "utf8"), "not a secret\n", "not replaced behind the owner's back");
    assert.match(fs.readFileSync(path.join(memctlStateHome(s.io), "hook.log"), "utf8"), /session state not used: session-key is not 64 hex digits/);
  } finally {
    s.cleanup();
  }
});

test("doctor's fix for a secret that is there but unusable is to delete it, not to make the state home writable", async () => {
  const s = sandbox([{ file: "project_a.md", title: "A", hook: "a" }]);
  try {
    const file = path.join(memctlStateHome(s.io), SESSION_SECRET_FILE);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    for (const [what, plant] of [
      ["malformed", () => fs.writeFileSync(file, "not a secret\n", { mode: 0o600 })],
      ["a link", () => fs.symlinkSync(path.join(s.root, "elsewhere"), file)],
    ] as const) {
      fs.rmSync(file, { force: true });
      plant();
      s.stdout.text = "";
      await main(["doctor", "--json"], s.io);
      const home = (JSON.parse(s.stdout.text) as { state_home?: { problem: string; fix: string } }).state_home;
      assert.ok(home, `${what}: doctor warns`);
      assert.ok(home.fix.includes(`delete ${file}`), `${what}: ${home.fix}`);
      assert.doesNotMatch(home.problem, /cannot log/, `${what}: the hook still logs (the state home is writable)`);
    }
  } finally {
    s.cleanup();
  }
});
