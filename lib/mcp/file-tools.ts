// memory_view and memory_manage: Anthropic's memory tool commands over the path-safe file tools
// (lib/records/file-tools.ts), with the tool's own error texts shown to the model verbatim.
import { assertMayWriteDirectly } from "../records/actor.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { runMemoryCommand, type MemoryCommand } from "../records/file-tools.js";
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

export async function memoryView(s: ToolSession, args: { path?: string; view_range?: number[] }): Promise<ToolResult> {
  const { memoryDir } = requireStore(s);
  const cmd: MemoryCommand = { command: "view", path: args.path ?? "/memories" };
  if (args.view_range) cmd.view_range = [args.view_range[0]!, args.view_range[1]!];
  return fileTool(s, memoryDir, cmd);
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
