// lib/core/sanitize-block.ts
import { inertText } from "./sanitize.js";
function inertBlock(text) {
  if (/^[\x20-\x7e\n\t]*$/.test(text)) return text;
  return text.split("\n").map((line) => line.split("	").map(inertText).join("	")).join("\n");
}
export {
  inertBlock
};
