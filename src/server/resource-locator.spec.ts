import 'reflect-metadata';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { UriTemplate } from '@modelcontextprotocol/server';
import { Resource } from '../decorators/resource.decorator.js';
import { Tools } from '../decorators/tools.decorator.js';
import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import type { ClassType } from '../metadata/class-type.js';
import { HandlerRegistry } from '../registry/handler-registry.js';
import { ResourceLocator, templateVariables } from './resource-locator.js';
import { loadServerSdk } from './sdk-runtime-loader.js';

// Resource templates are matched by the SDK's UriTemplate, which Elicitor.create loads when there are any.
await loadServerSdk();

@Tools()
class Library {
  @Resource({ uri: 'notes://index' })
  index(): string {
    return 'index';
  }

  @Resource({ uriTemplate: 'notes://{id}' })
  note(): string {
    return 'note';
  }

  @Resource({ uriTemplate: 'files://{+path}' })
  file(): string {
    return 'file';
  }

  @Resource({ uriTemplate: 'search://items{?q,limit}' })
  search(): string {
    return 'search';
  }

  @Resource({ uriTemplate: 'files://{+rest}' })
  shadowed(): string {
    return 'never reached';
  }
}

const locator = new ResourceLocator(new HandlerRegistry([Library]));
const located = (uri: string) => {
  const found = locator.locate(uri);
  return found && { handler: found.definition.handlerName, variables: found.variables };
};

afterEach(() => {
  jest.restoreAllMocks();
});

describe('ResourceLocator', () => {
  it('matches a simple {var}, percent-decoded', () => {
    expect(located('notes://hello%20world')).toStrictEqual({
      handler: 'note',
      variables: { id: 'hello world' },
    });
  });

  it('prefers a fixed URI over a template that also matches it', () => {
    expect(located('notes://index')).toStrictEqual({ handler: 'index', variables: {} });
  });

  it('matches a reserved expansion {+path} across slashes', () => {
    expect(located('files://docs/guide/intro%20page.md')).toStrictEqual({
      handler: 'file',
      variables: { path: 'docs/guide/intro page.md' },
    });
  });

  it('matches a form-style query {?q,limit}', () => {
    expect(located('search://items?q=red%20shoes&limit=5')).toStrictEqual({
      handler: 'search',
      variables: { q: 'red shoes', limit: '5' },
    });
  });

  it('lets the first registered template win when two match', () => {
    expect(located('files://a')?.handler).toBe('file');
  });

  it('names no resource for a malformed percent escape, an unknown scheme, or a URI past the length limit', () => {
    expect(located('notes://%E0%A4%A')).toBeUndefined();
    expect(located('files://bad%zz')).toBeUndefined();
    expect(located('other://thing')).toBeUndefined();
    expect(located(`files://${'a'.repeat(1_000_001)}`)).toBeUndefined();
  });

  it('tries only templates whose literal prefix the URI starts with, however many are registered', () => {
    const many = Array.from({ length: 300 }, (_, index) => {
      @Tools()
      class Numbered {
        @Resource({ uriTemplate: `app${index}://items/{id}` })
        item(): string {
          return String(index);
        }
      }
      return Numbered as ClassType;
    });
    const big = new ResourceLocator(new HandlerRegistry(many));
    const match = jest.spyOn(UriTemplate.prototype, 'match');
    expect(big.locate('app299://items/7')?.variables).toStrictEqual({ id: '7' });
    expect(big.locate('app0://items/7')?.variables).toStrictEqual({ id: '7' });
    expect(match).toHaveBeenCalledTimes(2);
  });

  it('refuses an invalid template at bootstrap, naming the method', () => {
    @Tools()
    class Broken {
      @Resource({ uriTemplate: 'notes://{id' })
      broken(): string {
        return '';
      }
    }
    expect(() => new ResourceLocator(new HandlerRegistry([Broken]))).toThrow(SchemaDefinitionError);
    expect(() => new ResourceLocator(new HandlerRegistry([Broken]))).toThrow(
      /Broken\.broken: uriTemplate "notes:\/\/\{id"/,
    );
  });

  it('lists the variables of a template', () => {
    expect(templateVariables('search://items{?q,limit}')).toStrictEqual(['q', 'limit']);
    expect(templateVariables('files://{+path}')).toStrictEqual(['path']);
  });
});
