import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { tempDir } from "../helpers.js";
import { startUiProcess } from "../support/ui-process.js";
import { makeUiStore } from "../support/ui-fixture.js";

// `memctl ui --open` handed the browser opener (xdg-open, open, cmd /c start) the tokened URL as an argument: every
// local user reads a process's arguments (ps, /proc/PID/cmdline), and with the token a POST carrying a forged Origin
// accepts proposals into the owner's memory. The opener gets a page of this user's only (0600 in the state directory,
// removed at the stop) that sends the browser on to the URL.

test("memctl ui --open never puts its token in the opener's arguments; the page it opens is this user's and goes at the stop", async () => {
  const root = tempDir("memctl-ui-open-");
  const store = await makeUiStore(path.join(root, "store"), { hook: false });
  const bin = path.join(root, "bin");
  fs.mkdirSync(bin);
  const seen = path.join(root, "opener-args");
  // A stand-in opener that records its arguments (as ps would show them) and the mode of the file it was given.
  fs.writeFileSync(path.join(bin, "xdg-open"), `#!/bin/sh\nprintf '%s\\n' "$@" > "${seen}.tmp"\nstat -c %a "$1" >> "${seen}.tmp" 2>/dev/null\nmv "${seen}.tmp" "${seen}"\n`, {
    mode: 0o755,
  });
  const state = path.join(root, "state");
  const run = startUiProcess({ ...store.env, PATH: `${bin}:${process.env.PATH ?? ""}`, DISPLAY: ":0", XDG_STATE_HOME: state }, ["--open"]);
  try {
    const url = await run.url;
    const token = /\/s\/([^/]+)\//.exec(url)![1]!;
    for (let i = 0; i < 800 && !fs.existsSync(seen); i++) await new Promise((r) => setTimeout(r, 25));
    const [arg, mode] = fs.readFileSync(seen, "utf8").trim().split("\n");
    assert.ok(arg && !arg.includes(token), `the opener's argument holds the token: ${arg}`);
    const file = arg.replace(/^file:\/\//, "");
    assert.equal(mode, "600", "only this user reads the page that holds the token");
    assert.ok(fs.readFileSync(file, "utf8").includes(url), "the page sends the browser on to the URL");
    run.child.kill("SIGTERM");
    const done = await run.exit;
    assert.equal(done.code, 0, done.stderr);
    assert.ok(!fs.existsSync(file), "the page is removed when the server stops");
  } finally {
    run.child.kill("SIGKILL");
    fs.rmSync(root, { recursive: true, force: true });
  }
});
