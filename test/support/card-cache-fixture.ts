// What the card-cache CLI tests share: a card written by hand, where the cache's two files live, and a wait past
// the cache's racy window.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import type { World } from "./fixture.js";

export const cacheFile = (w: World) => path.join(w.mem, ".memctl", "card-cache");
export const wordsFile = (w: World) => path.join(w.mem, ".memctl", "card-words");
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A project card's text as an editor would write it. */
export function handCard(name: string, description: string, body: string): string {
  return `---\nname: ${name}\ndescription: ${description}\nmetadata:\n  type: project\ntopics: []\npriority: normal\nstatus: active\nupdated_at: "2026-12-01"\nrepo_refs: []\n---\n\n${body}\n`;
}

/** An editor's save in place: same size, same inode, the mtime put back; only the ctime moves. */
export function editInPlace(file: string, from: string, to: string): void {
  const before = fs.statSync(file);
  const text = fs.readFileSync(file, "utf8").replace(from, to);
  assert.equal(Buffer.byteLength(text), before.size);
  const fd = fs.openSync(file, "r+");
  fs.writeSync(fd, text, 0, "utf8");
  fs.closeSync(fd);
  fs.utimesSync(file, before.atime, before.mtime);
  assert.equal(fs.statSync(file).mtimeMs, before.mtimeMs);
}
