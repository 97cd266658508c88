import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { MemctlError } from "../../../lib/core/errors.js";
import { runMemoryCommand, type MemoryCommand } from "../../../lib/records/file-tools.js";
import { readHistory } from "../../../lib/store/history.js";
import { useDescriptorLookups } from "../../../lib/store/safe-open.js";
import type { WriteContext } from "../../../lib/records/save.js";
import { tempDir } from "../../helpers.js";

// Real races: a child process swaps a store entry for a symlink to a place outside the store in a tight loop
// while this process makes thousands of calls through the real file tools. Counts: tried / escapes /
// E_INTERNAL (anything not a MemctlError, which the CLI and the MCP server report as a bug) / refusals.

const SECRET = "OUTSIDE-SECRET";

// MEMCTL_RACE_BY_PATH=1 measures the by-path fallback (platforms without /proc/self/fd) instead.
if (process.env.MEMCTL_RACE_BY_PATH === "1") useDescriptorLookups(false);

// Flips `entry` (under dir) between what it is and a symlink to `target`, with atomic renames only.
const FLIPPER = `
const fs = require("node:fs");
const [dir, entry, target] = process.argv.slice(1);
process.chdir(dir);
fs.symlinkSync(target, entry + ".link");
let flips = 0;
process.stdout.write("ready\\n");
const kind = (p) => { try { const s = fs.lstatSync(p); return s.isSymbolicLink() ? "link" : s.isDirectory() ? "dir" : "file"; } catch { return "none"; } };
// A directory cannot be renamed over a symlink, so a directory flip has moments with no entry, where the file
// tools may make a new directory: set it aside (it stays inside the store) and go on flipping.
const repair = (i) => {
  try {
    if (kind(entry) === "dir" && kind(entry + ".real") !== "none") fs.renameSync(entry, entry + ".extra" + i);
    if (kind(entry) === "none" && kind(entry + ".real") !== "none") fs.renameSync(entry + ".real", entry);
    if (kind(entry + ".link") === "none" && kind(entry) !== "link") fs.symlinkSync(target, entry + ".link");
  } catch {}
};
for (let i = 1; ; i++) {
  if (i % 512 === 0 && fs.existsSync(entry + ".stop")) { fs.writeFileSync(entry + ".flips", String(flips)); process.exit(0); }
  try { fs.renameSync(entry, entry + ".real"); fs.renameSync(entry + ".link", entry); flips++; } catch { repair(i); }
  try { fs.renameSync(entry, entry + ".link"); fs.renameSync(entry + ".real", entry); flips++; } catch { repair(i); }
}
`;

interface Tally {
  tried: number;
  escapes: number;
  internal: number;
  refusals: Record<string, number>;
  ok: number;
  bugs?: Set<string>;
}

async function startFlipper(dir: string, entry: string, target: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["-e", FLIPPER, dir, entry, target], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`flipper exited ${code}`)));
  });
  return child;
}

/** Stops the flipper and puts the entry back as the real thing; returns how many flips it made. */
async function stopFlipper(child: ChildProcess, dir: string, entry: string): Promise<number> {
  const at = path.join(dir, entry);
  const exited = new Promise((r) => child.once("exit", r));
  fs.writeFileSync(`${at}.stop`, "");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
  // A directory flip has gaps where the entry is missing (a directory cannot be renamed over a symlink), so the
  // tools may have made a new one; whatever is left stays inside the store.
  if (fs.lstatSync(at, { throwIfNoEntry: false })?.isSymbolicLink()) fs.unlinkSync(at);
  if (!fs.existsSync(at) && fs.existsSync(`${at}.real`)) fs.renameSync(`${at}.real`, at);
  if (fs.lstatSync(`${at}.link`, { throwIfNoEntry: false })?.isSymbolicLink()) fs.unlinkSync(`${at}.link`);
  fs.rmSync(`${at}.stop`, { force: true });
  return Number(fs.readFileSync(`${at}.flips`, { encoding: "utf8", flag: "a+" }));
}

async function attempt(c: WriteContext, cmd: MemoryCommand, tally: Tally): Promise<string | undefined> {
  tally.tried++;
  try {
    const out = await runMemoryCommand(c, cmd);
    tally.ok++;
    return out;
  } catch (err) {
    if (err instanceof MemctlError) tally.refusals[err.code] = (tally.refusals[err.code] ?? 0) + 1;
    else {
      tally.internal++;
      (tally.bugs ??= new Set()).add(`${cmd.command}: ${(err as Error).stack?.split("\n").slice(0, 3).join(" | ")}`);
    }
    return undefined;
  }
}

function listing(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((e) => `${path.relative(dir, path.join(e.parentPath ?? e.path, e.name))}:${e.isFile() ? fs.readFileSync(path.join(e.parentPath ?? e.path, e.name), "utf8") : "dir"}`)
    .sort();
}

function setup(t: { after: (fn: () => void) => void }) {
  // On tmpfs where there is one: fsync is free there, and the race is about names, not durability.
  const root = fs.existsSync("/dev/shm") ? fs.mkdtempSync("/dev/shm/memctl-race-") : tempDir("memctl-race-");
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  const memoryDir = path.join(root, "store");
  const outside = path.join(root, "outside");
  fs.mkdirSync(path.join(memoryDir, "vr"), { recursive: true });
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(memoryDir, "vr", "t.md"), "inside\n");
  fs.writeFileSync(path.join(memoryDir, "vr", "e.md"), "inside\n");
  fs.writeFileSync(path.join(outside, "t.md"), `${SECRET}\n`);
  fs.writeFileSync(path.join(outside, "e.md"), `${SECRET}\n`);
  const c: WriteContext = { memoryDir, actor: "human", now: new Date("2026-12-03T10:00:00Z"), guardrails: { maxFiles: 100_000, maxTotalBytes: 100_000_000 } };
  return { c, memoryDir, outside };
}

const report = (name: string, tally: Tally, flips: number) =>
  console.log(
    `# ${name}: tried ${tally.tried}, escapes ${tally.escapes}, E_INTERNAL ${tally.internal}, ok ${tally.ok}, refusals ${JSON.stringify(tally.refusals)}, flips ${flips}`,
  );

test("view while a file flips to a symlink outside the store: never shows the outside file", async (t) => {
  const { c, memoryDir, outside } = setup(t);
  const child = await startFlipper(path.join(memoryDir, "vr"), "t.md", path.join(outside, "t.md"));
  const tally: Tally = { tried: 0, escapes: 0, internal: 0, refusals: {}, ok: 0 };
  let flips = 0;
  try {
    for (let i = 0; i < 4000; i++) if ((await attempt(c, { command: "view", path: "vr/t.md" }, tally))?.includes(SECRET)) tally.escapes++;
  } finally {
    flips = await stopFlipper(child, path.join(memoryDir, "vr"), "t.md");
    report("view, file flip", tally, flips);
  }
  assert.equal(tally.escapes, 0, "no view showed the outside file");
  assert.equal(tally.internal, 0, `no call answered E_INTERNAL: ${[...(tally.bugs ?? [])].slice(0, 5).join("; ")}`);
  assert.ok(tally.ok > 0, "views of the real file still succeed");
  assert.ok(flips > 100, `the file flipped (${flips} times)`);
});

test("every file tool while a directory flips to a symlink outside the store: nothing read, written or moved outside", async (t) => {
  const { c, memoryDir, outside } = setup(t);
  const before = listing(outside);
  const child = await startFlipper(memoryDir, "vr", outside);
  const tally: Tally = { tried: 0, escapes: 0, internal: 0, refusals: {}, ok: 0 };
  let flips = 0;
  try {
    for (let i = 0; i < 1500; i++) {
      await attempt(c, { command: "create", path: `vr/n-${i}.md`, file_text: `note ${i}\n` }, tally);
      if (i % 3 === 0 && (await attempt(c, { command: "view", path: "vr/t.md" }, tally))?.includes(SECRET)) tally.escapes++;
      if (i % 10 === 0) {
        await attempt(c, { command: "insert", path: "vr/e.md", insert_line: 0, insert_text: `line ${i}` }, tally);
        await attempt(c, { command: "str_replace", path: "vr/e.md", old_str: `line ${i}`, new_str: `LINE ${i}` }, tally);
        await attempt(c, { command: "rename", old_path: `vr/n-${i}.md`, new_path: `vr/m-${i}.md` }, tally);
        await attempt(c, { command: "delete", path: `vr/m-${i}.md` }, tally);
      }
    }
  } finally {
    flips = await stopFlipper(child, memoryDir, "vr");
  }
  const after = listing(outside);
  tally.escapes += after.filter((x) => !before.includes(x)).length + before.filter((x) => !after.includes(x)).length;
  report("all tools, directory flip", tally, flips);
  assert.deepEqual(after, before, "the outside directory is byte for byte as it was");
  assert.equal(tally.escapes, 0);
  assert.equal(tally.internal, 0, `no call answered E_INTERNAL: ${[...(tally.bugs ?? [])].slice(0, 5).join("; ")}`);
  assert.ok(tally.ok > 0, "calls that met the real directory still succeed");
  assert.ok(flips > 100, `the directory flipped (${flips} times)`);
  // History says only what is true: every note it records as created and not deleted is a file in the store.
  const inStore = new Set(fs.readdirSync(memoryDir, { recursive: true }).map((rel) => path.basename(String(rel))));
  const live = new Map<string, boolean>();
  for (const e of readHistory(memoryDir).entries) live.set(e.card, e.op !== "delete");
  for (const [rel, exists] of live) if (exists && rel.startsWith("vr/n-")) assert.ok(inStore.has(path.basename(rel)), `${rel} is in the store as history says`);
});
