// lib/core/recall-keys.ts
var MAX_RECALL_KEYS = 16;
var MAX_RECALL_KEY_CHARS = 120;
var RECALL_KEYS_ASKED = "12 to 16";
var RECALL_KEYS_GUIDANCE = "short lines a developer would type when this card is what they need without knowing it exists \u2014 the symptom they see, questions it answers, synonyms and related tool names it does not spell out \u2014 in everyday words rather than the card's own, varied from key to key, at least three in each of the store's languages; never the title again";
function recallKeyProblems(value) {
  if (value === void 0 || value === null) return [];
  const problem = (message) => ({ code: "E_RECALL_KEYS", message });
  if (!Array.isArray(value)) return [problem("recall must be a list of strings (one way people would ask for this card per item)")];
  const problems = [];
  if (value.length > MAX_RECALL_KEYS) problems.push(problem(`recall has ${value.length} keys; at most ${MAX_RECALL_KEYS} are allowed`));
  value.forEach((k, i) => {
    if (typeof k !== "string" || k.trim() === "") problems.push(problem(`recall[${i}] must be a non-empty string`));
    else if (/[\u0000-\u001f\u007f]/.test(k)) problems.push(problem(`recall[${i}] must be one line with no control characters`));
    else if ([...k].length > MAX_RECALL_KEY_CHARS) problems.push(problem(`recall[${i}] is ${[...k].length} characters; at most ${MAX_RECALL_KEY_CHARS} are allowed`));
  });
  return problems;
}
function recallKeysOf(frontmatter) {
  const v = frontmatter.recall;
  if (!Array.isArray(v)) return [];
  return v.filter((k) => typeof k === "string" && k.trim() !== "").slice(0, MAX_RECALL_KEYS);
}
var PROMPT_BODY_CHARS = 2e3;
function recallKeysPrompt(card, languages, ownerLanguages = []) {
  const body = card.body.trim();
  const clipped = body.length > PROMPT_BODY_CHARS ? `${body.slice(0, PROMPT_BODY_CHARS)}
[\u2026]` : body;
  const written = languages.length > 0 ? languages.join(", ") : "English";
  const langs = ownerLanguages.length > 0 ? `${written}; and the ones its owner types prompts in: ${ownerLanguages.join(", ")}` : written;
  return [
    "You write recall keys for one memory card of a developer's coding-agent memory.",
    "A recall key is a short line a developer might type to an agent when this card is what the agent needs,",
    `even though they do not know the card exists. Write ${RECALL_KEYS_ASKED} keys:`,
    "- symptoms they would describe when they hit the problem the card prevents (what they see, not the rule);",
    "- questions they would ask whose answer is in the card;",
    "- synonyms, broader and narrower terms, and names of related tools the card does not spell out;",
    `- at least three of the above in each of these languages, the ones this store is written in: ${langs}.`,
    "Write as that developer would, in everyday words, not in the card's own terms; vary the words from key to key",
    "so that together the keys cover the many ways of saying it, since a key only helps when it shares a word with",
    "what they type. Keep each key under 100 characters. Do not repeat the card's title. Do not add facts the card",
    "does not state.",
    "Answer with the keys only, one per line: no numbering, no bullets, no quotes, no other text.",
    "",
    "<card>",
    `name: ${card.name}`,
    `title: ${card.title}`,
    ...card.description ? [`description: ${card.description}`] : [],
    ...card.topics.length > 0 ? [`topics: ${card.topics.join(", ")}`] : [],
    "",
    clipped,
    "</card>"
  ].join("\n");
}
var LIST_MARK = /^\s*(?:[-*•·]|\d{1,2}[.)]|[（(]?\d{1,2}[)）])\s+/;
var QUOTES = /^["'“”‘’「『]+|["'“”‘’」』]+$/g;
function parseRecallKeys(answer, title = "") {
  const seen = /* @__PURE__ */ new Set([title.trim().toLowerCase()]);
  const keys = [];
  for (const raw of answer.split(/\r?\n/)) {
    if (/^\s*```/.test(raw)) continue;
    const line = raw.replace(LIST_MARK, "").trim().replace(QUOTES, "").trim();
    if (line === "" || line.endsWith(":") || /[\u0000-\u001f\u007f]/.test(line)) continue;
    if ([...line].length > MAX_RECALL_KEY_CHARS) continue;
    const fold = line.toLowerCase();
    if (seen.has(fold)) continue;
    seen.add(fold);
    keys.push(line);
    if (keys.length === MAX_RECALL_KEYS) break;
  }
  if (keys.length === 0) return { ok: false, reason: "the model's answer held no usable key (one short line per key was expected)" };
  return { ok: true, keys };
}
export {
  MAX_RECALL_KEYS,
  MAX_RECALL_KEY_CHARS,
  RECALL_KEYS_ASKED,
  RECALL_KEYS_GUIDANCE,
  parseRecallKeys,
  recallKeyProblems,
  recallKeysOf,
  recallKeysPrompt
};
