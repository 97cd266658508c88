// lib/core/look-alike.ts
var INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/gu;
var MARKS = new RegExp("\\p{M}", "gu");
var AS_LATIN = {
  // Cyrillic
  \u0430: "a",
  \u0435: "e",
  \u0451: "e",
  \u043E: "o",
  \u0440: "p",
  \u0441: "c",
  \u0443: "y",
  \u0445: "x",
  \u0456: "i",
  \u0457: "i",
  \u0458: "j",
  \u0455: "s",
  \u04BB: "h",
  "\u0501": "d",
  "\u051B": "q",
  "\u051D": "w",
  "\u04CF": "l",
  \u0412: "b",
  \u041D: "h",
  \u041A: "k",
  \u041C: "m",
  \u0422: "t",
  // Greek
  \u03B1: "a",
  \u03BF: "o",
  \u03C1: "p",
  \u03BD: "v",
  \u03C5: "u",
  \u03B9: "i",
  \u03BA: "k",
  \u03C7: "x",
  \u03F2: "c",
  \u03F3: "j",
  \u0392: "b",
  \u0395: "e",
  \u0396: "z",
  \u0397: "h",
  \u0399: "i",
  \u039A: "k",
  \u039C: "m",
  \u039D: "n",
  \u03A1: "p",
  \u03A4: "t",
  \u03A5: "y",
  \u03A7: "x",
  // Latin letters outside ASCII drawn as ASCII ones (one script: the mixed-script check never sees them)
  \u0251: "a",
  \u0261: "g",
  \u0131: "i",
  \u0269: "i",
  \u01C0: "l",
  // Armenian, Coptic and Lisu (uncased: its capitals stay) letters drawn as Latin ones
  \u0585: "o",
  \u057D: "u",
  \u0578: "n",
  \u0570: "h",
  \u0581: "g",
  \u0566: "q",
  "\u2C9F": "o",
  "\uA4EE": "a",
  "\uA4D0": "b",
  "\uA4DA": "c",
  "\uA4D3": "d",
  "\uA4F0": "e",
  "\uA4DD": "f",
  "\uA4D6": "g",
  "\uA4E7": "h",
  "\uA4F2": "i",
  "\uA4D9": "j",
  "\uA4D7": "k",
  "\uA4E1": "l",
  "\uA4DF": "m",
  "\uA4E0": "n",
  "\uA4F3": "o",
  "\uA4D1": "p",
  "\uA4E3": "r",
  "\uA4E2": "s",
  "\uA4D4": "t",
  "\uA4F4": "u",
  "\uA4E6": "v",
  "\uA4EA": "w",
  "\uA4EB": "x",
  "\uA4EC": "y",
  "\uA4DC": "z",
  // digits and ASCII drawn alike in most fonts
  "0": "o",
  "1": "l",
  "|": "l"
};
var DASHES = /[\p{Pd}\u2212]/gu;
function nameSkeleton(name) {
  const plain = name.normalize("NFKC").replace(INVISIBLE, "").normalize("NFD").replace(MARKS, "").replace(DASHES, "-");
  let out = "";
  for (const ch of plain) out += AS_LATIN[ch] ?? AS_LATIN[ch.toLowerCase()] ?? ch.toLowerCase();
  return out.replace(/i/g, "l").replace(/rn/g, "m").replace(/vv/g, "w");
}
var SCRIPTS = [
  ["Latin", new RegExp("\\p{Script=Latin}", "u")],
  ["Cyrillic", new RegExp("\\p{Script=Cyrillic}", "u")],
  ["Greek", new RegExp("\\p{Script=Greek}", "u")],
  ["Armenian", new RegExp("\\p{Script=Armenian}", "u")],
  ["Cherokee", new RegExp("\\p{Script=Cherokee}", "u")],
  ["Coptic", new RegExp("\\p{Script=Coptic}", "u")],
  ["Lisu", new RegExp("\\p{Script=Lisu}", "u")]
];
function deceptiveNameProblems(name) {
  const problems = [];
  const hidden = [...new Set(name.match(INVISIBLE) ?? [])];
  if (hidden.length > 0) problems.push(`its name holds an invisible or direction-changing character (${hidden.map(codePoint).join(", ")})`);
  const used = SCRIPTS.filter(([, re]) => [...name].some((ch) => re.test(ch))).map(([s]) => s);
  if (used.length > 1 && used.includes("Latin")) problems.push(`its name mixes ${used.join(" and ")} letters`);
  return problems;
}
function lookAlikeOf(name, names) {
  return lookAlikeIndex(Array.from(names, (n) => [n, n]))(name);
}
function lookAlikeIndex(entries) {
  const byKey = new Map(entries);
  const bySkeleton = /* @__PURE__ */ new Map();
  for (const key of byKey.keys()) {
    const skeleton = nameSkeleton(key);
    const keys = bySkeleton.get(skeleton);
    if (keys) keys.push(key);
    else bySkeleton.set(skeleton, [key]);
  }
  return (name) => {
    const twin = bySkeleton.get(nameSkeleton(name))?.find((key) => key !== name);
    return twin === void 0 ? void 0 : byKey.get(twin);
  };
}
function codePoint(ch) {
  return `U+${ch.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}
export {
  deceptiveNameProblems,
  lookAlikeIndex,
  lookAlikeOf,
  nameSkeleton
};
