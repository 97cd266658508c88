// Log lines of the sidecar's previous format (before issue 17), read so that hits pending at an upgrade are counted,
// never dropped: "<day>@<registry>\t<hits>[\t<card>…]", the hits a bitmap ("b" + base64url) or a list ("n" +
// base-36 numbers joined by ",") of card numbers in usage.cards ("# memctl usage cards v1\t<registry>", then one
// card path per line, numbered from 0). Nothing writes this format any more.
import { decodeBase64url, utf8Text } from "../core/bytes.js";
import { readRegularBytes } from "../store/checked-fs.js";
import { joinPath } from "../store/paths.js";

const REGISTRY = "usage.cards";
const HEADER = "# memctl usage cards v1";

/** The card paths of a legacy line's fields, or undefined when they cannot be attributed (another registry, a bad field). */
export type LegacyReader = (fields: readonly string[]) => string[] | undefined;

/** A reader of legacy lines; usage.cards is read once, on the first legacy line met. */
export function legacyReader(stateDir: string): LegacyReader {
  let registry: { id: string; cards: string[] } | undefined | null;
  return (fields) => {
    if (registry === undefined) registry = readRegistry(joinPath(stateDir, REGISTRY));
    const head = fields[0]!;
    if (!registry || head.slice(head.indexOf("@") + 1) !== registry.id) return undefined;
    const numbers = decodeHits(fields[1] ?? "");
    const cards = registry.cards;
    if (!numbers || numbers.some((n) => n >= cards.length)) return undefined;
    return [...numbers.map((n) => cards[n]!), ...fields.slice(2)];
  };
}

function readRegistry(file: string): { id: string; cards: string[] } | null {
  let text: string;
  try {
    text = utf8Text(readRegularBytes(file));
  } catch {
    return null; // none (a store that never had one), or unreadable: its lines stay unattributed
  }
  const first = text.indexOf("\n");
  const [tag, id] = text.slice(0, Math.max(0, first)).split("\t");
  if (tag !== HEADER || !id) return null;
  const last = text.lastIndexOf("\n");
  return { id, cards: last > first ? text.slice(first + 1, last).split("\n") : [] };
}

function decodeHits(field: string): number[] | undefined {
  const body = field.slice(1);
  if (field[0] === "b" && /^[A-Za-z0-9_-]+$/.test(body)) {
    const bits = decodeBase64url(body);
    const out: number[] = [];
    for (let i = 0; i < bits.length; i++) for (let b = 0; b < 8; b++) if (bits[i]! & (1 << b)) out.push(8 * i + b);
    return out;
  }
  if (field[0] === "n" && /^[0-9a-z]+(,[0-9a-z]+)*$/.test(body)) return body.split(",").map((n) => parseInt(n, 36));
  return undefined;
}
