// What the card-cache CLI tests share: a card written by hand, where the cache's two files live, and a wait past
// the cache's racy window.
import path from "node:path";
import type { World } from "./fixture.js";

export const cacheFile = (w: World) => path.join(w.mem, ".memctl", "card-cache");
export const wordsFile = (w: World) => path.join(w.mem, ".memctl", "card-words");
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A project card's text as an editor would write it. */
export function handCard(name: string, description: string, body: string): string {
  return `---\nname: ${name}\ndescription: ${description}\nmetadata:\n  type: project\ntopics: []\npriority: normal\nstatus: active\nupdated_at: "2026-12-01"\nrepo_refs: []\n---\n\n${body}\n`;
}
