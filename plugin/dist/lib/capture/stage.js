// lib/capture/stage.ts
import { CARD_TYPES } from "../core/card-types.js";
import { MemctlError } from "../core/errors.js";
import { findCardFile } from "../records/card-find.js";
import { propose, readSummaries } from "../proposals/propose.js";
import { recordRestatement } from "../proposals/restate.js";
import { cardSummaries } from "../proposals/review.js";
import { readHold } from "../store/hold.js";
import { compareStatements, prepare, sameMainStatement } from "../proposals/similarity.js";
var DEFAULT_SESSION_LIMIT = 5;
var EXCERPT_MAX = 160;
function captureSourceText(src, c) {
  const words = c.excerpt.replace(/\s+/g, " ").trim();
  const excerpt = [...words].length > EXCERPT_MAX ? `${[...words].slice(0, EXCERPT_MAX - 1).join("")}\u2026` : words;
  return `${sessionTag(src)}, user message ${c.message}: "${excerpt}"`;
}
function sessionTag(src) {
  return `${src.host} session ${src.sessionId}`;
}
async function stageCaptured(options, src, candidates, how = {}) {
  const outcome = { staged: [], skipped: [] };
  const limit = options.limit ?? DEFAULT_SESSION_LIMIT;
  const pending = readSummaries(options.memoryDir);
  const decided = how.includeDecided === false ? [] : readSummaries(options.memoryDir, true);
  const tag = `${sessionTag(src)},`;
  let fromSession = new Set([...pending, ...decided].filter((p) => p.source.startsWith(tag)).map((p) => p.id)).size;
  const known = [
    ...(await liveCards(options.memoryDir)).map((c) => ({ what: `card ${c.file}`, terms: prepare({ description: c.description }) })),
    ...[...pending, ...decided].flatMap(
      (p) => [p.card.description, ...(p.restated ?? []).map((r) => r.description)].filter((d) => d !== void 0 && d !== "").map((d) => ({ what: `proposal ${p.id} (${p.status})`, terms: prepare({ description: d }), ...p.status === "pending" ? { pending: p.id } : {} }))
    )
  ];
  const names = new Set(pending.map((p) => p.card.name));
  for (const c of candidates) {
    if (!CARD_TYPES.includes(c.type)) {
      outcome.skipped.push({ name: c.name, reason: `type "${c.type}" is not a card type` });
      continue;
    }
    const terms = prepare({ description: c.description });
    const same = known.find((k) => compareStatements(k.terms, terms)?.relation === "near_duplicate" || sameMainStatement(k.terms, terms));
    if (same) {
      const record = same.pending ? await restatementOn(options, same.pending, src, c, how) : void 0;
      if (record?.recorded) known.push({ ...same, terms });
      outcome.skipped.push({ name: c.name, reason: `restates ${same.what}${record?.note ? `; ${record.note}` : ""}` });
      continue;
    }
    if (fromSession >= limit) {
      outcome.skipped.push({ name: c.name, reason: `this session already has ${limit} captured proposals (the per-session bound)` });
      continue;
    }
    const name = freeName(options.memoryDir, c.name, names);
    try {
      const p = await propose(
        { memoryDir: options.memoryDir, actor: options.actor, now: options.now, ...options.secrets ? { secrets: options.secrets } : {} },
        {
          card: {
            name,
            type: c.type,
            description: c.description,
            body: `${c.description}

The user said (${sessionTag(src)}, message ${c.message}):

> ${c.excerpt.replace(/\n/g, "\n> ")}
${whyLine(c)}`
          },
          source: how.source ?? captureSourceText(src, c),
          kind: "unverified"
        }
      );
      outcome.staged.push({ id: p.id, name, description: c.description });
      names.add(name);
      known.push({ what: `proposal ${p.id} (pending)`, terms });
      fromSession++;
    } catch (err) {
      if (!(err instanceof MemctlError) || how.rethrow) throw err;
      outcome.skipped.push({ name, reason: `${err.code}: ${err.message.split("\n")[0]}` });
    }
  }
  return outcome;
}
var NOTES = {
  recorded: "recorded on it as said again",
  full: "not recorded on it: it holds as many restatements as it may"
};
async function restatementOn(options, id, src, c, how) {
  try {
    const outcome = await recordRestatement(
      { memoryDir: options.memoryDir, actor: options.actor, now: options.now, ...options.secrets ? { secrets: options.secrets } : {} },
      id,
      { source: how.source ?? captureSourceText(src, c), description: c.description, session: `${sessionTag(src)},` }
    );
    return { recorded: outcome === "recorded", ...NOTES[outcome] ? { note: NOTES[outcome] } : {} };
  } catch (err) {
    if (!(err instanceof MemctlError)) throw err;
    return { recorded: false, note: `not recorded on it: ${err.code}: ${err.message.split("\n")[0]}` };
  }
}
function whyLine(c) {
  const why = c.why ? `
Why it should last, as the capture model read it${c.confidence ? ` (confidence ${c.confidence})` : ""}: ${c.why}
` : "";
  if (c.doubted) return `${why}
Doubted by the capture model's second reading, not sure enough to drop it: ${c.doubted}
`;
  return c.verified ? `${why}
Kept by the capture model's second reading: ${c.verified}
` : why;
}
async function restatedCard(memoryDir, description) {
  const terms = prepare({ description });
  return (await liveCards(memoryDir)).find((c) => compareStatements(prepare({ description: c.description }), terms)?.relation === "near_duplicate")?.file;
}
async function liveCards(memoryDir) {
  const hold = readHold(memoryDir);
  return (await cardSummaries(memoryDir)).filter((c) => c.status !== "superseded" && !hold?.held(c.file));
}
function freeName(memoryDir, base, taken = /* @__PURE__ */ new Set()) {
  for (let i = 1; i < 100; i++) {
    const name = i === 1 ? base : `${base.slice(0, 76)}-${i}`;
    if (taken.has(name)) continue;
    let exists;
    try {
      exists = findCardFile(memoryDir, name) !== void 0;
    } catch {
      exists = true;
    }
    if (!exists) return name;
  }
  return `${base.slice(0, 60)}-${Date.now().toString(36)}`;
}
export {
  DEFAULT_SESSION_LIMIT,
  captureSourceText,
  freeName,
  restatedCard,
  stageCaptured
};
