// The reference ceiling: a hand-written node:http JSON-RPC responder for the two bench tools.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ANSWER_FIELD,
  CLIENT_CAPABILITIES_META_KEY,
  ECHO_TOOL,
  FLOW_KEYS,
  FLOW_TOOL,
  MCP_PATH,
  MODERN_PROTOCOL_VERSION,
  PROTOCOL_VERSION_META_KEY,
  answerSchema,
  questionFor,
} from '../wire/mcp-wire.js';
import { FLOW_VARIANT_TOOL, MAX_FLOW_VARIANT_QUESTIONS, flowVariantKeys } from '../wire/flow-variants.js';
import { BareStateSeal } from './bare-state.seal.js';
import { serveAsChild } from './child-harness.js';

const SERVER_INFO = { name: 'bare-bench', version: '1.0.0' };
const seal = new BareStateSeal();

interface JsonRpcRequest {
  id?: string | number;
  method?: string;
  params?: {
    name?: string;
    arguments?: Record<string, unknown>;
    inputResponses?: Record<string, { action?: string; content?: Record<string, unknown> }>;
    requestState?: unknown;
    _meta?: Record<string, unknown>;
  };
}

function reply(res: ServerResponse, status: number, payload: unknown): void {
  const body = JSON.stringify(payload);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function fail(res: ServerResponse, status: number, id: unknown, code: number, message: string): void {
  reply(res, status, { jsonrpc: '2.0', id: id ?? null, error: { code, message } });
}

function complete(res: ServerResponse, id: unknown, text: string): void {
  const result = {
    content: [{ type: 'text', text }],
    resultType: 'complete',
    _meta: { serverInfo: SERVER_INFO },
  };
  reply(res, 200, { jsonrpc: '2.0', id, result });
}

/** Answers one flow round from the echoed state and the new answers alone: nothing is kept between rounds. */
function flowRound(res: ServerResponse, request: JsonRpcRequest, keys: readonly string[]): void {
  const params = request.params!;
  let answers: Record<string, string> = {};
  if (params.requestState !== undefined) {
    const opened = typeof params.requestState === 'string' ? seal.open(params.requestState) : undefined;
    if (!opened) return fail(res, 200, request.id, -32602, 'Invalid or expired requestState');
    answers = { ...opened };
  }
  for (const key of keys) {
    if (answers[key] !== undefined) continue;
    const response = params.inputResponses?.[key];
    const value = response?.action === 'accept' ? response.content?.[ANSWER_FIELD] : undefined;
    if (typeof value === 'string') {
      answers[key] = value;
      continue;
    }
    const capabilities = params._meta?.[CLIENT_CAPABILITIES_META_KEY] as
      { elicitation?: unknown } | undefined;
    if (!capabilities?.elicitation)
      return fail(res, 400, request.id, -32021, 'Missing required client capability');
    const question = {
      method: 'elicitation/create',
      params: { mode: 'form', message: questionFor(key), requestedSchema: answerSchema },
    };
    const result = {
      resultType: 'input_required',
      inputRequests: { [key]: question },
      requestState: seal.seal(answers),
    };
    return reply(res, 200, {
      jsonrpc: '2.0',
      id: request.id,
      result: { ...result, _meta: { serverInfo: SERVER_INFO } },
    });
  }
  complete(res, request.id, keys.map((key) => `${key}=${answers[key]}`).join(' '));
}

function isQuestionCount(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_FLOW_VARIANT_QUESTIONS;
}

function handle(req: IncomingMessage, res: ServerResponse, raw: string): void {
  let request: JsonRpcRequest;
  try {
    request = JSON.parse(raw) as JsonRpcRequest;
  } catch {
    return fail(res, 400, null, -32700, 'Parse error');
  }
  const meta = request.params?._meta;
  if (!meta || typeof meta[CLIENT_CAPABILITIES_META_KEY] !== 'object')
    return fail(res, 400, request.id, -32602, 'Missing _meta');
  if (meta[PROTOCOL_VERSION_META_KEY] !== MODERN_PROTOCOL_VERSION) {
    return fail(res, 400, request.id, -32022, 'Unsupported protocol version');
  }
  if (
    req.headers['mcp-protocol-version'] !== MODERN_PROTOCOL_VERSION ||
    req.headers['mcp-method'] !== request.method
  ) {
    return fail(res, 400, request.id, -32020, 'Header mismatch');
  }
  if (request.method !== 'tools/call') return fail(res, 404, request.id, -32601, 'Method not found');
  if (req.headers['mcp-name'] !== request.params?.name)
    return fail(res, 400, request.id, -32020, 'Header mismatch');
  if (request.params?.name === ECHO_TOOL) {
    const text = request.params.arguments?.text;
    if (typeof text !== 'string') return fail(res, 200, request.id, -32602, 'text must be a string');
    return complete(res, request.id, text);
  }
  if (request.params?.name === FLOW_TOOL) return flowRound(res, request, FLOW_KEYS);
  const questions = request.params?.arguments?.questions;
  if (request.params?.name === FLOW_VARIANT_TOOL && isQuestionCount(questions))
    return flowRound(res, request, flowVariantKeys(questions));
  fail(res, 200, request.id, -32602, 'Unknown tool');
}

await serveAsChild(async () => {
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== MCP_PATH) return fail(res, 404, null, -32601, 'Not found');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
});
