import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { claudeSlug } from "../../lib/config/project.js";
import { mayHoldSecret } from "../../lib/core/secret-patterns.js";
import { callTool, connect } from "../lib/mcp/support.js";
import { benignCorpus, pathSample, type SecretItem } from "../fixtures/secrets/corpus.js";
import { makeWorld, memctl, type World } from "../support/fixture.js";

// Every authored write path refuses (E_SECRET) and import redacts one item of each rule family of the generated
// corpus (the whole corpus goes through the shared scanner in test/lib/records/secret-corpus.test.ts); the
// benign corpus goes through. The CLI runs in process and MCP over one real SDK client.

const corpus = pathSample();
const oneLine = corpus.filter((i) => !i.text.includes("\n") && i.text.length <= 200);
// Every other benign line the scanner actually reads (the gate passes them); all of them are scanned in
// test/lib/records/secret-corpus.test.ts.
const gated = benignCorpus().filter((t) => !t.includes("\n") && t.length <= 200 && mayHoldSecret(t));
const benign = gated.filter((_, i) => i % 2 === 0);

function storeText(w: World): string {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(fs.readFileSync(p, "latin1"));
    }
  };
  walk(w.mem);
  return out.join("\n");
}

function leaked(all: string, item: SecretItem): boolean {
  for (let i = 0; i + 24 <= item.secret.length; i += 12) if (all.includes(item.secret.slice(i, i + 24))) return true;
  return all.includes(item.secret);
}

/** Runs each item through `write`: those not refused with E_SECRET; a refused one left nothing on disk. */
async function share(w: World, items: SecretItem[], write: (item: SecretItem, n: number) => Promise<{ code: number; stdout: string }>): Promise<string[]> {
  const passed: string[] = [];
  for (const [n, item] of items.entries()) {
    const r = await write(item, n);
    const code = r.code === 0 ? "written" : (JSON.parse(r.stdout).error?.code as string);
    if (code !== "E_SECRET") passed.push(`${item.label} (${code})`);
    else assert.ok(!leaked(storeText(w), item), `${item.label} reached the store although refused`);
    assert.ok(!leaked(r.stdout, item), `${item.label} echoed in the answer`);
  }
  return passed;
}

function assertShare(path: string, items: SecretItem[], passed: string[]): void {
  assert.ok(passed.length <= items.length * 0.05, `${path}: ${passed.length}/${items.length} not refused: ${passed.join(", ")}`);
}

test("save (description, body), log, propose and accept refuse ≥95 % of the corpus with E_SECRET", async (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  const json = (r: { code: number; stdout: string }) => r;
  assertShare("save -d", oneLine, await share(w, oneLine, async (i, n) => json(await memctl(w, ["save", `d${n}`, "-t", "reference", "-d", i.text, "--json"]))));
  assertShare(
    "save body",
    corpus,
    await share(w, corpus, async (i, n) => json(await memctl(w, ["save", `b${n}`, "-t", "reference", "-d", "notes", "-", "--json"], { stdin: `${i.text}\n` }))),
  );
  assertShare("log", oneLine, await share(w, oneLine, async (i) => json(await memctl(w, ["log", "--host", "claude", "--summary", i.text, "--json"]))));
  const propose = (name: string, description: string, body: string) =>
    memctl(w, ["propose", name, "-t", "reference", "-d", description, "--source", "notes.md", "--task-id", "t-1", "--json", "-"], { stdin: `${body}\n` });
  assertShare("propose body", corpus, await share(w, corpus, async (i, n) => json(await propose(`p${n}`, "notes", i.text))));
  assertShare("propose -d", oneLine, await share(w, oneLine, async (i, n) => json(await propose(`q${n}`, i.text, "body"))));
  // accept: a proposal edited by hand after staging (propose itself refuses the secret).
  assertShare(
    "accept",
    corpus,
    await share(w, corpus, async (i, n) => {
      const staged = await propose(`a${n}`, "notes", "PLACEHOLDER-BODY");
      const file = path.join(w.mem, ".memctl", "proposals", `${JSON.parse(staged.stdout).proposal.id}.json`);
      fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("PLACEHOLDER-BODY", JSON.stringify(i.text).slice(1, -1)));
      const r = await memctl(w, ["accept", JSON.parse(staged.stdout).proposal.id, "--json"]);
      fs.rmSync(file, { force: true });
      return r;
    }),
  );
  // A token as the card's name never becomes a file name.
  for (const [n, i] of corpus.filter((c) => /^(?:ghp_|glpat-|sk_live_|hf_|AIza|SK)/.test(c.secret)).entries()) {
    const r = await memctl(w, ["save", i.secret.slice(0, 60), "-t", "reference", "-d", `n${n}`, "--json"]);
    if (r.code === 0) assert.fail(`${i.label}: a card named after the secret was saved`);
  }
});

test("ordinary engineering text passes every authored path (≤2 % refused)", async (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  const refused: string[] = [];
  const paths = [
    (text: string, n: number) => memctl(w, ["save", `ok${n}`, "-t", "reference", "-d", text, "--json"]),
    (text: string, n: number) => memctl(w, ["save", `okb${n}`, "-t", "reference", "-d", "notes", "-", "--json"], { stdin: `${text}\n` }),
    (text: string) => memctl(w, ["log", "--host", "claude", "--summary", text, "--json"]),
  ];
  assert.ok(benign.length >= 20);
  for (const [n, text] of benign.entries()) {
    const r = await paths[n % paths.length]!(text, n);
    if (r.code !== 0) refused.push(`${text} (${JSON.parse(r.stdout).error?.code})`);
  }
  assert.ok(refused.length <= benign.length * 0.02, `refused ${refused.length}/${benign.length}: ${refused.join("\n")}`);
});

test("MCP memory_manage, memory_log and memory_propose (the real SDK client) refuse ≥95 % of the corpus", async (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, "[hosts.mcp]\nwrite = true\n");
  const server = await connect({ cwd: w.repo, env: { HOME: w.home, ...w.env } });
  try {
    const tally = async (name: string, items: SecretItem[], args: (i: SecretItem, n: number) => Record<string, unknown>) => {
      const passed: string[] = [];
      for (const [n, i] of items.entries()) {
        const r = await callTool(server.client, name, args(i, n));
        if (r.code !== "E_SECRET") passed.push(`${i.label} (${r.code ?? "written"})`);
        assert.ok(!leaked(r.text, i), `${name} echoed ${i.label}`);
      }
      assertShare(name, items, passed);
    };
    await tally("memory_manage", corpus, (i, n) => ({ command: "create", path: `/memories/notes/n${n}.md`, file_text: `${i.text}\n` }));
    await tally("memory_log", oneLine, (i) => ({ host: "claude", summary: i.text }));
    await tally("memory_propose", corpus, (i, n) => ({ name: `m${n}`, type: "reference", description: "notes", body: `${i.text}\n`, source: "notes.md" }));
    const all = storeText(w);
    for (const i of corpus) assert.ok(!leaked(all, i), `${i.label} reached the store over MCP`);
  } finally {
    await server.close();
  }
});

test("import claude redacts ≥95 % of the corpus (cards and their descriptions), keeping the rest of each card", async (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  execFileSync("git", ["-C", w.repo, "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "init"]);
  const dir = path.join(w.home, ".claude", "projects", claudeSlug(w.repo), "memory");
  fs.mkdirSync(dir, { recursive: true });
  for (const [n, i] of corpus.entries()) {
    const description = oneLine.includes(i) ? i.text.replace(/"/g, "'") : "notes";
    fs.writeFileSync(path.join(dir, `reference_c${n}.md`), `---\nname: c${n}\ndescription: "${description}"\ntype: reference\n---\nbefore\n${i.text}\nafter\n`);
  }
  const r = await memctl(w, ["import", "claude", "--yes", "--json"]);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const kept: string[] = [];
  for (const [n, i] of corpus.entries()) {
    const file = path.join(w.mem, `reference_c${n}.md`);
    const card = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
    if (!card.includes("before\n") || !card.includes("\nafter\n")) assert.fail(`c${n} (${i.label}) was not imported whole: ${card.slice(0, 200)}`);
    if (leaked(card, i)) kept.push(i.label);
  }
  assertShare("import", corpus, kept);
  assert.ok(!leaked(fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8"), corpus[0]!), "the index line is redacted too");
});
