// lib/usage/legacy.ts
import { decodeBase64url, utf8Text } from "../core/bytes.js";
import { readRegularBytes } from "../store/checked-fs.js";
import { joinPath } from "../store/paths.js";
var REGISTRY = "usage.cards";
var HEADER = "# memctl usage cards v1";
function legacyReader(stateDir) {
  let registry;
  return (fields) => {
    if (registry === void 0) registry = readRegistry(joinPath(stateDir, REGISTRY));
    const head = fields[0];
    if (!registry || head.slice(head.indexOf("@") + 1) !== registry.id) return void 0;
    const numbers = decodeHits(fields[1] ?? "");
    const cards = registry.cards;
    if (!numbers || numbers.some((n) => n >= cards.length)) return void 0;
    return [...numbers.map((n) => cards[n]), ...fields.slice(2)];
  };
}
function readRegistry(file) {
  let text;
  try {
    text = utf8Text(readRegularBytes(file));
  } catch {
    return null;
  }
  const first = text.indexOf("\n");
  const [tag, id] = text.slice(0, Math.max(0, first)).split("	");
  if (tag !== HEADER || !id) return null;
  const last = text.lastIndexOf("\n");
  return { id, cards: last > first ? text.slice(first + 1, last).split("\n") : [] };
}
function decodeHits(field) {
  const body = field.slice(1);
  if (field[0] === "b" && /^[A-Za-z0-9_-]+$/.test(body)) {
    const bits = decodeBase64url(body);
    const out = [];
    for (let i = 0; i < bits.length; i++) for (let b = 0; b < 8; b++) if (bits[i] & 1 << b) out.push(8 * i + b);
    return out;
  }
  if (field[0] === "n" && /^[0-9a-z]+(,[0-9a-z]+)*$/.test(body)) return body.split(",").map((n) => parseInt(n, 36));
  return void 0;
}
export {
  legacyReader
};
