import fs from "node:fs";
import { isCardFile } from "../core/card-rules.js";
import { withoutTypePrefix } from "../core/card-types.js";
import { usageError } from "../core/errors.js";
import { cardNameProblem } from "../records/card-input.js";
import type { Io } from "../store/io.js";
import { bool, parseArgs, type CommandSpec } from "./args.js";
import { commandSummary } from "./command-summary.js";
import { COMMANDS } from "./commands.js";
import { completionScript, SHELLS, type CompletionCommand } from "./completion-scripts.js";
import { requireStore, STORE_FLAGS } from "./store-access.js";

export const spec: CommandSpec = {
  name: "completion",
  summary: commandSummary("completion"),
  positionals: [{ name: "shell", description: SHELLS.join(", "), completes: SHELLS }],
  flags: {
    cards: { type: "boolean", description: "print this project's card names, one a line, only those save could make (what the scripts call to complete a card name)" },
    ...STORE_FLAGS,
  },
  exitCodes: { 0: "script printed", 2: "usage error" },
  notes: [
    "The script is generated from the command registry (commands, their flags, host names); card names are read from the",
    "store when you press TAB after a command that takes one. Save it to a file (generating it takes about a second, too slow",
    'for an rc file\'s eval "$(…)"), and run it again after upgrading memctl.',
  ].join("\n"),
  examples: [
    "memctl completion bash > ~/.local/share/bash-completion/completions/memctl",
    "memctl completion zsh > ~/.zfunc/_memctl   # ~/.zshrc: fpath=(~/.zfunc $fpath) before compinit",
    "memctl completion fish > ~/.config/fish/completions/memctl.fish",
  ],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  if (bool(args, "cards")) {
    io.stdout.write(
      cardNames(args, io)
        .map((n) => `${n}\n`)
        .join(""),
    );
    return 0;
  }
  const shell = args.positionals[0];
  if (!shell || !(SHELLS as readonly string[]).includes(shell)) {
    throw usageError(`name the shell: memctl completion ${SHELLS.join("|")}${shell ? ` ("${shell}" is not one of them)` : ""}`);
  }
  io.stdout.write(completionScript(shell as (typeof SHELLS)[number], await registryCommands()));
  return 0;
}

/** Every command with its flags and what its positionals complete, from the one registry. */
async function registryCommands(): Promise<CompletionCommand[]> {
  return Promise.all(
    Object.entries(COMMANDS).map(async ([name, entry]) => {
      const { flags, positionals } = (await entry.load()).spec;
      return {
        name,
        summary: entry.summary,
        flags: Object.entries(flags).map(([flag, f]) => ({ name: flag, short: f.short, takesValue: f.type !== "boolean", description: f.description })),
        completes: positionals?.[0]?.completes,
      };
    }),
  );
}

/**
 * Card names from the store's file names: a directory listing, cheap enough for every TAB. Silent when there is no
 * store. Only names `save` could make: a shell puts a completed word on the command line as it stands (bash's
 * compgen even expands it), and a pushed or imported file name like `project_$(cmd).md` must not become shell code.
 */
function cardNames(args: ReturnType<typeof parseArgs>, io: Io): string[] {
  try {
    const { memoryDir } = requireStore(args, io);
    return fs
      .readdirSync(memoryDir)
      .filter(isCardFile)
      .map((f) => withoutTypePrefix(f.slice(0, -3)))
      .filter((name) => cardNameProblem(name) === undefined)
      .sort();
  } catch {
    return [];
  }
}
