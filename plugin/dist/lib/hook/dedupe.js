// lib/hook/dedupe.ts
import { BLOCK_CLOSE, blockText } from "../core/block.js";
import { beginSession, recordShown, sessionKeys, shortHash } from "./session-state.js";
import { sessionSecret } from "../store/session-secret.js";
import { textLanguage } from "../rank/languages.js";
import { MAX_QUERY_CHARS } from "../rank/tokenize.js";
import { statIfExists } from "../store/checked-fs.js";
import { sessionLabel } from "../core/sanitize.js";
import { utcIso } from "../core/frecency.js";
import { INDEX_FILE, joinPath } from "../store/paths.js";
function startDedupe(memoryDir, host, sessionId, prompt, nowMs, io) {
  if (!sessionId) return {};
  try {
    if (statIfExists(joinPath(memoryDir, INDEX_FILE))?.isFile() !== true) return {};
    return { view: beginSession(memoryDir, sessionKeys(sessionSecret(io), host, sessionId), prompt, nowMs) };
  } catch (err) {
    return { error: err.message };
  }
}
function seenFilter(dedupe) {
  const view = dedupe.view;
  return view && view.seen.size > 0 ? (line) => view.seen.has(view.keys.line(line)) : void 0;
}
var POINTER_NAMES = 4;
function withPointer(text, skipped, budget, ceiling) {
  if (text === "") return text;
  const files = [...new Set(skipped.map((l) => l.file))];
  if (files.length === 0) return text;
  const more = files.length > POINTER_NAMES ? `, +${files.length - POINTER_NAMES} more` : "";
  const pointer = `(also relevant, shown earlier this session: ${files.slice(0, POINTER_NAMES).map((f) => blockText(f)).join(", ")}${more})
`;
  const closing = BLOCK_CLOSE + "\n";
  if (!text.endsWith(closing) || Buffer.byteLength(text) + Buffer.byteLength(pointer) > Math.min(budget.maxBytes, ceiling)) return text;
  return text.slice(0, text.length - closing.length) + pointer + closing;
}
function rememberShown(dedupe, printed) {
  if (!dedupe.view) return void 0;
  try {
    recordShown(dedupe.view, printed.map(dedupe.view.keys.line));
    return void 0;
  } catch (err) {
    return err.message;
  }
}
function whyRecord(input) {
  const inj = input.injection;
  const lines = [];
  if (inj && input.bytes > 0) {
    for (const l of inj.composed.always) lines.push({ file: l.file, rule: "pinned (priority: always)", bytes: Buffer.byteLength(l.text) + 1 });
    for (const l of inj.composed.lines) {
      const r = inj.rankedOf(l);
      const terms = r ? r.matches.map((m) => `${m.term}(${m.fields.join(",")})`).join(" ") : "";
      lines.push({
        file: l.file,
        rule: r ? `${r.tier}${terms ? ": " + terms : ""}${r.sink ? `; ${r.sink}` : ""}` : "relevant",
        ...r ? { score: Math.round(r.score * 1e3) / 1e3 } : {},
        bytes: Buffer.byteLength(l.text) + 1
      });
    }
  }
  const shown = inj ? [...new Set([...inj.skippedPinned, ...inj.skipped].map((l) => l.file))] : [];
  return {
    at: utcIso(input.now),
    host: input.host,
    // Both bounded: a payload's session id or a pasted prompt of megabytes would make one record larger than
    // readWhy takes, failing `memctl why` and the web view until the log rotated twice more.
    ...input.sessionId ? { session: sessionLabel(input.sessionId) } : {},
    prompt_hash: input.promptHash ?? shortHash(input.prompt),
    ...input.logPrompt ? { prompt: input.prompt.slice(0, MAX_QUERY_CHARS) } : {},
    // From what ranking reads: a prompt may be 8 MiB of pasted log after the question, read on every run.
    prompt_lang: textLanguage(input.prompt.slice(0, MAX_QUERY_CHARS)),
    status: input.status,
    bytes: input.bytes,
    budget: { max_bytes: input.budget.maxBytes, max_entries: input.budget.maxEntries },
    lines,
    ...shown.length > 0 ? { already_shown: shown } : {},
    ...input.dedupeError ? { dedupe_error: input.dedupeError } : {}
  };
}
export {
  rememberShown,
  seenFilter,
  startDedupe,
  whyRecord,
  withPointer
};
