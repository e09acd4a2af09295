import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Args } from '../../decorators/args.decorator.js';
import { Complete } from '../../decorators/complete.decorator.js';
import { Field } from '../../decorators/field.decorator.js';
import { Prompt } from '../../decorators/prompt.decorator.js';
import { Resource } from '../../decorators/resource.decorator.js';
import { Tools } from '../../decorators/tools.decorator.js';
import type { ClassType } from '../../metadata/class-type.js';
import { HandlerRegistry } from '../../registry/handler-registry.js';
import { TestClient } from '../../testing/test-client.js';
import type { CompletionRequest } from './completion-request.js';
import { CompletionRegistry } from './completion.registry.js';
import { loadServerSdk } from '../sdk-runtime-loader.js';

// Resource templates are matched by the SDK's UriTemplate, which Elicitor.create loads when there are any.
await loadServerSdk();

class ReviewArgs {
  @Field() language!: string;
  @Field() style!: string;
}

class LanguageDirectory {
  readonly languages = ['go', 'python', 'perl', 'typescript'];
}

@Tools()
class ReviewPrompts {
  constructor(private readonly directory: LanguageDirectory) {}

  @Prompt({ description: 'Reviews code' })
  review(@Args() args: ReviewArgs): string {
    return `Review this ${args.language} code in a ${args.style} style`;
  }

  @Complete({ prompt: 'review', argument: 'language' })
  languages(value: string): string[] {
    return this.directory.languages.filter((language) => language.startsWith(value));
  }

  @Complete({ prompt: 'review', argument: 'style' })
  styles(value: string, request: CompletionRequest): { values: string[]; hasMore: boolean } {
    const all = Array.from(
      { length: 150 },
      (_, index) => `${request.resolved.language ?? 'any'}-${value}${index}`,
    );
    return { values: all, hasMore: true };
  }

  @Resource({ uriTemplate: 'repo://{owner}/{name}', mimeType: 'text/plain' })
  repository(): string {
    return 'a repository';
  }

  @Complete({ resourceTemplate: 'repo://{owner}/{name}', argument: 'owner' })
  owners(): string[] {
    throw new Error('the owner directory is down');
  }
}

function registryError(cls: ClassType): string {
  try {
    new CompletionRegistry([cls], new HandlerRegistry([cls]));
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
}

describe('@Complete() registry', () => {
  it('refuses completers for prompts, templates or arguments that do not exist', () => {
    @Tools()
    class UnknownPrompt {
      @Complete({ prompt: 'nope', argument: 'x' })
      complete(): string[] {
        return [];
      }
    }
    @Tools()
    class UnknownArgument {
      @Prompt({ description: 'p' })
      greet(@Args() args: ReviewArgs): string {
        return args.language;
      }
      @Complete({ prompt: 'greet', argument: 'colour' })
      complete(): string[] {
        return [];
      }
    }
    @Tools()
    class UnknownVariable {
      @Resource({ uriTemplate: 'x://{id}' })
      read(): string {
        return '';
      }
      @Complete({ resourceTemplate: 'x://{id}', argument: 'name' })
      complete(): string[] {
        return [];
      }
    }
    @Tools()
    class Twice {
      @Resource({ uriTemplate: 'x://{id}' })
      read(): string {
        return '';
      }
      @Complete({ resourceTemplate: 'x://{id}', argument: 'id' })
      first(): string[] {
        return [];
      }
      @Complete({ resourceTemplate: 'x://{id}', argument: 'id' })
      second(): string[] {
        return [];
      }
    }
    expect(registryError(UnknownPrompt)).toMatch(
      /UnknownPrompt\.complete: .*prompt "nope", which is not registered/,
    );
    expect(registryError(UnknownArgument)).toMatch(
      /prompt "greet" has no argument "colour" \(it has: language, style\)/,
    );
    expect(registryError(UnknownVariable)).toMatch(/template "x:\/\/\{id\}" has no variable "name"/);
    expect(registryError(Twice)).toMatch(
      /Twice\.second: argument "id" already has a completer: Twice\.first/,
    );
  });
});

describe('completion/complete', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await TestClient.create({
      tools: [ReviewPrompts],
      providers: [LanguageDirectory],
      logger: { info() {}, warn() {}, error() {} },
    });
  });
  afterAll(() => client.close());

  const complete = (
    ref: Record<string, unknown>,
    name: string,
    value: string,
    resolved?: Record<string, string>,
  ) =>
    client.request('completion/complete', {
      ref,
      argument: { name, value },
      ...(resolved ? { context: { arguments: resolved } } : {}),
    });

  it('declares the completions capability', async () => {
    const { body } = await client.request('server/discover');
    expect((body.result as { capabilities: object }).capabilities).toHaveProperty('completions', {});
  });

  it('answers from the @Complete() method, resolved from the container', async () => {
    const { status, body } = await complete({ type: 'ref/prompt', name: 'review' }, 'language', 'p');
    expect(status).toBe(200);
    expect(body.result).toMatchObject({
      resultType: 'complete',
      completion: { values: ['python', 'perl'], total: 2, hasMore: false },
    });
  });

  it('caps the values at 100 and passes the resolved arguments', async () => {
    const { body } = await complete({ type: 'ref/prompt', name: 'review' }, 'style', 's', { language: 'go' });
    const completion = (body.result as { completion: { values: string[]; total: number; hasMore: boolean } })
      .completion;
    expect(completion.values).toHaveLength(100);
    expect(completion.values[0]).toBe('go-s0');
    expect(completion).toMatchObject({ total: 150, hasMore: true });
  });

  it('answers an argument without a completer with no values', async () => {
    const { body } = await complete({ type: 'ref/resource', uri: 'repo://{owner}/{name}' }, 'name', 'el');
    expect(body.result).toMatchObject({ completion: { values: [], total: 0, hasMore: false } });
  });

  it('refuses references to nothing and malformed requests with -32602', async () => {
    const unknown = await complete({ type: 'ref/prompt', name: 'missing' }, 'language', '');
    expect(unknown.body.error).toMatchObject({ code: -32602, data: { name: 'missing' } });
    const malformed = await client.request('completion/complete', { ref: { type: 'ref/tool', name: 'x' } });
    expect(malformed.body.error).toMatchObject({ code: -32602 });
  });

  it('reports a failing completer as an internal error', async () => {
    const { body } = await complete({ type: 'ref/resource', uri: 'repo://{owner}/{name}' }, 'owner', 'a');
    expect(body.error).toMatchObject({ code: -32603, message: 'Internal error' });
  });
});
