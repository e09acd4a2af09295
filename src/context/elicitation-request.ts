import type {
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  PrimitiveSchemaDefinition,
} from '@modelcontextprotocol/server';
import type { UiResourceReference } from '../metadata/ui-resource.metadata.js';
import { appUriOf, defaultAppOf } from './question-app.js';
import type { FormSchema } from '../schema/form-schema.builder.js';
import { internFormSchema } from '../schema/interned-form-schema.js';
import { isStandardSchema } from '../schema/standard-schema.js';
import {
  buildJsonFormField,
  buildJsonFormSchema,
  formatPatternsOf,
} from '../schema/json-form-schema.builder.js';
import { runtimeChoiceFields, withRuntimeChoices } from '../schema/runtime-choices.js';
import type { RuntimeChoices } from '../schema/runtime-choices.js';
import type { FormAnswerRefiner } from '../validation/form-answer.check.js';
import { patternAnswerRefiner } from '../validation/form-answer-refiner.factory.js';
import { readFormSource } from '../validation/form-source.reader.js';
import type { FormSource } from '../validation/form-source.reader.js';

/** Options of `withSchema`. */
export interface FormSchemaOptions<S> {
  /** Choices for the class's `runtimeChoices` fields, by field name. */
  choices?: RuntimeChoices<S>;
}

/** A field type for `withRequired`/`withOptional`: a primitive name or a full primitive schema. */
export type FormFieldType = 'string' | 'number' | 'integer' | 'boolean' | PrimitiveSchemaDefinition;

/** A question the handler asks; built with `ElicitRequestParams.form(...)` or `.url(...)`. */
export type ElicitationRequest = FormElicitation<object> | UrlElicitation;

/** Hand-written forms, by the object given: each is checked and cleaned once. */
const jsonForms = new WeakMap<object, { schema: FormSchema; refine: FormAnswerRefiner | undefined }>();

/** A form question: a message plus a flat schema, optionally backed by an `@ElicitSchema` class or a Standard Schema. */
export class FormElicitation<T extends object = Record<string, unknown>> {
  readonly mode = 'form' as const;
  private wire: ElicitRequestFormParams | undefined;

  constructor(
    readonly message: string,
    readonly schema: FormSchema = EMPTY_FORM,
    /** What an accepted answer becomes (a class instance, a Standard Schema's output); none: the plain fields. */
    readonly refine?: FormAnswerRefiner,
    private readonly appUri?: string,
  ) {}

  /**
   * The `ui://` URI of the MCP App that renders this question where the host can: the one given to
   * `withApp`, else the form class's default (`@ElicitSchema({ app })`), read when the class was given.
   */
  get app(): string | undefined {
    return this.appUri;
  }

  /**
   * Lets an MCP App render this question where the host can (it declares Apps with `elicitation`, and
   * so does the server); everywhere else the same form is asked natively. Call it after `withSchema`.
   * The app's answer is validated against this form exactly like a native one.
   */
  withApp(app: UiResourceReference): FormElicitation<T> {
    return new FormElicitation<T>(this.message, this.schema, this.refine, appUriOf(app));
  }

  withRequired(name: string, type: FormFieldType): FormElicitation<T> {
    return this.withField(name, type, true);
  }

  withOptional(name: string, type: FormFieldType): FormElicitation<T> {
    return this.withField(name, type, false);
  }

  /**
   * Uses the form of an `@ElicitSchema` class, or of a Standard Schema (Zod, Valibot, ArkType); the
   * answer becomes a validated instance of the class, or the schema's output. Fields declared with
   * `runtimeChoices` get their choices here (`{ choices: { files: found } }`), and the answer is
   * checked against exactly those.
   */
  withSchema<S extends object>(
    source: FormSource<S>,
    options: FormSchemaOptions<S> = {},
  ): FormElicitation<S> {
    const { name, schema, refine } = readFormSource(source);
    const needsChoices = options.choices !== undefined || runtimeChoiceFields(schema).length > 0;
    return new FormElicitation<S>(
      this.message,
      needsChoices ? withRuntimeChoices(name, schema, options.choices) : schema,
      refine,
      isStandardSchema(source) ? undefined : defaultAppOf(source),
    );
  }

  /**
   * Uses a hand-written JSON Schema form (or `z.toJSONSchema` output): cleaned to the protocol's
   * keywords and checked against the flat-form rules like any other form, once per schema object.
   */
  withJsonSchema(json: Record<string, unknown>, name = 'form'): FormElicitation {
    let form = jsonForms.get(json);
    if (!form) {
      // A pattern sent only as its `format` is still checked here, on the answer.
      const patterns = formatPatternsOf(json);
      const refine = Object.keys(patterns).length > 0 ? patternAnswerRefiner(patterns) : undefined;
      jsonForms.set(json, (form = { schema: buildJsonFormSchema(json, name), refine }));
    }
    return new FormElicitation(this.message, form.schema, form.refine);
  }

  toWire(): ElicitRequestFormParams {
    this.wire ??= {
      mode: 'form',
      message: this.message,
      requestedSchema: this.schema,
    } as ElicitRequestFormParams;
    return this.wire;
  }

  private withField(name: string, type: FormFieldType, required: boolean): FormElicitation<T> {
    if (typeof type !== 'string') {
      return new FormElicitation<T>(
        this.message,
        extend(this.schema, name, buildJsonFormField('form', name, type), required),
        this.refine,
        this.appUri,
      );
    }
    // Handlers rebuild the same question every round: one interned schema per shape lets its digest be
    // computed once. Looked up by the name and type strings themselves, so no key is built per call.
    const derived = required ? requiredFields : optionalFields;
    let byName = derived.get(this.schema);
    if (!byName) derived.set(this.schema, (byName = new Map()));
    let byType = byName.get(name);
    if (!byType) byName.set(name, (byType = new Map()));
    let schema = byType.get(type);
    if (!schema) {
      schema = internFormSchema(extend(this.schema, name, { type } as PrimitiveSchemaDefinition, required));
      byType.set(type, schema);
    }
    return new FormElicitation<T>(this.message, schema, this.refine, this.appUri);
  }
}

const EMPTY_FORM: FormSchema = internFormSchema({ type: 'object', properties: {} });
/** Schemas derived by one more field, by base schema, field name and type. */
type DerivedSchemas = WeakMap<FormSchema, Map<string, Map<string, FormSchema>>>;
const requiredFields: DerivedSchemas = new WeakMap();
const optionalFields: DerivedSchemas = new WeakMap();

function extend(
  base: FormSchema,
  name: string,
  definition: PrimitiveSchemaDefinition,
  required: boolean,
): FormSchema {
  const requiredNames = (base.required ?? []).filter((entry) => entry !== name);
  return {
    type: 'object',
    properties: { ...base.properties, [name]: definition },
    ...(required || requiredNames.length
      ? { required: required ? [...requiredNames, name] : requiredNames }
      : {}),
  };
}

/** A URL-mode question: the user is sent to a page outside the client; no data comes back in the answer. */
export class UrlElicitation {
  readonly mode = 'url' as const;

  constructor(
    readonly url: string,
    readonly message: string,
  ) {}

  toWire(): ElicitRequestURLParams {
    return { mode: 'url', url: this.url, message: this.message } as ElicitRequestURLParams;
  }

  /** Refused: MCP Apps define app-rendered form questions only, not URL-mode ones. */
  withApp(_app: UiResourceReference): never {
    throw new TypeError(
      'withApp() applies to form questions only: MCP Apps define no app-rendered URL-mode question. Ask a form with ElicitRequestParams.form(...).withSchema(Form).withApp(app), or send the user to the URL without an app.',
    );
  }
}

/** Builders for the two kinds of question. */
export const ElicitRequestParams = {
  form(message: string): FormElicitation {
    return new FormElicitation(message);
  },
  url(url: string, message: string): UrlElicitation {
    return new UrlElicitation(url, message);
  },
};
