// Deterministic synthetic memory stores for the latency benchmark: N cards with full frontmatter,
// realistic hook lengths (60–160 chars), ~15% CJK lines, ~1% priority: always, a few stale/low cards.
// Run: node --import tsx bench/gen-store.ts --cards 1000 [--seed 7] [--out DIR] [--usage-calls N]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { renderIndexLine } from "../lib/core/index-file.js";
import { foldUsage, recordHitsSync } from "../lib/usage/usage.js";

export interface GenOptions {
  cards: number;
  seed?: number;
  /** Directory to write the store into (created); default: a fresh dir under os.tmpdir(). */
  dir?: string;
  /** "YYYY-MM-DD" used for updated_at spreads and usage days. */
  today?: string;
  /** Simulated past hook calls recorded in the usage sidecar (default: min(300, cards)); 0 = no sidecar. */
  usageCalls?: number;
}

export interface GeneratedCard {
  file: string;
  title: string;
  hook: string;
  topics: string[];
  priority: "always" | "normal" | "low";
  status: "active" | "stale";
  cjk: boolean;
}

export interface GeneratedStore {
  dir: string;
  cards: GeneratedCard[];
  indexBytes: number;
}

/** mulberry32: small, fast, and the same sequence on every platform for a given seed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TYPES = ["feedback", "project", "reference", "user"] as const;
const AREAS = [
  "deploy",
  "ci",
  "migrations",
  "auth",
  "logging",
  "tests",
  "cache",
  "queue",
  "billing",
  "search",
  "frontend",
  "api",
  "docker",
  "k8s",
  "terraform",
  "metrics",
  "alerts",
  "release",
  "lint",
  "types",
  "build",
  "storage",
  "webhooks",
  "payments",
  "onboarding",
  "flags",
  "cron",
  "email",
  "graphql",
  "perf",
];
const COMPONENTS = [
  "ledger-service",
  "auth-gateway",
  "web client",
  "admin dashboard",
  "worker pool",
  "ingest pipeline",
  "Postgres replica",
  "Redis cache",
  "S3 bucket",
  "GitHub Actions",
  "Helm chart",
  "esbuild config",
  "vitest suite",
  "Playwright e2e",
  "OpenAPI schema",
  "Prisma client",
  "Kafka consumer",
  "cron runner",
  "feature-flag service",
  "Stripe webhook handler",
  "Sentry integration",
  "Grafana board",
  "tsconfig",
];
const VERBS = ["run", "check", "pin", "avoid", "prefer", "never skip", "always use", "document", "retry", "rotate"];
const ACTIONS = [
  "merging to main",
  "tagging a release",
  "running migrations",
  "touching the schema",
  "bumping deps",
  "deploying to staging",
  "editing CI workflows",
  "changing auth scopes",
  "writing new tests",
  "opening a PR",
  "rolling back prod",
  "adding an env var",
  "renaming a public API field",
];
const REASONS = [
  "the last outage came from skipping it",
  "reviewers asked for it twice",
  "CI is flaky otherwise",
  "prod and staging drift silently",
  "the owner prefers small diffs",
  "it broke the nightly build in March",
  "customers see 500s during the window",
  "the lockfile gets rewritten",
  "tokens expire after 15 minutes",
  "p95 latency doubled last time",
  "on-call gets paged at night",
  "secrets leak into logs",
];
const COMMANDS = [
  "npm run typecheck",
  "pnpm test --filter api",
  "make db-migrate",
  "kubectl rollout status",
  "terraform plan -out plan.bin",
  "gh pr checks",
  "docker compose up -d",
  "npx prisma migrate deploy",
  "git rebase -i origin/main",
  "npm run lint -- --fix",
  "helm diff upgrade",
  "redis-cli --scan",
];
const CJK_SUBJECTS = ["部署前", "合并之前", "数据库迁移时", "发布新版本时", "修改认证配置时", "写测试时", "回滚生产环境时", "本番デプロイ前に", "レビューの前に"];
const CJK_ADVICE = [
  "务必先运行类型检查",
  "不要跳过集成测试",
  "先在预发环境验证",
  "记得更新变更日志",
  "必须通知值班同学",
  "确认缓存已经失效",
  "检查监控面板上的错误率",
  "テストを必ず実行すること",
  "ロックファイルを更新しないこと",
];
const CJK_REASONS = ["否则线上会报错。", "上次因此导致了故障。", "评审者多次提出过。", "否则 CI 会失败。", "障害の原因になったため。"];

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** Builds a hook of roughly `target` characters (60–160) from sentence templates. */
function englishHook(r: () => number, target: number, uniq: string): string {
  const templates = [
    () => `${cap(pick(r, VERBS))} ${pick(r, COMMANDS)} before ${pick(r, ACTIONS)}; ${pick(r, REASONS)}.`,
    () => `The ${pick(r, COMPONENTS)} owns ${pick(r, AREAS)} for ${uniq}.`,
    () => `Ask before ${pick(r, ACTIONS)} in the ${pick(r, COMPONENTS)}.`,
    () => `See ${pick(r, COMMANDS)} output when ${pick(r, ACTIONS)}; ${pick(r, REASONS)}.`,
  ];
  return fit(templates, r, target, " ");
}

function cjkHook(r: () => number, target: number, uniq: string): string {
  const templates = [
    () => `${pick(r, CJK_SUBJECTS)}${pick(r, CJK_ADVICE)}（${pick(r, COMMANDS)}），${pick(r, CJK_REASONS)}`,
    () => `${pick(r, COMPONENTS)} 负责 ${pick(r, AREAS)}，编号 ${uniq}。`,
    () => `${pick(r, CJK_SUBJECTS)}${pick(r, CJK_ADVICE)}，${pick(r, CJK_REASONS)}`,
  ];
  // CJK characters carry more meaning per char; aim shorter so bytes stay comparable to English lines.
  return fit(templates, r, Math.max(60, Math.round(target * 0.6)), "");
}

/** Appends fresh sentences (never the same one twice) until `target` chars; never exceeds 160. */
function fit(templates: (() => string)[], r: () => number, target: number, sep: string): string {
  const used = new Set<string>();
  let out = "";
  for (let guard = 0; [...out].length < target && guard < 30; guard++) {
    const next = pick(r, templates)();
    if (used.has(next)) continue;
    const joined = out ? out + sep + next : next;
    if ([...joined].length > 160) {
      if ([...out].length >= 60) break;
      continue;
    }
    used.add(next);
    out = joined;
  }
  return out;
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** Generates the card list only (no IO); the same seed and count always give the same cards. */
export function generateCards(count: number, seed = 1): GeneratedCard[] {
  const r = rng(seed);
  const cards: GeneratedCard[] = [];
  for (let i = 0; i < count; i++) {
    const type = TYPES[i % TYPES.length]!;
    const area = pick(r, AREAS);
    const component = pick(r, COMPONENTS);
    const uniq = `${area}-${(i * 7919 + seed) % 100000}`;
    const cjk = r() < 0.15;
    const target = 60 + Math.floor(r() * 101);
    const hook = cjk ? cjkHook(r, target, uniq) : englishHook(r, target, uniq);
    const title = cjk ? `${component} ${pick(r, CJK_SUBJECTS)}注意事项` : `${cap(area)}: ${pick(r, VERBS)} ${component}`;
    const roll = r();
    const priority = roll < 0.01 ? "always" : roll < 0.06 ? "low" : "normal";
    const status = r() < 0.04 ? "stale" : "active";
    const topics = [area, component.split(" ")[0]!.toLowerCase(), pick(r, AREAS)].filter((t, k, all) => all.indexOf(t) === k);
    cards.push({ file: `${type}_${area}_${String(i).padStart(5, "0")}.md`, title, hook, topics, priority, status, cjk });
  }
  return cards;
}

/** What a card file is rendered from (generated cards and the relevance store's hand-written ones). */
export interface CardSource {
  file: string;
  title: string;
  hook: string;
  topics: string[];
  priority: string;
  status: string;
}

/** Renders one card file with the full frontmatter of DESIGN.md. */
export function renderCard(card: CardSource, updatedAt: string, refs: string[] = [], body = ""): string {
  const type = card.file.split("_")[0]!;
  const yamlList = (xs: string[]) => (xs.length === 0 ? " []" : "\n" + xs.map((x) => `  - ${JSON.stringify(x)}`).join("\n"));
  return [
    "---",
    `name: ${JSON.stringify(card.file.replace(/\.md$/, ""))}`,
    `description: ${JSON.stringify(card.hook.slice(0, 200))}`,
    "metadata:",
    "  node_type: memory",
    `  type: ${type}`,
    `  originSessionId: ${JSON.stringify("bench-" + card.file.length.toString(16))}`,
    `topics:${yamlList(card.topics)}`,
    `priority: ${card.priority}`,
    `status: ${card.status}`,
    `updated_at: "${updatedAt}"`,
    `repo_refs:${yamlList(refs)}`,
    "---",
    "",
    `# ${card.title}`,
    "",
    card.hook,
    "",
    "**Why:** recorded after a review comment; keep until the process changes.",
    "",
    ...(body ? [body, ""] : []),
  ].join("\n");
}

/** Writes MEMORY.md and every card into `dir`. */
export function writeStore(dir: string, cards: GeneratedCard[], today = "2026-12-02", seed = 1): GeneratedStore {
  fs.mkdirSync(dir, { recursive: true });
  const r = rng(seed ^ 0x5eed);
  for (const card of cards) {
    const daysAgo = Math.floor(r() * 400);
    const refs = r() < 0.3 ? ["path:package.json"] : [];
    // Real cards carry detail below the frontmatter: one to six short paragraphs here (cards ~0.6–1.9 KB).
    const body = Array.from({ length: 1 + Math.floor(r() * 6) }, () => `**How to apply:** ${englishHook(r, 60 + Math.floor(r() * 300), card.file)}`).join("\n\n");
    fs.writeFileSync(path.join(dir, card.file), renderCard(card, shiftDay(today, -daysAgo), refs, body));
  }
  const index = ["# Memory", "", ...cards.map(renderIndexLine), ""].join("\n");
  fs.writeFileSync(path.join(dir, "MEMORY.md"), index);
  return { dir, cards, indexBytes: Buffer.byteLength(index) };
}

export function shiftDay(day: string, delta: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + delta);
  return d.toISOString().slice(0, 10);
}

/**
 * Records `calls` past hook calls through the hook's own usage API (lib/usage/usage.ts), oldest first over the last
 * 60 days, each hitting a handful of cards with a skewed (a few popular cards) distribution.
 */
export function writeUsage(dir: string, cards: readonly GeneratedCard[], calls: number, today: string, seed = 1): void {
  if (calls <= 0 || cards.length === 0) return;
  const r = rng(seed ^ 0x05a9e);
  for (let c = 0; c < calls; c++) {
    const day = shiftDay(today, -Math.floor(((calls - c) / calls) * 60));
    const hits = new Set<string>();
    const perCall = 3 + Math.floor(r() * 8);
    for (let h = 0; h < perCall; h++) hits.add(cards[Math.floor(r() ** 3 * cards.length)]!.file);
    recordHitsSync(dir, [...hits], day);
  }
  // Steady state of a long-lived store: one snapshot, no folding files left within their grace period.
  foldUsage(dir, today, () => Date.now() + 60_000);
  foldUsage(dir, today, () => Date.now() + 120_000);
  recordHitsSync(dir, [cards[0]!.file], today);
}

/** Generates and writes a store of `cards` cards, with a usage sidecar. */
export function generateStore(options: GenOptions): GeneratedStore {
  const seed = options.seed ?? 1;
  const today = options.today ?? "2026-12-02";
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), `memctl-bench-${options.cards}-`));
  const store = writeStore(dir, generateCards(options.cards, seed), today, seed);
  writeUsage(dir, store.cards, options.usageCalls ?? Math.min(300, options.cards), today, seed);
  ageStore(dir, store.cards);
  return store;
}

/**
 * Backdates the store's files and directory by a day: a real store is at rest when the hook runs, and a
 * derived cache may refuse to record sources modified within the last moments (racy-clean protection).
 */
export function ageStore(dir: string, cards: readonly { file: string }[], ageMs = 86_400_000): void {
  const when = new Date(Date.now() - ageMs);
  for (const c of cards) fs.utimesSync(path.join(dir, c.file), when, when);
  fs.utimesSync(path.join(dir, "MEMORY.md"), when, when);
  fs.utimesSync(dir, when, when);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const cards = Number(arg("cards") ?? 1000);
  if (!Number.isInteger(cards) || cards < 1) {
    process.stderr.write("usage: gen-store.ts --cards N [--seed S] [--out DIR]\n");
    process.exit(2);
  }
  const usage = arg("usage-calls");
  const store = generateStore({ cards, seed: Number(arg("seed") ?? 1), dir: arg("out"), ...(usage ? { usageCalls: Number(usage) } : {}) });
  process.stdout.write(`${store.dir}\t${store.cards.length} cards\t${store.indexBytes} index bytes\n`);
}
