// The verify prompt v6 (h/capture14), frozen byte for byte so `--verify-prompt v6` replays its recorded answers. Of
// v5's three questions (h/capture13) only the first split first-pass v4's candidates (it failed most one-offs and few
// durable ones); its "beyond the task" and "unseen in the code" questions dropped durable statements, and the first
// pass has already judged those. So v6 asks one question: did the user, in the message it names, state it in their
// own words as something to hold (the four kinds), with no lean to keep or drop. Unrated, so the product's
// parser counts its drop. Written from the definition of durable, not from any message in any set. Never edit it.
import type { CaptureCandidate } from "../../lib/capture/stage.js";
import type { UserMessage } from "../../lib/capture/transcript.js";

const MESSAGE_CHARS = 2000;

export function verifyPromptV6(candidates: readonly CaptureCandidate[], messages: readonly UserMessage[]): string {
  const named = [...new Set(candidates.map((c) => c.message))].sort((a, b) => a - b);
  const byN = new Map(messages.map((m) => [m.n, m.text]));
  return [
    "A first reading of a coding session proposed the candidates below as long-term memory for a coding agent: notes",
    "shown to later sessions in this repository. The first reading has already judged whether each would matter later.",
    "Your question is another one, asked of each candidate on its own, by the user's own words in the message it names,",
    "not by the candidate's wording and not by the other candidates:",
    "",
    "Did the user, in that message, state it in their own words as something for the agent to hold to? That is, the",
    "user's words there are one of:",
    "- an instruction: what the agent should always or never do, or how to work here; said once, in passing or inside a",
    "  task request still counts;",
    "- a correction of the agent: the user saying the agent went about something wrong and how it should be done;",
    "- a decision with its reason: the user choosing one option over another and saying why;",
    "- a request to remember something.",
    "",
    "The answer is no when the candidate's content is in the message only inside a question, a report of a problem or",
    "an error, a pasted document, spec, log, code or output, or words the user quotes from the agent; when the user's",
    "words say something else or less than the candidate does; or when the candidate is what the first reading inferred",
    "rather than what the user said.",
    "",
    "Keep a candidate when the answer is yes; drop it when the answer is no. A wrong keep puts a one-off in front of the",
    "owner and a wrong drop loses a statement: weigh them alike and lean neither way. Decide from the words, not from",
    "how likely the candidate is to be right.",
    "",
    "The user's messages the candidates name:",
    ...named.map((n) => `[message ${n}] ${(byN.get(n) ?? "").slice(0, MESSAGE_CHARS).replace(/\s+/g, " ")}`),
    "",
    "The candidates:",
    ...candidates.map((c, i) => `[candidate ${i + 1}] message ${c.message} (${c.type}): ${c.description.replace(/\s+/g, " ")}`),
    "",
    'Print only JSON lines, one per candidate: {"candidate": <its number>, "keep": true|false, "reason": "<one line:',
    "the user's words that decide it>\"}.",
    "",
  ].join("\n");
}
