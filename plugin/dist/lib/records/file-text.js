// lib/records/file-text.ts
function toView(text) {
  return Buffer.from(text, "utf8").toString("latin1");
}
function fromView(view) {
  return Buffer.from(view, "latin1").toString("utf8");
}
function occurrences(text, needle) {
  const at = [];
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) at.push(i);
  return at;
}
function lineOf(text, index) {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
export {
  fromView,
  lineOf,
  occurrences,
  toView
};
