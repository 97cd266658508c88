// The verify prompt v5 (h/capture13), frozen byte for byte so `--verify-prompt v5` replays its recorded answers. Over
// first-pass prompt v4's candidates, v2's "keep unless sure" kept nearly all (3 of 53 dropped on dev), and v3 / v4 put
// the doubt into a rating or into "give the durable reading". v5 leans neither way: it splits the definition of
// durable into three yes/no questions asked of each candidate alone (the cited message itself states it in the user's
// own words; it is meant beyond this task; an agent reading the code would still miss it) and keeps only a candidate
// that passes all three. Unrated, so the product's parser counts its drop. Written from the issue, not from any
// message in any set. Never edit it.
import type { CaptureCandidate } from "../../lib/capture/stage.js";
import type { UserMessage } from "../../lib/capture/transcript.js";

const MESSAGE_CHARS = 2000;

export function verifyPromptV5(candidates: readonly CaptureCandidate[], messages: readonly UserMessage[]): string {
  const named = [...new Set(candidates.map((c) => c.message))].sort((a, b) => a - b);
  const byN = new Map(messages.map((m) => [m.n, m.text]));
  return [
    "A first reading of a coding session proposed the candidates below as long-term memory for a coding agent: notes",
    "shown to every later session in this repository, each on a different task. Judge each candidate on its own, by",
    "the user's own words in the message it names, not by the candidate's wording and not by the other candidates.",
    "",
    "Answer three questions for each candidate:",
    '1. "stated": does the message it names say it, in the user\'s own words? Not when the message only asks a',
    "   question, reports a problem or error, or pastes a document, log or output, and not when the words there say",
    "   something else or less than the candidate does.",
    '2. "beyond": do the user\'s words mean it beyond this task? Yes for a standing instruction on how to work here',
    "   (always, never, from now on, who does what, what to use or avoid, where things belong), a correction of how",
    "   the agent went about its work that should hold next time, a choice between alternatives for the project with a",
    "   reason that outlasts this task, or a request to remember. No for what the thing built in this task should do",
    "   or look like (its behaviour, design, data, options or layout), even with a reason and even worded as must or",
    "   always; for a step, account, value or direction for this one piece of work; for what one document should say.",
    '3. "unseen": would an agent starting a later session on other work, after reading the code, its documents and',
    "   the git history, still not know it and get something wrong without being told? No when, once this task is",
    "   done, the repository itself shows it, or it is a fact about the project any reader of the repository finds.",
    "",
    "Keep a candidate only when all three answers are yes; otherwise drop it. A wrong keep puts a one-off in front of",
    "the owner and a wrong drop loses a statement: weigh them alike and lean neither way. Decide each question from",
    "the words, not from how likely the candidate is to be right.",
    "",
    "The user's messages the candidates name:",
    ...named.map((n) => `[message ${n}] ${(byN.get(n) ?? "").slice(0, MESSAGE_CHARS).replace(/\s+/g, " ")}`),
    "",
    "The candidates:",
    ...candidates.map((c, i) => `[candidate ${i + 1}] message ${c.message} (${c.type}): ${c.description.replace(/\s+/g, " ")}`),
    "",
    'Print only JSON lines, one per candidate: {"candidate": <its number>, "stated": true|false, "beyond": true|false,',
    '"unseen": true|false, "keep": true|false, "reason": "<one line: the user\'s words that decide it>"}. keep is true',
    "exactly when stated, beyond and unseen are all true.",
    "",
  ].join("\n");
}
