// A session's transcript, read for capture. The path comes from the host's hook payload, so it is untrusted:
// it must resolve (symlinks followed) under one of the host's own transcript directories, be a regular file
// (never a FIFO or device), and only its last TRANSCRIPT_TAIL_BYTES are read. Only the user's own messages
// are kept: assistant text and tool output are untrusted and never become memory.
import path from "node:path";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { readRegularTail, realpath } from "../store/checked-fs.js";
import { utf8Text } from "../core/bytes.js";
import type { Io } from "../store/io.js";
import { assertSessionTranscript, type SessionOwner } from "./transcript-owner.js";
import { hostDir } from "../core/host-dirs.js";

/** The bytes read from the end of a transcript (the rule pass must stay fast on long sessions). */
export const TRANSCRIPT_TAIL_BYTES = 2 * 1024 * 1024;

export interface UserMessage {
  /** 1-based position among the session's user messages read. */
  n: number;
  text: string;
}

/** Where each host keeps its transcripts; a payload's transcript_path must be under one of these. */
export function transcriptRoots(host: string, io: Pick<Io, "env" | "home">): string[] {
  switch (host) {
    case "claude":
      return [path.join(hostDir(io.env, io.home, "CLAUDE_CONFIG_DIR"), "projects")];
    case "codex":
      return [path.join(hostDir(io.env, io.home, "CODEX_HOME"), "sessions")];
    case "grok":
      return [path.join(io.home, ".grok", "sessions")];
    default:
      return [];
  }
}

/** The transcript's real path when it lies under one of `roots`; E_PATH_ESCAPE otherwise (nothing is opened). */
export function checkedTranscriptPath(file: string, roots: readonly string[], host: string): string {
  const refuse = (why: string) =>
    new MemctlError(
      ERROR_CODES.E_PATH_ESCAPE,
      `transcript ${JSON.stringify(file)} refused: ${why}; only ${host}'s own transcript directories are read (${roots.join(", ") || "none"})`,
      {
        file,
      },
    );
  if (!path.isAbsolute(file)) throw refuse("not an absolute path");
  let real: string;
  try {
    real = realpath(file);
  } catch {
    throw refuse("it does not exist");
  }
  for (const root of roots) {
    let realRoot: string;
    try {
      realRoot = realpath(root);
    } catch {
      continue;
    }
    if (real.startsWith(realRoot + path.sep)) return real;
  }
  throw refuse("it is outside them");
}

/** The last `maxBytes` of a regular file as text, starting at a line boundary. */
function readTail(file: string, maxBytes = TRANSCRIPT_TAIL_BYTES): string {
  const tail = readRegularTail(file, maxBytes, { nofollow: true });
  const text = utf8Text(tail.bytes);
  return tail.cut ? text.slice(text.indexOf("\n") + 1) : text; // the window's first line may be cut
}

/** Host wrappers in a user turn that the user did not type: slash-command echoes, hook and system notes. */
// "This session is being continued …": the summary Claude Code's compaction writes as a user turn (the model's
// words, restating tool output in the user's voice), when its isCompactSummary flag is missing.
const NOT_TYPED =
  /^\s*(<(command-|local-command|system-reminder|environment_context|user_instructions|user-prompt-submit-hook|bash-)|Caveat: |\[Request interrupted|# AGENTS\.md instructions|This session is being continued from a previous conversation)/;

/**
 * The elements the host or the IDE puts inside a user turn, wherever they stand: Claude Code puts the editor's
 * selection (`<ide_selection>`, the selected file's text), the opened file and reminders into the user's own turn,
 * beside or in front of what was typed. Their text is a file's or the host's, never the user's words.
 */
const HOST_TAG = "((?:command|local-command|bash)-[\\w-]+|ide_[a-z_]+|system-reminder|environment_context|user_instructions|user-prompt-submit-hook)";
const HOST_OPEN = new RegExp(`<${HOST_TAG}>`, "g");
const HOST_CLOSE = new RegExp(`</${HOST_TAG}>`, "g");

/**
 * `text` without the host's elements (each from its opening tag to the first closing tag after it; one never closed
 * stays). In one pass over the tags, however many there are: a selected file full of unclosed tags costs its length.
 */
function withoutHostElements(text: string): string {
  if (!text.includes("</")) return text;
  const closes = new Map<string, { at: number[]; next: number }>();
  for (const m of text.matchAll(HOST_CLOSE)) {
    const list = closes.get(m[1]!) ?? { at: [], next: 0 };
    list.at.push(m.index);
    closes.set(m[1]!, list);
  }
  let out = "";
  let from = 0;
  for (const m of text.matchAll(HOST_OPEN)) {
    if (m.index < from) continue; // inside an element already left out
    const list = closes.get(m[1]!);
    if (list === undefined) continue;
    const opened = m.index + m[0].length;
    while (list.next < list.at.length && list.at[list.next]! < opened) list.next++;
    if (list.next === list.at.length) continue;
    out += `${text.slice(from, m.index)} `;
    from = list.at[list.next]! + m[1]!.length + 3;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** A user turn's text as the user typed it, or undefined for an empty turn or a host wrapper (NOT_TYPED). */
export function typed(text: string): string | undefined {
  const t = withoutHostElements(text).trim();
  return t === "" || NOT_TYPED.test(t) ? undefined : t;
}

/** The text parts of a message content (a string, or an array of blocks); tool results are never text. */
function contentText(content: unknown): string | undefined {
  if (typeof content === "string") return typed(content);
  if (!Array.isArray(content)) return undefined;
  const parts = content.flatMap((b) => {
    if (b === null || typeof b !== "object") return [];
    const block = b as { type?: unknown; text?: unknown };
    return (block.type === "text" || block.type === "input_text") && typeof block.text === "string" ? [block.text] : [];
  });
  return parts.length > 0 ? typed(parts.join("\n")) : undefined;
}

/**
 * The user's messages in a JSONL transcript: Claude Code (`type: "user"`, `message.content`; meta, sidechain and
 * compaction-summary lines skipped), Codex rollouts (`event_msg` `user_message`, else `response_item` user messages), Grok Build's
 * updates.jsonl (what its SessionEnd names: ACP `session/update` `user_message_chunk` lines, one prompt's chunks
 * joined), and a plain `{role: "user", content}` line. Lines that do not parse are skipped.
 */
export function userMessages(jsonl: string): UserMessage[] {
  const typedByUser: string[] = [];
  const codexItems: string[] = [];
  let codexEvents = false;
  // Grok's prompts by promptIndex, in first-seen order: a prompt can arrive in several chunks.
  const grokPrompts = new Map<unknown, string[]>();
  for (const line of jsonl.split("\n")) {
    if (!line.trim().startsWith("{")) continue;
    let o: Record<string, unknown>;
    try {
      o = JSON.parse(line) as Record<string, unknown>;
    } catch {
      continue;
    }
    const payload = (o.payload ?? {}) as Record<string, unknown>;
    if (o.type === "event_msg" && payload.type === "user_message") {
      codexEvents = true;
      const t = typeof payload.message === "string" ? typed(payload.message) : undefined;
      if (t) typedByUser.push(t);
    } else if (o.type === "response_item" && payload.type === "message" && payload.role === "user") {
      const t = contentText(payload.content);
      if (t) codexItems.push(t);
    } else if (o.type === "user" && o.isMeta !== true && o.isSidechain !== true && o.isCompactSummary !== true && o.isVisibleInTranscriptOnly !== true) {
      const message = (o.message ?? {}) as Record<string, unknown>;
      const t = message.role === undefined || message.role === "user" ? contentText(message.content) : undefined;
      if (t) typedByUser.push(t);
    } else if (o.method === "session/update") {
      const chunk = grokUserChunk(o.params);
      if (chunk) grokPrompts.set(chunk.prompt, [...(grokPrompts.get(chunk.prompt) ?? []), chunk.text]);
    } else if (o.type === undefined && o.role === "user") {
      const t = contentText(o.content);
      if (t) typedByUser.push(t);
    }
  }
  for (const chunks of grokPrompts.values()) {
    const t = typed(chunks.join(""));
    if (t) typedByUser.push(t);
  }
  const texts = codexEvents || codexItems.length === 0 ? typedByUser : [...typedByUser, ...codexItems];
  return texts.map((text, i) => ({ n: i + 1, text }));
}

/**
 * A prompt as OpenCode's plugin hands it over: `opencode run "<message>"` (1.18.33) wraps a message in double quotes
 * before the model and the plugin see it, so one quoted string with no other quote in it is unwrapped to the words
 * the user typed. Anything else is left as it is.
 */
export function opencodeMessage(text: string): string {
  return /^"([^"]+)"$/.exec(text.trim())?.[1] ?? text;
}

/** A text chunk of a user prompt in Grok's updates.jsonl (`params.update`), keyed by its prompt; anything else is undefined. */
function grokUserChunk(params: unknown): { prompt: unknown; text: string } | undefined {
  const update = (params as { update?: { sessionUpdate?: unknown; content?: { type?: unknown; text?: unknown }; _meta?: { promptIndex?: unknown } } } | null)?.update;
  if (update?.sessionUpdate !== "user_message_chunk" || update.content?.type !== "text" || typeof update.content.text !== "string") return undefined;
  // A chunk without an index is a prompt of its own (the key is unique to it).
  const index = update._meta?.promptIndex;
  return { prompt: typeof index === "number" ? index : Symbol(), text: update.content.text };
}

/** The user's messages of the transcript a payload names, read safely (see the top of this file). */
export function readSessionMessages(file: string, host: string, io: Pick<Io, "env" | "home">, owner: SessionOwner, maxBytes = TRANSCRIPT_TAIL_BYTES): UserMessage[] {
  const roots = transcriptRoots(host, io);
  const real = checkedTranscriptPath(file, roots, host);
  assertSessionTranscript(real, roots, host, owner);
  return userMessages(readTail(real, maxBytes));
}
