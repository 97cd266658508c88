// The stdio transport `memctl mcp` serves on: newline-delimited JSON-RPC, as the SDK's StdioServerTransport,
// with bounds. The SDK's buffers everything unread and, past 10 MiB, closes the connection, so one large
// request ended the server with no answer; a line that is not JSON-RPC got no answer at all. Here a line is
// held only up to MAX_MESSAGE_BYTES: a longer one is dropped as it streams and answered with an error naming
// the limit, a malformed one with a parse error (-32700) or an invalid request (-32600), and the next line
// is served as usual.
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ErrorCode, type JSONRPCMessage, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import { parseJsonBounded } from "../core/json-bounded.js";

/** The longest request line served (the SDK's own limit); a card write is far smaller (guardrails). */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** How much of a dropped line's start and end is kept to find its id. */
const EDGE_BYTES = 4096;

type RequestId = string | number;

export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private chunks: Buffer[] = [];
  private held = 0;
  /** Set while a line past the limit streams by: its size so far and the edges that may hold its id. */
  private dropping?: { size: number; head: Buffer; tail: Buffer };
  private closed = false;
  /** Sends waiting for the client to read what was written: requests are not read meanwhile. */
  private unread: (() => void)[] = [];

  constructor(
    private readonly stdin: NodeJS.ReadableStream,
    private readonly stdout: NodeJS.WritableStream,
    private readonly maxMessageBytes = MAX_MESSAGE_BYTES,
  ) {}

  async start(): Promise<void> {
    this.stdin.on("data", this.onData);
    this.stdin.on("error", this.onStreamError);
    // The SDK's transport does not notice end of input; without this the host's shutdown would hang.
    this.stdin.on("end", this.onEnd);
  }

  async close(): Promise<void> {
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
  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) return resolve();
      this.unread.push(resolve);
      if (this.unread.length > 1) return;
      this.stdin.pause();
      this.stdout.once("drain", this.onDrain);
    });
  }

  private readonly onDrain = () => {
    const waiting = this.unread;
    this.unread = [];
    for (const resolve of waiting) resolve();
    if (!this.closed) this.stdin.resume();
  };

  private readonly onEnd = () => void this.close();
  private readonly onStreamError = (err: Error) => this.onerror?.(new Error(`transport error: ${err.message}`));

  private readonly onData = (data: Buffer | string) => {
    let chunk = Buffer.isBuffer(data) ? data : Buffer.from(data, "utf8");
    for (let nl = chunk.indexOf(0x0a); nl !== -1 && !this.closed; nl = chunk.indexOf(0x0a)) {
      this.take(chunk.subarray(0, nl));
      this.endLine();
      chunk = chunk.subarray(nl + 1);
    }
    if (chunk.length > 0) this.take(chunk);
  };

  /** Adds a piece of the current line: held while within the limit, else only its edges are kept. */
  private take(piece: Buffer): void {
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

  private endLine(): void {
    const dropped = this.dropping;
    if (dropped) {
      this.dropping = undefined;
      const id = idOf(dropped.head.toString("utf8"), dropped.tail.toString("utf8"));
      const message = `request of ${dropped.size} bytes is over the ${this.maxMessageBytes}-byte limit of memctl mcp; it was not read — send smaller requests (a card body over the limit cannot be stored anyway)`;
      this.onerror?.(new Error(`refused a request line: ${message}`));
      void this.reply(id, ErrorCode.InvalidRequest, message, { size: dropped.size, limit: this.maxMessageBytes });
      return;
    }
    const line = (this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks)).toString("utf8").replace(/\r$/, "");
    this.chunks = [];
    this.held = 0;
    if (line.trim() === "") return;
    let raw: unknown;
    try {
      raw = parseJsonBounded(line);
    } catch (err) {
      this.onerror?.(new Error(`refused a request line that is not JSON: ${(err as Error).message}`));
      void this.reply(undefined, ErrorCode.ParseError, `Parse error: the line is not JSON (${(err as Error).message})`);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(raw);
    if (!parsed.success) {
      const id = requestId((raw as { id?: unknown } | null)?.id);
      this.onerror?.(new Error("refused a request line that is JSON but not a JSON-RPC message"));
      void this.reply(id, ErrorCode.InvalidRequest, "Invalid request: the line is JSON but not a JSON-RPC 2.0 message (jsonrpc, method, id)");
      return;
    }
    this.onmessage?.(parsed.data);
  }

  /** An error response; without a known id the id is left out (MCP's error response allows it, the SDK accepts it). */
  private reply(id: RequestId | undefined, code: number, message: string, data?: Record<string, unknown>): Promise<void> {
    if (this.closed) return Promise.resolve();
    return this.send({ jsonrpc: "2.0", ...(id !== undefined ? { id } : {}), error: { code, message, ...(data ? { data } : {}) } } as JSONRPCMessage);
  }
}

/** The last EDGE_BYTES of `previous` followed by `piece`. */
function edge(piece: Buffer, previous: Buffer): Buffer {
  if (piece.length >= EDGE_BYTES) return Buffer.from(piece.subarray(piece.length - EDGE_BYTES));
  const joined = Buffer.concat([previous, piece]);
  return joined.subarray(Math.max(0, joined.length - EDGE_BYTES));
}

const ID_VALUE = String.raw`(-?\d+|"(?:[^"\\]|\\.)*")`;
const ID_AT_START = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${ID_VALUE}`);
const ID_AT_END = new RegExp(String.raw`"id"\s*:\s*${ID_VALUE}\s*\}\s*$`);

/**
 * A dropped request's id, when the line names it first or last at the top level (clients put it there: the
 * SDK writes {method, params, jsonrpc, id}); undefined otherwise. A nested object ends "}}", so it never matches the end.
 */
function idOf(head: string, tail: string): RequestId | undefined {
  const m = ID_AT_START.exec(head) ?? ID_AT_END.exec(tail.replace(/\r$/, ""));
  if (!m) return undefined;
  try {
    return requestId(JSON.parse(m[1]!));
  } catch {
    return undefined;
  }
}

function requestId(value: unknown): RequestId | undefined {
  return typeof value === "string" || (typeof value === "number" && Number.isSafeInteger(value)) ? value : undefined;
}
