import assert from "node:assert/strict";
import { test } from "node:test";
import { removeLegacyGlobal, setProjectDir } from "../../../lib/core/toml-edit.js";
import { splitDottedKey } from "../../../lib/core/toml-lines.js";
import { MemctlError } from "../../../lib/core/errors.js";

test("adds a project table to an empty file", () => {
  assert.equal(setProjectDir("", "app-1", "/m", "/r"), `[projects."app-1"]\nmemory_dir = "/m"\nrepo_root = "/r"\n`);
});

test("keeps comments, ordering and odd spacing byte for byte", () => {
  const before = `# my settings\n\n[hook]\nmax_bytes   =  2000   # tuned\n\n[projects."x.y"]\nmemory_dir = "/old" # keep me? no, replaced\nextra = true\n`;
  const after = setProjectDir(before, "x.y", "/new", "/repo");
  assert.equal(after, `# my settings\n\n[hook]\nmax_bytes   =  2000   # tuned\n\n[projects."x.y"]\nmemory_dir = "/new"\nrepo_root = "/repo"\nextra = true\n`);
});

test("appends after a file without a trailing newline, keeping CRLF", () => {
  assert.equal(setProjectDir("a = 1\r\nb = 2", "k", "/m", "/r"), `a = 1\r\nb = 2\r\n\r\n[projects.k]\r\nmemory_dir = "/m"\r\nrepo_root = "/r"\r\n`);
});

test("removes only the top-level memory_dir key", () => {
  const before = `# legacy\nmemory_dir = "/global"\nother = 1\n[projects.k]\nmemory_dir = "/keep"\n`;
  assert.equal(removeLegacyGlobal(before), `# legacy\nother = 1\n[projects.k]\nmemory_dir = "/keep"\n`);
});

test("a layout it cannot edit safely is refused, not mangled", () => {
  assert.throws(() => setProjectDir(`projects = { k = { memory_dir = "/a" } }\n`, "k", "/b", "/r"), MemctlError);
});

test("splits dotted keys with quotes", () => {
  assert.deepEqual(splitDottedKey(`projects . "a.b" . 'c'`), ["projects", "a.b", "c"]);
});
