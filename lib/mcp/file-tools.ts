// memory_view and memory_manage: Anthropic's memory tool commands over the path-safe file tools
// (lib/records/file-tools.ts), with the tool's own error texts shown to the model verbatim.
import { assertMayWriteDirectly } from "../records/actor.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { runMemoryCommand, type MemoryCommand } from "../records/file-tools.js";
import { cardLinks, findNamedCard } from "../records/card-links.js";
import { resolveMemoryPath } from "../store/safe-path.js";
import fs from "node:fs";
import path from "node:path";
import { refuseIfReadOnly, refuseSubagent, requireStore, text, writeContext, type ToolResult, type ToolSession } from "./tool-session.js";

export type ManageArgs = {
  command: "create" | "str_replace" | "insert" | "delete" | "rename";
  path?: string;
  file_text?: string;
  old_str?: string;
  new_str?: string;
  insert_line?: number;
  insert_text?: string;
  old_path?: string;
  new_path?: string;
};

// Errors whose message is the memory tool's own text (file tools, missing parameters): shown to the model
// verbatim, as Anthropic's tool would. Every other error is shown with its code in front.
const memoryToolTexts = new WeakSet<object>();

export function isMemoryToolText(err: unknown): boolean {
  return typeof err === "object" && err !== null && memoryToolTexts.has(err);
}

async function fileTool(s: ToolSession, memoryDir: string, cmd: MemoryCommand): Promise<ToolResult> {
  try {
    return text(await runMemoryCommand(writeContext(s, memoryDir), cmd));
  } catch (err) {
    if (err instanceof MemctlError) memoryToolTexts.add(err);
    throw err;
  }
}

/**
 * A file or directory by path, or a card by `name` (found as `memctl show` finds it). A card's links are listed
 * after its text, as show lists them: each `[[name]]` or `(file.md)` with the card it reaches, or dead / unsafe.
 */
export async function memoryView(s: ToolSession, args: { path?: string; name?: string; view_range?: number[] }): Promise<ToolResult> {
  const { memoryDir } = requireStore(s);
  if (args.path !== undefined && args.name !== undefined) throw new MemctlError(ERROR_CODES.E_USAGE, "give path or name, not both");
  let requested = args.path ?? "/memories";
  if (args.name !== undefined) {
    const file = await findNamedCard(memoryDir, args.name);
    if (!file) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no card named "${args.name}"; memory_view with no arguments lists the files`, { name: args.name });
    requested = file;
  }
  const cmd: MemoryCommand = { command: "view", path: requested };
  if (args.view_range) cmd.view_range = [args.view_range[0]!, args.view_range[1]!];
  const result = await fileTool(s, memoryDir, cmd);
  const links = linksOf(memoryDir, requested);
  if (links.length === 0) return result;
  const listed = links.map((l) => `  ${l.link} -> ${l.target ?? l.status}`).join("\n");
  return { ...result, content: [{ type: "text", text: `${result.content[0]!.text}\n\nLinks in this card:\n${listed}` }], structuredContent: { file: requested, links } };
}

/** The links of the card at `requested` (already read safely by the view), none for MEMORY.md or a directory. */
function linksOf(memoryDir: string, requested: string): { link: string; target: string | null; status: string }[] {
  const target = resolveMemoryPath(memoryDir, requested);
  if (target.kind !== "file" || !target.rel.endsWith(".md") || /^MEMORY(\.[^/]*)?\.md$/i.test(target.rel)) return [];
  try {
    const text = fs.readFileSync(path.join(memoryDir, target.rel), "utf8");
    return cardLinks(memoryDir, text).map((l) => ({ link: l.link, target: l.target, status: l.status }));
  } catch {
    return [];
  }
}

export async function memoryManage(s: ToolSession, args: ManageArgs): Promise<ToolResult> {
  refuseIfReadOnly(s, `${args.command} memory files`);
  refuseSubagent(s, `${args.command} memory files`);
  // Read per call, like the store: the owner's opt-in (or its withdrawal) applies without restarting the host.
  assertMayWriteDirectly(s.options.actor, `${args.command} memory files`, s.io);
  const cmd = toMemoryCommand(args);
  const { memoryDir } = requireStore(s);
  return fileTool(s, memoryDir, cmd);
}

/** The memory tool's arguments for one command; every missing parameter is named at once. */
export function toMemoryCommand(a: ManageArgs): MemoryCommand {
  const need: Record<ManageArgs["command"], (keyof ManageArgs)[]> = {
    create: ["path", "file_text"],
    str_replace: ["path", "old_str"],
    insert: ["path", "insert_line", "insert_text"],
    delete: ["path"],
    rename: ["old_path", "new_path"],
  };
  const missing = need[a.command].filter((k) => a[k] === undefined);
  if (missing.length > 0) {
    const err = new MemctlError(ERROR_CODES.E_USAGE, missing.map((k) => `Error: Parameter \`${k}\` is required for command: ${a.command}`).join("\n"));
    memoryToolTexts.add(err);
    throw err;
  }
  switch (a.command) {
    case "create":
      return { command: "create", path: a.path!, file_text: a.file_text! };
    case "str_replace":
      return { command: "str_replace", path: a.path!, old_str: a.old_str!, new_str: a.new_str ?? "" };
    case "insert":
      return { command: "insert", path: a.path!, insert_line: a.insert_line!, insert_text: a.insert_text! };
    case "delete":
      return { command: "delete", path: a.path! };
    case "rename":
      return { command: "rename", old_path: a.old_path!, new_path: a.new_path! };
  }
}
