// lib/core/portable-name.ts
var RESERVED_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;
var FORBIDDEN_CHARS = /[<>:"|?*\\\u0000-\u001f]/;
function windowsNameProblem(part) {
  if (FORBIDDEN_CHARS.test(part)) return `"${part}" holds a character Windows refuses in a name (< > : " | ? * \\ or a control character)`;
  if (/[. ]$/.test(part) && part !== "." && part !== "..") return `"${part}" ends with a dot or a space, which Windows drops`;
  if (RESERVED_DEVICE.test(part.split(".")[0].trimEnd())) return `"${part}" is a device name on Windows (CON, PRN, AUX, NUL, COM1-9, LPT1-9, with any extension)`;
  return void 0;
}
function windowsPathProblem(rel) {
  for (const part of rel.split("/")) {
    const problem = windowsNameProblem(part);
    if (problem) return problem;
  }
  return void 0;
}
export {
  windowsNameProblem,
  windowsPathProblem
};
