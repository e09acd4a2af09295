import 'reflect-metadata';
import { inject, injectable } from 'inversify';
import { Context } from '../context/context.js';
import { RequestAbort } from '../context/request-abort.js';
import type { RequestEnvironment } from '../context/request-environment.js';
import { createRequestContainer } from './request-container.factory.js';
import { createRootContainer } from './root-container.factory.js';

function contextFor(requestId: number): Context {
  const environment: RequestEnvironment = {
    era: 'modern',
    protocolVersion: '2026-07-28',
    clientCapabilities: {},
    requestId,
    abort: new RequestAbort(),
    notify: async () => {},
  };
  return new Context(environment, { method: 'tools/call', name: 'tool' });
}

@injectable()
class Clock {
  readonly created = Date.now();
}

@injectable()
class LeakyAudit {
  constructor(@inject(Context) readonly context: Context) {}
}

@injectable()
class RequestAudit {
  constructor(
    @inject(Context) readonly context: Context,
    @inject(Clock) readonly clock: Clock,
  ) {}
}

@injectable()
class Handler {
  constructor(
    @inject(Context) readonly context: Context,
    @inject(RequestAudit) readonly audit: RequestAudit,
    @inject(Clock) readonly clock: Clock,
  ) {}
}

describe('request scope', () => {
  it('refuses at bootstrap a singleton that injects the request Context', () => {
    expect(() => createRootContainer({ tools: [], providers: [LeakyAudit], interceptors: [] })).toThrow(
      /Cannot create singleton provider LeakyAudit: Context is request-scoped/,
    );
  });

  it('gives each request its own Context, shared by everything resolved for that request', () => {
    const blueprint = createRootContainer({
      tools: [Handler],
      providers: [Clock, { provide: RequestAudit, useClass: RequestAudit, scope: 'request' }],
      interceptors: [],
    });
    const first = contextFor(1);
    const second = contextFor(2);
    const firstScope = createRequestContainer(blueprint, first);
    const secondScope = createRequestContainer(blueprint, second);
    const a = firstScope.get(Handler);
    const b = secondScope.get(Handler);
    expect(a.context).toBe(first);
    expect(b.context).toBe(second);
    expect(a.audit.context).toBe(first);
    expect(b.audit.context).toBe(second);
    expect(firstScope.get(RequestAudit)).toBe(a.audit);
    expect(a.clock).toBe(b.clock);
    expect(blueprint.root.get(Clock)).toBe(a.clock);
  });

  it('never hands the root container a Context', () => {
    const blueprint = createRootContainer({ tools: [], providers: [], interceptors: [] });
    expect(() => blueprint.root.get(Context)).toThrow(/request-scoped/);
  });
});
