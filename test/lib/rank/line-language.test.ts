// Which language's function words a text drops is decided by words that can tell a language, and a card's title
// is read in the language of its whole index line: a title is a few words, and one of them can be another
// language's function word ("net" is Dutch, "os" Spanish, digits are listed as Spanish and French).
import assert from "node:assert/strict";
import { test } from "node:test";
import { rankStore } from "../../../lib/hook/inject.js";
import { isHit } from "../../../lib/rank/order.js";
import { latinLanguage } from "../../../lib/rank/stop-words.js";
import { stopTestOf, tokenize, tokenizeMarked } from "../../../lib/rank/tokenize.js";
import { sandbox } from "../../helpers.js";

test("numbers and one-letter words say nothing about a text's language", () => {
  assert.equal(latinLanguage(["macos", "ships", "bash", "3", "2"]), undefined); // "3", "2" are in stopwords-iso's Spanish
  assert.equal(latinLanguage(["watch", "for", "n", "1", "queries"]), undefined);
  // Before, the numbers made this Spanish and "final" (a Spanish function word) was dropped from it.
  assert.ok(tokenize("final retry after 30 and 60 s").includes("final"));
  // Function words of two letters and more still decide it.
  assert.equal(latinLanguage(["le", "site", "est", "blanc", "chez", "un", "utilisateur"]), "fr");
  assert.ok(!tokenize("le composant ne se rafraîchit pas").includes("pas"));
});

test("a title is read in the language of its whole line, not its own few words", () => {
  const title = ".NET STS support lasts 18 months";
  const line = `${title}\nSTS lifecycle is 18 months from GA, not 12; compute from the GA date.`;
  assert.ok(!tokenizeMarked(title).includes("net"), "alone, the title's one function word makes it Dutch");
  assert.ok(tokenizeMarked(title, stopTestOf(line)).includes("net"));
  // A French line drops French function words from its title even when the title alone has none to tell by.
  const french = stopTestOf("Aucun monitoring côté frontend\nil n'y a aucune remontée des erreurs côté client pour le moment");
  assert.ok(!tokenizeMarked("Aucun monitoring côté frontend", french).includes("aucun"));
});

test("a prompt naming what a card's title names finds it, through the rank cache built from the files", async () => {
  const s = sandbox([
    { file: "reference_sts_lifecycle.md", title: ".NET STS support lasts 18 months", hook: "STS lifecycle is 18 months from GA, not 12: compute from the GA date." },
    { file: "feedback_crlf.md", title: "Normalize CRLF before comparing lines", hook: "Validators must strip carriage returns first or Windows-edited files fail." },
    { file: "reference_bash3.md", title: "macOS ships bash 3.2", hook: "No associative arrays: guard declare -A or require Homebrew bash 4+." },
  ]);
  try {
    const { ranked } = await rankStore(s.memory, "when does .NET 9 stop getting patches?", new Date("2026-12-02T10:00:00Z"));
    assert.deepEqual(
      ranked.filter(isHit).map((r) => r.entry.file),
      ["reference_sts_lifecycle.md"],
    );
  } finally {
    s.cleanup();
  }
});
