import fs from "node:fs";
import path from "node:path";
import type { World } from "./fixture.js";

/**
 * An executable node script standing in for the user's model command: it gets the prompt on stdin. `js` runs
 * with `prompt`, `dir` (the world's root), `fs` and `path` in scope. Its file name is the command's name.
 */
export function modelScript(w: World, name: string, js: string): string {
  const file = path.join(w.root, name);
  fs.writeFileSync(
    file,
    `#!${process.execPath}\nconst fs = require("node:fs");\nconst path = require("node:path");\nconst dir = ${JSON.stringify(w.root)};\n` +
      `let prompt = "";\nprocess.stdin.on("data", (c) => (prompt += c));\nprocess.stdin.on("end", () => {\n${js}\n});\n`,
    { mode: 0o755 },
  );
  return file;
}

/**
 * A well-behaved model: keeps the last prompt in <name>.prompt and prints ten keys for the card it was shown,
 * list marks and a preamble included (the parser strips them). A `stand-in.variant` file prefixes each key.
 */
export const KEYS_STAND_IN = `
const name = /\\nname: (.*)\\n/.exec(prompt)[1];
fs.writeFileSync(path.join(dir, path.basename(process.argv[1]) + ".prompt"), prompt);
let v = "";
try { v = fs.readFileSync(path.join(dir, "stand-in.variant"), "utf8") + " "; } catch {}
const keys = [
  "why does NAME keep failing", "NAME cassé après la mise à jour", "how do I configure NAME", "NAME not working after upgrade",
  "what did we decide about NAME", "NAME error in CI", "NAME vs the alternative", "NAME is slow", "where is NAME set up", "NAME best practice",
];
console.log("Here are the keys:");
keys.forEach((k, i) => console.log((i % 2 ? "- " : (i + 1) + ". ") + v + k.replace("NAME", name)));
`;

/**
 * A model that follows the prompt's language ask: English keys always, Chinese or Japanese ones when the prompt
 * names that language. It keeps each prompt it got in <dir>/prompts.log.
 */
export const MULTILINGUAL_STAND_IN = `
const name = /\\nname: (.*)\\n/.exec(prompt)[1];
fs.appendFileSync(path.join(dir, "prompts.log"), prompt + "\\n=====\\n");
const keys = ["why does " + name + " keep failing", "how do I set up " + name, "is " + name + " broken after the upgrade"];
if (/Chinese/.test(prompt)) keys.push(name + " 部署之前要先跑测试", name + " 为什么总是失败", name + " 怎么配置");
if (/Japanese/.test(prompt)) keys.push(name + " デプロイの前にテストを実行", name + " が失敗する理由");
console.log(keys.join("\\n"));
`;

export function recallConfig(w: World, command: string[], timeoutSeconds?: number, extra = ""): void {
  fs.writeFileSync(
    w.env.MEMCTL_CONFIG_FILE!,
    `[recall]\nllm_command = [${command.map((c) => JSON.stringify(c)).join(", ")}]\n${timeoutSeconds !== undefined ? `timeout_seconds = ${timeoutSeconds}\n` : ""}${extra}`,
  );
}
