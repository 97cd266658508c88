// lib/mcp/stdio-transport.ts
import { ErrorCode, JSONRPCMessageSchema } from "../../vendor/@modelcontextprotocol/sdk/types.js";
import { parseJsonBounded } from "../core/json-bounded.js";
var MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
var EDGE_BYTES = 4096;
var BoundedStdioTransport = class {
  constructor(stdin, stdout, maxMessageBytes = MAX_MESSAGE_BYTES) {
    this.stdin = stdin;
    this.stdout = stdout;
    this.maxMessageBytes = maxMessageBytes;
    this.chunks = [];
    this.held = 0;
    this.closed = false;
    /** Sends waiting for the client to read what was written: requests are not read meanwhile. */
    this.unread = [];
    this.onDrain = () => {
      const waiting = this.unread;
      this.unread = [];
      for (const resolve of waiting) resolve();
      if (!this.closed) this.stdin.resume();
    };
    this.onEnd = () => void this.close();
    this.onStreamError = (err) => this.onerror?.(new Error(`transport error: ${err.message}`));
    this.onData = (data) => {
      let chunk = Buffer.isBuffer(data) ? data : Buffer.from(data, "utf8");
      for (let nl = chunk.indexOf(10); nl !== -1 && !this.closed; nl = chunk.indexOf(10)) {
        this.take(chunk.subarray(0, nl));
        this.endLine();
        chunk = chunk.subarray(nl + 1);
      }
      if (chunk.length > 0) this.take(chunk);
    };
  }
  async start() {
    this.stdin.on("data", this.onData);
    this.stdin.on("error", this.onStreamError);
    this.stdin.on("end", this.onEnd);
  }
  async close() {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off("data", this.onData);
    this.stdin.off("error", this.onStreamError);
    this.stdin.off("end", this.onEnd);
    this.stdin.pause();
    this.chunks = [];
    this.onclose?.();
  }
  /**
   * Writes one answer. While the client does not read them (the write says the buffer is full), no more requests
   * are read: a client that never reads grew the server by every answer it was sent (524 MB at 112,000 calls).
   */
  send(message) {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}
`)) return resolve();
      this.unread.push(resolve);
      if (this.unread.length > 1) return;
      this.stdin.pause();
      this.stdout.once("drain", this.onDrain);
    });
  }
  /** Adds a piece of the current line: held while within the limit, else only its edges are kept. */
  take(piece) {
    if (piece.length === 0) return;
    if (!this.dropping && this.held + piece.length <= this.maxMessageBytes) {
      this.chunks.push(piece);
      this.held += piece.length;
      return;
    }
    if (!this.dropping) {
      const start = Buffer.concat(this.chunks);
      this.dropping = { size: this.held, head: Buffer.from(start.subarray(0, EDGE_BYTES)), tail: Buffer.alloc(0) };
      this.chunks = [];
      this.held = 0;
      this.dropping.tail = edge(start, this.dropping.tail);
    }
    this.dropping.size += piece.length;
    this.dropping.tail = edge(piece, this.dropping.tail);
  }
  endLine() {
    const dropped = this.dropping;
    if (dropped) {
      this.dropping = void 0;
      const id = idOf(dropped.head.toString("utf8"), dropped.tail.toString("utf8"));
      const message = `request of ${dropped.size} bytes is over the ${this.maxMessageBytes}-byte limit of memctl mcp; it was not read \u2014 send smaller requests (a card body over the limit cannot be stored anyway)`;
      this.onerror?.(new Error(`refused a request line: ${message}`));
      void this.reply(id, ErrorCode.InvalidRequest, message, { size: dropped.size, limit: this.maxMessageBytes });
      return;
    }
    const line = (this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks)).toString("utf8").replace(/\r$/, "");
    this.chunks = [];
    this.held = 0;
    if (line.trim() === "") return;
    let raw;
    try {
      raw = parseJsonBounded(line);
    } catch (err) {
      this.onerror?.(new Error(`refused a request line that is not JSON: ${err.message}`));
      void this.reply(void 0, ErrorCode.ParseError, `Parse error: the line is not JSON (${err.message})`);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(raw);
    if (!parsed.success) {
      const id = requestId(raw?.id);
      this.onerror?.(new Error("refused a request line that is JSON but not a JSON-RPC message"));
      void this.reply(id, ErrorCode.InvalidRequest, "Invalid request: the line is JSON but not a JSON-RPC 2.0 message (jsonrpc, method, id)");
      return;
    }
    this.onmessage?.(parsed.data);
  }
  /** An error response; without a known id the id is left out (MCP's error response allows it, the SDK accepts it). */
  reply(id, code, message, data) {
    if (this.closed) return Promise.resolve();
    return this.send({ jsonrpc: "2.0", ...id !== void 0 ? { id } : {}, error: { code, message, ...data ? { data } : {} } });
  }
};
function edge(piece, previous) {
  if (piece.length >= EDGE_BYTES) return Buffer.from(piece.subarray(piece.length - EDGE_BYTES));
  const joined = Buffer.concat([previous, piece]);
  return joined.subarray(Math.max(0, joined.length - EDGE_BYTES));
}
var ID_VALUE = String.raw`(-?\d+|"(?:[^"\\]|\\.)*")`;
var ID_AT_START = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${ID_VALUE}`);
var ID_AT_END = new RegExp(String.raw`"id"\s*:\s*${ID_VALUE}\s*\}\s*$`);
function idOf(head, tail) {
  const m = ID_AT_START.exec(head) ?? ID_AT_END.exec(tail.replace(/\r$/, ""));
  if (!m) return void 0;
  try {
    return requestId(JSON.parse(m[1]));
  } catch {
    return void 0;
  }
}
function requestId(value) {
  return typeof value === "string" || typeof value === "number" && Number.isSafeInteger(value) ? value : void 0;
}
export {
  BoundedStdioTransport,
  MAX_MESSAGE_BYTES
};
