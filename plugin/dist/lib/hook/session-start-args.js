// lib/hook/session-start-args.ts
function sessionStartArgs(argv) {
  if (argv[0] !== "hook" || argv[1] !== "session-start") return void 0;
  const out = { host: "generic", wiring: "install" };
  for (let i = 2; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--plugin") {
      out.wiring = "plugin";
      continue;
    }
    const eq = arg.indexOf("=");
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    if (flag !== "--host" && flag !== "--max-bytes") return void 0;
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    if (value === void 0 || value.startsWith("-")) return void 0;
    if (flag === "--host") out.host = value;
    else if (/^\d{1,15}$/.test(value)) out.maxBytes = Number(value);
    else return void 0;
  }
  return out;
}
export {
  sessionStartArgs
};
