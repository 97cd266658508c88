import type { Io } from "../store/io.js";
import type { CommandSpec } from "./args.js";

/** A subcommand module: its interface as data and a runner that returns the exit code. */
export interface Command {
  spec: CommandSpec;
  run(args: readonly string[], io: Io): Promise<number>;
}
