// One writer, one lock (issue 32): every file memctl writes goes through lib/store/write.ts (commitFile,
// commitFileSync, stageFiles) or the primitives under it in lib/store/safe-write.ts (a new file, a derived file
// replaced by rename, an append), and every lock is lib/store/lock.ts. The lists below are the only other places
// that call a writing or claiming fs function, each with why; a planted second writer or lock fails the test.
import assert from "node:assert/strict";
import { test } from "node:test";
import { REPO_ROOT } from "./helpers.js";
import { SOURCE_ROOTS } from "./support/architecture.js";
import { fileCalls, treeCalls, unallowed, type Allowed } from "./support/writers.js";

/** The writer, its primitives, and the moves that are not writes of content (a rename keeps the bytes). */
const WRITERS: Allowed = {
  "lib/store/write.ts": {
    calls: ["renameSync", "linkSync", "open", "writeFile"],
    why: "THE atomic writer: temp + fsync + rename (or link for an exclusive create), and stageFiles' batch of temps",
  },
  "lib/store/safe-write.ts": {
    calls: ["openSync", "writeSync", "ftruncateSync", "renameSync"],
    why: "the primitives under the writer: writeNewFile (O_EXCL, no link), replaceFile (derived state, no fsync), appendBytes (the one appender; rollback and torn-tail cuts) and appendRotating (the why and hook logs' one rotation: a move)",
  },
  "lib/store/checked-fs.ts": { calls: ["openSync", "writeSync"], why: "the appender's open (O_APPEND|O_NOFOLLOW) and write, behind safe-write's appendBytes" },
  "lib/usage/fold.ts": {
    calls: ["renameSync"],
    why: "moves usage.log aside to fold it (appenders reopen a fresh one), quarantines a corrupt snapshot and sets aside a folding name that is no regular file: moves, not writes",
  },
  "lib/records/commit.ts": { calls: ["renameSync"], why: "moves a removed card into the trash: a move, under the store lock" },
  "lib/records/file-move.ts": {
    calls: ["renameSync", "linkSync"],
    why: "the memory tool's rename and delete-to-trash move entries (link + unlink: a move that never replaces an existing name)",
  },
  "lib/cli/sync.ts": { calls: ["openSync"], why: "the detached sync's stdout/stderr: a descriptor the child process writes, not a store file" },
  "lib/cli/demo.ts": { calls: ["cpSync"], why: "copies the sample store into the fresh temp project it just made; no store of the user's" },
  "install/apply.ts": {
    calls: ["writeFileSync", "copyFileSync"],
    why: "install backups outside any store ($XDG_STATE_HOME/memctl/backups): a byte copy that never replaces one, and its source note",
  },
  "lib/store/session-secret.ts": {
    calls: ["linkSync"],
    why: "the per-user session secret, written whole by writeNewFile under a temp and linked into place (never replaces: concurrent first prompts agree); the prompt hook cannot load write.ts, whose node:crypto costs ~2.7 ms a prompt",
  },
  "lib/rank-cache/keeper-ask.ts": {
    calls: ["openSync"],
    why: "a prompt's question to its keeper (an empty file of its own, O_EXCL) and the keeper's open of it to write the answer (through checked-fs's writeBytes): a message between two processes, not a store file",
  },
  "lib/hook/entry/code-cache-loader.ts": {
    calls: ["writeFileSync", "renameSync"],
    why: "the hook's V8 code cache beside dist/: the entry loads no lib/ module (start-up cost), and the cache is disposable",
  },
};

/** Claims: exclusive creates and plain mkdirs. Only the lock locks; the rest make temps or directories. */
const CLAIMS: Allowed = {
  "lib/store/lock.ts": { calls: ["mkdirSync"], why: "THE lock (withStoreLock, tryStoreLock): a directory whose mkdir fails while held" },
  "lib/store/write.ts": { calls: ["linkSync", "open"], why: "an exclusive commit links its temp into place; stageFiles creates its temps O_EXCL" },
  "lib/store/safe-write.ts": { calls: ["openSync", "mkdirSync"], why: "writeNewFile creates O_EXCL; realDir makes a state directory, an existing one is fine (EEXIST ignored)" },
  "lib/store/safe-open.ts": { calls: ["mkdirSync"], why: "the memory tool makes a missing directory, EEXIST ignored: not a claim" },
  "lib/records/file-move.ts": { calls: ["linkSync"], why: "a move that fails instead of replacing an existing name" },
  "lib/cli/demo.ts": { calls: ["mkdirSync"], why: "the demo's project folder inside its own fresh temp directory" },
  "lib/store/session-secret.ts": { calls: ["linkSync"], why: "the session secret's exclusive create: the first of racing prompts wins, the others read its file" },
  "lib/rank-cache/keeper-ask.ts": {
    calls: ["openSync", "mkdirSync"],
    why: "a prompt's question file, made O_EXCL under a name only it uses, and the questions' directory the keeper makes afresh under the keeper lock it holds: not locks",
  },
};

const tree = treeCalls(REPO_ROOT, SOURCE_ROOTS);

test("every file memctl writes goes through the one writer; the exceptions are listed with their reason", () => {
  const found = unallowed(tree, "write", WRITERS);
  assert.deepEqual(found, [], found.join("\n"));
});

test("the store lock is the one lock primitive", () => {
  const found = unallowed(tree, "lock", CLAIMS);
  assert.deepEqual(found, [], found.join("\n"));
});

test("a planted second writer is named with its file, line and call, however fs is reached", () => {
  const planted = new Map(tree);
  planted.set(
    "lib/sync/planted.ts",
    fileCalls(
      "lib/sync/planted.ts",
      'import fs from "node:fs";\nimport { appendFileSync } from "node:fs";\nfs.writeFileSync("a", "b");\nappendFileSync("c", "d");\nawait fs.promises.rename("e", "f");\nfs.openSync("g", "w");\nfs.openSync("h", "r");\n',
    ),
  );
  assert.deepEqual(unallowed(planted, "write", WRITERS), [
    "lib/sync/planted.ts:3: writeFileSync (a second writer)",
    "lib/sync/planted.ts:4: appendFileSync (a second writer)",
    "lib/sync/planted.ts:5: rename (a second writer)",
    "lib/sync/planted.ts:6: openSync (a second writer)",
  ]);
});

test("a planted second lock (the shape session state once had: an O_EXCL lock file, or a mkdir) is named", () => {
  const planted = new Map(tree);
  planted.set(
    "lib/hook/planted.ts",
    fileCalls(
      "lib/hook/planted.ts",
      'import fs from "node:fs";\nconst fd = fs.openSync(lockFile, fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_WRONLY);\nfs.mkdirSync(lockDir);\nfs.mkdirSync(dir, { recursive: true });\n',
    ),
  );
  assert.deepEqual(unallowed(planted, "lock", CLAIMS), ["lib/hook/planted.ts:2: openSync (a second lock primitive)", "lib/hook/planted.ts:3: mkdirSync (a second lock primitive)"]);
});

test("an allowance nobody uses any more is reported, so the list cannot go stale", () => {
  assert.deepEqual(unallowed(new Map(), "lock", { "lib/x.ts": { calls: ["mkdirSync"], why: "gone" } }), ["lib/x.ts: mkdirSync allowed but unused (remove it from the list)"]);
});
