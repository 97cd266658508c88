// Local stand-ins for the hosts' model providers, on 127.0.0.1 only (nothing leaves the machine): a server that
// records every request body and answers each one as the test decides, and the streams a real provider sends —
// Anthropic Messages (Claude Code, OpenCode) and OpenAI Responses (Codex, Grok Build's custom models) — so a real
// host finishes its turn, runs its tools and ends its session as it would online.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface StandIn {
  /** Base URL without a path (`http://127.0.0.1:<port>`): each host adds its own (`/v1`, `/v1/responses`). */
  url: string;
  /** Every request body received, in order. */
  bodies: string[];
  close: () => void;
}

/** What the stand-in sends back: an event stream (200), or a JSON error with its status. */
export type Reply = { stream: string } | { status: number; json: string };

/** A stand-in provider: `answer` gets each request's path and body (already recorded) and says what to send back. */
export async function standInProvider(answer: (path: string, body: string) => Reply): Promise<StandIn> {
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d: Buffer) => (body += d.toString("utf8")));
    req.on("end", () => {
      bodies.push(body);
      const reply = answer(req.url ?? "/", body);
      if ("stream" in reply) {
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
        res.end(reply.stream);
      } else {
        res.writeHead(reply.status, { "content-type": "application/json" });
        res.end(reply.json);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies, close: () => server.close() };
}

/** A stand-in that answers 400 to everything, so the host stops at once; what it was sent is kept. */
export function captureProvider(): Promise<StandIn> {
  return standInProvider(() => ({ status: 400, json: '{"type":"error","error":{"type":"invalid_request_error","message":"memctl e2e capture"}}' }));
}

function sse(events: { type: string; [field: string]: unknown }[]): string {
  return events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join("");
}

/** An Anthropic Messages stream: a short text answer, or one tool call (the host runs it and asks again). */
export function anthropicStream(model: string, tool?: { name: string; input: Record<string, unknown> }): string {
  const start = {
    type: "message_start",
    message: { id: "msg_e2e", type: "message", role: "assistant", model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } },
  };
  const block = tool
    ? [
        { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "toolu_e2e", name: tool.name, input: {} } },
        { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: JSON.stringify(tool.input) } },
      ]
    : [
        { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
        { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Noted." } },
      ];
  return sse([
    start,
    ...block,
    { type: "content_block_stop", index: 0 },
    { type: "message_delta", delta: { stop_reason: tool ? "tool_use" : "end_turn", stop_sequence: null }, usage: { output_tokens: 2 } },
    { type: "message_stop" },
  ]);
}

/**
 * An OpenAI Responses stream, every event a real one carries (Grok parses the full response object; Codex reads
 * the items): a short text answer, or one function call (the host runs it and sends its output back).
 */
export function responsesStream(model: string, call?: { name: string; arguments: Record<string, unknown> }): string {
  const base = {
    id: "resp_e2e",
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    model,
    output: [] as unknown[],
    parallel_tool_calls: true,
    tool_choice: "auto",
    tools: [],
    error: null,
    incomplete_details: null,
    instructions: null,
    metadata: {},
    temperature: null,
    top_p: null,
    usage: null as unknown,
  };
  const usage = { input_tokens: 1, input_tokens_details: { cached_tokens: 0 }, output_tokens: 1, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 2 };
  let item: Record<string, unknown>;
  let body: Record<string, unknown>[];
  if (call) {
    const args = JSON.stringify(call.arguments);
    item = { id: "fc_e2e", type: "function_call", status: "completed", call_id: "call_e2e", name: call.name, arguments: args };
    body = [
      { type: "response.output_item.added", output_index: 0, item: { ...item, status: "in_progress", arguments: "" } },
      { type: "response.function_call_arguments.delta", item_id: "fc_e2e", output_index: 0, delta: args },
      { type: "response.function_call_arguments.done", item_id: "fc_e2e", output_index: 0, arguments: args },
    ];
  } else {
    const part = { type: "output_text", text: "Noted.", annotations: [] };
    item = { id: "msg_e2e", type: "message", status: "completed", role: "assistant", content: [part] };
    const at = { item_id: "msg_e2e", output_index: 0, content_index: 0 };
    body = [
      { type: "response.output_item.added", output_index: 0, item: { ...item, status: "in_progress", content: [] } },
      { type: "response.content_part.added", ...at, part: { ...part, text: "" } },
      { type: "response.output_text.delta", ...at, delta: part.text, logprobs: [] },
      { type: "response.output_text.done", ...at, text: part.text, logprobs: [] },
      { type: "response.content_part.done", ...at, part },
    ];
  }
  const events = [
    { type: "response.created", response: { ...base, status: "in_progress" } },
    { type: "response.in_progress", response: { ...base, status: "in_progress" } },
    ...body,
    { type: "response.output_item.done", output_index: 0, item },
    { type: "response.completed", response: { ...base, status: "completed", output: [item], usage } },
  ];
  return sse(events.map((e, i) => ({ ...e, type: e.type as string, sequence_number: i })));
}
