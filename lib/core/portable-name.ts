// Names Windows cannot hold (Win32 naming rules): a store synced to a Windows machine would fail to check out a file
// named so, and every later merge there with it. memctl keeps a store portable: a merge leaves such a name out and an
// agent's file tool may not create one. Pure.

const RESERVED_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;
const FORBIDDEN_CHARS = /[<>:"|?*\\\u0000-\u001f]/;

/** Why Windows refuses the path component `part`, or undefined when it does not. */
export function windowsNameProblem(part: string): string | undefined {
  if (FORBIDDEN_CHARS.test(part)) return `"${part}" holds a character Windows refuses in a name (< > : " | ? * \\ or a control character)`;
  if (/[. ]$/.test(part) && part !== "." && part !== "..") return `"${part}" ends with a dot or a space, which Windows drops`;
  // A device name with any extension (`aux.md`, `con.tar.gz`) is the device on Windows.
  if (RESERVED_DEVICE.test(part.split(".")[0]!.trimEnd())) return `"${part}" is a device name on Windows (CON, PRN, AUX, NUL, COM1-9, LPT1-9, with any extension)`;
  return undefined;
}

/** The first Windows-refused component of a slash-separated path, or undefined. */
export function windowsPathProblem(rel: string): string | undefined {
  for (const part of rel.split("/")) {
    const problem = windowsNameProblem(part);
    if (problem) return problem;
  }
  return undefined;
}
