import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { card, index, makeProject, writeCleanStore } from "../lib/reports/fixture.js";
import { generatedPems, pemBody } from "../fixtures/secrets/corpus.js";

// doctor reports secrets already at rest (hand edits, older versions, merges): the card, the line, the kind and
// the span masked, never the secret itself; each counts as an issue. Generated fakes in the real formats.

const STRIPE = `sk_live_${"4eC39HqLyjWDarjtT1zdp7dc".split("").reverse().join("")}`;
const GCP = `AIza${"SyD3mo-k3yF0rT3sts0nly_4bcdEFGhijkLM".slice(0, 35)}`;

test("doctor lists each secret at rest with card, line, kind and mask, counts it as an issue, and prints none", async () => {
  const p = makeProject();
  const files = writeCleanStore(p);
  const pem = generatedPems().ecSec1;
  p.write(files[0]!, card("card0", {}, `Deploy notes.\nbilling key ${STRIPE}\n${pem}`));
  p.write("MEMORY.md", index([`- [Card 0](${files[0]}) — hook number 0 with ${GCP}`, `- [Card 1](${files[1]}) — hook number 1`, `- [Card 2](${files[2]}) — hook number 2`]));
  const { code, report } = await p.json(["doctor"]);
  assert.equal(code, 1);
  const found = report.cards_with_secrets as { card: string; line: number; kind: string; masked: string }[];
  assert.deepEqual(
    found.map((f) => [f.card, f.kind]),
    [
      ["MEMORY.md", "gcp-api-key"],
      [files[0], "stripe-secret-key"],
      [files[0], "private-key"],
    ],
  );
  const stripe = found.find((f) => f.kind === "stripe-secret-key")!;
  assert.equal(fs.readFileSync(path.join(p.memory, files[0]!), "utf8").split("\n")[stripe.line - 1]!.includes("billing key"), true, "the line is the card's own line number");
  assert.equal(stripe.masked, `sk_l${"*".repeat(STRIPE.length - 8)}${STRIPE.slice(-4)}`);
  assert.equal(report.issues_count, 3);
  const human = await p.run(["doctor"]);
  for (const out of [JSON.stringify(report), human.stdout + human.stderr]) {
    assert.ok(!out.includes(STRIPE) && !out.includes(GCP) && !out.includes(pemBody(pem).slice(10, 40)), out);
  }
  assert.match(human.stdout, /secret at rest/);
  assert.ok(human.stdout.includes(`${files[0]}:${stripe.line} ${stripe.masked} (stripe-secret-key)`), human.stdout);
});

test("a secret the user allows is not reported; a clean store reports an empty list", async () => {
  const p = makeProject();
  const files = writeCleanStore(p);
  assert.deepEqual((await p.json(["doctor"])).report.cards_with_secrets, []);
  p.write(files[1]!, card("card1", {}, `fixture ${STRIPE}\n`));
  fs.writeFileSync(p.configFile, `[secrets]\nallow = ["${STRIPE}"]\n`);
  const { report } = await p.json(["doctor"]);
  assert.deepEqual(report.cards_with_secrets, []);
  assert.equal(report.issues_count, 0);
});

test("a credential name whose value is a file path or a query of all-caps placeholders is not a secret at rest; a real value beside it still is", async () => {
  const p = makeProject();
  const files = writeCleanStore(p);
  const real = `Qx7${"mZ2vK9pL4wR8".split("").reverse().join("")}#5`;
  const body = [
    "- Token: `D:/Users/dev/.config/mailer/oauth_token_2.json` (refreshes itself)",
    "- token_file: ~/.local/share/app/session.key",
    "- check it with `https://api.example.net/inspect?input_token=TOKEN&access_token=APP_ID|APP_SECRET`",
    `- db_password: ${real}`,
  ].join("\n");
  p.write(files[0]!, card("card0", {}, body));
  const { report } = await p.json(["doctor"]);
  const found = report.cards_with_secrets as { card: string; line: number; kind: string }[];
  assert.deepEqual(
    found.map((f) => [f.card, f.kind]),
    [[files[0], "credential-assignment"]],
    JSON.stringify(found),
  );
  const lines = fs.readFileSync(path.join(p.memory, files[0]!), "utf8").split("\n");
  assert.ok(lines[found[0]!.line - 1]!.includes("db_password"), "the one reported is the real value");
});
