// lib/cli/completion.ts
import fs from "node:fs";
import { isCardFile } from "../core/card-rules.js";
import { withoutTypePrefix } from "../core/card-types.js";
import { usageError } from "../core/errors.js";
import { cardNameProblem } from "../records/card-input.js";
import { bool, parseArgs } from "./args.js";
import { commandSummary } from "./command-summary.js";
import { COMMANDS } from "./commands.js";
import { completionScript, SHELLS } from "./completion-scripts.js";
import { requireStore, STORE_FLAGS } from "./store-access.js";
var spec = {
  name: "completion",
  summary: commandSummary("completion"),
  positionals: [{ name: "shell", description: SHELLS.join(", "), completes: SHELLS }],
  flags: {
    cards: { type: "boolean", description: "print this project's card names, one a line, only those save could make (what the scripts call to complete a card name)" },
    ...STORE_FLAGS
  },
  exitCodes: { 0: "script printed", 2: "usage error" },
  notes: [
    "The script is generated from the command registry (commands, their flags, host names); card names are read from the",
    "store when you press TAB after a command that takes one. Save it to a file (generating it takes about a second, too slow",
    `for an rc file's eval "$(\u2026)"), and run it again after upgrading memctl.`
  ].join("\n"),
  examples: [
    "memctl completion bash > ~/.local/share/bash-completion/completions/memctl",
    "memctl completion zsh > ~/.zfunc/_memctl   # ~/.zshrc: fpath=(~/.zfunc $fpath) before compinit",
    "memctl completion fish > ~/.config/fish/completions/memctl.fish"
  ]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  if (bool(args, "cards")) {
    io.stdout.write(
      cardNames(args, io).map((n) => `${n}
`).join("")
    );
    return 0;
  }
  const shell = args.positionals[0];
  if (!shell || !SHELLS.includes(shell)) {
    throw usageError(`name the shell: memctl completion ${SHELLS.join("|")}${shell ? ` ("${shell}" is not one of them)` : ""}`);
  }
  io.stdout.write(completionScript(shell, await registryCommands()));
  return 0;
}
async function registryCommands() {
  return Promise.all(
    Object.entries(COMMANDS).map(async ([name, entry]) => {
      const { flags, positionals } = (await entry.load()).spec;
      return {
        name,
        summary: entry.summary,
        flags: Object.entries(flags).map(([flag, f]) => ({ name: flag, short: f.short, takesValue: f.type !== "boolean", description: f.description })),
        completes: positionals?.[0]?.completes
      };
    })
  );
}
function cardNames(args, io) {
  try {
    const { memoryDir } = requireStore(args, io);
    return fs.readdirSync(memoryDir).filter(isCardFile).map((f) => withoutTypePrefix(f.slice(0, -3))).filter((name) => cardNameProblem(name) === void 0).sort();
  } catch {
    return [];
  }
}
export {
  run,
  spec
};
