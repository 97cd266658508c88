import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { after, before, test } from "node:test";
import { startUi, type UiServer } from "../../../lib/ui/server.js";
import { parseArgs } from "../../../lib/cli/args.js";
import { spec } from "../../../lib/cli/ui.js";
import { writeContext } from "../../../lib/cli/store-access.js";
import { tempDir } from "../../helpers.js";
import { makeUiStore, snapshot, UI_NOW, type UiStore } from "../../support/ui-fixture.js";
import { recordRestatement } from "../../../lib/proposals/restate.js";

// memctl ui over real HTTP on loopback: nothing is read without the token, Host and Origin are checked, only
// 127.0.0.1 is bound, --read-only refuses POSTs, and a decision made in the web view writes the same bytes as
// the same decision made with the CLI.

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(port: number, target: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: target, method: options.method ?? "GET", headers: { Host: `127.0.0.1:${port}`, ...options.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

const form = (ui: UiServer, fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { Origin: `http://127.0.0.1:${ui.port}`, "Content-Type": "application/x-www-form-urlencoded", ...headers },
  body: new URLSearchParams(fields).toString(),
});

async function serve(store: UiStore, readOnly = false): Promise<UiServer> {
  const io = store.io();
  const args = parseArgs(spec, readOnly ? ["--read-only"] : []);
  return startUi({ memoryDir: store.memory, io, readOnly, owner: true, writeContext: () => writeContext(args, io, store.memory), project: { allowNonGit: true } });
}

const ROUTES = [
  "/",
  "/cards?q=deploy",
  "/card?file=project_deploy.md",
  "/timeline",
  "/review",
  "/health",
  "/assets/app.css",
  "/api/cards",
  "/api/card?file=project_deploy.md",
  "/api/timeline",
  "/api/review",
  "/api/health",
  "/nope",
];

let store: UiStore;
let ui: UiServer;
before(async () => {
  store = await makeUiStore(tempDir("memctl-ui-"));
  ui = await serve(store);
});
after(() => ui.close());

test("the server listens on 127.0.0.1 only, on an OS-chosen port, and prints a URL with a 32-byte token", () => {
  const address = ui.server.address();
  assert.ok(address && typeof address === "object");
  assert.equal(address.address, "127.0.0.1");
  assert.equal(address.family, "IPv4");
  assert.ok(address.port > 0);
  assert.match(ui.url, new RegExp(`^http://127\\.0\\.0\\.1:${address.port}/s/[A-Za-z0-9_-]{43}/$`));
  assert.equal(Buffer.from(ui.token, "base64url").length, 32);
});

test("no request without the right token reads anything: every page, asset and API route is refused with 401", async () => {
  const wrong = `${ui.token.slice(0, -1)}${ui.token.endsWith("A") ? "B" : "A"}`;
  for (const route of ROUTES) {
    for (const target of [
      route,
      `/s/${wrong}${route}`,
      `/s/${ui.token.slice(0, 20)}${route}`,
      `/s${route}`,
      `${route}${route.includes("?") ? "&" : "?"}token=${ui.token}`,
      `/x/s/${ui.token}${route}`,
    ]) {
      const r = await request(ui.port, target);
      assert.equal(r.status, 401, `${target}: ${r.status}`);
      assert.doesNotMatch(r.body, /deploy|Postgres|memctl ui:|<html/i, target);
      assert.equal(r.headers["content-security-policy"]?.includes("default-src 'self'"), true);
    }
    const post = await request(ui.port, route, form(ui, { id: store.proposals[0]! }));
    assert.equal(post.status, 401, `POST ${route}`);
  }
  assert.equal(fs.readdirSync(path.join(store.memory, ".memctl", "proposals")).filter((f) => f.endsWith(".json")).length, 2);
});

test("with the token every page answers, with CSP, frame, referrer and no-store headers", async () => {
  for (const route of ROUTES.filter((r) => r !== "/nope")) {
    const r = await request(ui.port, `/s/${ui.token}${route}`);
    assert.equal(r.status, 200, `${route}: ${r.body.slice(0, 200)}`);
    assert.match(String(r.headers["content-security-policy"]), /default-src 'self'/);
    assert.match(String(r.headers["content-security-policy"]), /frame-ancestors 'none'/);
    assert.equal(r.headers["x-frame-options"], "DENY");
    assert.equal(r.headers["referrer-policy"], "no-referrer");
    assert.equal(r.headers["cache-control"], "no-store");
  }
  assert.equal((await request(ui.port, `/s/${ui.token}/nope`)).status, 404);
  const page = await request(ui.port, `/s/${ui.token}/`);
  assert.doesNotMatch(page.body, /https?:\/\/(?!127\.0\.0\.1)/, "no external URL in the page");
  assert.doesNotMatch(page.body, /<script|style=/, "no inline script or style");
});

test("a Host other than 127.0.0.1:PORT or localhost:PORT is refused (DNS rebinding), even with the token", async () => {
  for (const host of ["evil.example", `evil.example:${ui.port}`, `127.0.0.1:${ui.port + 1}`, "127.0.0.1", `0.0.0.0:${ui.port}`, `[::1]:${ui.port}`]) {
    const r = await request(ui.port, `/s/${ui.token}/api/cards`, { headers: { Host: host } });
    assert.equal(r.status, 403, `Host ${host}`);
    assert.doesNotMatch(r.body, /deploy/);
  }
  assert.equal((await request(ui.port, `/s/${ui.token}/api/cards`, { headers: { Host: `localhost:${ui.port}` } })).status, 200);
  // No Host at all (HTTP/1.0 allows it): refused too.
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(ui.port, "127.0.0.1", () => socket.end(`GET /s/${ui.token}/api/cards HTTP/1.0\r\n\r\n`));
    let text = "";
    socket.on("data", (c) => (text += c.toString()));
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
  });
  assert.match(raw, /^HTTP\/1\.[01] 403/);
});

test("a POST without this server's Origin, from another site, or not form-encoded is refused and writes nothing", async () => {
  const before = snapshot(store.memory);
  const target = `/s/${ui.token}/review/reject`;
  const fields = { id: store.proposals[0]!, reason: "csrf" };
  const noOrigin = form(ui, fields);
  delete (noOrigin.headers as Record<string, string>).Origin;
  assert.equal((await request(ui.port, target, noOrigin)).status, 403, "missing Origin");
  for (const origin of ["http://evil.example", "null", `http://127.0.0.1:${ui.port + 1}`, `https://127.0.0.1:${ui.port}`, `http://evil.example:${ui.port}`])
    assert.equal((await request(ui.port, target, form(ui, fields, { Origin: origin }))).status, 403, `Origin ${origin}`);
  assert.equal((await request(ui.port, target, form(ui, fields, { "Sec-Fetch-Site": "cross-site" }))).status, 403, "cross-site fetch metadata");
  // "null" (a sandboxed frame, or a same-origin form under no-referrer) passes only with same-origin fetch metadata.
  for (const site of ["cross-site", "same-site", "none"])
    assert.equal((await request(ui.port, target, form(ui, fields, { Origin: "null", "Sec-Fetch-Site": site }))).status, 403, `Origin null, ${site}`);
  assert.equal((await request(ui.port, target, form(ui, fields, { "Content-Type": "text/plain" }))).status, 400, "text/plain body");
  assert.equal((await request(ui.port, target, { ...form(ui, fields), method: "PUT" })).status, 405);
  assert.deepEqual(snapshot(store.memory), before);
});

test("--read-only serves every page but refuses the review POSTs and draws no buttons", async () => {
  const ro = await serve(store, true);
  try {
    const review = await request(ro.port, `/s/${ro.token}/review`);
    assert.equal(review.status, 200);
    assert.match(review.body, /ci-cache/);
    assert.doesNotMatch(review.body, /<form method="post"|<button/);
    for (const action of ["accept", "reject"]) {
      const r = await request(ro.port, `/s/${ro.token}/review/${action}`, form(ro, { id: store.proposals[0]!, reason: "x" }));
      assert.equal(r.status, 403);
      assert.match(r.body, /read-only/);
    }
    assert.equal(fs.readdirSync(path.join(store.memory, ".memctl", "proposals")).filter((f) => f.endsWith(".json")).length, 2);
  } finally {
    await ro.close();
  }
});

test("the review queue shows where a proposal was said again, escaped, as memctl review does", async () => {
  const other = await makeUiStore(tempDir("memctl-ui-restated-"), { hook: false });
  const id = other.proposals[0]!;
  const outcome = await recordRestatement({ memoryDir: other.memory, actor: "host:claude", now: UI_NOW }, id, {
    source: 'claude session s7, user message 2: "<script>x()</script> cache by the lockfile hash"',
    description: "CI caches node_modules keyed by the lockfile hash.",
    session: "claude session s7,",
  });
  assert.equal(outcome, "recorded");
  const ro = await serve(other, true);
  try {
    const review = await request(ro.port, `/s/${ro.token}/review`);
    assert.equal(review.status, 200);
    const section = review.body.slice(review.body.indexOf(`id="${id}"`));
    assert.match(section, /<dt>said again<\/dt><dd>claude session s7, user message 2: &quot;&lt;script&gt;x\(\)&lt;\/script&gt; cache by the lockfile hash&quot;/);
    assert.match(section, /as: CI caches node_modules keyed by the lockfile hash\. \(host:claude at 2026-12-02T10:00:00\.000Z\)/);
    assert.doesNotMatch(review.body, /<script/);
    const cli = await other.cli(["review", id]);
    assert.match(cli.stdout, /said again +claude session s7, user message 2: "<script>x\(\)<\/script> cache by the lockfile hash"/);
  } finally {
    await ro.close();
  }
});

test("the cards page searches with memctl's search, filters by tier, topic, status and priority, and paginates", async () => {
  const all = JSON.parse((await request(ui.port, `/s/${ui.token}/api/cards`)).body);
  assert.equal(all.total, 33, "the sample store's 32 cards and the saved one");
  assert.equal(all.cards.length, 33);
  const two = JSON.parse((await request(ui.port, `/s/${ui.token}/api/cards?page=9`)).body);
  assert.equal(two.page, 1, "33 cards fit one page of 50; a page past the end shows the last");
  const found = JSON.parse((await request(ui.port, `/s/${ui.token}/api/cards?q=migrations`)).body);
  assert.equal(found.cards[0].file, "project_migrations.md");
  assert.ok(found.cards[0].match.match.length > 0);
  const feedback = JSON.parse((await request(ui.port, `/s/${ui.token}/api/cards?type=feedback`)).body);
  assert.ok(feedback.total > 0 && feedback.cards.every((c: { type: string }) => c.type === "feedback"));
  const release = JSON.parse((await request(ui.port, `/s/${ui.token}/api/cards?topic=release`)).body);
  assert.ok(release.cards.some((c: { file: string }) => c.file === "project_release-checklist.md"));
  assert.ok(release.cards.every((c: { topics: string[] }) => c.topics.includes("release")));
  for (const [key, field] of [
    ["status", "status"],
    ["priority", "priority"],
  ] as const) {
    const value = all.facets[key === "status" ? "statuses" : "priorities"][0];
    const only = JSON.parse((await request(ui.port, `/s/${ui.token}/api/cards?${key}=${value}`)).body);
    assert.ok(only.total > 0 && only.cards.every((c: Record<string, string>) => c[field] === value), `${key}=${value}`);
  }
  const card = JSON.parse((await request(ui.port, `/s/${ui.token}/api/card?file=project_release-checklist.md`)).body);
  assert.deepEqual(
    card.history.map((h: { rev: number; actor: string }) => [h.rev, h.actor]),
    [
      [1, "human"],
      [2, "human"],
    ],
  );
  assert.equal(card.history[1].sha256, card.sha256);
  assert.ok(card.injected.length > 0, "the release prompt injected the card");
});

test("accepting a proposal in the web view writes the same bytes and history as memctl accept on an identical store", async () => {
  const a = await makeUiStore(tempDir("memctl-ui-cli-"), { hook: false });
  // One proposal was said again in a later session: its archived copy keeps that, the same bytes either way.
  const said = {
    source: 'claude session s7, user message 2: "cache by the lockfile hash"',
    description: "CI caches node_modules by the lockfile hash.",
    session: "claude session s7,",
  };
  assert.equal(await recordRestatement({ memoryDir: a.memory, actor: "host:claude", now: UI_NOW }, a.proposals[0]!, said), "recorded");
  const bRoot = tempDir("memctl-ui-web-");
  fs.cpSync(a.root, bRoot, { recursive: true });
  const b: UiStore = { ...a, root: bRoot, memory: path.join(bRoot, "memory") };
  const bStore = await makeUiStoreView(b);
  const web = await serve(bStore);
  try {
    for (const [i, id] of a.proposals.entries()) {
      const cli = await a.cli(["accept", id]);
      assert.equal(cli.code, 0, cli.stderr);
      const fields: Record<string, string> = { id, description: "", topics: "" };
      const proposal = JSON.parse(fs.readFileSync(path.join(b.memory, ".memctl", "proposals", `${id}.json`), "utf8"));
      fields.description = proposal.card.description ?? "";
      fields.topics = (proposal.card.topics ?? []).join(", ");
      const r = await request(web.port, `/s/${web.token}/review/accept`, form(web, fields));
      assert.equal(r.status, 303, r.body);
      assert.match(decodeURIComponent(r.headers.location!), /\?ok=accepted/, `proposal ${i}: ${r.headers.location}`);
    }
    const left = snapshot(a.memory);
    const right = snapshot(b.memory);
    assert.deepEqual([...right.keys()], [...left.keys()]);
    for (const [file, bytes] of left) assert.equal(right.get(file)!.toString("utf8"), bytes.toString("utf8"), file);
    assert.match(left.get(".memctl/history.jsonl")!.toString(), /"card":"reference_ci-cache.md","op":"create","actor":"human"/);
  } finally {
    await web.close();
  }
});

test("rejecting in the web view needs a reason and archives exactly as memctl reject does", async () => {
  const a = await makeUiStore(tempDir("memctl-ui-cli-"), { hook: false });
  // One proposal was said again in a later session: its archived copy keeps that, the same bytes either way.
  const said = {
    source: 'claude session s7, user message 2: "cache by the lockfile hash"',
    description: "CI caches node_modules by the lockfile hash.",
    session: "claude session s7,",
  };
  assert.equal(await recordRestatement({ memoryDir: a.memory, actor: "host:claude", now: UI_NOW }, a.proposals[0]!, said), "recorded");
  const bRoot = tempDir("memctl-ui-web-");
  fs.cpSync(a.root, bRoot, { recursive: true });
  const b = await makeUiStoreView({ ...a, root: bRoot, memory: path.join(bRoot, "memory") });
  const web = await serve(b);
  try {
    const id = a.proposals[0]!;
    const empty = await request(web.port, `/s/${web.token}/review/reject`, form(web, { id, reason: " " }));
    assert.match(decodeURIComponent(empty.headers.location!), /\?err=E_USAGE/);
    assert.equal((await a.cli(["reject", id, "--reason", "guessed from one log line"])).code, 0);
    const r = await request(web.port, `/s/${web.token}/review/reject`, form(web, { id, reason: "guessed from one log line" }));
    assert.equal(r.status, 303);
    assert.deepEqual(snapshot(b.memory), snapshot(a.memory));
  } finally {
    await web.close();
  }
});

/** The same store under another root: its io points at the copy. */
async function makeUiStoreView(s: UiStore): Promise<UiStore> {
  const home = path.join(s.root, "home");
  const env = { MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(home, "config.toml"), HOME: home };
  const base = s.io();
  return { ...s, env, io: (now) => ({ ...s.io(now), env: { ...env }, cwd: s.root, home, out: base.out, err: base.err }) };
}

test("the cards page and a card's page say when a card is no longer true (superseded, or expired by the server's clock): never injected", async () => {
  const cards = (await request(ui.port, `/s/${ui.token}/?q=orm+sunset`)).body;
  const row = (file: string) => cards.split("<tr>").find((r) => r.includes(`file=${file}`)) ?? "";
  assert.match(row("project_old_orm.md"), /<td>superseded — not injected<\/td>/);
  assert.match(row("project_v1_api_sunset.md"), /<td>active · expired 2026-06-30 — not injected<\/td>/, "UI_NOW is 2026-12-02");
  const sunset = (await request(ui.port, `/s/${ui.token}/card?file=project_v1_api_sunset.md`)).body;
  assert.match(sunset, / · active · expired 2026-06-30 — not injected · updated /);
  const live = (await request(ui.port, `/s/${ui.token}/card?file=project_deploy.md`)).body;
  assert.doesNotMatch(live, /not injected/);
});

test("the review page flags a proposal exactly as memctl review does, near-duplicate and contradicting cards included", async () => {
  const other = await makeUiStore(tempDir("memctl-ui-flags-"), { hook: false });
  const must = async (argv: string[]) => {
    const r = await other.cli(argv);
    assert.equal(r.code, 0, r.stderr);
    return r.stdout;
  };
  await must(["save", "ci-runner", "-t", "project", "-d", "CI runs on Buildkite"]);
  const id = JSON.parse(await must(["propose", "ci-system", "-t", "project", "-d", "CI runs on GitHub Actions", "--source", "migration PR", "--kind", "fact", "--json"])).proposal
    .id;
  const ro = await serve(other, true);
  try {
    const api = JSON.parse((await request(ro.port, `/s/${ro.token}/api/review`)).body);
    const json = JSON.parse(await must(["review", "--json"]));
    assert.deepEqual(
      api.proposals.map((i: { reviewed: { proposal: { id: string }; flags: unknown } }) => [i.reviewed.proposal.id, i.reviewed.flags]),
      json.proposals.map((p: { id: string; flags: unknown }) => [p.id, p.flags]),
    );
    const page = (await request(ro.port, `/s/${ro.token}/review`)).body;
    for (const p of json.proposals as { id: string }[]) {
      const cliFlags = /^ {2}flags {7}(.*)$/m.exec(await must(["review", p.id]))![1]!;
      const section = page.slice(page.indexOf(`id="${p.id}"`));
      const webFlags = /<dt>flags<\/dt><dd>(.*?)<\/dd>/
        .exec(section)![1]!
        .replace(/<[^>]+>/g, "")
        .replace(/&hellip;/g, "…");
      assert.equal(webFlags, cliFlags, `flags of ${p.id}`);
    }
    const mine = /^ {2}flags {7}(.*)$/m.exec(await must(["review", id]))![1]!;
    assert.match(mine, /contradicts:project_ci-runner\.md/);
  } finally {
    await ro.close();
  }
});
