// Regenerates docs/ui/*.png: the web view's pages in headless Chromium over a fixture store (npm run docs:screenshots).
// Needs `npm run build` first (the fixture runs the built hook) and Chromium (apt-get install -y chromium).
import path from "node:path";
import { findChromium, launch, tour } from "../test/support/ui-browser.js";

const chromium = findChromium();
if (!chromium) throw new Error("no Chromium found: apt-get install -y chromium, or set MEMCTL_CHROMIUM");
const browser = await launch(chromium);
try {
  const t = await tour(browser, path.resolve("docs/ui"));
  for (const shot of t.shots) console.log(path.relative(process.cwd(), shot));
} finally {
  await browser.close();
}
