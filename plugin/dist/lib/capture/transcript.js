// lib/capture/transcript.ts
import path from "node:path";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { readRegularTail, realpath } from "../store/checked-fs.js";
import { utf8Text } from "../core/bytes.js";
import { assertSessionTranscript } from "./transcript-owner.js";
import { hostDir } from "../core/host-dirs.js";
var TRANSCRIPT_TAIL_BYTES = 2 * 1024 * 1024;
function transcriptRoots(host, io) {
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
function checkedTranscriptPath(file, roots, host) {
  const refuse = (why) => new MemctlError(
    ERROR_CODES.E_PATH_ESCAPE,
    `transcript ${JSON.stringify(file)} refused: ${why}; only ${host}'s own transcript directories are read (${roots.join(", ") || "none"})`,
    {
      file
    }
  );
  if (!path.isAbsolute(file)) throw refuse("not an absolute path");
  let real;
  try {
    real = realpath(file);
  } catch {
    throw refuse("it does not exist");
  }
  for (const root of roots) {
    let realRoot;
    try {
      realRoot = realpath(root);
    } catch {
      continue;
    }
    if (real.startsWith(realRoot + path.sep)) return real;
  }
  throw refuse("it is outside them");
}
function readTail(file, maxBytes = TRANSCRIPT_TAIL_BYTES) {
  const tail = readRegularTail(file, maxBytes, { nofollow: true });
  const text = utf8Text(tail.bytes);
  return tail.cut ? text.slice(text.indexOf("\n") + 1) : text;
}
var NOT_TYPED = /^\s*(<(command-|local-command|system-reminder|environment_context|user_instructions|user-prompt-submit-hook|bash-)|Caveat: |\[Request interrupted|# AGENTS\.md instructions|This session is being continued from a previous conversation)/;
var HOST_TAG = "((?:command|local-command|bash)-[\\w-]+|ide_[a-z_]+|system-reminder|environment_context|user_instructions|user-prompt-submit-hook)";
var HOST_OPEN = new RegExp(`<${HOST_TAG}>`, "g");
var HOST_CLOSE = new RegExp(`</${HOST_TAG}>`, "g");
function withoutHostElements(text) {
  if (!text.includes("</")) return text;
  const closes = /* @__PURE__ */ new Map();
  for (const m of text.matchAll(HOST_CLOSE)) {
    const list = closes.get(m[1]) ?? { at: [], next: 0 };
    list.at.push(m.index);
    closes.set(m[1], list);
  }
  let out = "";
  let from = 0;
  for (const m of text.matchAll(HOST_OPEN)) {
    if (m.index < from) continue;
    const list = closes.get(m[1]);
    if (list === void 0) continue;
    const opened = m.index + m[0].length;
    while (list.next < list.at.length && list.at[list.next] < opened) list.next++;
    if (list.next === list.at.length) continue;
    out += `${text.slice(from, m.index)} `;
    from = list.at[list.next] + m[1].length + 3;
  }
  return from === 0 ? text : out + text.slice(from);
}
function typed(text) {
  const t = withoutHostElements(text).trim();
  return t === "" || NOT_TYPED.test(t) ? void 0 : t;
}
function contentText(content) {
  if (typeof content === "string") return typed(content);
  if (!Array.isArray(content)) return void 0;
  const parts = content.flatMap((b) => {
    if (b === null || typeof b !== "object") return [];
    const block = b;
    return (block.type === "text" || block.type === "input_text") && typeof block.text === "string" ? [block.text] : [];
  });
  return parts.length > 0 ? typed(parts.join("\n")) : void 0;
}
function userMessages(jsonl) {
  const typedByUser = [];
  const codexItems = [];
  let codexEvents = false;
  const grokPrompts = /* @__PURE__ */ new Map();
  for (const line of jsonl.split("\n")) {
    if (!line.trim().startsWith("{")) continue;
    let o;
    try {
      o = JSON.parse(line);
    } catch {
      continue;
    }
    const payload = o.payload ?? {};
    if (o.type === "event_msg" && payload.type === "user_message") {
      codexEvents = true;
      const t = typeof payload.message === "string" ? typed(payload.message) : void 0;
      if (t) typedByUser.push(t);
    } else if (o.type === "response_item" && payload.type === "message" && payload.role === "user") {
      const t = contentText(payload.content);
      if (t) codexItems.push(t);
    } else if (o.type === "user" && o.isMeta !== true && o.isSidechain !== true && o.isCompactSummary !== true && o.isVisibleInTranscriptOnly !== true) {
      const message = o.message ?? {};
      const t = message.role === void 0 || message.role === "user" ? contentText(message.content) : void 0;
      if (t) typedByUser.push(t);
    } else if (o.method === "session/update") {
      const chunk = grokUserChunk(o.params);
      if (chunk) grokPrompts.set(chunk.prompt, [...grokPrompts.get(chunk.prompt) ?? [], chunk.text]);
    } else if (o.type === void 0 && o.role === "user") {
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
function opencodeMessage(text) {
  return /^"([^"]+)"$/.exec(text.trim())?.[1] ?? text;
}
function grokUserChunk(params) {
  const update = params?.update;
  if (update?.sessionUpdate !== "user_message_chunk" || update.content?.type !== "text" || typeof update.content.text !== "string") return void 0;
  const index = update._meta?.promptIndex;
  return { prompt: typeof index === "number" ? index : /* @__PURE__ */ Symbol(), text: update.content.text };
}
function readSessionMessages(file, host, io, owner, maxBytes = TRANSCRIPT_TAIL_BYTES) {
  const roots = transcriptRoots(host, io);
  const real = checkedTranscriptPath(file, roots, host);
  assertSessionTranscript(real, roots, host, owner);
  return userMessages(readTail(real, maxBytes));
}
export {
  TRANSCRIPT_TAIL_BYTES,
  checkedTranscriptPath,
  opencodeMessage,
  readSessionMessages,
  transcriptRoots,
  typed,
  userMessages
};
