import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { tempDir } from "../helpers.js";
import { findChromium, launch, tour } from "../support/ui-browser.js";

// memctl ui in a real headless Chromium: every page renders its content with the CSP in force, nothing is
// fetched from elsewhere, and Accept in the review queue writes the card. Under CI a missing browser fails
// (.ci/run installs Debian's chromium); elsewhere the test skips and says why.

const chromium = findChromium();
const missing = chromium === undefined ? "no Chromium at /usr/bin/chromium (apt-get install -y chromium, or set MEMCTL_CHROMIUM)" : undefined;
if (missing && process.env.CI !== "true") console.error(`ui-browser.test.ts: SKIPPED — ${missing}`);

test("each page of memctl ui renders in headless Chromium, and Accept in the review queue writes the card", { skip: process.env.CI !== "true" && missing }, async () => {
  assert.ok(chromium, `CI=true needs a browser: ${missing}`);
  const browser = await launch(chromium);
  try {
    const out = tempDir("memctl-ui-shots-");
    const t = await tour(browser, out);
    assert.deepEqual(t.foreign, [], "no request leaves the server");
    assert.deepEqual(t.errors, [], "no console error or CSP violation");
    assert.match(t.text.cards, /Cards[\s\S]*33 cards · page 1 of 1/);
    assert.match(t.text.cards, /main and release\/\* are protected/);
    assert.match(t.text.search, /matching “database migrations”/);
    assert.match(t.text.search.split("\n").find((l) => /Database migrations/.test(l)) ?? "", /Database migrations/);
    assert.match(t.text.card, /release-checklist[\s\S]*History[\s\S]*\b2\s+update\s+human/);
    assert.match(t.text.card, /Injected into [1-9]\d* prompts?/);
    assert.match(t.text.timeline, /bytes injected per prompt, last 9 prompts/);
    assert.match(t.text.timeline, /session-1[\s\S]*session-2[\s\S]*session-3|session-3[\s\S]*session-2[\s\S]*session-1/);
    assert.match(t.text.review, /Review queue \(2\)[\s\S]*ci\.yml line 40/);
    assert.match(t.text.accepted, /accepted p-[\s\S]*create reference_ci-cache\.md \(rev 1, human\)/);
    assert.match(t.text.accepted, /Review queue \(1\)/);
    assert.ok(fs.existsSync(path.join(t.store.memory, "reference_ci-cache.md")));
    assert.match(t.text.health, /Injected size[\s\S]*budget[\s\S]*Doctor[\s\S]*Sync/);
    for (const shot of t.shots) assert.ok(fs.statSync(shot).size > 5000, `${shot} is a real screenshot`);
  } finally {
    await browser.close();
  }
});
