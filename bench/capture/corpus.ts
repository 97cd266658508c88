// The capture bench's labelled user messages, grouped into the sessions they were typed in. Five sets:
// `phr` (labelled-messages.json: Spec-Kit Prompt History Records, one prompt per file, so each message is its own
// session), `specstory` (sessions.json: whole SpecStory sessions, every user message of each, in order) and
// `specstory2` (sessions-specstory2.json: more whole SpecStory sessions by four other authors, all held out) and
// `specstory3` (sessions-specstory3.json: whole SpecStory sessions by six more authors, all dev, added to choose a
// verify prompt on: the older dev halves had one false positive left), and `specstory4` (sessions-specstory4.json:
// four more authors, English, Portuguese and Chinese, all dev, h/capture16; no recorded model answers yet). A session
// is what the model pass sees: the product's own prompt over that session's messages.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { UserMessage } from "../../lib/capture/transcript.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));

export interface Labelled {
  id: number;
  half: "dev" | "test";
  /** null until labelled (by reading, before any pass ran on it). */
  durable: boolean | null;
  repo: string;
  commit: string;
  path: string;
  /** Its 1-based position among the session's user messages (absent: a one-message session). */
  n?: number;
  text: string;
}

export interface BenchSession {
  set: string;
  key: string;
  half: "dev" | "test";
  messages: Labelled[];
}

export const SETS = ["phr", "specstory", "specstory2", "specstory3", "specstory4"] as const;
const FILES: Record<string, string> = {
  phr: "labelled-messages.json",
  specstory: "sessions.json",
  specstory2: "sessions-specstory2.json",
  specstory3: "sessions-specstory3.json",
  specstory4: "sessions-specstory4.json",
};

export function loadSet(set: string): Labelled[] {
  const file = FILES[set];
  if (!file) throw new Error(`unknown set ${set} (known: ${SETS.join(", ")})`);
  return (JSON.parse(fs.readFileSync(path.join(HERE, file), "utf8")) as { messages: Labelled[] }).messages;
}

/** The sessions of a set, each with its messages in the order they were typed. */
export function sessionsOf(set: string): BenchSession[] {
  const bySession = new Map<string, BenchSession>();
  for (const m of loadSet(set)) {
    const key = m.n === undefined ? `${m.repo}:${m.path}#${m.id}` : `${m.repo}@${m.commit}:${m.path}`;
    const s = bySession.get(key) ?? { set, key, half: m.half, messages: [] };
    s.messages.push(m);
    bySession.set(key, s);
  }
  for (const s of bySession.values()) s.messages.sort((a, b) => (a.n ?? 1) - (b.n ?? 1));
  return [...bySession.values()];
}

/** A session as the transcript reader would hand it to capture. */
export function userMessagesOf(s: BenchSession): UserMessage[] {
  return s.messages.map((m, i) => ({ n: m.n ?? i + 1, text: m.text }));
}
