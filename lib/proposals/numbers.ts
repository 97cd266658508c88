// The quantities a statement gives, for telling "the same fact" from "the same subject with another value":
// digits ("40", "1,500", "2.5") and English numbers written out ("forty", "forty-five", "two hundred"), each
// read as its value, so "forty minutes" and "40 min" agree and "forty minutes" and "ten minutes" do not.
// Pure. Units written short are read as the word ("40 min" = "40 minutes") by unitTerm.

const SMALL: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALE: Record<string, number> = { hundred: 100, thousand: 1000, million: 1_000_000 };

/** Every written-out number word, for a caller to stem as it stems text. */
export const NUMBER_WORDS: readonly string[] = [...Object.keys(SMALL), ...Object.keys(SCALE)];

/** Every quantity in `text`, as normalised decimal strings ("40", "1500", "2.5"). */
export function quantities(text: string): Set<string> {
  const out = new Set<string>();
  const words = text.toLowerCase().match(/\d+(?:[.,]\d+)*|[a-z]+/g) ?? [];
  let total: number | undefined;
  let current = 0;
  const flush = () => {
    if (total !== undefined) out.add(String(total + current));
    total = undefined;
    current = 0;
  };
  for (const w of words) {
    if (/^\d/.test(w)) {
      flush();
      // "1,500" is a thousands separator; "2,5" (one group of one or two digits) a decimal comma.
      out.add(String(Number(/^\d{1,3}(,\d{3})+$/.test(w) ? w.replace(/,/g, "") : w.replace(",", "."))));
    } else if (w in SMALL) {
      total ??= 0;
      current += SMALL[w]!;
    } else if (w in SCALE && total !== undefined) {
      const scale = SCALE[w]!;
      if (scale === 100) current = (current || 1) * 100;
      else {
        total += (current || 1) * scale;
        current = 0;
      }
    } else if (w === "and" && total !== undefined)
      continue; // "two hundred and five"
    else flush();
  }
  flush();
  return out;
}

// Short forms of units, as the ranker's stems of the long ones: "40 min" and "forty minutes" share "minut".
const UNITS: Record<string, string> = { min: "minut", mins: "minut", hr: "hour", hrs: "hour", sec: "second", secs: "second", wk: "week", wks: "week" };

/** A term with a short unit read as the long one's stem; any other term unchanged. */
export function unitTerm(term: string): string {
  return UNITS[term] ?? term;
}
