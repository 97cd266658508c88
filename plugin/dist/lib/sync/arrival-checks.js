// lib/sync/arrival-checks.ts
import fs from "node:fs";
import path from "node:path";
import { cardTextProblems, hiddenTextProblem, isCardFile } from "../core/card-rules.js";
import { findSecrets } from "../records/secrets.js";
import { proposalShapeProblem } from "../records/proposal-shape.js";
import { readMerged } from "./merged-read.js";
import { withoutTypePrefix } from "../core/card-types.js";
import { deceptiveNameProblems, lookAlikeIndex } from "../core/look-alike.js";
var PROPOSAL = /^\.memctl\/proposals\/[^/]+\.json$/;
function proposalFileProblems(text, rel) {
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    return ["not a proposal: not JSON"];
  }
  const shape = proposalShapeProblem(parsed);
  if (shape) return [shape];
  return `${parsed.id}.json` === path.basename(rel) ? [] : ["not a proposal: its id is not its file's name"];
}
async function fileProblems(dir, rel, previous, limits, policy) {
  const abs = path.join(dir, rel);
  const st = fs.lstatSync(abs, { throwIfNoEntry: false });
  if (!st) return { problems: [] };
  if (st.isSymbolicLink()) return { problems: [`a symlink (to ${fs.readlinkSync(abs)}): memctl never writes or follows links in a store`] };
  if (!st.isFile()) return { problems: ["not a regular file"] };
  if (st.size > limits.maxFileBytes) return { problems: [`${st.size} bytes; the per-file limit is ${limits.maxFileBytes}`] };
  const problems = [];
  const bytes = readMerged(abs, limits.maxFileBytes);
  if (!bytes) return { problems: bytes === null ? [] : ["not a regular file, or over the per-file limit, when read"] };
  const text = bytes.toString("utf8");
  if (isCardFile(rel)) problems.push(...cardTextProblems(text, previous).map((p) => `breaks the card rules: ${p}`));
  else {
    const hidden = hiddenTextProblem(text);
    if (hidden) problems.push(hidden);
    if (PROPOSAL.test(rel)) problems.push(...proposalFileProblems(text, rel));
  }
  const secrets = await findSecrets(text, policy);
  if (secrets.length > 0) problems.push(`holds a secret (${[...new Set(secrets.map((s) => s.kind))].join(", ")})`);
  return { problems, text };
}
var FILE_KINDS = /* @__PURE__ */ new Set(["new", "edited", "pinned", "file"]);
function overLimits(dir, limits, added, earlier) {
  const counts = (a) => FILE_KINDS.has(a.kind) && a.state !== "quarantined" && a.owners_file !== true;
  const sizeOf = (a) => a.stamp?.[1] ?? fs.lstatSync(path.join(dir, a.path), { throwIfNoEntry: false })?.size ?? 0;
  const candidates = added.filter(counts);
  const paths = new Set(added.map((a) => a.path));
  const usage = { files: 0, bytes: 0 };
  for (const a of earlier)
    if (counts(a) && !paths.has(a.path)) {
      paths.add(a.path);
      usage.files++;
      usage.bytes += sizeOf(a);
    }
  const sized = candidates.map((a) => ({ a, size: sizeOf(a) })).sort((x, y) => y.size - x.size);
  for (const { size } of sized) {
    usage.files++;
    usage.bytes += size;
  }
  for (const { a, size } of sized) {
    if (usage.bytes <= limits.maxTotalBytes && usage.files <= limits.maxFiles) return;
    a.state = "quarantined";
    a.reasons = [
      `what syncs brought in and this machine holds would be ${usage.bytes} bytes in ${usage.files} files; the limits are ${limits.maxTotalBytes} bytes and ${limits.maxFiles} files`
    ];
    usage.bytes -= size;
    usage.files--;
  }
}
var listed = /* @__PURE__ */ new WeakMap();
var stemOf = (f) => withoutTypePrefix(f.slice(0, -".md".length));
function nameFlags(key, dir, rel) {
  let twinOf = listed.get(key);
  if (!twinOf) {
    let cards;
    try {
      cards = fs.readdirSync(dir).filter((f) => isCardFile(f));
    } catch {
      cards = [];
    }
    twinOf = lookAlikeIndex(cards.map((f) => [stemOf(f), f]));
    listed.set(key, twinOf);
  }
  const looks = twinOf(stemOf(rel));
  const reasons = deceptiveNameProblems(stemOf(rel));
  if (looks) reasons.unshift(`its name looks like ${looks}, an existing card, but is not it`);
  return looks ? { looks_like: looks, reasons } : { reasons };
}
export {
  PROPOSAL,
  fileProblems,
  nameFlags,
  overLimits
};
