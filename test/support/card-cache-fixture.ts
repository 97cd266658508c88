// What the card-cache tests share: a card written by hand, where the cache's two files live, a wait past the
// cache's racy window, an in-place edit and a held card.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { arrivalsPath } from "../../lib/store/arrivals.js";
import { currentSha } from "../../lib/store/hold.js";
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

/** `file` (a card of the store at `mem`) held on arrival, as a pull that kept it out would record it. */
export function holdCard(mem: string, file: string): void {
  fs.mkdirSync(path.dirname(arrivalsPath(mem)), { recursive: true });
  const item = {
    id: "a-000000000001",
    path: file,
    kind: "card",
    state: "held",
    sha256: currentSha(mem, file),
    reasons: ["test"],
    pushed_by: [],
    commit: "0",
    before: null,
    at: "2026-12-01T00:00:00Z",
  };
  fs.writeFileSync(arrivalsPath(mem), `${JSON.stringify({ version: 1, items: [item] })}\n`);
}
