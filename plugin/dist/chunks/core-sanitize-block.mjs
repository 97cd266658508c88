import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  inertText
} from "./core-sanitize.mjs";

// lib/core/sanitize-block.ts
function inertBlock(text) {
  return text.split("\n").map((line) => line.split("	").map(inertText).join("	")).join("\n");
}

export {
  inertBlock
};
