// The text side of the memory tool's edits (str_replace, insert): where a string occurs, on which line.
// Edits work on a Latin-1 view of the file (one char per byte), so bytes that are not valid UTF-8 survive an
// edit elsewhere in the file; the caller's UTF-8 strings are spliced in as their UTF-8 bytes.
export function toView(text: string): string {
  return Buffer.from(text, "utf8").toString("latin1");
}

export function fromView(view: string): string {
  return Buffer.from(view, "latin1").toString("utf8");
}

export function occurrences(text: string, needle: string): number[] {
  const at: number[] = [];
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) at.push(i);
  return at;
}

export function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
