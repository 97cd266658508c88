import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { sha256Hex } from "../../../lib/core/sha256.js";
import { REPO_ROOT, tempDir } from "../../helpers.js";

// A held file hashed (lib/store/hold.ts currentSha, on the hook's path) while another process keeps swapping it
// for a FIFO and for a link out of the store: the hash never blocks on the FIFO nor reads through the link; each
// answer describes one of the three things that were there.

test("currentSha never opens a FIFO or follows a link swapped in after its lstat", async (t) => {
  const dir = tempDir("memctl-hold-swap-");
  const store = path.join(dir, "memory");
  fs.mkdirSync(store);
  const outside = path.join(dir, "secret.txt");
  fs.writeFileSync(outside, "outside the store\n");
  const regular = path.join(dir, "regular");
  fs.writeFileSync(regular, "---\nname: held\n---\nheld card\n");
  const fifo = path.join(dir, "fifo");
  assert.equal(spawnSync("mkfifo", [fifo]).status, 0);
  const link = path.join(dir, "link");
  fs.symlinkSync(outside, link);
  const target = path.join(store, "project_held.md");
  fs.copyFileSync(regular, target);

  // The swapper: a hard link of each in turn renamed over the card, as fast as it goes.
  const swapper = spawn(
    process.execPath,
    [
      "-e",
      `const fs = require("node:fs"); const [t, ...src] = process.argv.slice(1); const tmp = t + ".tmp";
       for (let i = 0; ; i++) { try { fs.rmSync(tmp, { force: true }); fs.linkSync(src[i % 3], tmp); fs.renameSync(tmp, t); } catch {} }`,
      target,
      regular,
      fifo,
      link,
    ],
    { stdio: "ignore" },
  );
  t.after(() => swapper.kill("SIGKILL"));

  const script = `import { currentSha } from "./lib/store/hold.ts";
    const seen = new Set();
    for (let i = 0; i < 20000; i++) { try { seen.add(currentSha(${JSON.stringify(store)}, "project_held.md")); } catch (err) { seen.add("error " + err.code); } }
    console.log(JSON.stringify([...seen]));`;
  const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: REPO_ROOT, encoding: "utf8", timeout: 30_000 });
  swapper.kill("SIGKILL");
  assert.equal(r.signal, null, "the hashing process finished (it blocked on the FIFO when killed)");
  assert.equal(r.status, 0, r.stderr);
  const allowed = new Set([sha256Hex(fs.readFileSync(regular)), sha256Hex(`not-a-file:${fs.lstatSync(fifo).mode}`), sha256Hex(`symlink:${outside}`), null]);
  const seen = JSON.parse(r.stdout) as (string | null)[];
  assert.ok(seen.length >= 2, `the swaps were seen: ${seen.join(", ")}`);
  for (const s of seen) assert.ok(allowed.has(s), `an answer that is none of the three: ${s}`);
  assert.ok(!seen.includes(sha256Hex(fs.readFileSync(outside))), "the link's target was read");
});
