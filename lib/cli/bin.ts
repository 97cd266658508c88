#!/usr/bin/env node
import { processIo } from "../io.js";
import { main } from "./main.js";

// The only place that touches the process exit status.
process.exitCode = await main(process.argv.slice(2), processIo());
