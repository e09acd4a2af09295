import 'reflect-metadata';
import { inject, injectable } from 'inversify';
import { Context } from '../context/context.js';
import { RequestAbort } from '../context/request-abort.js';
import type { RequestEnvironment } from '../context/request-environment.js';
import { AppWideService, ContextUser } from './context-user.spec-helper.js';
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
class LeakyAudit {
  constructor(@inject(Context) readonly context: Context) {}
}

@injectable()
class Handler {
  constructor(
    @inject(Context) readonly context: Context,
    @inject(ContextUser) readonly audit: ContextUser,
    @inject(AppWideService) readonly appWide: AppWideService,
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
      providers: [AppWideService, { provide: ContextUser, useClass: ContextUser, scope: 'request' }],
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
    expect(a.audit.appWide).toBe(a.appWide);
    expect(firstScope.get(ContextUser)).toBe(a.audit);
    expect(a.appWide).toBe(b.appWide);
    expect(blueprint.root.get(AppWideService)).toBe(a.appWide);
  });

  it('never hands the root container a Context', () => {
    const blueprint = createRootContainer({ tools: [], providers: [], interceptors: [] });
    expect(() => blueprint.root.get(Context)).toThrow(/request-scoped/);
  });
});
