// lib/mcp/file-tools.ts
import { assertMayWriteDirectly } from "../records/actor.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { runMemoryCommand } from "../records/file-tools.js";
import { cardLinks, findNamedCard } from "../records/card-links.js";
import { resolveMemoryPath } from "../store/safe-path.js";
import fs from "node:fs";
import path from "node:path";
import { refuseIfReadOnly, refuseSubagent, requireStore, text, writeContext } from "./tool-session.js";
var memoryToolTexts = /* @__PURE__ */ new WeakSet();
function isMemoryToolText(err) {
  return typeof err === "object" && err !== null && memoryToolTexts.has(err);
}
async function fileTool(s, memoryDir, cmd) {
  try {
    return text(await runMemoryCommand(writeContext(s, memoryDir), cmd));
  } catch (err) {
    if (err instanceof MemctlError) memoryToolTexts.add(err);
    throw err;
  }
}
async function memoryView(s, args) {
  const { memoryDir } = requireStore(s);
  if (args.path !== void 0 && args.name !== void 0) throw new MemctlError(ERROR_CODES.E_USAGE, "give path or name, not both");
  let requested = args.path ?? "/memories";
  if (args.name !== void 0) {
    const file = await findNamedCard(memoryDir, args.name);
    if (!file) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no card named "${args.name}"; memory_view with no arguments lists the files`, { name: args.name });
    requested = file;
  }
  const cmd = { command: "view", path: requested };
  if (args.view_range) cmd.view_range = [args.view_range[0], args.view_range[1]];
  const result = await fileTool(s, memoryDir, cmd);
  const links = linksOf(memoryDir, requested);
  if (links.length === 0) return result;
  const listed = links.map((l) => `  ${l.link} -> ${l.target ?? l.status}`).join("\n");
  return { ...result, content: [{ type: "text", text: `${result.content[0].text}

Links in this card:
${listed}` }], structuredContent: { file: requested, links } };
}
function linksOf(memoryDir, requested) {
  const target = resolveMemoryPath(memoryDir, requested);
  if (target.kind !== "file" || !target.rel.endsWith(".md") || /^MEMORY(\.[^/]*)?\.md$/i.test(target.rel)) return [];
  try {
    const text2 = fs.readFileSync(path.join(memoryDir, target.rel), "utf8");
    return cardLinks(memoryDir, text2).map((l) => ({ link: l.link, target: l.target, status: l.status }));
  } catch {
    return [];
  }
}
async function memoryManage(s, args) {
  refuseIfReadOnly(s, `${args.command} memory files`);
  refuseSubagent(s, `${args.command} memory files`);
  assertMayWriteDirectly(s.options.actor, `${args.command} memory files`, s.io);
  const cmd = toMemoryCommand(args);
  const { memoryDir } = requireStore(s);
  return fileTool(s, memoryDir, cmd);
}
function toMemoryCommand(a) {
  const need = {
    create: ["path", "file_text"],
    str_replace: ["path", "old_str"],
    insert: ["path", "insert_line", "insert_text"],
    delete: ["path"],
    rename: ["old_path", "new_path"]
  };
  const missing = need[a.command].filter((k) => a[k] === void 0);
  if (missing.length > 0) {
    const err = new MemctlError(ERROR_CODES.E_USAGE, missing.map((k) => `Error: Parameter \`${k}\` is required for command: ${a.command}`).join("\n"));
    memoryToolTexts.add(err);
    throw err;
  }
  switch (a.command) {
    case "create":
      return { command: "create", path: a.path, file_text: a.file_text };
    case "str_replace":
      return { command: "str_replace", path: a.path, old_str: a.old_str, new_str: a.new_str ?? "" };
    case "insert":
      return { command: "insert", path: a.path, insert_line: a.insert_line, insert_text: a.insert_text };
    case "delete":
      return { command: "delete", path: a.path };
    case "rename":
      return { command: "rename", old_path: a.old_path, new_path: a.new_path };
  }
}
export {
  isMemoryToolText,
  memoryManage,
  memoryView,
  toMemoryCommand
};
