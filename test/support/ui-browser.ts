// A real headless Chromium (Debian's package, /usr/bin/chromium) driven by puppeteer-core over the web view:
// the browser test and `npm run docs:screenshots` both walk every page through tour().
import fs from "node:fs";
import path from "node:path";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { startUi, type UiServer } from "../../lib/ui/server.js";
import { parseArgs } from "../../lib/cli/args.js";
import { spec } from "../../lib/cli/ui.js";
import { writeContext } from "../../lib/cli/store-access.js";
import { scratchDir } from "./scratch.js";
import { makeUiStore, type UiStore } from "./ui-fixture.js";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

/** The installed Chromium, or undefined (MEMCTL_CHROMIUM overrides the search). */
export function findChromium(): string | undefined {
  const named = process.env.MEMCTL_CHROMIUM;
  if (named) return named;
  return CANDIDATES.find((c) => fs.existsSync(c));
}

export async function launch(executablePath: string): Promise<Browser> {
  // As root Chromium refuses its sandbox; the profile lives in a scratch dir removed at exit.
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  return puppeteer.launch({
    executablePath,
    headless: true,
    userDataDir: scratchDir("memctl-chromium-"),
    args: [...(root ? ["--no-sandbox"] : []), "--disable-gpu", "--no-first-run", "--no-default-browser-check", "--disable-dev-shm-usage"],
    defaultViewport: { width: 1280, height: 900 },
  });
}

export interface Tour {
  store: UiStore;
  ui: UiServer;
  /** Requests the pages made to anywhere but the server (must stay empty). */
  foreign: string[];
  /** Console errors and CSP violations the pages reported. */
  errors: string[];
  text: Record<"cards" | "search" | "card" | "timeline" | "review" | "accepted" | "health", string>;
  shots: string[];
}

/** Walks Cards, a search, one card, the timeline, the review queue (accepting one proposal) and health. */
export async function tour(browser: Browser, outDir: string): Promise<Tour> {
  const store = await makeUiStore(scratchDir("memctl-ui-tour-"), { prompts: 9 });
  const io = store.io();
  const args = parseArgs(spec, []);
  const ui = await startUi({ memoryDir: store.memory, io, readOnly: false, owner: true, writeContext: () => writeContext(args, io, store.memory), project: { allowNonGit: true } });
  const origin = new URL(ui.url).origin;
  const foreign: string[] = [];
  const errors: string[] = [];
  const shots: string[] = [];
  const page: Page = await browser.newPage();
  page.on("request", (r) => {
    if (!r.url().startsWith(`${origin}/`) && !r.url().startsWith("data:")) foreign.push(r.url());
  });
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  const body = () => page.evaluate(() => document.body.innerText);
  const shoot = async (name: string) => {
    const file = path.join(outDir, `${name}.png`);
    await page.screenshot({ path: file, fullPage: false });
    shots.push(file);
  };
  fs.mkdirSync(outDir, { recursive: true });
  try {
    await page.goto(ui.url, { waitUntil: "load" });
    const cards = await body();
    await shoot("cards");
    await page.type('input[name="q"]', "database migrations");
    await Promise.all([page.waitForNavigation(), page.click(".filters button")]);
    const search = await body();
    await Promise.all([
      page.waitForNavigation(),
      page.click('a[href*="card?file=project_release-checklist.md"]').catch(() => page.goto(`${ui.url}card?file=project_release-checklist.md`)),
    ]);
    if (!page.url().includes("release-checklist")) await page.goto(`${ui.url}card?file=project_release-checklist.md`);
    const card = await body();
    await shoot("card");
    await Promise.all([page.waitForNavigation(), page.click('nav a[href$="/timeline"]')]);
    const timeline = await body();
    await shoot("timeline");
    await Promise.all([page.waitForNavigation(), page.click('nav a[href$="/review"]')]);
    const review = await body();
    await shoot("review");
    const first = store.proposals[0]!;
    await Promise.all([page.waitForNavigation(), page.click(`section[id="${first}"] form.accept button`)]);
    const accepted = await body();
    await Promise.all([page.waitForNavigation(), page.click('nav a[href$="/health"]')]);
    const health = await body();
    await shoot("health");
    return { store, ui, foreign, errors, text: { cards, search, card, timeline, review, accepted, health }, shots };
  } finally {
    await page.close();
    await ui.close();
  }
}
