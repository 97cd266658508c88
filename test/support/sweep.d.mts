// Types of sweep.mjs (plain JS so scripts/run-tests.mjs can import it before tsx is loaded).
export function stopProcessesNaming(dir: string, ms?: number, label?: string): void;
export function processesNaming(dir: string): number[];
