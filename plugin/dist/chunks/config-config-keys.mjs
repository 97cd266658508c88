import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  closest
} from "./core-closest.mjs";
import {
  joinPath
} from "./store-paths.mjs";
import {
  exists,
  readUtf8
} from "./core-bytes.mjs";
import {
  ERROR_CODES,
  MemctlError,
  systemCode
} from "./core-errors.mjs";

// lib/config/hosts.ts
var HOST_POLICY_NAME = /^[a-z][a-z0-9._-]{0,31}$/;
var KNOWN_HOST_KEYS = /* @__PURE__ */ new Set(["write"]);
function validateHostsTable(raw, invalid, warn) {
  const hosts = {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw) || raw instanceof Date) {
    invalid("hosts must be a table of [hosts.<name>] entries, e.g. [hosts.claude] with write = true");
    return hosts;
  }
  for (const [name, entry] of Object.entries(raw)) {
    const where = HOST_POLICY_NAME.test(name) ? `hosts.${name}` : `hosts.${JSON.stringify(name)}`;
    if (!HOST_POLICY_NAME.test(name)) {
      invalid(`${where} is not a host name (lowercase letters, digits, . _ -, as in host:claude); it grants nothing`);
      continue;
    }
    if (typeof entry !== "object" || entry === null || Array.isArray(entry) || entry instanceof Date) {
      invalid(`${where} must be a table, e.g. [${where}] with write = true`);
      continue;
    }
    const table = entry;
    for (const key of Object.keys(table)) if (!KNOWN_HOST_KEYS.has(key)) warn(`unknown key "${key}" in [${where}] (kept as is; the only key is write)`);
    if (table.write !== void 0 && typeof table.write !== "boolean") {
      invalid(`${where}.write must be true or false, got ${JSON.stringify(table.write)}; until it is fixed host:${name} may not write directly`);
      continue;
    }
    hosts[name] = { write: table.write === true };
  }
  return hosts;
}
function hostOf(actor) {
  return actor.startsWith("host:") ? actor.slice("host:".length) : void 0;
}
function hostOptInText(host) {
  return `[hosts.${host}]
write = true`;
}

// lib/config/recall.ts
import path from "node:path";
var DEFAULT_RECALL_TIMEOUT_SECONDS = 60;
var KEYS = ["llm_command", "timeout_seconds", "on_save", "languages"];
function validateRecallTable(raw, invalid, unknown) {
  const out = {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw) || raw instanceof Date) {
    invalid('recall must be a table, e.g. [recall] llm_command = ["claude", "-p"]');
    return out;
  }
  const r = raw;
  for (const key of Object.keys(r)) if (!KEYS.includes(key)) unknown(`unknown key "recall.${key}" (ignored); the known keys are ${KEYS.join(", ")}`);
  if (r.llm_command !== void 0) {
    const cmd = r.llm_command;
    if (!Array.isArray(cmd) || cmd.length === 0 || !cmd.every((a) => typeof a === "string") || cmd[0] === "")
      invalid('recall.llm_command must be a non-empty list of strings, e.g. ["claude", "-p"]');
    else out.llm_command = cmd;
  }
  if (r.timeout_seconds !== void 0) {
    if (typeof r.timeout_seconds !== "number" || !(r.timeout_seconds > 0)) invalid("recall.timeout_seconds must be a positive number");
    else out.timeout_seconds = r.timeout_seconds;
  }
  if (r.on_save !== void 0) {
    if (typeof r.on_save !== "boolean") invalid("recall.on_save must be true or false (it stays off until it is)");
    else out.on_save = r.on_save;
  }
  if (r.languages !== void 0) {
    const langs = r.languages;
    if (!Array.isArray(langs) || !langs.every((l) => typeof l === "string" && l.trim() !== "" && l.length <= 40) || langs.length > 12)
      invalid('recall.languages must be a list of at most 12 language names, e.g. ["Chinese", "French"]');
    else out.languages = langs.map((l) => l.trim());
  }
  return out;
}
function recallModel(config) {
  const own = config.recall?.llm_command;
  const command = own ?? config.compact?.llm_command;
  if (!command || command.length === 0) return void 0;
  const seconds = config.recall?.timeout_seconds ?? DEFAULT_RECALL_TIMEOUT_SECONDS;
  return {
    command,
    timeoutMs: seconds * 1e3,
    from: own ? "[recall] llm_command" : "[compact] llm_command",
    actor: `model:${modelName(command[0])}`,
    languages: config.recall?.languages ?? []
  };
}
function modelName(cmd) {
  const base = path.basename(cmd).replace(/[^A-Za-z0-9._@-]/g, "-").replace(/^[^A-Za-z0-9]+/, "");
  return (base || "command").slice(0, 128);
}
function recallSetupHint(configFile) {
  return `no model command is configured: add to ${configFile}
  [recall]
  llm_command = ["claude", "-p"]
(the card's prompt arrives on stdin; the command prints one key per line; [compact] llm_command is used when [recall] sets none)`;
}

// hosts/types.ts
var HOST_NAMES = ["claude", "codex", "opencode", "grok", "generic"];

// hosts/deliver.ts
var SHARED_BUDGET = Object.freeze({ maxBytes: 3e3, maxEntries: 20 });
var HARD_CEILING_BYTES = 8e3;
function asAdditionalContext(text) {
  return {
    stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: text } }) + "\n",
    stderr: "",
    exitCode: 0
  };
}
function asSessionStartContext(text) {
  return asJson(text, (context) => ({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: context } }));
}
function asSessionStartWithNotice(text, notice) {
  if (!notice) return asSessionStartContext(text);
  return asJson(text, (context) => ({ systemMessage: notice, hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: context } }));
}
function asPlainText(text) {
  return typeof text === "string" ? { stdout: text, stderr: "", exitCode: 0 } : chunked(text.utf8());
}
function asJson(text, shape) {
  if (typeof text === "string") return { stdout: JSON.stringify(shape(text)) + "\n", stderr: "", exitCode: 0 };
  const whole = JSON.stringify(shape(MARK));
  const at = whole.lastIndexOf(MARK_JSON);
  return chunked([Buffer.from(`${whole.slice(0, at)}"`, "utf8"), ...text.json(), Buffer.from(`"${whole.slice(at + MARK_JSON.length)}
`, "utf8")]);
}
var MARK = "\0memctl-text\0";
var MARK_JSON = JSON.stringify(MARK);
function chunked(chunks) {
  let stdout;
  return {
    chunks,
    get stdout() {
      stdout ??= Buffer.concat(chunks).toString("utf8");
      return stdout;
    },
    stderr: "",
    exitCode: 0
  };
}
function unavailableVia(deliver) {
  return (text, reason) => ({ ...deliver(text), stderr: `memctl: memory index unavailable: ${reason}
` });
}

// hosts/claude/auto-memory.ts
import fs from "node:fs";
import path2 from "node:path";
function claudeLoadsStoreNatively(q) {
  if (path2.resolve(q.memoryDir) !== path2.resolve(q.autoMemoryDir)) return false;
  return claudeAutoMemoryOn(q);
}
function claudeAutoMemoryOn(q) {
  const off = q.env.CLAUDE_CODE_DISABLE_AUTO_MEMORY;
  if (off !== void 0 && off !== "" && off !== "0" && off.toLowerCase() !== "false") return false;
  const userDir = q.env.CLAUDE_CONFIG_DIR || path2.join(q.home, ".claude");
  for (const file of [path2.join(q.projectRoot, ".claude", "settings.local.json"), path2.join(q.projectRoot, ".claude", "settings.json"), path2.join(userDir, "settings.json")]) {
    const value = settingOf(file);
    if (typeof value === "boolean") return value;
  }
  return true;
}
function settingOf(file) {
  let text;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return void 0;
  }
  if (!text.includes("autoMemoryEnabled")) return void 0;
  try {
    return JSON.parse(text).autoMemoryEnabled;
  } catch {
    return void 0;
  }
}
var AUTO_MEMORY_FIX = 'set "autoMemoryEnabled": false in ~/.claude/settings.json (every project) or .claude/settings.local.json (this one): `memctl install claude` (or `--scope local`) does it';
function claudeAutoMemoryWritesStore(q) {
  const claudeJson = path2.join(q.env.CLAUDE_CONFIG_DIR || q.home, ".claude.json");
  return fs.existsSync(claudeJson) && claudeLoadsStoreNatively(q);
}

// hosts/payload.ts
function normalizePayload(raw) {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return void 0;
  const o = raw;
  const prompt = firstString(o.prompt, o.user_prompt, o.userPrompt, o.message);
  if (prompt === void 0) return void 0;
  const cwd = firstString(o.cwd, o.workspaceRoot, o.workspace_root);
  const sessionId = firstString(o.session_id, o.sessionId);
  return { prompt, ...cwd ? { cwd } : {}, ...sessionId ? { sessionId } : {} };
}
function firstString(...values) {
  for (const v of values) if (typeof v === "string") return v;
  return void 0;
}

// hosts/claude/adapter.ts
var claude = {
  name: "claude",
  budget: { maxBytes: 1500, maxEntries: 10 },
  budgetWithoutNativeIndex: SHARED_BUDGET,
  loadsIndexNatively: claudeLoadsStoreNatively,
  hardCeilingBytes: HARD_CEILING_BYTES,
  nativeMemory: "auxiliary",
  logCommand: "/mem-log",
  normalize: normalizePayload,
  injectsContext: true,
  keepsContext: true,
  context: asAdditionalContext,
  sessionContext: asSessionStartWithNotice,
  unavailable: unavailableVia(asAdditionalContext)
};

// hosts/codex/adapter.ts
var codex = {
  name: "codex",
  budget: SHARED_BUDGET,
  hardCeilingBytes: HARD_CEILING_BYTES,
  nativeMemory: "auxiliary",
  logCommand: "$mem-log",
  normalize: normalizePayload,
  injectsContext: true,
  keepsContext: true,
  context: asAdditionalContext,
  sessionContext: asSessionStartContext,
  unavailable: unavailableVia(asAdditionalContext)
};

// hosts/generic/adapter.ts
var generic = {
  name: "generic",
  budget: SHARED_BUDGET,
  hardCeilingBytes: HARD_CEILING_BYTES,
  nativeMemory: "unknown",
  logCommand: "memctl log",
  normalize: normalizePayload,
  injectsContext: true,
  keepsContext: false,
  context: asPlainText,
  sessionContext: asPlainText,
  unavailable: unavailableVia(asPlainText)
};

// hosts/grok/adapter.ts
var grok = {
  name: "grok",
  budget: SHARED_BUDGET,
  hardCeilingBytes: HARD_CEILING_BYTES,
  nativeMemory: "unknown",
  logCommand: "/mem-log",
  normalize: normalizePayload,
  injectsContext: false,
  keepsContext: false,
  context: asPlainText,
  sessionContext: asPlainText,
  unavailable: unavailableVia(asPlainText)
};

// hosts/opencode/adapter.ts
var opencode = {
  name: "opencode",
  budget: SHARED_BUDGET,
  hardCeilingBytes: HARD_CEILING_BYTES,
  nativeMemory: "unknown",
  logCommand: "/mem-log",
  normalize: normalizePayload,
  injectsContext: true,
  keepsContext: false,
  context: asPlainText,
  sessionContext: asPlainText,
  unavailable: unavailableVia(asPlainText)
};

// hosts/index.ts
var HOSTS = { claude, codex, generic, grok, opencode };
function isHostName(name) {
  return HOST_NAMES.includes(name);
}
function hostAdapter(name) {
  return isHostName(name) ? HOSTS[name] : void 0;
}

// lib/config/config.ts
import path4 from "node:path";

// node_modules/smol-toml/dist/error.js
function getLineColFromPtr(string, ptr) {
  let lines = string.slice(0, ptr).split(/\r?\n/);
  return [lines.length, lines.pop().length + 1];
}
function makeCodeBlock(string, line, column) {
  let lines = string.split(/\r?\n/);
  let codeblock = "";
  let numberLen = (Math.log10(line + 1) | 0) + 1;
  for (let i = line - 1; i <= line + 1; i++) {
    let l = lines[i - 1];
    if (!l)
      continue;
    codeblock += i.toString().padEnd(numberLen, " ");
    codeblock += ":  ";
    codeblock += l;
    codeblock += "\n";
    if (i === line) {
      codeblock += " ".repeat(numberLen + column + 2);
      codeblock += "^\n";
    }
  }
  return codeblock;
}
var TomlError = class _TomlError extends Error {
  line;
  column;
  codeblock;
  constructor(message, options) {
    const [line, column] = getLineColFromPtr(options.toml, options.ptr);
    const codeblock = makeCodeBlock(options.toml, line, column);
    super(`Invalid TOML document: ${message}

${codeblock}`, options);
    this.line = line;
    this.column = column;
    this.codeblock = codeblock;
  }
  /** @internal */
  static x(message, ctx, ptr) {
    throw new _TomlError(message, { toml: ctx.s, ptr: ptr ?? ctx.p });
  }
};

// node_modules/smol-toml/dist/primitive.js
function parseString(ctx) {
  let startPtr = ctx.p;
  let c = ctx.s.charCodeAt(ctx.p++);
  let first = c;
  let isLiteral = c === 39;
  let isMultiline = c === ctx.s.charCodeAt(ctx.p) && c === ctx.s.charCodeAt(ctx.p + 1);
  if (isMultiline) {
    if ((c = ctx.s.charCodeAt(ctx.p += 2)) === 10)
      ctx.p++;
    else if (c === 13 && ctx.s.charCodeAt(ctx.p + 1) === 10)
      ctx.p += 2;
  }
  let parsed = "";
  let sliceStart = ctx.p;
  let state = 0;
  for (; ctx.p < ctx.s.length; ctx.p++) {
    c = ctx.s.charCodeAt(ctx.p);
    if (isMultiline && (c === 10 || c === 13 && ctx.s.charCodeAt(ctx.p + 1) === 10)) {
      state = state && 3;
    } else if (c < 32 && c !== 9 || c === 127) {
      TomlError.x("control characters are not allowed in strings", ctx);
    } else if ((!state || state === 3) && c === first && (!isMultiline || ctx.s.charCodeAt(ctx.p + 1) === first && ctx.s.charCodeAt(ctx.p + 2) === first)) {
      if (isMultiline) {
        if (ctx.s.charCodeAt(ctx.p + 3) === first)
          ctx.p++;
        if (ctx.s.charCodeAt(ctx.p + 3) === first)
          ctx.p++;
      }
      if (!state) {
        let s = ctx.s.slice(sliceStart, ctx.p);
        parsed = parsed ? parsed + s : s;
      }
      ctx.p += isMultiline ? 3 : 1;
      return parsed;
    } else if (!state) {
      if (!isLiteral && c === 92) {
        parsed += ctx.s.slice(sliceStart, sliceStart = ctx.p);
        state = 1;
      }
    } else if (state === 1) {
      if (c === 120 || c === 117 || c === 85) {
        let errPtr = ctx.p++ - 1;
        let value = 0;
        let len = c === 120 ? 2 : c === 117 ? 4 : 8;
        for (let j = 0; j < len; j++, ctx.p++) {
          let hex = ctx.s.charCodeAt(ctx.p);
          let digit = (
            /* 0-9 */
            hex >= 48 && hex <= 57 ? hex - 48 : (
              /* A-F */
              hex >= 65 && hex <= 70 ? hex - 65 + 10 : (
                /* a-f */
                hex >= 97 && hex <= 102 ? hex - 97 + 10 : -1
              )
            )
          );
          if (digit < 0)
            TomlError.x("invalid non-hex character in unicode escape", ctx);
          value = value << 4 | digit;
        }
        if (value < 0 || value > 1114111 || value >= 55296 && value <= 57343) {
          TomlError.x("invalid unicode escape", ctx, errPtr);
        }
        parsed += String.fromCodePoint(value);
        sliceStart = ctx.p--;
        state = 0;
      } else if (isMultiline && (c === 32 || c === 9)) {
        state = 2;
      } else {
        if (c === 98)
          parsed += "\b";
        else if (c === 116)
          parsed += "	";
        else if (c === 110)
          parsed += "\n";
        else if (c === 102)
          parsed += "\f";
        else if (c === 114)
          parsed += "\r";
        else if (c === 101)
          parsed += "\x1B";
        else if (c === 34)
          parsed += '"';
        else if (c === 92)
          parsed += "\\";
        else
          TomlError.x("unrecognised escape sequence", ctx);
        sliceStart = ctx.p + 1;
        state = 0;
      }
    } else if (c !== 32 && c !== 9) {
      if (state === 2)
        TomlError.x("invalid escape: only line-ending whitespace may be escaped", ctx, sliceStart);
      state = !isLiteral && c === 92 ? 1 : 0;
      sliceStart = ctx.p;
    }
  }
  TomlError.x("unfinished string", ctx, startPtr);
}

// node_modules/smol-toml/dist/date.js
var DATE_TIME_RE = /^(\d{4}-\d{2}-\d{2})?[Tt ]?(?:(\d{2}):\d{2}(?::\d{2}(?:\.\d+)?)?)?(Z|z|[-+]\d{2}:\d{2})?$/i;
var TomlDate = class _TomlDate extends Date {
  #hasDate = false;
  #hasTime = false;
  #offset = null;
  constructor(date, fasttype, unsafeDelim) {
    let hasDate = true;
    let hasTime = true;
    let offset = "Z";
    let c;
    if (typeof date === "string") {
      if (fasttype)
        prep: {
          if (fasttype < 3) {
            if (+date.slice(11, 13) > 23) {
              date = "";
              break prep;
            }
            if (fasttype === 2) {
              offset = null;
              date += "Z";
            } else if ((c = date.charCodeAt(date.length - 1)) !== 90 && c !== 122) {
              offset = date.slice(date.length - 6);
            }
            if (unsafeDelim)
              date = date.slice(0, 10) + "T" + date.slice(11);
          } else if (fasttype === 4) {
            date = +date.slice(0, 2) > 23 ? "" : `0000-01-01T${date}Z`;
          }
          hasDate = fasttype !== 4;
          hasTime = fasttype !== 3;
        }
      else {
        let match = date.match(DATE_TIME_RE);
        if (match) {
          if (!match[1]) {
            hasDate = false;
            date = `0000-01-01T${date}`;
          }
          hasTime = !!match[2];
          hasTime && date[10] === " " && (date = date.replace(" ", "T"));
          if (match[2] && +match[2] > 23) {
            date = "";
          } else {
            offset = match[3] || null;
            if (!offset && hasTime)
              date += "Z";
          }
        } else {
          date = "";
        }
      }
    }
    super(date);
    if (!isNaN(this.getTime())) {
      this.#hasDate = hasDate;
      this.#hasTime = hasTime;
      this.#offset = offset;
    }
  }
  isDateTime() {
    return this.#hasDate && this.#hasTime;
  }
  isLocal() {
    return !this.#hasDate || !this.#hasTime || !this.#offset;
  }
  isDate() {
    return this.#hasDate && !this.#hasTime;
  }
  isTime() {
    return this.#hasTime && !this.#hasDate;
  }
  isValid() {
    return this.#hasDate || this.#hasTime;
  }
  toISOString() {
    let iso = super.toISOString();
    if (this.isDate())
      return iso.slice(0, 10);
    if (this.isTime())
      return iso.slice(11, 23);
    if (this.#offset === null)
      return iso.slice(0, -1);
    if (this.#offset === "Z" || this.#offset === "z")
      return iso;
    let offset = +this.#offset.slice(1, 3) * 60 + +this.#offset.slice(4, 6);
    offset = this.#offset[0] === "-" ? offset : -offset;
    let offsetDate = new Date(this.getTime() - offset * 6e4);
    return offsetDate.toISOString().slice(0, -1) + this.#offset;
  }
  static wrapAsOffsetDateTime(jsDate, offset = "Z") {
    let date = new _TomlDate(jsDate);
    date.#offset = offset;
    return date;
  }
  static wrapAsLocalDateTime(jsDate) {
    let date = new _TomlDate(jsDate);
    date.#offset = null;
    return date;
  }
  static wrapAsLocalDate(jsDate) {
    let date = new _TomlDate(jsDate);
    date.#hasTime = false;
    date.#offset = null;
    return date;
  }
  static wrapAsLocalTime(jsDate) {
    let date = new _TomlDate(jsDate);
    date.#hasDate = false;
    date.#offset = null;
    return date;
  }
};

// node_modules/smol-toml/dist/extract.js
function isDigit(char, base = 10) {
  return base === 16 ? char > 47 && char < 58 || char > 64 && char < 71 || char > 96 && char < 103 : char > 47 && char < 48 + base;
}
function isEndOfValue(char, delim) {
  return char === 32 || char === 9 || char === 10 || char === 13 || // Structure end or next value delimiter
  delim && (char === delim || char === 44) || // Comment
  char === 35;
}
function extractValue(ctx, end) {
  let errPtr = ctx.p;
  let c = ctx.s.charCodeAt(ctx.p);
  if (c === 91 || c === 123) {
    ctx.d-- || TomlError.x("document contains excessively nested structures. aborting.", ctx);
    let value = c === 91 ? parseArray(ctx) : parseInlineTable(ctx);
    ctx.d++;
    return value;
  }
  if (c === 34 || c === 39) {
    return parseString(ctx);
  }
  if (c === 116) {
    if (ctx.s.charCodeAt(++ctx.p) !== 114 || ctx.s.charCodeAt(++ctx.p) !== 117 || ctx.s.charCodeAt(++ctx.p) !== 101)
      TomlError.x("invalid value", ctx, errPtr);
    return ctx.p++, true;
  }
  if (c === 102) {
    if (ctx.s.charCodeAt(++ctx.p) !== 97 || ctx.s.charCodeAt(++ctx.p) !== 108 || ctx.s.charCodeAt(++ctx.p) !== 115 || ctx.s.charCodeAt(++ctx.p) !== 101)
      TomlError.x("invalid value", ctx, errPtr);
    return ctx.p++, false;
  }
  if (c === 43 || c === 45) {
    return parseNumber(ctx, ctx.p, ctx.s.charCodeAt(++ctx.p), 44 - c, end);
  }
  if (ctx.s.charCodeAt(ctx.p + 4) === 45 && ctx.s.charCodeAt(ctx.p + 7) === 45) {
    return parseDate(ctx, c, end);
  }
  if (ctx.s.charCodeAt(ctx.p + 2) === 58) {
    return parseTime(ctx, c, end);
  }
  return parseNumber(ctx, ctx.p, c, 0, end);
}
function parseNumber(ctx, startPtr, startChr, sign, endChr) {
  let c = startChr;
  let state = 0;
  let hasUnderscores = false;
  if (c === 105) {
    if (ctx.s.charCodeAt(++ctx.p) !== 110 || ctx.s.charCodeAt(++ctx.p) !== 102)
      TomlError.x("invalid value", ctx, startPtr);
    return ctx.p++, (sign || 1) / 0;
  }
  if (c === 110) {
    if (ctx.s.charCodeAt(++ctx.p) !== 97 || ctx.s.charCodeAt(++ctx.p) !== 110)
      TomlError.x("invalid value", ctx, startPtr);
    return ctx.p++, NaN;
  }
  if (c === 48) {
    if (++ctx.p >= ctx.s.length || isEndOfValue(c = ctx.s.charCodeAt(ctx.p), endChr))
      return ctx.bi === true ? 0n : 0;
    if (!sign) {
      if (c === 120)
        return parseIntegerBaseN(ctx, startPtr, 16, endChr);
      else if (c === 98)
        return parseIntegerBaseN(ctx, startPtr, 2, endChr);
      else if (c === 111)
        return parseIntegerBaseN(ctx, startPtr, 8, endChr);
    }
    if (c === 46)
      state = 2;
    else if (c === 101 || c === 69)
      state = 4;
    else
      TomlError.x("illegal leading zero", ctx, startPtr);
  } else if (!isDigit(c))
    TomlError.x("invalid value", ctx, startPtr);
  while (++ctx.p < ctx.s.length && (c = ctx.s.charCodeAt(ctx.p), !isEndOfValue(c, endChr))) {
    if (!state)
      state = 1;
    if (c === 95) {
      if (!(state & 1))
        TomlError.x("illegal underscore", ctx);
      state += 11;
      hasUnderscores = true;
    } else if (state === 1 && c === 46)
      state = 2;
    else if ((state === 1 || state === 3) && (c === 101 || c === 69))
      state = 4;
    else if (state === 4 && (c === 43 || c === 45)) {
      state = 6;
    } else if (!isDigit(c))
      TomlError.x(`illegal character in numeric literal`, ctx);
    else if (state > 9)
      state -= 11;
    else if (!(state & 1))
      state++;
  }
  if (!state) {
    let val = (startChr - 48) * (sign || 1);
    return ctx.bi === true ? BigInt(val) : val;
  }
  if (!(state & 1))
    TomlError.x("unfinished numeric value", ctx, startPtr);
  let str = ctx.s.slice(startPtr, ctx.p);
  if (hasUnderscores)
    str = str.replaceAll("_", "");
  return state > 1 ? parseFloat(str) : parseInteger(ctx, str, 10, startPtr);
}
function parseIntegerBaseN(ctx, startPtr, base, endChr) {
  let c, underscore = 1;
  while (++ctx.p < ctx.s.length && (c = ctx.s.charCodeAt(ctx.p), !isEndOfValue(c, endChr))) {
    if (c === 95) {
      if (underscore & 1)
        TomlError.x("illegal underscore", ctx);
      underscore = 3;
    } else if (!isDigit(c, base))
      TomlError.x(`illegal character in numeric literal`, ctx);
    else if (underscore & 1)
      underscore--;
  }
  if (underscore & 1)
    TomlError.x("unfinished numeric value", ctx);
  let str = ctx.s.slice(startPtr + 2, ctx.p);
  if (underscore)
    str = str.replaceAll("_", "");
  return parseInteger(ctx, str, base, startPtr);
}
function parseInteger(ctx, str, base, startPtr) {
  if (ctx.bi !== true)
    int: {
      let val = parseInt(str, base);
      if (!Number.isSafeInteger(val)) {
        if (ctx.bi)
          break int;
        TomlError.x("integer value cannot be represented losslessly", ctx, startPtr);
      }
      return val;
    }
  return base === 10 ? BigInt(str) : BigInt((base === 2 ? "0b" : base === 8 ? "0o" : "0x") + str);
}
function parseDate(ctx, c, endChr) {
  let startPtr = ctx.p++, unsafeSeparator;
  if (!isDigit(c) || !isDigit(ctx.s.charCodeAt(ctx.p++)) || !isDigit(ctx.s.charCodeAt(ctx.p++)) || !isDigit(ctx.s.charCodeAt(ctx.p++))) {
    return parseNumber(ctx, ctx.p = startPtr, c, 0, endChr);
  }
  ctx.p += 5;
  if (!isDigit(ctx.s.charCodeAt(ctx.p++)))
    TomlError.x("invalid date-time: date part is malformed", ctx, startPtr);
  if (ctx.p >= ctx.s.length || ((c = ctx.s.charCodeAt(ctx.p)) !== 32 || (unsafeSeparator = true, !isDigit(ctx.s.charCodeAt(ctx.p + 1)))) && c !== 84 && c !== 116) {
    let t2 = ctx.s.slice(startPtr, ctx.p);
    return readDate(ctx, t2, 3, false, startPtr);
  }
  if (ctx.s.charCodeAt(ctx.p += 3) !== 58)
    TomlError.x("invalid date-time: time part is malformed", ctx, startPtr);
  if (ctx.s.charCodeAt(ctx.p += 3) === 58)
    ctx.p += 3;
  if (ctx.s.charCodeAt(ctx.p) === 46)
    while (isDigit(ctx.s.charCodeAt(++ctx.p)))
      ;
  if (c = ctx.s.charCodeAt(ctx.p)) {
    if (c === 90 || c === 122) {
      let t2 = ctx.s.slice(startPtr, ++ctx.p);
      return readDate(ctx, t2, 1, unsafeSeparator, startPtr, "[+00:00]");
    }
    if (c === 43 || c === 45) {
      let t2 = ctx.s.slice(startPtr, ctx.p += 6);
      return readDate(ctx, t2, 1, unsafeSeparator, startPtr, !ctx.ld && "[" + ctx.s.slice(ctx.p - 6, ctx.p) + "]");
    }
  }
  let t = ctx.s.slice(startPtr, ctx.p);
  return readDate(ctx, t, 2, unsafeSeparator, startPtr);
}
function parseTime(ctx, c, endChr) {
  let start = ctx.p;
  if (!isDigit(c) || !isDigit(ctx.s.charCodeAt(++ctx.p))) {
    return parseNumber(ctx, --ctx.p, c, 0, endChr);
  }
  if (ctx.s.charCodeAt(ctx.p += 4) === 58)
    ctx.p += 3;
  if (ctx.s.charCodeAt(ctx.p) === 46)
    while (isDigit(ctx.s.charCodeAt(++ctx.p)))
      ;
  let t = ctx.s.slice(start, ctx.p);
  return readDate(ctx, t, 4, false, start);
}
function readDate(ctx, str, type, unsafeDelim, errPtr, temporalSuffix) {
  if (ctx.ld) {
    let date = new TomlDate(str, type, unsafeDelim);
    if (!date.isValid())
      TomlError.x("invalid date", ctx, errPtr);
    return date;
  }
  try {
    if (temporalSuffix)
      str += temporalSuffix;
    switch (type) {
      case 1:
        return Temporal.ZonedDateTime.from(str);
      case 2:
        return Temporal.PlainDateTime.from(str);
      case 3:
        return Temporal.PlainDate.from(str);
      case 4:
        return Temporal.PlainTime.from(str);
    }
  } catch (e) {
    TomlError.x(e instanceof Error ? e.message : "" + e, ctx, errPtr);
  }
}

// node_modules/smol-toml/dist/util.js
function skipComment(ctx) {
  for (; ctx.p < ctx.s.length; ctx.p++) {
    let c = ctx.s.charCodeAt(ctx.p);
    if (c === 10)
      break;
    if (c === 13 && ctx.s.charCodeAt(ctx.p + 1) === 10) {
      ctx.p++;
      break;
    }
    if (c < 32 && c !== 9 || c === 127) {
      TomlError.x("control characters are not allowed in comments", ctx);
    }
  }
}
function skipVoid(ctx, banNewLines, banComments) {
  let c;
  while (ctx.p < ctx.s.length) {
    while (ctx.p < ctx.s.length && ((c = ctx.s.charCodeAt(ctx.p)) === 32 || c === 9 || !banNewLines && (c === 10 || c === 13 && ctx.s.charCodeAt(ctx.p + 1) === 10)))
      ctx.p++;
    if (banComments || c !== 35)
      break;
    skipComment(ctx);
  }
}

// node_modules/smol-toml/dist/struct.js
function parseKey(ctx, end = 61) {
  let startPtr;
  let state = 0;
  let parsed = [];
  let sliceStart;
  let c = ctx.s.charCodeAt(startPtr = ctx.p);
  do {
    if (c === end) {
      if (!state)
        TomlError.x("unexpected end of key", ctx);
      if (state === 1)
        parsed.push(ctx.s.slice(sliceStart, ctx.p));
      return ctx.p++, parsed;
    } else if (c === 46) {
      if (!state)
        TomlError.x("illegal empty bare key", ctx);
      if (state === 1)
        parsed.push(ctx.s.slice(sliceStart, ctx.p));
      state = 0;
    } else if (!state && (c === 34 || c === 39)) {
      if (c === ctx.s.charCodeAt(ctx.p + 1) && c === ctx.s.charCodeAt(ctx.p + 2))
        TomlError.x("illegal quoted key: multiline strings are not allowed", ctx);
      parsed.push(parseString(ctx));
      state = 2;
      ctx.p--;
    } else if (c === 32 || c === 9) {
      if (state === 1) {
        parsed.push(ctx.s.slice(sliceStart, ctx.p));
        state = 2;
      }
    } else if (state === 2 || c < 48 && c !== 45 || c > 57 && c < 65 || c > 90 && c < 97 && c !== 95 || c > 122) {
      TomlError.x("illegal character in key", ctx);
    } else if (!state) {
      state = 1;
      sliceStart = ctx.p;
    }
  } while (c = ctx.s.charCodeAt(++ctx.p));
  TomlError.x("incomplete key-value: cannot find end of key", ctx, startPtr);
}
function parseInlineTable(ctx) {
  let startPtr = ctx.p++;
  let res = /* @__PURE__ */ Object.create(null);
  let seen = /* @__PURE__ */ new Set();
  let c;
  while (ctx.p < ctx.s.length) {
    skipVoid(ctx);
    if ((c = ctx.s.charCodeAt(ctx.p)) === 125) {
      ctx.p++;
      return res;
    }
    let k;
    let t = res;
    let hasOwn = false;
    let errPtr = ctx.p;
    let key = parseKey(ctx);
    for (let i = 0; i < key.length; i++) {
      if (i)
        t = hasOwn ? t[k] : t[k] = /* @__PURE__ */ Object.create(null);
      k = key[i];
      if ((hasOwn = Object.hasOwn(t, k)) && (typeof t[k] !== "object" || seen.has(t[k]))) {
        TomlError.x("trying to redefine an already defined value", ctx, errPtr);
      }
      let unsafe = k === "__proto__";
      if (ctx.uk && (unsafe || k === "constructor")) {
        t = ctx.uk !== 1 && TomlError.x("document contains an unsafe property", ctx, errPtr);
        break;
      }
      if (!hasOwn && unsafe) {
        Object.defineProperty(t, k, { enumerable: true, configurable: true, writable: true });
      }
    }
    if (hasOwn) {
      TomlError.x("trying to redefine an already defined value", ctx, errPtr);
    }
    skipVoid(ctx, true, true);
    let value = extractValue(
      ctx,
      125
      /* } */
    );
    if (t && typeof (t[k] = value) === "object")
      seen.add(value);
    skipVoid(ctx);
    if ((c = ctx.s.charCodeAt(ctx.p++)) === 125) {
      return res;
    }
    if (c !== 44)
      TomlError.x("expected comma or end of structure", ctx, ctx.p - 1);
  }
  TomlError.x("unfinished table", ctx, startPtr);
}
function parseArray(ctx) {
  let startPtr = ctx.p++;
  let res = [];
  let c;
  while (ctx.p < ctx.s.length) {
    skipVoid(ctx);
    if ((c = ctx.s.charCodeAt(ctx.p)) === 93) {
      ctx.p++;
      return res;
    }
    res.push(extractValue(
      ctx,
      93
      /* ] */
    ));
    skipVoid(ctx);
    if ((c = ctx.s.charCodeAt(ctx.p++)) === 93) {
      return res;
    }
    if (c !== 44)
      TomlError.x("expected comma or end of structure", ctx, ctx.p - 1);
  }
  TomlError.x("unfinished array", ctx, startPtr);
}

// node_modules/smol-toml/dist/parse.js
function peekTable(ctx, key, table, meta, type) {
  let t = table;
  let m = meta;
  let k;
  let hasOwn = false;
  let state;
  for (let i = 0; i < key.length; i++) {
    if (i) {
      t = hasOwn ? t[k] : t[k] = /* @__PURE__ */ Object.create(null);
      m = (state = m[k]).c;
      if (type === 0 && (state.t === 1 || state.t === 2)) {
        return null;
      }
      if (state.t === 2) {
        let l = t.length - 1;
        t = t[l];
        m = m[l].c;
      }
    }
    k = key[i];
    if ((hasOwn = Object.hasOwn(t, k)) && m[k]?.t === 0 && m[k]?.d) {
      return null;
    }
    if (!hasOwn) {
      let unsafe = k === "__proto__";
      if (ctx.uk && (unsafe || k === "constructor"))
        return false;
      if (unsafe) {
        Object.defineProperty(t, k, { enumerable: true, configurable: true, writable: true });
        Object.defineProperty(m, k, { enumerable: true, configurable: true, writable: true });
      }
      m[k] = {
        t: i < key.length - 1 && type === 2 ? 3 : type,
        d: false,
        i: 0,
        c: /* @__PURE__ */ Object.create(null)
      };
    }
  }
  state = m[k];
  if (state.t !== type && !(type === 1 && state.t === 3)) {
    return null;
  }
  if (type === 2) {
    if (!state.d) {
      state.d = true;
      t[k] = [];
    }
    t[k].push(t = /* @__PURE__ */ Object.create(null));
    state.c[state.i++] = state = { t: 1, d: false, i: 0, c: /* @__PURE__ */ Object.create(null) };
  }
  if (state.d) {
    return null;
  }
  state.d = true;
  if (type === 1) {
    t = hasOwn ? t[k] : t[k] = /* @__PURE__ */ Object.create(null);
  } else if (type === 0 && hasOwn) {
    return null;
  }
  return [k, t, state.c];
}
function validateTablePeek(ctx, peek, ptr) {
  if (peek === null || ctx.uk === 2)
    TomlError.x(peek === null ? "trying to redefine an already defined table or value" : "document contains an unsafe property", ctx, ptr);
}
function parse(toml, options = {}) {
  let ctx = {
    s: toml,
    p: 0,
    d: options.maxDepth ?? 1e3,
    bi: options.integersAsBigInt ?? false,
    ld: options.useLegacyDate ?? true,
    uk: options.unsafeKeyBehaviour === "throw" ? 2 : options.unsafeKeyBehaviour === "drop" ? 1 : 0
  };
  let res = /* @__PURE__ */ Object.create(null);
  let meta = /* @__PURE__ */ Object.create(null);
  let tmp;
  let skipping = false;
  let tbl = res;
  let m = meta;
  if (toml.charCodeAt(0) === 65279)
    ctx.p++;
  skipVoid(ctx);
  while (ctx.p < toml.length) {
    if (toml.charCodeAt(ctx.p) === 91) {
      let isTableArray = toml.charCodeAt(++ctx.p) === 91;
      tmp = ctx.p += +isTableArray;
      skipping = false;
      let k = parseKey(
        ctx,
        93
        /* ] */
      );
      if (isTableArray) {
        if (toml.charCodeAt(ctx.p) !== 93) {
          TomlError.x("expected end of table array declaration", ctx);
        }
        ctx.p++;
      }
      let p = peekTable(
        ctx,
        k,
        res,
        meta,
        isTableArray ? 2 : 1
        /* Type.EXPLICIT */
      );
      if (!p) {
        validateTablePeek(ctx, p, tmp);
        skipping = true;
      } else {
        m = p[2];
        tbl = p[1];
      }
    } else {
      tmp = ctx.p;
      let k = parseKey(ctx);
      let p = peekTable(
        ctx,
        k,
        tbl,
        m,
        0
        /* Type.DOTTED */
      );
      if (!p && !skipping)
        validateTablePeek(ctx, p, tmp);
      skipVoid(ctx, true, true);
      let v = extractValue(ctx, void 0);
      if (p && !skipping)
        p[1][p[0]] = v;
    }
    skipVoid(ctx, true);
    if (ctx.p < toml.length && (tmp = toml.charCodeAt(ctx.p)) !== 10 && (tmp !== 13 || toml.charCodeAt(ctx.p + 1) !== 10)) {
      TomlError.x("each key-value declaration must be followed by an end-of-line", ctx);
    }
    skipVoid(ctx);
  }
  return res;
}

// node_modules/smol-toml/dist/stringify.js
var HAS_WELLFORMED = !!"".isWellFormed;

// lib/core/secret-rules.ts
function anyCase(word) {
  return [...word].map((c) => /[a-z]/i.test(c) ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("");
}
var URL_USERINFO = String.raw`://[^\s/@]{0,256}:[^\s/@]{0,256}@`;
var NOT_TOKEN_BEFORE = "(?<![A-Za-z0-9_])";
var NOT_TOKEN_AFTER = "(?![A-Za-z0-9_])";
var SECRET_NAMES = [
  "password",
  "passwd",
  "passphrase",
  "secret",
  "token",
  "api_key",
  "api-key",
  "apikey",
  "access_key",
  "private_key",
  "auth_key",
  "client_secret",
  "credentials",
  "credential"
];
var NAME_WORDS = SECRET_NAMES.map(anyCase).join("|");
var EXTRA_RULES = [
  // Stripe API keys (docs.stripe.com/keys): secret sk_ and restricted rk_, live or test mode; publishable pk_ keys are public.
  {
    kind: "stripe-secret-key",
    source: String.raw`${NOT_TOKEN_BEFORE}[sr]k_(?:live|test|prod)_[A-Za-z0-9]{20,247}${NOT_TOKEN_AFTER}`,
    gate: String.raw`[sr]k_(?:live|test|prod)_`,
    hook: true
  },
  // Stripe webhook signing secret (docs.stripe.com/webhooks#verify-events): whsec_ then base64.
  { kind: "stripe-webhook-secret", source: String.raw`${NOT_TOKEN_BEFORE}whsec_[A-Za-z0-9+/=]{32,100}${NOT_TOKEN_AFTER}`, gate: "whsec_", hook: true },
  // JSON Web Token, RFC 7519 compact serialization: base64url header and claims (both JSON objects, so "eyJ"), signed.
  {
    kind: "json-web-token",
    source: String.raw`(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}(?![A-Za-z0-9_-])`,
    gate: String.raw`eyJ[A-Za-z0-9_-]+\.eyJ`,
    hook: true
  },
  // Google API key (cloud.google.com/docs/authentication/api-keys): AIza and 35 url-safe characters.
  { kind: "gcp-api-key", source: String.raw`(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])`, gate: "AIza", hook: true },
  // Google OAuth client secret, the GOCSPX- form Google issues since 2021.
  { kind: "google-oauth-client-secret", source: String.raw`(?<![A-Za-z0-9_-])GOCSPX-[A-Za-z0-9_-]{28}(?![A-Za-z0-9_-])`, gate: "GOCSPX-", hook: true },
  // A password in any URL's userinfo (RFC 3986 §3.2.1, deprecated for this): redis://, amqp://, smtp://, … (the
  // preset covers http(s), ftp and the database schemes); the password alone is the secret.
  {
    kind: "url-password",
    source: String.raw`(?<=\b[A-Za-z][A-Za-z0-9+.-]{1,20}://[^:/\s@"'<>]{0,256}:)[^@/\s"'<>]{3,256}(?=@[A-Za-z0-9\[])`,
    gate: URL_USERINFO,
    hook: true
  },
  // A PEM private key block (RFC 7468), any algorithm (PKCS#1, SEC1, PKCS#8, ENCRYPTED, OPENSSH), from BEGIN to
  // END, its body on one line or many (also JSON-escaped \n); a block cut short ends where base64 does.
  {
    kind: "private-key",
    source: String.raw`-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----(?:[A-Za-z0-9+/=:,. \t\r\n-]|\\[nr])*?(?:-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|(?=[^A-Za-z0-9+/=:,. \t\r\n\\-])|$)`,
    gate: "PRIVATE KEY",
    hook: true
  },
  // age encryption secret key (age-encryption.org/v1): Bech32, HRP AGE-SECRET-KEY-.
  { kind: "age-secret-key", source: "AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}", gate: "AGE-SECRET-KEY-1", hook: true },
  // Azure Storage account key / Service Bus shared access key inside a connection string (learn.microsoft.com, "Configure Azure Storage connection strings").
  { kind: "azure-storage-key", source: String.raw`(?<=(?:AccountKey|SharedAccessKey)=)[A-Za-z0-9+/]{40,100}={0,2}`, gate: "(?:AccountKey|SharedAccessKey)=", hook: true },
  // Azure SAS token signature (learn.microsoft.com, "Create a service SAS"): the sig= query parameter.
  { kind: "azure-sas-signature", source: String.raw`(?<=[?&]sig=)[A-Za-z0-9%+/]{40,120}(?:%3D|=){0,2}`, gate: "sig=", hook: true },
  // Microsoft Entra (Azure AD) client secret: three characters, a digit, Q~, then 31-34 (gitleaks azure-ad-client-secret).
  { kind: "azure-ad-client-secret", source: String.raw`(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])`, gate: "Q~", hook: true },
  // SendGrid API key (docs.sendgrid.com, "API keys"): SG., a 22-character id, ".", a 43-character secret, both
  // base64url; the preset's shape misses those with a "-" inside.
  { kind: "sendgrid-key", source: String.raw`(?<![A-Za-z0-9_])SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])`, gate: String.raw`SG\.`, hook: true },
  // Twilio API key SID (twilio.com/docs/iam/api-keys): SK and 32 hex. The auth token is caught as an assignment.
  { kind: "twilio-api-key", source: String.raw`(?<![A-Za-z0-9])SK[0-9a-fA-F]{32}(?![A-Za-z0-9])`, gate: "SK[0-9a-fA-F]{32}", hook: true },
  // DigitalOcean personal, OAuth and refresh tokens (docs.digitalocean.com, "Personal access tokens").
  { kind: "digitalocean-token", source: String.raw`${NOT_TOKEN_BEFORE}do[opr]_v1_[a-f0-9]{64}(?![a-f0-9])`, gate: "do[opr]_v1_", hook: true },
  // PyPI API token (pypi.org/help/#apitoken): a macaroon whose first bytes encode "pypi.org".
  { kind: "pypi-token", source: String.raw`pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}`, gate: "pypi-AgEIcHlwaS5vcmc", hook: true },
  // Postman API key (learning.postman.com, "Generate a Postman API key").
  { kind: "postman-api-key", source: String.raw`PMAK-[a-f0-9]{24}-[a-f0-9]{34}`, gate: "PMAK-", hook: true },
  // Doppler tokens (docs.doppler.com, "Token formats"): dp.st., dp.ct., dp.sa., dp.scim., dp.audit.
  {
    kind: "doppler-token",
    source: String.raw`dp\.(?:st|ct|sa|scim|audit)\.(?:[a-z0-9_-]{2,35}\.)?[A-Za-z0-9]{40,44}`,
    gate: String.raw`dp\.(?:st|ct|sa|scim|audit)\.`,
    hook: true
  },
  // Telegram bot token (core.telegram.org/bots/api#authorizing-your-bot): bot id, colon, 35 characters starting AA.
  { kind: "telegram-bot-token", source: String.raw`(?<![0-9])[0-9]{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])`, gate: ":AA", hook: true },
  // Mailgun private API key (key- and 32 hex) and Mailchimp API key (32 hex, -us and the data centre).
  { kind: "mailgun-api-key", source: String.raw`(?<![A-Za-z0-9_-])key-[0-9a-f]{32}(?![0-9a-zA-Z])`, gate: "key-", hook: true },
  { kind: "mailchimp-api-key", source: String.raw`(?<![0-9a-f])[0-9a-f]{32}-us[0-9]{1,2}(?![0-9])`, gate: String.raw`-us[0-9]`, hook: true },
  // Discord webhook URL (discord.com/developers/docs/resources/webhook): id and token in the path.
  {
    kind: "discord-webhook",
    source: String.raw`https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/[0-9]{17,20}/[A-Za-z0-9_-]{60,68}`,
    gate: "discord",
    hook: true
  },
  // Sentry auth tokens (docs.sentry.io, "Auth tokens"): sntrys_ (organization) and sntryu_ (user).
  { kind: "sentry-token", source: String.raw`${NOT_TOKEN_BEFORE}sntry[su]_[A-Za-z0-9+/=_]{40,}`, gate: "sntry[su]_", hook: true },
  // Atlassian API token (support.atlassian.com, "Manage API tokens"): ATATT3 and ~186 characters.
  { kind: "atlassian-api-token", source: String.raw`${NOT_TOKEN_BEFORE}ATATT3[A-Za-z0-9_=-]{150,250}`, gate: "ATATT3", hook: true },
  // mysql / mysqldump with the password glued to -p (dev.mysql.com, "End-User Guidelines for Password Security").
  { kind: "mysql-cli-password", source: String.raw`(?<=\bmysql(?:dump|admin)?\b[^\n]{0,80}\s-p)[^\s'"]{4,128}`, gate: "mysql", hook: true },
  // .npmrc credentials for any registry (docs.npmjs.com/cli/configuring-npm/npmrc#auth-related-configuration).
  { kind: "npmrc-auth", source: String.raw`(?<=:_(?:authToken|auth|password)\s*=\s*)(?![$"'<{])[^\s"']{8,}`, gate: ":_(?:authToken|auth|password)", hook: true },
  // An HTTP Authorization header's credentials (RFC 9110 §11.6.2): any scheme (Bearer, Basic, Token, SSWS, …).
  {
    kind: "authorization-header",
    source: String.raw`(?<=${anyCase("authorization")}["']?\s*[:=]\s*["']?[A-Za-z][A-Za-z0-9-]{1,20}\s+)[A-Za-z0-9._~+/=-]{16,}`,
    gate: String.raw`(?:[Aa]uthorization|AUTHORIZATION)["']?\s*[:=]`,
    hook: true
  },
  // A credential-named assignment with a literal value: .env lines (DB_PASSWORD=…), YAML, JSON, code. The value
  // must look like one (8+ characters, a digit or a symbol); templates, placeholders and URLs (their passwords are
  // url-password's) are not reported. Quotes may come escaped or doubled (the text as a YAML or JSON string).
  {
    kind: "credential-assignment",
    source: String.raw`(?<=(?:${NAME_WORDS})(?:[_-][A-Za-z0-9]+)*(?:\\?["'*]){0,3}\s{0,4}(?::=|=>|=|:)\s{0,4}(?:\\?["'\x60]){0,2})(?![$<{%(\[]|process\.env|os\.environ|ENV\[|[A-Za-z][A-Za-z0-9+.-]{0,20}://)(?=[^\s"'\x60;,\\]{0,200}[0-9!@#%^&*+=~?])[^\s"'\x60;,\\]{8,200}`,
    gate: String.raw`(?:${NAME_WORDS})(?:[_-][A-Za-z0-9]+)*(?:\\?["'*]){0,3}\s{0,4}(?::=|=>|=|:)`,
    hook: true
  }
];
var PLACEHOLDER_WORDS = /EXAMPLE|[Ee]xample|[Pp]laceholder|PLACEHOLDER|[Cc]hange_?me|CHANGE_?ME|REDACTED|[Rr]edacted|[Yy]our[-_][A-Za-z]|YOUR[-_][A-Z]|[Dd]ummy|DUMMY|[Ff]ake[-_]|FAKE[-_]|\.\.\./;
var TEMPLATE = /^(?:\$|<|\{\{|%|@\w+@$)|\$\{|\{\{|process\.env|os\.environ|getenv\(|ENV\[|secrets\.|vars\./;
var DEFAULT_PASSWORDS = /* @__PURE__ */ new Set(["password", "passwd", "pass", "pwd", "secret", "postgres", "root", "admin", "guest", "test", "user", "mysql", "redis", "example"]);
function isPlaceholderSecret(secret, kind, loneHeaderIsKey = false) {
  if (kind === "private-key") {
    const body2 = secret.replace(/-----[^-]*-----|\\[nr]|[^A-Za-z0-9+/]/g, "").length;
    return body2 < 40 && !(loneHeaderIsKey && !secret.includes("-----END"));
  }
  if (PLACEHOLDER_WORDS.test(secret) || TEMPLATE.test(secret)) return true;
  if (DEFAULT_PASSWORDS.has(secret.toLowerCase())) return true;
  const body = secret.replace(/^(?:[A-Za-z]{1,10}[_.-]){1,3}/, "");
  const counts = /* @__PURE__ */ new Map();
  for (const c of body) counts.set(c, (counts.get(c) ?? 0) + 1);
  const top = Math.max(0, ...counts.values());
  return body.length >= 8 && (counts.size <= 2 || top >= body.length * 0.6);
}

// lib/core/secret-patterns.ts
var SHAPES = [
  // AWS's documentation example is not a key (secretlint ignores it the same way).
  ["aws-access-key-id", String.raw`\b(?!AKIAIOSFODNN7EXAMPLE)(?:A3T[A-Z0-9]|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA)[A-Z0-9]{16}\b`],
  [
    "aws-secret-access-key",
    String.raw`(?<=(?:AWS|aws|Aws)?_?(?:SECRET|secret|Secret)_?(?:ACCESS|access|Access)_?(?:KEY|key|Key)["']?\s*(?::|=>|=)\s*["']?)[A-Za-z0-9/+=]{40}(?![A-Za-z0-9/+=])`
  ],
  ["github-token", String.raw`(?<![A-Za-z0-9_])(?:(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9_]{36}|github_pat_[A-Za-z0-9_]{82})(?![A-Za-z0-9_])`],
  ["slack-token", String.raw`\b(?:xoxb|xoxp|xapp|xoxa|xoxo|xoxr)-(?:\d-)?(?:[a-zA-Z0-9]{1,40}-)+[a-zA-Z0-9]{1,40}\b`],
  ["incoming-webhook", String.raw`https://hooks\.slack\.com/services/T[a-zA-Z0-9]{1,40}/B[a-zA-Z0-9]{1,40}/[a-zA-Z0-9]{1,40}`],
  ["npm-access-token", String.raw`(?<![A-Za-z])npm_[A-Za-z0-9_]{36}(?![A-Za-z0-9_])`],
  ["openai-token", String.raw`sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{58,74}T3BlbkFJ[A-Za-z0-9_-]{58,74}|sk-[a-zA-Z0-9]{20}T3BlbkFJ[a-zA-Z0-9]{20}`],
  ["anthropic-api-key", String.raw`(?<![A-Za-z])sk-ant-api0\d-[A-Za-z0-9_-]{90,128}AA(?![A-Za-z0-9_-])`],
  ["linear-api-token", String.raw`(?<![A-Za-z])lin_api_[a-zA-Z0-9_]{32,128}(?![a-zA-Z0-9_])`],
  ["sendgrid-key", String.raw`(?<![A-Za-z])SG\.\w{1,128}\.\w{1,128}[-_]?\w{1,128}(?!\w)`],
  ["shopify-key", String.raw`(?<![A-Za-z])(?:shppa|shpca|shpat|shpss)_[a-zA-Z0-9]{32,64}(?![a-zA-Z0-9])`],
  ["ops-token", String.raw`(?<![A-Za-z])ops_ey[A-Za-z0-9+/=]{100,1280}fQ={0,2}(?![A-Za-z0-9+/=])`],
  // A password in a URL (basic auth, database connection strings): the password alone is redacted.
  ["basic-auth", String.raw`(?<=\b(?:https?|ftps?|mongodb(?:\+srv)?|mysqlx?|postgres(?:ql)?)://[^:/\s@]{1,256}:)[^@/\s]{1,256}(?=@)`],
  // secretlint 12's newer rules, their token shapes as the preset writes them.
  ["gitlab-personal-access-token", String.raw`(?<![A-Za-z])glpat-[A-Za-z0-9_-]{20,128}(?![A-Za-z0-9_-])`],
  ["huggingface-token", String.raw`(?<![A-Za-z])hf_[a-zA-Z]{34}(?![a-zA-Z])`],
  ["groq-api-key", String.raw`(?<![A-Za-z])gsk_[a-zA-Z0-9]{52}(?![a-zA-Z0-9])`],
  ["grafana-token", String.raw`(?<![A-Za-z])(?:glc_[A-Za-z0-9+/]{32,400}={0,2}(?![A-Za-z0-9+/=])|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}(?![A-Fa-f0-9]))`],
  ["hashicorp-vault-token", String.raw`(?<![A-Za-z])(?:hv[sr]\.[A-Za-z0-9_-]{90,120}|hvb\.[A-Za-z0-9_-]{138,300})(?![A-Za-z0-9_-])`],
  ["notion-integration-token", String.raw`(?<![A-Za-z])ntn_[0-9]{11}[A-Za-z0-9]{35}(?![A-Za-z0-9])`],
  ["vercel-token", String.raw`(?<![A-Za-z])(?:vcp|vci|vca|vcr|vck)_[A-Za-z0-9]{20,60}(?![A-Za-z0-9])`],
  ["databricks-token", String.raw`(?<![A-Za-z])dapi[A-Fa-f0-9]{32}(?:-[0-9])?(?![A-Fa-f0-9])`],
  ["docker-personal-access-token", String.raw`(?<![A-Za-z])dckr_pat_[a-zA-Z0-9_-]{27}(?![a-zA-Z0-9_-])`],
  ["figma-token", String.raw`(?<![A-Za-z])figd_[A-Za-z0-9_-]{40,200}(?![A-Za-z0-9_-])`],
  ...EXTRA_RULES.filter((r) => r.hook).map((r) => [r.kind, r.source])
];
var PRESET_TRIGGERS = String.raw`A3T|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA|[Ss]ecret_?[Aa]ccess|SECRET_?ACCESS|gh[pousr]_|github_pat_|xox[bparo]-|xapp-|hooks\.slack|npm_|sk-|lin_api_|SG\.|shp(?:pa|ca|at|ss)_|ops_ey|glpat-|hf_|gsk_|gl(?:c|sa)_|hv[sbr]\.|ntn_|vc[piark]_|dapi|dckr_pat_|figd_`;
var TRIGGERS = new RegExp([PRESET_TRIGGERS, URL_USERINFO, ...EXTRA_RULES.filter((r) => r.hook).map((r) => r.gate)].join("|"));
var combined;
function redactSecretLike(line) {
  if (!TRIGGERS.test(line)) return line;
  combined ??= new RegExp(SHAPES.map(([, s]) => `(${s})`).join("|"), "g");
  return line.replace(combined, (match, ...groups) => {
    const kind = SHAPES[groups.slice(0, SHAPES.length).findIndex((g) => g !== void 0)][0];
    if (isPlaceholderSecret(match, kind, true)) return match;
    const header = kind === "private-key" && isPlaceholderSecret(match, kind) ? PEM_OPEN.exec(match) : null;
    return header ? `[REDACTED:${kind}]${match.slice(header[0].length)}` : `[REDACTED:${kind}]`;
  });
}
var PEM_OPEN = /-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----/;
var PEM_CLOSE = /-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----/;
function redactSecretLines(lines) {
  const out = [];
  let inKey = false;
  for (const line of lines) {
    if (inKey) {
      const end = PEM_CLOSE.exec(line);
      if (!end) continue;
      inKey = false;
      const rest = line.slice(end.index + end[0].length);
      if (rest.trim() !== "") out.push(redactSecretLike(rest));
      continue;
    }
    const open = PEM_OPEN.exec(line);
    if (open && !PEM_CLOSE.test(line.slice(open.index))) inKey = true;
    out.push(redactSecretLike(line));
  }
  return out;
}
var GATED_RULES = [
  "aws",
  "gcp",
  "npm",
  "slack",
  "basicauth",
  "openai",
  "anthropic",
  "linear",
  "privatekey",
  "sendgrid",
  "shopify",
  "github",
  "1password",
  "database-connection-string",
  "filter-comments",
  "databricks",
  "docker",
  "figma",
  "gitlab",
  "grafana",
  "groq",
  "hashicorp-vault",
  "huggingface",
  "notion",
  "vercel"
].map((r) => `@secretlint/secretlint-rule-${r}`);
var SCAN_GATE = new RegExp([TRIGGERS.source, ...EXTRA_RULES.map((r) => r.gate), "ccount|CCOUNT|_authToken"].join("|"));
function mayHoldSecret(text) {
  return SCAN_GATE.test(text);
}
function isRegexEntry(entry) {
  return /^\/.+\/[a-z]*$/s.test(entry);
}
function allowRegex(entry) {
  const close = entry.lastIndexOf("/");
  return new RegExp(entry.slice(1, close), entry.slice(close + 1).replace(/g/g, ""));
}
function allowEntryProblem(entry) {
  if (!isRegexEntry(entry)) return void 0;
  try {
    allowRegex(entry);
    return void 0;
  } catch (err) {
    return err.message;
  }
}

// lib/config/instructions-config.ts
import path3 from "node:path";
function validateInstructions(raw, invalid, unknown) {
  const out = {};
  if (!isTable(raw)) {
    invalid('instructions must be a table, e.g. [instructions] files = ["AGENTS.md", "CLAUDE.md"]');
    return out;
  }
  for (const key of Object.keys(raw))
    if (!["files", "max_bytes", "user_dir"].includes(key)) unknown(`unknown key "instructions.${key}" (ignored); the known keys are files, max_bytes, user_dir`);
  const { files, max_bytes: maxBytes, user_dir: userDir } = raw;
  if (files !== void 0) {
    if (!Array.isArray(files) || files.length === 0 || !files.every((f) => typeof f === "string" && f !== "" && !/[\\/]/.test(f) && f !== "." && f !== ".."))
      invalid('instructions.files must be a non-empty list of file names (no slashes), e.g. ["AGENTS.md", "CLAUDE.md"]');
    else out.files = files;
  }
  if (maxBytes !== void 0) {
    if (typeof maxBytes !== "number" || !Number.isSafeInteger(maxBytes) || maxBytes < 1)
      invalid(`instructions.max_bytes must be a positive integer, got ${JSON.stringify(maxBytes)}`);
    else out.max_bytes = maxBytes;
  }
  if (userDir !== void 0) {
    if (typeof userDir !== "string" || !(path3.isAbsolute(userDir) || userDir.startsWith("~/")))
      invalid('instructions.user_dir must be an absolute path or start with ~/, e.g. "~/.claude"');
    else out.user_dir = userDir;
  }
  return out;
}
function isTable(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

// lib/config/config-keys.ts
var KNOWN_TOP_LEVEL = ["memory_dir", "projects", "hook", "doctor", "compact", "capture", "recall", "hosts", "guardrails", "secrets", "instructions"];
var HOOK_BUDGET_KEYS = ["max_bytes", "max_entries"];
var HOOK_KEYS = [...HOOK_BUDGET_KEYS, "log_prompts", "keeper"];
var HOOK_TABLES = [...HOST_NAMES, "default"];
var FLAT_TABLES = {
  doctor: ["warn_bytes"],
  compact: ["llm_command", "timeout_seconds"],
  secrets: ["allow"]
};
var PROJECT_KEYS = ["memory_dir", "repo_root"];
function unknownKeyWarnings(raw) {
  const out = [];
  for (const key of Object.keys(raw)) {
    if (!KNOWN_TOP_LEVEL.includes(key)) out.push(`unknown top-level key "${key}" (kept as is${hint(key, KNOWN_TOP_LEVEL)})`);
  }
  const hook = raw.hook;
  if (isTable2(hook)) {
    for (const [key, v] of Object.entries(hook)) {
      if (isTable2(v)) {
        if (!HOOK_TABLES.includes(key))
          out.push(`unknown table [hook.${key}] (ignored${hint(key, HOOK_TABLES)}); a host's own budget is [hook.<host>] for ${HOST_NAMES.join(", ")}`);
        else for (const k of Object.keys(v)) if (!HOOK_BUDGET_KEYS.includes(k)) out.push(unknownKey(`hook.${key}`, k, HOOK_BUDGET_KEYS));
      } else if (!HOOK_KEYS.includes(key)) out.push(unknownKey("hook", key, HOOK_KEYS));
    }
  }
  for (const [table, keys] of Object.entries(FLAT_TABLES)) {
    const t = raw[table];
    if (isTable2(t)) {
      for (const key of Object.keys(t)) if (!keys.includes(key)) out.push(unknownKey(table, key, keys));
    }
  }
  if (isTable2(raw.projects)) {
    for (const [project, entry] of Object.entries(raw.projects)) {
      if (isTable2(entry)) {
        for (const key of Object.keys(entry)) if (!PROJECT_KEYS.includes(key)) out.push(unknownKey(`projects."${project}"`, key, PROJECT_KEYS));
      }
    }
  }
  return out;
}
function unknownKey(table, key, known) {
  return `unknown key "${key}" in [${table}] (ignored${hint(key, known)}); the known keys are ${known.join(", ")}`;
}
function hint(word, known) {
  const guess = closest(word, known);
  return guess ? `; did you mean "${guess}"?` : "";
}
function isTable2(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

// lib/config/config.ts
var GUARDRAIL_KEYS = [
  "max_depth",
  "max_segment_bytes",
  "max_file_bytes",
  "max_total_bytes",
  "max_files",
  "max_trash_files",
  "max_trash_bytes",
  "max_episodes_bytes",
  "max_episodes_lines",
  "max_revisions_per_card",
  "max_revision_bytes"
];
function configFilePath(io) {
  if (io.env.MEMCTL_CONFIG_FILE) return path4.resolve(io.env.MEMCTL_CONFIG_FILE);
  const xdg = io.env.XDG_CONFIG_HOME && path4.isAbsolute(io.env.XDG_CONFIG_HOME) ? io.env.XDG_CONFIG_HOME : joinPath(io.home, ".config");
  return joinPath(xdg, "memctl", "config.toml");
}
var emptyConfig = () => ({ projects: {}, hook: {}, hosts: {}, guardrails: {}, raw: {} });
function validateConfig(raw) {
  const value = emptyConfig();
  value.raw = raw;
  const errors = [];
  const warnings = [];
  const invalid = (message) => errors.push({ code: ERROR_CODES.E_CONFIG_INVALID, message, scope: "file" });
  const invalidEntry = (project, message) => errors.push({ code: ERROR_CODES.E_CONFIG_INVALID, message, scope: "project", project });
  const invalidSetting = (message) => errors.push({ code: ERROR_CODES.E_CONFIG_INVALID, message, scope: "setting" });
  if ("memory_dir" in raw) {
    if (typeof raw.memory_dir === "string") value.legacyGlobalDir = raw.memory_dir;
    else invalid("memory_dir must be a string");
  }
  for (const message of unknownKeyWarnings(raw)) warnings.push({ code: "W_UNKNOWN_KEY", message });
  if (raw.projects !== void 0) {
    if (!isTable3(raw.projects)) invalid('projects must be a table of [projects."<project_key>"] entries');
    else {
      for (const [key, entry] of Object.entries(raw.projects)) {
        const out = {};
        value.projects[key] = out;
        if (!isTable3(entry)) {
          invalidEntry(key, `projects."${key}" must be a table`);
          continue;
        }
        for (const field of ["memory_dir", "repo_root"]) {
          const v = entry[field];
          if (v === void 0) continue;
          if (typeof v !== "string") invalidEntry(key, `projects."${key}".${field} must be a string`);
          else if (!path4.isAbsolute(v)) invalidEntry(key, `projects."${key}".${field} must be an absolute path, got "${v}"`);
          else out[field] = v;
        }
        if (entry.memory_dir === void 0) invalidEntry(key, `projects."${key}" has no memory_dir`);
      }
    }
  }
  if (raw.hook !== void 0) {
    if (!isTable3(raw.hook)) invalidSetting("hook must be a table");
    else {
      const hosts = { default: raw.hook, ...Object.fromEntries(Object.entries(raw.hook).filter(([, v]) => isTable3(v))) };
      for (const [host, table] of Object.entries(hosts)) {
        const budget = {};
        for (const field of ["max_bytes", "max_entries"]) {
          const v = table[field];
          if (v === void 0) continue;
          if (typeof v !== "number" || !Number.isInteger(v) || v < 0) invalidSetting(`hook${host === "default" ? "" : "." + host}.${field} must be a non-negative integer`);
          else budget[field] = v;
        }
        if (Object.keys(budget).length > 0) value.hook[host] = budget;
      }
      const logPrompts = raw.hook.log_prompts;
      if (logPrompts !== void 0) {
        if (typeof logPrompts !== "boolean") invalidSetting("hook.log_prompts must be true or false");
        else value.logPrompts = logPrompts;
      }
      const keeper = raw.hook.keeper;
      if (keeper !== void 0) {
        if (typeof keeper !== "boolean") invalidSetting("hook.keeper must be true or false");
        else value.keeper = keeper;
      }
    }
  }
  if (raw.compact !== void 0) {
    if (!isTable3(raw.compact)) invalidSetting("compact must be a table");
    else {
      const compact = {};
      const cmd = raw.compact.llm_command;
      if (cmd !== void 0) {
        if (!Array.isArray(cmd) || cmd.length === 0 || !cmd.every((a) => typeof a === "string") || cmd[0] === "")
          invalidSetting('compact.llm_command must be a non-empty list of strings, e.g. ["claude", "-p"]');
        else compact.llm_command = cmd;
      }
      const timeout = raw.compact.timeout_seconds;
      if (timeout !== void 0) {
        if (typeof timeout !== "number" || !(timeout > 0)) invalidSetting("compact.timeout_seconds must be a positive number");
        else compact.timeout_seconds = timeout;
      }
      value.compact = compact;
    }
  }
  if (raw.capture !== void 0) {
    if (!isTable3(raw.capture)) invalidSetting("capture must be a table, e.g. [capture] enabled = false");
    else {
      const capture = {};
      const c = raw.capture;
      for (const key of Object.keys(c))
        if (!["enabled", "llm_command", "timeout_seconds", "max_proposals", "verify"].includes(key))
          warnings.push({
            code: "W_UNKNOWN_KEY",
            message: `unknown key "capture.${key}" (ignored); the known keys are enabled, llm_command, timeout_seconds, max_proposals, verify`
          });
      if (c.enabled !== void 0) {
        if (typeof c.enabled !== "boolean") {
          invalidSetting("capture.enabled must be true or false (capture stays off until it is)");
          capture.enabled = false;
        } else capture.enabled = c.enabled;
      }
      if (c.llm_command !== void 0) {
        if (!Array.isArray(c.llm_command) || c.llm_command.length === 0 || !c.llm_command.every((a) => typeof a === "string") || c.llm_command[0] === "")
          invalidSetting('capture.llm_command must be a non-empty list of strings, e.g. ["claude", "-p"]');
        else capture.llm_command = c.llm_command;
      }
      if (c.timeout_seconds !== void 0) {
        if (typeof c.timeout_seconds !== "number" || !(c.timeout_seconds > 0)) invalidSetting("capture.timeout_seconds must be a positive number");
        else capture.timeout_seconds = c.timeout_seconds;
      }
      if (c.max_proposals !== void 0) {
        if (typeof c.max_proposals !== "number" || !Number.isInteger(c.max_proposals) || c.max_proposals < 0 || c.max_proposals > 20)
          invalidSetting("capture.max_proposals must be an integer from 0 to 20");
        else capture.max_proposals = c.max_proposals;
      }
      if (c.verify !== void 0) {
        if (typeof c.verify !== "boolean") invalidSetting("capture.verify must be true or false (the verify pass stays on until it is)");
        else capture.verify = c.verify;
      }
      value.capture = capture;
    }
  }
  if (raw.recall !== void 0) value.recall = validateRecallTable(raw.recall, invalidSetting, (message) => warnings.push({ code: "W_UNKNOWN_KEY", message }));
  if (raw.hosts !== void 0) value.hosts = validateHostsTable(raw.hosts, invalidSetting, (message) => warnings.push({ code: "W_UNKNOWN_KEY", message }));
  if (raw.guardrails !== void 0) {
    if (!isTable3(raw.guardrails)) invalidSetting("guardrails must be a table, e.g. [guardrails] max_files = 20000");
    else {
      for (const [key, v] of Object.entries(raw.guardrails)) {
        if (!GUARDRAIL_KEYS.includes(key)) {
          warnings.push({ code: "W_UNKNOWN_KEY", message: `unknown key "guardrails.${key}" (ignored); the known limits are ${GUARDRAIL_KEYS.join(", ")}` });
        } else if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 1) invalidSetting(`guardrails.${key} must be a positive integer, got ${JSON.stringify(v)}`);
        else value.guardrails[key] = v;
      }
    }
  }
  if (raw.secrets !== void 0) {
    const allow = isTable3(raw.secrets) ? raw.secrets.allow : void 0;
    if (!isTable3(raw.secrets) || allow !== void 0 && (!Array.isArray(allow) || !allow.every((a) => typeof a === "string" && a !== ""))) {
      invalidSetting('secrets.allow must be a list of non-empty strings: exact false positives or "/regex/", e.g. [secrets] allow = ["AKIA0000000000000000"]');
    } else {
      const bad = (allow ?? []).map((a) => [a, allowEntryProblem(a)]).filter(([, p]) => p);
      for (const [a, p] of bad) invalidSetting(`secrets.allow entry ${JSON.stringify(a)} is not a valid /regex/: ${p}`);
      value.secrets = { allow: allow ?? [] };
    }
  }
  if (raw.instructions !== void 0) value.instructions = validateInstructions(raw.instructions, invalidSetting, (message) => warnings.push({ code: "W_UNKNOWN_KEY", message }));
  return { value, errors, warnings };
}
function parseConfigText(text) {
  let raw;
  try {
    raw = parse(text);
  } catch (err) {
    const line = err instanceof TomlError ? err.line : void 0;
    const detail = err instanceof Error ? err.message.split("\n")[0] : String(err);
    return { value: emptyConfig(), errors: [{ code: ERROR_CODES.E_CONFIG_PARSE, message: detail ?? "invalid TOML", line, scope: "file" }], warnings: [] };
  }
  return validateConfig(raw);
}
function readConfig(io) {
  const file = configFilePath(io);
  let text;
  if (!exists(file)) return { file, exists: false, text: "", value: emptyConfig(), errors: [], warnings: [] };
  try {
    text = readUtf8(file);
  } catch (err) {
    if (systemCode(err) === "ENOENT") return { file, exists: false, text: "", value: emptyConfig(), errors: [], warnings: [] };
    return {
      file,
      exists: true,
      text: "",
      value: emptyConfig(),
      errors: [{ code: ERROR_CODES.E_IO, message: `cannot read: ${err.message}`, scope: "file" }],
      warnings: []
    };
  }
  return { file, exists: true, text, ...parseConfigText(text) };
}
function describeProblem(file, p) {
  return `${file}${p.line ? `:${p.line}` : ""}: ${p.message}`;
}
function fileProblems(read) {
  return read.errors.filter((p) => (p.scope ?? "file") === "file");
}
function projectProblems(read, key) {
  return read.errors.filter((p) => p.scope === "project" && p.project === key);
}
function assertConfigUsable(read) {
  const first = fileProblems(read)[0];
  if (!first) return;
  throw new MemctlError(
    first.code,
    `config file ${describeProblem(read.file, first)} \u2014 fix it by hand (memctl never overwrites a config it cannot parse), then run "memctl config lint"`,
    { file: read.file, line: first.line }
  );
}
function isTable3(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

export {
  TomlError,
  parse,
  hostOf,
  hostOptInText,
  EXTRA_RULES,
  isPlaceholderSecret,
  redactSecretLike,
  redactSecretLines,
  mayHoldSecret,
  isRegexEntry,
  allowRegex,
  recallModel,
  recallSetupHint,
  SHARED_BUDGET,
  claudeLoadsStoreNatively,
  AUTO_MEMORY_FIX,
  claudeAutoMemoryWritesStore,
  HOST_NAMES,
  HOSTS,
  isHostName,
  hostAdapter,
  configFilePath,
  readConfig,
  describeProblem,
  fileProblems,
  projectProblems,
  assertConfigUsable
};
/*! Bundled license information:

smol-toml/dist/error.js:
smol-toml/dist/primitive.js:
smol-toml/dist/date.js:
smol-toml/dist/extract.js:
smol-toml/dist/util.js:
smol-toml/dist/struct.js:
smol-toml/dist/parse.js:
smol-toml/dist/stringify.js:
smol-toml/dist/index.js:
  (*!
   * Copyright (c) Squirrel Chat et al., All rights reserved.
   * SPDX-License-Identifier: BSD-3-Clause
   *
   * Redistribution and use in source and binary forms, with or without
   * modification, are permitted provided that the following conditions are met:
   *
   * 1. Redistributions of source code must retain the above copyright notice, this
   *    list of conditions and the following disclaimer.
   * 2. Redistributions in binary form must reproduce the above copyright notice,
   *    this list of conditions and the following disclaimer in the
   *    documentation and/or other materials provided with the distribution.
   * 3. Neither the name of the copyright holder nor the names of its contributors
   *    may be used to endorse or promote products derived from this software without
   *    specific prior written permission.
   *
   * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
   * ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
   * WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
   * DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
   * FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
   * DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
   * SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
   * CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
   * OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
   * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
   *)
*/
