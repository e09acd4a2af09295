import 'reflect-metadata';
import { ElicitSchema } from '../decorators/elicit-schema.decorator.js';
import { Field } from '../decorators/field.decorator.js';
import { Tool } from '../decorators/tool.decorator.js';
import { Tools } from '../decorators/tools.decorator.js';
import { UiResource } from '../decorators/ui-resource.decorator.js';
import { Resource } from '../decorators/resource.decorator.js';
import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import type { ClassType } from '../metadata/class-type.js';
import { HandlerRegistry } from '../registry/handler-registry.js';
import { loadUiResources } from './ui-resources.factory.js';

const HTML = '<!doctype html><html><body>app</body></html>';

@UiResource({ uri: 'ui://tests/card', name: 'Card', html: HTML })
class CardUi {}

@Tools()
class NoTools {}

async function failureOf(
  classes: ClassType[],
  tools: ClassType[] = [NoTools],
): Promise<SchemaDefinitionError> {
  const error = await loadUiResources(classes, new HandlerRegistry(tools)).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof SchemaDefinitionError))
    throw new Error(`expected a SchemaDefinitionError, got ${String(error)}`);
  return error;
}

describe('UI resources at bootstrap', () => {
  it('reads the HTML once and builds the read result and list entry', async () => {
    let renders = 0;
    @UiResource({
      uri: 'ui://tests/rendered',
      name: 'Rendered',
      render: () => (renders++, HTML),
      listed: false,
    })
    class RenderedUi {}
    const ui = await loadUiResources([CardUi, RenderedUi], new HandlerRegistry([NoTools]));
    ui.read('ui://tests/rendered');
    ui.read('ui://tests/rendered');
    expect(renders).toBe(1);
    expect(ui.read('ui://tests/card')).toStrictEqual({
      contents: [{ uri: 'ui://tests/card', mimeType: 'text/html;profile=mcp-app', text: HTML }],
    });
    expect(ui.listEntries).toStrictEqual([
      { uri: 'ui://tests/card', name: 'Card', mimeType: 'text/html;profile=mcp-app' },
    ]);
    expect(ui.read('ui://tests/none')).toBeUndefined();
  });

  it('refuses a URI that is not an absolute ui:// URI, unknown keys and unknown csp keys, in one error naming the class', async () => {
    @UiResource({
      uri: 'https://example.com/app',
      name: 'Bad',
      html: HTML,
      csp: { connectDomains: ['https://api.example.com'], scriptDomains: ['x'] } as never,
      sandbox: 'allow-scripts',
    } as never)
    class BadUi {}
    const error = await failureOf([BadUi]);
    expect(error.className).toBe('BadUi');
    expect(error.message).toContain('BadUi: 3 problems');
    expect(error.message).toContain('unknown option `sandbox`');
    expect(error.message).toContain('must be an absolute ui:// URI');
    expect(error.message).toContain('unknown key `csp.scriptDomains`');
  });

  it('needs exactly one source of HTML', async () => {
    @UiResource({ uri: 'ui://tests/two', name: 'Two', html: HTML, file: 'app.html' })
    class TwoSourcesUi {}
    expect((await failureOf([TwoSourcesUi])).message).toContain(
      'needs exactly one of `html`, `file` or `render` (has html, file)',
    );
  });

  it('names the class whose file cannot be read', async () => {
    @UiResource({ uri: 'ui://tests/missing', name: 'Missing', file: 'no-such-dir/app.html' })
    class MissingUi {}
    const error = await failureOf([MissingUi]);
    expect(error.message).toContain(
      'MissingUi: @UiResource(): could not read the HTML from file no-such-dir/app.html',
    );
  });

  it('refuses a class without @UiResource(), and a URI two apps claim', async () => {
    class Undecorated {}
    expect((await failureOf([Undecorated])).message).toContain(
      'Undecorated: is listed in `ui` but has no @UiResource()',
    );
    @UiResource({ uri: 'ui://tests/card', name: 'Other', html: HTML })
    class OtherCardUi {}
    expect((await failureOf([CardUi, OtherCardUi])).message).toContain(
      'uri "ui://tests/card" is already used by CardUi',
    );
  });

  it('refuses a tool whose ui names no served resource, and a @Resource() on a UI resource URI', async () => {
    @Tools()
    class Shows {
      @Tool({ description: 'Shows', ui: 'ui://tests/elsewhere' })
      show(): string {
        return 'shown';
      }
    }
    const error = await failureOf([CardUi], [Shows]);
    expect(error.message).toContain(
      'Shows.show: @Tool({ ui }): no UI resource of this app has the uri "ui://tests/elsewhere"',
    );
    @Tools()
    class Serves {
      @Resource({ uri: 'ui://tests/card' })
      card(): string {
        return HTML;
      }
    }
    expect((await failureOf([CardUi], [Serves])).message).toContain('is also served by Serves.card');
  });

  it('refuses a listed form whose default app is not served', async () => {
    @ElicitSchema({ app: 'ui://tests/nowhere' })
    class Orphan {
      @Field() choice!: string;
    }
    const error = await loadUiResources([CardUi], new HandlerRegistry([NoTools]), [Orphan]).catch(
      (e: Error) => e,
    );
    expect((error as Error).message).toContain(
      'Orphan: @ElicitSchema({ app }): no UI resource of this app has the uri "ui://tests/nowhere"',
    );
  });

  it('refuses a tool ui that is no app, and a visibility MCP Apps does not define', () => {
    class NotAnApp {}
    @Tools()
    class WrongApp {
      @Tool({ description: 'Shows', ui: NotAnApp })
      show(): string {
        return 'shown';
      }
    }
    expect(() => new HandlerRegistry([WrongApp])).toThrow(
      'WrongApp.show: @Tool({ ui }): needs a @UiResource() class',
    );
    @Tools()
    class WrongVisibility {
      @Tool({ description: 'Shows', ui: { resource: CardUi, visibility: ['user' as never] } })
      show(): string {
        return 'shown';
      }
    }
    expect(() => new HandlerRegistry([WrongVisibility])).toThrow(
      "visibility must be a non-empty list of 'model' and 'app'",
    );
  });
});
