// hosts/deliver.ts
var SHARED_BUDGET = Object.freeze({ maxBytes: 3e3, maxEntries: 20 });
var HARD_CEILING_BYTES = 8e3;
function asAdditionalContext(text) {
  return {
    stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: text } }) + "\n",
    stderr: "",
    exitCode: 0
  };
}
function asSessionStartContext(text) {
  return asJson(text, (context) => ({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: context } }));
}
function asSessionStartWithNotice(text, notice) {
  if (!notice) return asSessionStartContext(text);
  return asJson(text, (context) => ({ systemMessage: notice, hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: context } }));
}
function asPlainText(text) {
  return typeof text === "string" ? { stdout: text, stderr: "", exitCode: 0 } : chunked(text.utf8());
}
function asJson(text, shape) {
  if (typeof text === "string") return { stdout: JSON.stringify(shape(text)) + "\n", stderr: "", exitCode: 0 };
  const whole = JSON.stringify(shape(MARK));
  const at = whole.lastIndexOf(MARK_JSON);
  return chunked([Buffer.from(`${whole.slice(0, at)}"`, "utf8"), ...text.json(), Buffer.from(`"${whole.slice(at + MARK_JSON.length)}
`, "utf8")]);
}
var MARK = "\0memctl-text\0";
var MARK_JSON = JSON.stringify(MARK);
function chunked(chunks) {
  let stdout;
  return {
    chunks,
    get stdout() {
      stdout ??= Buffer.concat(chunks).toString("utf8");
      return stdout;
    },
    stderr: "",
    exitCode: 0
  };
}
function unavailableVia(deliver) {
  return (text, reason) => ({ ...deliver(text), stderr: `memctl: memory index unavailable: ${reason}
` });
}
export {
  HARD_CEILING_BYTES,
  SHARED_BUDGET,
  asAdditionalContext,
  asPlainText,
  asSessionStartContext,
  asSessionStartWithNotice,
  unavailableVia
};
