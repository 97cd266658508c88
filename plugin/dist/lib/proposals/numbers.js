// lib/proposals/numbers.ts
var SMALL = {
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
  ninety: 90
};
var SCALE = { hundred: 100, thousand: 1e3, million: 1e6 };
var NUMBER_WORDS = [...Object.keys(SMALL), ...Object.keys(SCALE)];
function quantities(text) {
  const out = /* @__PURE__ */ new Set();
  const words = text.toLowerCase().match(/\d+(?:[.,]\d+)*|[a-z]+/g) ?? [];
  let total;
  let current = 0;
  const flush = () => {
    if (total !== void 0) out.add(String(total + current));
    total = void 0;
    current = 0;
  };
  for (const w of words) {
    if (/^\d/.test(w)) {
      flush();
      out.add(String(Number(/^\d{1,3}(,\d{3})+$/.test(w) ? w.replace(/,/g, "") : w.replace(",", "."))));
    } else if (w in SMALL) {
      total ??= 0;
      current += SMALL[w];
    } else if (w in SCALE && total !== void 0) {
      const scale = SCALE[w];
      if (scale === 100) current = (current || 1) * 100;
      else {
        total += (current || 1) * scale;
        current = 0;
      }
    } else if (w === "and" && total !== void 0)
      continue;
    else flush();
  }
  flush();
  return out;
}
var UNITS = { min: "minut", mins: "minut", hr: "hour", hrs: "hour", sec: "second", secs: "second", wk: "week", wks: "week" };
function unitTerm(term) {
  return UNITS[term] ?? term;
}
export {
  NUMBER_WORDS,
  quantities,
  unitTerm
};
