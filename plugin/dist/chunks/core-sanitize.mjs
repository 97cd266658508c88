import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);

// lib/core/sanitize.ts
var CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
var PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
var INVISIBLE_LAYOUT = /[\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
var JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
function inertText(text) {
  if (!needsInerting(text)) return text;
  return text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`).replace(INVISIBLE_LAYOUT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
function safeJson(value, indent = 2) {
  return JSON.stringify(value, null, indent).replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
function safeJsonString(text) {
  const json = JSON.stringify(text);
  return PRINTABLE_ASCII.test(json) ? json : json.replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
function needsInerting(text) {
  return !PRINTABLE_ASCII.test(text) && NEEDS_INERTING.test(text);
}
var NEEDS_INERTING = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

export {
  PRINTABLE_ASCII,
  inertText,
  safeJson,
  safeJsonString
};
