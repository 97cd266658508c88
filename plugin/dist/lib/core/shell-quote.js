// lib/core/shell-quote.ts
import { inertText } from "./sanitize.js";
function shellQuote(word) {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
function shellWord(word) {
  return /^[A-Za-z0-9_./@:+-]+$/.test(word) ? word : shellQuote(word);
}
function pastedWord(word) {
  return shellWord(inertText(word));
}
export {
  pastedWord,
  shellQuote,
  shellWord
};
