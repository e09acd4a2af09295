import 'reflect-metadata';
import { ElicitSchema } from '../decorators/elicit-schema.decorator.js';
import { Field } from '../decorators/field.decorator.js';
import { UiResource } from '../decorators/ui-resource.decorator.js';
import { appRenderingAllowed } from './app-rendering.check.js';
import { ClientCapabilitiesView } from './client-capabilities-view.js';
import { ElicitRequestParams } from './elicitation-request.js';

@UiResource({ uri: 'ui://tests/picker', name: 'Picker', html: '<!doctype html><p>pick</p>' })
class PickerUi {}

@ElicitSchema({ app: PickerUi })
class Pick {
  @Field() choice!: string;
}

@ElicitSchema()
class Plain {
  @Field() choice!: string;
}

class NotAnApp {}

const HOST = {
  elicitation: { form: {} },
  extensions: {
    'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'], elicitation: {} },
  },
};

describe('questions with an app', () => {
  it('takes the default app of the form class, and withApp over it', () => {
    expect(ElicitRequestParams.form('Pick').withSchema(Pick).app).toBe('ui://tests/picker');
    expect(ElicitRequestParams.form('Pick').withSchema(Plain).app).toBeUndefined();
    expect(ElicitRequestParams.form('Pick').withSchema(Plain).withApp(PickerUi).app).toBe(
      'ui://tests/picker',
    );
    expect(ElicitRequestParams.form('Pick').withSchema(Pick).withApp('ui://tests/other').app).toBe(
      'ui://tests/other',
    );
  });

  it('keeps the app as fields are added, and leaves the wire untouched', () => {
    const request = ElicitRequestParams.form('Who?').withApp(PickerUi).withRequired('name', 'string');
    expect(request.app).toBe('ui://tests/picker');
    expect(request.toWire()).toStrictEqual(
      ElicitRequestParams.form('Who?').withRequired('name', 'string').toWire(),
    );
  });

  it('refuses what is not an app, naming it', () => {
    const form = ElicitRequestParams.form('Pick').withSchema(Plain);
    expect(() => form.withApp(NotAnApp)).toThrow('class NotAnApp without @UiResource()');
    expect(() => form.withApp('https://example.com/app')).toThrow('a @UiResource() class or a ui:// URI');
  });

  it('refuses withApp on a URL-mode question', () => {
    const question = ElicitRequestParams.url('https://example.com/pay', 'Pay');
    expect(() => question.withApp(PickerUi as never)).toThrow(
      'withApp() applies to form questions only: MCP Apps define no app-rendered URL-mode question',
    );
  });
});

describe('appRenderingAllowed: the four conditions', () => {
  const view = (capabilities: Record<string, unknown>) => new ClientCapabilitiesView(capabilities as never);

  it('holds with all four', () => {
    expect(appRenderingAllowed(view(HOST), true)).toBe(true);
    expect(appRenderingAllowed(view({ ...HOST, elicitation: {} }), true)).toBe(true);
  });

  it('fails when the server does not declare it', () => {
    expect(appRenderingAllowed(view(HOST), false)).toBe(false);
  });

  it('fails without the client form elicitation', () => {
    expect(appRenderingAllowed(view({ ...HOST, elicitation: { url: {} } }), true)).toBe(false);
    expect(appRenderingAllowed(view({ extensions: HOST.extensions }), true)).toBe(false);
  });

  it('fails without the MCP App MIME type or without elicitation in the extension', () => {
    const ui = (declared: unknown) =>
      view({ ...HOST, extensions: { 'io.modelcontextprotocol/ui': declared } });
    expect(appRenderingAllowed(ui({ mimeTypes: ['text/html'], elicitation: {} }), true)).toBe(false);
    expect(appRenderingAllowed(ui({ mimeTypes: ['text/html;profile=mcp-app'] }), true)).toBe(false);
    expect(appRenderingAllowed(ui({ mimeTypes: 'text/html;profile=mcp-app', elicitation: {} }), true)).toBe(
      false,
    );
    expect(appRenderingAllowed(ui(true), true)).toBe(false);
  });

  it('shows the client declaration on the capabilities view', () => {
    const ui = view(HOST).ui!;
    expect(ui.apps).toBe(true);
    expect(ui.elicitation).toBe(true);
    expect(ui.mimeTypes).toStrictEqual(['text/html;profile=mcp-app']);
    expect(view({ elicitation: {} }).ui).toBeUndefined();
  });
});
