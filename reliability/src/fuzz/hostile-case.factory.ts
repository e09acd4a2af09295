import { deeplyNested, junkValue, malformedJson, notARequest, tamperedState } from './hostile-values.js';
import type { SeededRandom } from './seeded-random.js';

export type FuzzLeg = 'modern' | 'legacy';

/** One hostile HTTP request (or, without headers, one stdio line). */
export interface HostileCase {
  category: string;
  method: string;
  headers: Record<string, string>;
  /** Text, or raw bytes when the case is invalid UTF-8. */
  body: string | Buffer | undefined;
}

/** What the generator knows of the server: a genuine sealed state to tamper with, and live legacy sessions. */
export interface FuzzTargets {
  genuineState: string;
  sessionIds: readonly string[];
}

type Message = Record<string, unknown>;

const MODERN_VERSION = '2026-07-28';
const LEGACY_VERSION = '2025-11-25';
const TOOLS = [
  'echo',
  'add',
  'who_am_i',
  'refuse',
  'crash',
  'content_blocks',
  'schedule',
  'pick_color',
  'nope',
];
const MODERN_METHODS = [
  'tools/call',
  'tools/call',
  'tools/call',
  'tools/list',
  'resources/read',
  'prompts/get',
];
const MODERN_OTHER = [
  'server/discover',
  'ping',
  'initialize',
  'resources/list',
  'completion/complete',
  'no/such',
];
const LEGACY_METHODS = ['tools/call', 'tools/call', 'tools/list', 'ping', 'resources/list', 'prompts/list'];
const LEGACY_OTHER = ['completion/complete', 'logging/setLevel', 'resources/read', 'prompts/get', 'no/such'];
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Weighted categories: every kind of hostile input the issue lists, oversize bodies kept rare (they are slow). */
const CATEGORIES: ReadonlyArray<[string, number]> = [
  ['malformed-json', 12],
  ['wrong-shape', 12],
  ['not-a-request', 10],
  ['deep-nesting', 8],
  ['wrong-types', 14],
  ['bogus-input-responses', 12],
  ['tampered-state', 12],
  ['oversize', 0.3],
  ['unicode-junk', 8],
  ['batch', 8],
  ['wrong-headers', 13.7],
];
const TOTAL_WEIGHT = CATEGORIES.reduce((sum, [, weight]) => sum + weight, 0);

/** Builds seeded hostile requests for one leg; the same seed always gives the same cases. */
export class HostileCaseFactory {
  private serial = 0;

  constructor(
    private readonly random: SeededRandom,
    private readonly leg: FuzzLeg,
    private readonly targets: FuzzTargets,
  ) {}

  next(): HostileCase {
    const category = this.category();
    const id = `fz-${this.serial++}`;
    const request = this.plausibleRequest(id);
    const headers = this.headersFor(request);
    let body: string | Buffer | undefined;
    let method = 'POST';
    switch (category) {
      case 'malformed-json':
        body = malformedJson(JSON.stringify(request), this.random);
        break;
      case 'wrong-shape':
        body = JSON.stringify(this.wrongShape(request));
        break;
      case 'not-a-request':
        body = notARequest(request, this.random);
        break;
      case 'deep-nesting':
        body = JSON.stringify(this.deepNesting(request));
        break;
      case 'wrong-types':
        body = JSON.stringify(this.wrongTypes(request));
        break;
      case 'bogus-input-responses':
        body = JSON.stringify(this.withParams(request, { inputResponses: this.bogusInputResponses() }));
        break;
      case 'tampered-state':
        body = JSON.stringify(this.tamperedStateRequest(request));
        break;
      case 'oversize':
        body = JSON.stringify(
          this.withParams(request, { arguments: { text: 'x'.repeat(MAX_BODY_BYTES + 1) } }),
        );
        break;
      case 'unicode-junk':
        body = this.unicodeJunk(request);
        break;
      case 'batch':
        body = JSON.stringify(this.batch(request));
        break;
      default:
        method = this.wrongHeaders(headers, request);
        body = method === 'POST' || this.random.chance(0.5) ? JSON.stringify(request) : undefined;
    }
    return { category, method, headers, body };
  }

  private category(): string {
    let roll = this.random.next() * TOTAL_WEIGHT;
    for (const [name, weight] of CATEGORIES) {
      roll -= weight;
      if (roll < 0) return name;
    }
    return CATEGORIES[0]![0];
  }

  /** A request that would be valid but for what the category then does to it. */
  private plausibleRequest(id: string): Message {
    const modern = this.leg === 'modern';
    const method = this.random.chance(0.85)
      ? this.random.pick(modern ? MODERN_METHODS : LEGACY_METHODS)
      : this.random.pick(modern ? MODERN_OTHER : LEGACY_OTHER);
    const params: Message = {};
    if (method === 'tools/call') {
      params.name = this.random.pick(TOOLS);
      params.arguments = this.random.pick([
        { text: 'hi' },
        { a: 1, b: 2 },
        {},
        { text: junkValue(this.random) },
      ]);
    } else if (method === 'resources/read') {
      params.uri = this.random.pick(['notes://x', 'test://%E0%A4%A', 'file:///etc/passwd', '']);
    } else if (method === 'prompts/get') {
      params.name = this.random.pick(['briefing', 'nope', '']);
    } else if (method === 'logging/setLevel') {
      params.level = this.random.pick(['debug', 'nonsense']);
    }
    if (modern) {
      params._meta = {
        'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
        'io.modelcontextprotocol/clientInfo': { name: 'fuzz', version: '1.0.0' },
        'io.modelcontextprotocol/clientCapabilities': this.random.pick([{}, { elicitation: {} }]),
      };
    }
    return { jsonrpc: '2.0', id, method, params };
  }

  private headersFor(request: Message): Record<string, string> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    const params = request.params as Message;
    if (this.leg === 'modern') {
      headers['mcp-protocol-version'] = MODERN_VERSION;
      headers['mcp-method'] = String(request.method);
      const name = params.name ?? params.uri;
      if (typeof name === 'string' && /^[\x20-\x7e]*$/.test(name)) headers['mcp-name'] = name;
    } else {
      headers['mcp-protocol-version'] = LEGACY_VERSION;
      headers['mcp-session-id'] = this.random.chance(0.9)
        ? this.random.pick(this.targets.sessionIds)
        : this.random.pick(['', 'not-a-session', '00000000-0000-0000-0000-000000000000', 'x'.repeat(500)]);
    }
    return headers;
  }

  private wrongShape(request: Message): unknown {
    switch (this.random.int(0, 11)) {
      case 0:
        return { ...request, jsonrpc: this.random.pick(['1.0', 2, null, undefined]) };
      case 1:
        return { ...request, method: junkValue(this.random) };
      case 2:
        return { ...request, id: this.random.pick([{}, [], 1.5, true, null]) };
      case 3:
        return { ...request, params: this.random.pick([[], 'params', 42, null]) };
      case 4:
        return { jsonrpc: '2.0', id: request.id, result: junkValue(this.random) };
      case 5:
        return { jsonrpc: '2.0', id: request.id, error: { code: 'x', message: junkValue(this.random) } };
      case 6:
        return { jsonrpc: '2.0', method: request.method, params: request.params };
      case 7:
        return junkValue(this.random);
      case 8:
        return {
          ...request,
          method: 'notifications/cancelled',
          params: { requestId: junkValue(this.random) },
        };
      case 9:
        return { ...request, method: 'notifications/initialized', id: undefined };
      case 10:
        return { ...request, extra: junkValue(this.random), result: {} };
      default:
        return { jsonrpc: '2.0' };
    }
  }

  private deepNesting(request: Message): Message {
    const depth = this.random.int(1_000, 3_000);
    const nested = deeplyNested(depth, this.random);
    const place = this.random.int(0, 3);
    if (place === 0) return this.withParams(request, { arguments: { text: nested } });
    if (place === 1) return this.withParams(request, { inputResponses: { day: nested } });
    if (place === 2)
      return this.withParams(request, {
        arguments: { text: nested },
        requestState: this.targets.genuineState,
      });
    return this.withParams(request, {
      _meta: { ...((request.params as Message)._meta as Message), deep: nested },
    });
  }

  private wrongTypes(request: Message): Message {
    const field = this.random.pick([
      'name',
      'arguments',
      'uri',
      '_meta',
      'requestState',
      'inputResponses',
      'cursor',
    ]);
    if (field === '_meta' && this.leg === 'modern') {
      const meta = { ...((request.params as Message)._meta as Message) };
      const key = this.random.pick([
        'io.modelcontextprotocol/protocolVersion',
        'io.modelcontextprotocol/clientCapabilities',
        'io.modelcontextprotocol/clientInfo',
        'progressToken',
      ]);
      meta[key] = junkValue(this.random);
      return this.withParams(request, { _meta: meta });
    }
    return this.withParams(request, { [field]: junkValue(this.random) });
  }

  private bogusInputResponses(): unknown {
    switch (this.random.int(0, 6)) {
      case 0:
        return junkValue(this.random);
      case 1:
        return { day: junkValue(this.random), people: junkValue(this.random) };
      case 2:
        return { day: { action: junkValue(this.random), content: junkValue(this.random) } };
      case 3:
        return {
          day: { action: 'accept', content: { day: junkValue(this.random), extra: 'x'.repeat(30_000) } },
        };
      case 4:
        return Object.fromEntries(
          Array.from({ length: this.random.int(100, 2_000) }, (_, i) => [`k${i}`, { action: 'accept' }]),
        );
      case 5:
        return { day: { action: 'accept', content: { day: '2026-01-01' } }, people: { action: 'decline' } };
      default:
        return { day: { method: 'elicitation/create', result: { action: 'accept' } } };
    }
  }

  private tamperedStateRequest(request: Message): Message {
    const tool = this.random.pick(['schedule', 'schedule', 'pick_color', 'echo']);
    const answers = {
      day: { action: 'accept', content: { day: '2026-01-01' } },
      people: { action: 'accept', content: { count: 2 } },
    };
    return this.withParams(request, {
      name: tool,
      arguments: tool === 'echo' ? { text: 'hi' } : this.random.pick([{}, { other: 1 }]),
      requestState: tamperedState(this.targets.genuineState, this.random),
      inputResponses: this.random.chance(0.7) ? answers : this.bogusInputResponses(),
    });
  }

  private unicodeJunk(request: Message): string | Buffer {
    const text = JSON.stringify(
      this.withParams(request, {
        name: this.random.pick(['ec\u0000ho', 'écho', '\ud800', 'echo\u202e', '😀', 'echo\n']),
        arguments: { text: this.random.pick(['\ud800\udc00\ud800', '\u0000'.repeat(100), '\uffff\ufffe']) },
      }),
    );
    switch (this.random.int(0, 2)) {
      case 0:
        return text.replace(/\\ud800/g, '\ud800'); // a raw lone surrogate, sent as U+FFFD
      case 1:
        return Buffer.concat([
          Buffer.from(text.slice(0, -1)),
          Buffer.from([0x2c, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x3a, 0x31, 0x7d]),
        ]);
      default:
        return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf, 0xff]), Buffer.from(text)]);
    }
  }

  private batch(request: Message): unknown[] {
    switch (this.random.int(0, 3)) {
      case 0:
        return [];
      case 1:
        return [request, { ...request, id: `${String(request.id)}-b` }];
      case 2:
        return Array.from({ length: this.random.int(2, 200) }, () => junkValue(this.random));
      default:
        return [request, junkValue(this.random), { jsonrpc: '2.0', method: 'notifications/initialized' }];
    }
  }

  /** Spoils the headers; returns the HTTP method to use. */
  private wrongHeaders(headers: Record<string, string>, request: Message): string {
    switch (this.random.int(0, 11)) {
      case 0:
        delete headers['mcp-protocol-version'];
        break;
      case 1:
        headers['mcp-protocol-version'] = this.random.pick([
          '1999-01-01',
          'latest',
          '',
          '2026-07-28, 2025-11-25',
        ]);
        break;
      case 2:
        headers['mcp-method'] = this.random.pick(['tools/list', 'x', '']);
        break;
      case 3:
        headers['mcp-name'] = '=?base64?not base64?=';
        break;
      case 4:
        headers['content-type'] = this.random.pick(['text/plain', 'application/x-www-form-urlencoded', '']);
        break;
      case 5:
        headers.accept = this.random.pick(['text/html', '', 'application/json']);
        break;
      case 6:
        headers.host = 'evil.example';
        break;
      case 7:
        headers.origin = 'http://evil.example';
        break;
      case 8:
        headers['mcp-session-id'] = 'bogus-session';
        break;
      case 9:
        if (this.leg === 'legacy') headers['mcp-session-id'] = 'gone-session';
        return this.random.pick(['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);
      case 10:
        headers['mcp-protocol-version'] = this.leg === 'modern' ? LEGACY_VERSION : MODERN_VERSION;
        break;
      default:
        headers['content-length-note'] = String(request.id);
        headers['x-junk'] = 'é'.repeat(100);
    }
    return 'POST';
  }

  private withParams(request: Message, changes: Message): Message {
    return { ...request, params: { ...(request.params as Message), ...changes } };
  }
}
