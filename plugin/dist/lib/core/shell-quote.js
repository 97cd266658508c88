// lib/core/shell-quote.ts
function shellQuote(word) {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
function shellWord(word) {
  return /^[A-Za-z0-9_./@:+-]+$/.test(word) ? word : shellQuote(word);
}
export {
  shellQuote,
  shellWord
};
