import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);

// lib/core/ascii.ts
function isAsciiText(text) {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return false;
  return true;
}
function isPrintableAscii(text) {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 || c > 126) return false;
  }
  return true;
}
var isDigit = (c) => c >= 48 && c <= 57;
function isAsciiDigits(text) {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) if (!isDigit(text.charCodeAt(i))) return false;
  return true;
}
function isDayShape(text) {
  if (text.length !== 10) return false;
  for (let i = 0; i < 10; i++) {
    const c = text.charCodeAt(i);
    if (i === 4 || i === 7 ? c !== 45 : !isDigit(c)) return false;
  }
  return true;
}
function lowerAsciiRuns(text, digits) {
  const runs = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : -1;
    const inRun = c >= 97 && c <= 122 || digits && isDigit(c);
    if (inRun) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      runs.push(text.slice(start, i));
      start = -1;
    }
  }
  return runs;
}

// lib/core/sanitize.ts
var CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
var INVISIBLE_LAYOUT = /[\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
var JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
function inertText(text) {
  if (!needsInerting(text)) return text;
  return text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`).replace(INVISIBLE_LAYOUT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
function safeJson(value, indent = 2) {
  return JSON.stringify(value, null, indent).replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
function needsInerting(text) {
  return !isPrintableAscii(text) && NEEDS_INERTING.test(text);
}
var NEEDS_INERTING = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

export {
  isAsciiText,
  isPrintableAscii,
  isAsciiDigits,
  isDayShape,
  lowerAsciiRuns,
  inertText,
  safeJson
};
