import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  safeJson
} from "./core-sanitize.mjs";
import {
  __commonJS,
  __toESM
} from "./runtime.mjs";

// node_modules/picocolors/picocolors.js
var require_picocolors = __commonJS({
  "node_modules/picocolors/picocolors.js"(exports, module) {
    var p = process || {};
    var argv = p.argv || [];
    var env = p.env || {};
    var isColorSupported = !(!!env.NO_COLOR || argv.includes("--no-color")) && (!!env.FORCE_COLOR || argv.includes("--color") || p.platform === "win32" || (p.stdout || {}).isTTY && env.TERM !== "dumb" || !!env.CI);
    var formatter = (open, close, replace = open) => (input) => {
      let string = "" + input, index = string.indexOf(close, open.length);
      return ~index ? open + replaceClose(string, close, replace, index) + close : open + string + close;
    };
    var replaceClose = (string, close, replace, index) => {
      let result = "", cursor = 0;
      do {
        result += string.substring(cursor, index) + replace;
        cursor = index + close.length;
        index = string.indexOf(close, cursor);
      } while (~index);
      return result + string.substring(cursor);
    };
    var createColors = (enabled = isColorSupported) => {
      let f = enabled ? formatter : () => String;
      return {
        isColorSupported: enabled,
        reset: f("\x1B[0m", "\x1B[0m"),
        bold: f("\x1B[1m", "\x1B[22m", "\x1B[22m\x1B[1m"),
        dim: f("\x1B[2m", "\x1B[22m", "\x1B[22m\x1B[2m"),
        italic: f("\x1B[3m", "\x1B[23m"),
        underline: f("\x1B[4m", "\x1B[24m"),
        inverse: f("\x1B[7m", "\x1B[27m"),
        hidden: f("\x1B[8m", "\x1B[28m"),
        strikethrough: f("\x1B[9m", "\x1B[29m"),
        black: f("\x1B[30m", "\x1B[39m"),
        red: f("\x1B[31m", "\x1B[39m"),
        green: f("\x1B[32m", "\x1B[39m"),
        yellow: f("\x1B[33m", "\x1B[39m"),
        blue: f("\x1B[34m", "\x1B[39m"),
        magenta: f("\x1B[35m", "\x1B[39m"),
        cyan: f("\x1B[36m", "\x1B[39m"),
        white: f("\x1B[37m", "\x1B[39m"),
        gray: f("\x1B[90m", "\x1B[39m"),
        bgBlack: f("\x1B[40m", "\x1B[49m"),
        bgRed: f("\x1B[41m", "\x1B[49m"),
        bgGreen: f("\x1B[42m", "\x1B[49m"),
        bgYellow: f("\x1B[43m", "\x1B[49m"),
        bgBlue: f("\x1B[44m", "\x1B[49m"),
        bgMagenta: f("\x1B[45m", "\x1B[49m"),
        bgCyan: f("\x1B[46m", "\x1B[49m"),
        bgWhite: f("\x1B[47m", "\x1B[49m"),
        blackBright: f("\x1B[90m", "\x1B[39m"),
        redBright: f("\x1B[91m", "\x1B[39m"),
        greenBright: f("\x1B[92m", "\x1B[39m"),
        yellowBright: f("\x1B[93m", "\x1B[39m"),
        blueBright: f("\x1B[94m", "\x1B[39m"),
        magentaBright: f("\x1B[95m", "\x1B[39m"),
        cyanBright: f("\x1B[96m", "\x1B[39m"),
        whiteBright: f("\x1B[97m", "\x1B[39m"),
        bgBlackBright: f("\x1B[100m", "\x1B[49m"),
        bgRedBright: f("\x1B[101m", "\x1B[49m"),
        bgGreenBright: f("\x1B[102m", "\x1B[49m"),
        bgYellowBright: f("\x1B[103m", "\x1B[49m"),
        bgBlueBright: f("\x1B[104m", "\x1B[49m"),
        bgMagentaBright: f("\x1B[105m", "\x1B[49m"),
        bgCyanBright: f("\x1B[106m", "\x1B[49m"),
        bgWhiteBright: f("\x1B[107m", "\x1B[49m")
      };
    };
    module.exports = createColors();
    module.exports.createColors = createColors;
  }
});

// lib/cli/output.ts
var import_picocolors = __toESM(require_picocolors(), 1);
function colorsFor(io) {
  const forced = io.env.FORCE_COLOR !== void 0 && io.env.FORCE_COLOR !== "0";
  const disabled = Boolean(io.env.NO_COLOR) || io.env.TERM === "dumb";
  return import_picocolors.default.createColors(forced || !disabled && io.stdout.isTTY === true);
}
function progressLine(io, options = {}) {
  if (!io.stderr.isTTY) return { done: () => {
  } };
  const clock = () => io.now().getTime();
  const start = clock();
  let last = -Infinity;
  let shown = false;
  let text = "";
  return {
    update: (next, final = false) => {
      text = next;
      const now = clock();
      if (now - start < (options.afterMs ?? 0) || !final && now - last < 100) return;
      last = now;
      shown = true;
      io.stderr.write(`\r${text}\x1B[K`);
    },
    done: () => {
      if (shown) io.stderr.write(`\r${text}\x1B[K
`);
      shown = false;
    }
  };
}
function printJson(io, report) {
  io.stdout.write(safeJson({ schema_version: 1, ...report }) + "\n");
}
function printJsonItems(io, report, key, items, item, keep) {
  if (items.length === 0) {
    printJson(io, { ...report, [key]: [] });
    return;
  }
  const [head, tail] = jsonItemsFrame(report, key);
  const out = chunkedWriter(io, void 0, keep);
  if (keep) io.stdout.write(head);
  else out.add(head);
  for (let i = 0; i < items.length; i++) out.add(i === 0 ? item(items[i]) : `,
${item(items[i])}`);
  if (!keep) out.add(tail);
  out.end();
  if (keep) io.stdout.write(tail);
}
function jsonItemsFrame(report, key) {
  const whole = safeJson({ schema_version: 1, ...report, [key]: [0] });
  const at = whole.lastIndexOf("\n    0\n");
  return [whole.slice(0, at + 1), `${whole.slice(at + 6)}
`];
}
function chunkedWriter(io, size = 1 << 20, keep) {
  let parts = [];
  let length = 0;
  const flush = () => {
    if (parts.length > 0 && keep) {
      const piece = Buffer.from(parts.join(""), "utf8");
      io.stdout.write(piece);
      keep.push(piece);
    } else if (parts.length > 0) io.stdout.write(parts.join(""));
    parts = [];
    length = 0;
  };
  return {
    add(text) {
      parts.push(text);
      length += text.length;
      if (length >= size) flush();
    },
    end: flush
  };
}
function padEnd(text, width) {
  return text + " ".repeat(Math.max(0, width - displayWidth(text)));
}
function displayWidth(text) {
  if (allNarrow(text, text.length)) return text.length;
  let width = 0;
  for (const ch of text) width += isWide(ch.codePointAt(0)) ? 2 : 1;
  return width;
}
function allNarrow(text, n) {
  for (let i = 0; i < n && i < text.length; i++) if (text.charCodeAt(i) >= 4352) return false;
  return true;
}
function isWide(cp) {
  return cp >= 4352 && cp <= 4447 || cp >= 11904 && cp <= 42191 || cp >= 44032 && cp <= 55203 || cp >= 63744 && cp <= 64255 || cp >= 65072 && cp <= 65103 || cp >= 65280 && cp <= 65376 || cp >= 65504 && cp <= 65510 || cp >= 127744 && cp <= 129791 || cp >= 131072 && cp <= 262141;
}

export {
  require_picocolors,
  colorsFor,
  progressLine,
  printJson,
  printJsonItems,
  jsonItemsFrame,
  chunkedWriter,
  padEnd,
  displayWidth,
  allNarrow
};
