import assert from "node:assert/strict";
import { test } from "node:test";
import { tempDir } from "../helpers.js";
import { startUiProcess } from "../support/ui-process.js";
import { makeUiStore } from "../support/ui-fixture.js";

// `memctl ui` through the built CLI: it prints the URL, serves it, and a real SIGINT stops it with exit 0.

const start = startUiProcess;

test("memctl ui prints a tokened loopback URL, serves it, and stops cleanly on SIGINT", async () => {
  const store = await makeUiStore(tempDir("memctl-ui-cli-"), { hook: false });
  const run = start(store.env, ["--no-open"]);
  const url = await run.url;
  const page = await fetch(url);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /<h1>Cards<\/h1>/);
  assert.equal((await fetch(url.replace(/\/s\/[^/]+\//, "/"))).status, 401);
  run.child.kill("SIGINT");
  const done = await run.exit;
  assert.equal(done.code, 0, done.stderr);
  assert.match(done.stdout, /memctl ui: serving .*\n {2}http:\/\/127\.0\.0\.1:\d+\/s\/.+\/\nCtrl-C stops it\.\nmemctl ui: stopped\n$/);
  await assert.rejects(fetch(url), "nothing listens after the stop");
});

test("memctl ui --read-only says so, and refuses review POSTs", async () => {
  const store = await makeUiStore(tempDir("memctl-ui-cli-"), { hook: false });
  const run = start(store.env, ["--read-only", "--no-open"]);
  const url = await run.url;
  const origin = new URL(url).origin;
  const r = await fetch(`${url}review/accept`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: `id=${store.proposals[0]}`,
    redirect: "manual",
  });
  assert.equal(r.status, 403);
  run.child.kill("SIGTERM");
  const done = await run.exit;
  assert.equal(done.code, 0);
  assert.match(done.stdout, /\(read-only\)/);
});

test("memctl ui --open --no-open is a usage error (exit 2); no store is exit 1", async () => {
  const store = await makeUiStore(tempDir("memctl-ui-cli-"), { hook: false });
  const both = await start(store.env, ["--open", "--no-open"]).exit;
  assert.equal(both.code, 2);
  assert.match(both.stderr, /--open or --no-open/);
  const none = await start({ ...store.env, MEMCTL_MEMORY_DIR: "" }, ["--no-open", "--allow-non-git"]).exit;
  assert.equal(none.code, 1, none.stderr);
});
