import 'reflect-metadata';
import type { Client } from '@modelcontextprotocol/client';
import { Args, Field, Resource, Tools } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { modernRequest } from '../docs/support/modern-http.js';
import { connectHttp, officialClient } from '../support/official-client.js';
import { startHttpApp } from '../support/transports.js';

class NoteAddress {
  @Field() id!: string;
}

class FileAddress {
  @Field() path!: string;
}

class SearchAddress {
  @Field() q!: string;
}

@Tools()
class Library {
  @Resource({ uriTemplate: 'notes://{id}', mimeType: 'text/plain' })
  note(@Args() address: NoteAddress): string {
    return `note ${address.id}`;
  }

  @Resource({ uriTemplate: 'files://{+path}', mimeType: 'text/plain' })
  file(@Args() address: FileAddress): string {
    return `file ${address.path}`;
  }

  @Resource({ uriTemplate: 'search://items{?q}', mimeType: 'text/plain' })
  search(@Args() address: SearchAddress): string {
    return `results for ${address.q}`;
  }
}

const quiet = { info() {}, warn() {}, error() {} };

/** RFC 6570 templates through the SDK's matcher, read by the official client on both eras. */
describe.each(['modern', 'legacy'] as const)('resource templates on the %s wire', (era) => {
  let app: ElicitorApp;
  let url: string;
  let client: Client;

  beforeAll(async () => {
    ({ app, url } = await startHttpApp({
      name: 'library',
      version: '1.0.0',
      tools: [Library],
      logger: quiet,
    }));
    client = await connectHttp(officialClient({ era }), url);
  });

  afterAll(async () => {
    await client.close();
    await app.close();
  });

  const textOf = async (uri: string) => {
    const { contents } = await client.readResource({ uri });
    return (contents[0] as { text: string }).text;
  };

  it('reads {var}, {+path} and {?q} templates, percent-decoded', async () => {
    expect(await textOf('notes://hello%20world')).toBe('note hello world');
    expect(await textOf('files://docs/guide/intro.md')).toBe('file docs/guide/intro.md');
    expect(await textOf('search://items?q=red%20shoes')).toBe('results for red shoes');
  });

  it('answers a malformed percent escape with "Resource not found" (-32602), not an internal error', async () => {
    const failure = await client.readResource({ uri: 'notes://%E0%A4%A' }).then(
      () => undefined,
      (error: { code?: number; message: string }) => error,
    );
    expect(failure?.code).toBe(-32602);
    expect(failure?.message).toMatch(/Resource not found: notes:\/\/%E0%A4%A/);
    expect(await textOf('notes://still-fine')).toBe('note still-fine');
  });
});

describe('resource templates: a malformed escape on the raw modern wire', () => {
  it('gets a JSON-RPC error with a 4xx or 200, never a 5xx', async () => {
    const { app, url } = await startHttpApp({
      name: 'library',
      version: '1.0.0',
      tools: [Library],
      logger: quiet,
    });
    try {
      const uri = 'files://%%30';
      const read = { id: 7, method: 'resources/read', name: uri, params: { uri }, capabilities: {} };
      const response = await fetch(modernRequest(url, read));
      expect(response.status).toBeLessThan(500);
      expect(await response.json()).toMatchObject({
        jsonrpc: '2.0',
        id: 7,
        error: { code: -32602, message: `Resource not found: ${uri}`, data: { uri } },
      });
    } finally {
      await app.close();
    }
  });
});
