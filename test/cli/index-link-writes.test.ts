import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, tempDir } from "../helpers.js";

// A store's MEMORY.md that is a link leading out of the store: to /proc/self/pagemap (a "regular" file whose size
// reads as 0 and whose read goes on for gigabytes), to a device, or to a file of the user's elsewhere. A write
// replaces MEMORY.md by a rename, so it would copy whatever the link leads to into the store: save, rm and
// fix-fields refuse before writing anything, naming the file, what is wrong and what to do (E_PATH_ESCAPE, exit 1).

const CLI = path.join(REPO_ROOT, "dist", "cli.js");

/** Every entry under `dir`: a link as its target, a directory as "<dir>", a file as its bytes. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of fs.readdirSync(dir, { recursive: true }).map(String).sort()) {
    const full = path.join(dir, name);
    const st = fs.lstatSync(full);
    out[name] = st.isSymbolicLink() ? `-> ${fs.readlinkSync(full)}` : st.isDirectory() ? "<dir>" : fs.readFileSync(full, "latin1");
  }
  return out;
}

for (const [what, target] of [
  ["/proc/self/pagemap", () => "/proc/self/pagemap"],
  ["/dev/zero", () => "/dev/zero"],
  ["a file of the user's outside the store", (root: string) => path.join(root, "notes.md")],
] as const) {
  test(`save, rm and fix-fields with MEMORY.md linked to ${what}: a clear E_PATH_ESCAPE naming the link, nothing written`, () => {
    const root = tempDir();
    try {
      const store = path.join(root, "store");
      const home = path.join(root, "home");
      fs.mkdirSync(store);
      fs.mkdirSync(home);
      const env = {
        PATH: process.env.PATH ?? "",
        HOME: home,
        MEMCTL_MEMORY_DIR: store,
        MEMCTL_CONFIG_FILE: path.join(home, "config.toml"),
        XDG_STATE_HOME: path.join(home, "state"),
      };
      const cli = (args: string[], input = "") => spawnSync(process.execPath, [CLI, ...args], { cwd: root, env, input, encoding: "utf8", timeout: 30_000 });
      fs.writeFileSync(path.join(store, "MEMORY.md"), "# Memory\n");
      assert.equal(cli(["save", "kept", "-t", "project", "-d", "a card that stays", "-"], "Kept.\n").status, 0);
      // A hand-written card lacking standard fields: fix-fields has something to write.
      fs.writeFileSync(path.join(store, "project_hand.md"), "---\nname: hand\ndescription: written by hand\n---\nBody.\n");
      fs.appendFileSync(path.join(store, "MEMORY.md"), "- [hand](project_hand.md) — written by hand\n");
      fs.writeFileSync(path.join(root, "notes.md"), "# my notes\nprivate line\n");
      const to = target(root);
      fs.rmSync(path.join(store, "MEMORY.md"));
      fs.symlinkSync(to, path.join(store, "MEMORY.md"));
      const before = snapshot(store);
      const notes = fs.readFileSync(path.join(root, "notes.md"), "utf8");

      for (const args of [["save", "new-card", "-t", "project", "-d", "a new card", "-"], ["rm", "kept"], ["fix-fields"]]) {
        const run = cli([...args, "--json"], "New.\n");
        assert.equal(run.status, 1, `${args[0]}: ${run.stdout}${run.stderr}`);
        assert.doesNotMatch(run.stderr, /internal error/, args[0]);
        const error = JSON.parse(run.stdout).error as { code: string; message: string };
        assert.equal(error.code, "E_PATH_ESCAPE", `${args[0]}: ${error.message}`);
        assert.ok(error.message.includes(path.join(store, "MEMORY.md")), `${args[0]} names the file: ${error.message}`);
        assert.match(error.message, /nothing was written/, args[0]);
        assert.deepEqual(snapshot(store), before, `${args[0]} wrote into the store`);
      }
      assert.equal(fs.readFileSync(path.join(root, "notes.md"), "utf8"), notes);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
}
