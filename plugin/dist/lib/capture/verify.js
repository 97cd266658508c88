// lib/capture/verify.ts
import { parseCandidates } from "../proposals/distill-llm.js";
import { CONFIDENCES, confidenceOf } from "./llm.js";
var MESSAGE_CHARS = 2e3;
var REASON_CHARS = 300;
function verifyPrompt(candidates, messages) {
  const named = [...new Set(candidates.map((c) => c.message))].sort((a, b) => a - b);
  const byN = new Map(messages.map((m) => [m.n, m.text]));
  return [
    "A first reading of a coding session proposed the candidates below as long-term memory for a coding agent. The",
    "owner reviews each one before it is shown to later sessions in this repository. A wrong drop costs more than a",
    "wrong keep: a dropped statement is lost for good, a kept one-off costs the owner one rejection. So keep a candidate",
    "unless you are sure it is a one-off.",
    "",
    "Keep it when the user's words in the message it names would apply again the next time the same kind of work comes",
    "up, even when said in passing inside a task request, as an aside, or without a reason:",
    "- how to work here: who runs, deploys or tests what, what the agent should or should not do itself, a step not to",
    "  forget, an environment to use;",
    "- where things go: where dependencies, files or shared code belong; a convention for the whole codebase;",
    "- what to use or avoid: a library, model, tool or approach the user chose, insisted on or ruled out;",
    "- what the project does not need or want (a guarantee, a step, a kind of code), for now or for good;",
    "- the user's own workflow or setup that later work has to fit;",
    "- a correction of the agent that should hold next time, or an explicit request to remember.",
    "That the code will show the result of this task does not make such a preference a one-off: a later task, on other",
    "code, would still need to be told.",
    "",
    "Drop it only when the user's words are a one-off about this task that the candidate restates as a rule: the request",
    "is done once this task is done, and nothing in the user's words reaches beyond it. Such as: what this feature should",
    "do, its options, defaults or output; what one document should say; which account, project or setting to use for",
    "this one setup; how to go about this one problem. Drop too a candidate whose message does not say it at all. Judge",
    "the user's words, not the candidate's wording.",
    "",
    "The user's messages the candidates name:",
    ...named.map((n) => `[message ${n}] ${(byN.get(n) ?? "").slice(0, MESSAGE_CHARS).replace(/\s+/g, " ")}`),
    "",
    "The candidates:",
    ...candidates.map((c, i) => `[candidate ${i + 1}] message ${c.message} (${c.type}): ${c.description.replace(/\s+/g, " ")}`),
    "",
    'Print only JSON lines, one per candidate: {"candidate": <its number>, "keep": true|false, "confidence":',
    `"high|medium|low", "reason": "<one line: what in the user's words holds beyond this task, or why it is done once`,
    'this task is done>"}. Confidence is how sure you are of the verdict; rate a drop high only when you are sure.',
    ""
  ].join("\n");
}
var DEFAULT_DROP_CONFIDENCE = "high";
var DEFAULT_KEEP_CONFIDENCE = "medium";
function verdictsIn(output, count) {
  const seen = /* @__PURE__ */ new Map();
  for (const raw of parseCandidates(output)) {
    const i = typeof raw.candidate === "number" && Number.isInteger(raw.candidate) ? raw.candidate - 1 : -1;
    const reason = typeof raw.reason === "string" ? raw.reason.replace(/\s+/g, " ").trim().slice(0, REASON_CHARS) : "";
    if (i < 0 || i >= count || typeof raw.keep !== "boolean" || reason === "") continue;
    const confidence = confidenceOf(raw.confidence);
    const before = seen.get(i);
    seen.set(i, before === void 0 ? { keep: raw.keep, reason, ...confidence ? { confidence } : {} } : before !== "conflict" && before.keep === raw.keep ? before : "conflict");
  }
  return new Map([...seen].filter((e) => e[1] !== "conflict"));
}
function applyVerdicts(output, candidates, thresholds = {}) {
  const { minDrop = DEFAULT_DROP_CONFIDENCE, minKeep = DEFAULT_KEEP_CONFIDENCE } = thresholds;
  const atLeast = (v, min) => v.confidence === void 0 || CONFIDENCES.indexOf(v.confidence) >= CONFIDENCES.indexOf(min);
  const verdicts = verdictsIn(output, candidates.length);
  const out = { kept: [], dropped: [], judged: verdicts.size };
  candidates.forEach((c, i) => {
    const v = verdicts.get(i);
    if (!v) out.kept.push(c);
    else if (v.keep && atLeast(v, minKeep)) out.kept.push({ ...c, verified: v.reason });
    else if (v.keep) out.dropped.push({ candidate: c, reason: `kept only with ${v.confidence} confidence, after a first reading that was not sure either: ${v.reason}` });
    else if (atLeast(v, minDrop)) out.dropped.push({ candidate: c, reason: v.reason });
    else out.kept.push({ ...c, doubted: `${v.reason} (confidence ${v.confidence})` });
  });
  return out;
}
export {
  DEFAULT_DROP_CONFIDENCE,
  DEFAULT_KEEP_CONFIDENCE,
  applyVerdicts,
  verdictsIn,
  verifyPrompt
};
