/** A 2025-11-25 session driven by raw HTTP, so the client's side of it can be anything at all. */

const LEGACY_VERSION = '2025-11-25';

type Message = Record<string, unknown>;

/** The messages of one POST's reply as they arrive: a JSON body is one, an event stream each `data:`. */
export class ReplyStream {
  private readonly arrived: Message[] = [];
  private waiting: (() => void) | undefined;
  private ended = false;
  readonly status: number;

  private constructor(response: Response) {
    this.status = response.status;
    void this.read(response);
  }

  static async open(url: string, headers: Record<string, string>, body: string): Promise<ReplyStream> {
    const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(15_000) });
    return new ReplyStream(response);
  }

  /** The next message, or undefined once the reply has ended without one. */
  async next(timeoutMs = 5_000): Promise<Message | undefined> {
    const deadline = Date.now() + timeoutMs;
    while (this.arrived.length === 0 && !this.ended) {
      if (Date.now() > deadline) throw new Error('no message within the timeout');
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 50);
      });
    }
    return this.arrived.shift();
  }

  /** Every message until the reply ends. */
  async rest(): Promise<Message[]> {
    const all: Message[] = [];
    for (let message = await this.next(); message !== undefined; message = await this.next())
      all.push(message);
    return all;
  }

  private async read(response: Response): Promise<void> {
    const type = response.headers.get('content-type') ?? '';
    try {
      if (!type.startsWith('text/event-stream')) {
        const text = await response.text();
        if (text !== '') this.arrived.push(JSON.parse(text) as Message);
        return;
      }
      const decoder = new TextDecoder();
      let pending = '';
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        pending += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const event = pending.slice(0, end);
          pending = pending.slice(end + 2);
          const data = event
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('');
          if (data !== '') this.arrived.push(JSON.parse(data) as Message);
          this.waiting?.();
        }
      }
    } finally {
      this.ended = true;
      this.waiting?.();
    }
  }
}

/** One initialized session: posts any text under its id. */
export class LegacySession {
  private constructor(
    private readonly url: string,
    /** The session id the server issued. */
    readonly id: string,
  ) {}

  static async open(url: string): Promise<LegacySession> {
    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: LEGACY_VERSION,
        capabilities: { elicitation: { form: {} } },
        clientInfo: { name: 'fuzz', version: '1' },
      },
    });
    const response = await fetch(url, { method: 'POST', headers: baseHeaders(), body: initialize });
    const sessionId = response.headers.get('mcp-session-id');
    await response.text();
    if (sessionId === null) throw new Error(`no session id (HTTP ${response.status})`);
    const session = new LegacySession(url, sessionId);
    await (
      await session.post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }))
    ).rest();
    return session;
  }

  post(body: string): Promise<ReplyStream> {
    return ReplyStream.open(this.url, { ...baseHeaders(), 'mcp-session-id': this.id }, body);
  }
}

function baseHeaders(): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': LEGACY_VERSION,
  };
}
