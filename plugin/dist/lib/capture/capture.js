// lib/capture/capture.ts
import { isQuestion, ownText } from "./mood.js";
import { candidatesIn, everySentence } from "./rules.js";
import { capturePrompt, DEFAULT_MIN_CONFIDENCE, modelCandidates } from "./llm.js";
import { stageCaptured } from "./stage.js";
import { applyVerdicts, verifyPrompt } from "./verify.js";
function ruleCandidates(messages) {
  const seen = /* @__PURE__ */ new Set();
  return messages.flatMap((m) => candidatesIn(m.text, m.n)).filter((c) => !seen.has(c.description.toLowerCase()) && seen.add(c.description.toLowerCase())).map((c) => ({ type: c.type, name: c.name, description: c.description, excerpt: c.excerpt, message: c.message, kind: c.kind }));
}
var NOTHING_OWN = "the message it names states nothing of the user's own: only questions or pasted text";
function statesNothing(text) {
  return everySentence(ownText(text)).every(isQuestion);
}
async function modelPass(messages, model, options = {}) {
  const run = await readAndVerify(messages, model, options);
  if (!run.ok) return run;
  const own = new Map(messages.map((m) => [m.n, !statesNothing(m.text)]));
  const asked = run.candidates.filter((c) => !own.get(c.message));
  if (asked.length === 0) return run;
  return {
    ...run,
    candidates: run.candidates.filter((c) => own.get(c.message)),
    dropped: [...run.dropped, ...asked.map((candidate) => ({ candidate, reason: NOTHING_OWN, by: "own words" }))]
  };
}
async function readAndVerify(messages, model, options) {
  const answer = await model((options.captureWith ?? capturePrompt)(messages));
  if (!answer.ok) return { ok: false, reason: answer.reason };
  const candidates = modelCandidates(answer.summary, messages, options.minConfidence ?? DEFAULT_MIN_CONFIDENCE);
  const { prompt, high } = options.verifyWith ?? { prompt: verifyPrompt, high: false };
  const checked = candidates.filter((c) => high || c.confidence !== "high");
  if (options.verify === false || checked.length === 0) return { ok: true, candidates, dropped: [], pass: "model" };
  const check = await model(prompt(checked, messages));
  if (!check.ok) return { ok: true, candidates, dropped: [], pass: `model (unverified: ${check.reason})` };
  const verified = applyVerdicts(check.summary, checked, { ...options.minDrop ? { minDrop: options.minDrop } : {}, ...options.minKeep ? { minKeep: options.minKeep } : {} });
  if (verified.judged === 0) return { ok: true, candidates, dropped: [], pass: "model (unverified: the verify answer judged no candidate)" };
  const gone = new Set(verified.dropped.map((d) => d.candidate));
  const isChecked = new Set(checked);
  let next = 0;
  const kept = candidates.flatMap((c) => !isChecked.has(c) ? [c] : gone.has(c) ? [] : [verified.kept[next++]]);
  return { ok: true, candidates: kept, dropped: verified.dropped.map((d) => ({ ...d, by: "verify" })), pass: "model, verified" };
}
async function captureMessages(options, src, messages, model, passOptions = {}) {
  let pass = "rules";
  let candidates;
  let dropped = [];
  if (model && messages.length > 0) {
    const run = await modelPass(messages, model, passOptions);
    if (run.ok) {
      candidates = run.candidates;
      dropped = run.dropped.map((d) => ({ name: d.candidate.name, reason: d.by === "verify" ? `the verify pass dropped it: ${d.reason}` : d.reason }));
      pass = run.pass;
    } else pass = `rules (model failed: ${run.reason})`;
  }
  candidates ??= ruleCandidates(messages);
  const staged = await stageCaptured(options, src, candidates);
  return { ...staged, skipped: [...dropped, ...staged.skipped], pass, messages: messages.length };
}
export {
  captureMessages,
  modelPass,
  ruleCandidates,
  statesNothing
};
