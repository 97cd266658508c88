// Recall keys in two languages (issue 28): each key drops the function words of its own language as well as those
// of the keys together, so a chat reply whose language is a tie meets no keyed card through "la" or "de".
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { recallTerms } from "../../../lib/rank/key-terms.js";
import { tokenizeMarked } from "../../../lib/rank/tokenize.js";
import { buildInjection } from "../../../lib/hook/inject.js";
import { HOSTS } from "../../../hosts/index.js";
import { cardText, sandbox } from "../../helpers.js";

const ENGLISH_KEYS = ["where do I put the Anthropic key", "the app can't find the API key", "how do I rotate the key", "missing config for the key"];
const FRENCH_KEYS = ["où est rangée la clé de l'API", "la clé de chiffrement manque au démarrage"];

test("a key in the minority language drops its own function words; the majority's keys are read as before", () => {
  const keys = [...ENGLISH_KEYS, ...FRENCH_KEYS];
  const terms = recallTerms(keys);
  for (const word of ["la", "de", "est", "au"]) assert.ok(!terms.includes(word), `"${word}" kept: ${terms.join(" ")}`);
  for (const word of ["rang", "chiffrement", "anthrop", "config"])
    assert.ok(
      terms.some((t) => t.startsWith(word)),
      `"${word}" lost: ${terms.join(" ")}`,
    );
  assert.deepEqual(recallTerms(ENGLISH_KEYS), tokenizeMarked(ENGLISH_KEYS.join("\n")));
  assert.deepEqual(recallTerms([]), []);
});

test("one word of another language does not make a short key that language ('ci' is Italian, 'net' Dutch)", () => {
  const keys = ["the CI pipeline is red on main", "CI pipeline broken", "how do I upgrade the .NET SDK", "upgrade .NET SDK"];
  assert.deepEqual(recallTerms(keys), tokenizeMarked(keys.join("\n")));
  assert.equal(recallTerms(keys).filter((t) => t === "ci").length, 2);
  assert.equal(recallTerms(keys).filter((t) => t === "net").length, 2);
});

function bilingualStore() {
  const cards = [
    { file: "feedback_api_key.md", title: "Anthropic key lives in the vault", hook: "read it from the vault at boot", recall: [...ENGLISH_KEYS, ...FRENCH_KEYS] },
    {
      file: "project_deploy.md",
      title: "Deploy pipeline",
      hook: "argo syncs staging then production",
      recall: ["how do we ship a release", "comment on met en ligne la nouvelle version"],
    },
    { file: "reference_ports.md", title: "Local ports", hook: "api on 4000, web on 5173" },
  ];
  const s = sandbox([]);
  fs.writeFileSync(path.join(s.memory, "MEMORY.md"), ["# Memory", "", ...cards.map((c) => `- [${c.title}](${c.file}) — ${c.hook}`), ""].join("\n"));
  for (const c of cards) {
    const text = cardText(c);
    const recall = c.recall ? `recall:\n${c.recall.map((k) => `  - ${JSON.stringify(k)}`).join("\n")}\n` : "";
    fs.writeFileSync(path.join(s.memory, c.file), text.replace(/^priority: /m, `${recall}priority: `));
  }
  return s;
}

async function blockFiles(memory: string, prompt: string): Promise<string[]> {
  const injection = await buildInjection({
    memoryDir: memory,
    projectKey: "p-000000000000",
    source: "env",
    prompt,
    host: HOSTS.generic,
    budget: { maxBytes: 3000, maxEntries: 20 },
    now: new Date(),
    record: false,
  });
  return injection.composed.lines.map((l) => l.file);
}

test("a reply whose language ties English and French gets no block from a French key's 'la'; a French question still finds the card", async () => {
  const s = bilingualStore();
  try {
    // "on" is an English stop word, "la" a French one: a tie, so the prompt keeps "la" as a term.
    assert.deepEqual(await blockFiles(s.memory, "ok, on garde la config"), []);
    assert.equal((await blockFiles(s.memory, "où est la clé de l'API ?"))[0], "feedback_api_key.md");
  } finally {
    s.cleanup();
  }
});
