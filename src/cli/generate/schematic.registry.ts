import { filterSpecTemplate } from '../templates/schematics/filter-spec.template.js';
import { filterTemplate } from '../templates/schematics/filter.template.js';
import { formSpecTemplate } from '../templates/schematics/form-spec.template.js';
import { formZodTemplate } from '../templates/schematics/form-zod.template.js';
import { toolZodTemplate } from '../templates/schematics/tool-zod.template.js';
import { formTemplate } from '../templates/schematics/form.template.js';
import { guardSpecTemplate } from '../templates/schematics/guard-spec.template.js';
import { guardTemplate } from '../templates/schematics/guard.template.js';
import { interceptorSpecTemplate } from '../templates/schematics/interceptor-spec.template.js';
import { interceptorTemplate } from '../templates/schematics/interceptor.template.js';
import { moduleTemplate } from '../templates/schematics/module.template.js';
import { serviceSpecTemplate } from '../templates/schematics/service-spec.template.js';
import { serviceTemplate } from '../templates/schematics/service.template.js';
import { toolSpecTemplate } from '../templates/schematics/tool-spec.template.js';
import { toolTemplate } from '../templates/schematics/tool.template.js';
import { uiSpecTemplate } from '../templates/schematics/ui-spec.template.js';
import { uiHtmlTemplate, uiTemplate } from '../templates/schematics/ui.template.js';
import type { GeneratedFile } from '../shared/generated-file.types.js';
import type { ModuleArray } from './module-source-editor.js';
import type { SchematicNames, SchematicNaming } from './schematic-names.builder.js';

/** `schema` is the older name of `form`, kept so existing scripts keep working. */
export const SCHEMATIC_NAMES = [
  'module',
  'tool',
  'form',
  'schema',
  'service',
  'guard',
  'filter',
  'interceptor',
  'ui',
] as const;
export type SchematicName = (typeof SCHEMATIC_NAMES)[number];

export interface SchematicDefinition extends SchematicNaming {
  /** The list of the target module the class goes into. */
  registerIn: ModuleArray;
  template(names: SchematicNames): string;
  /** Absent for modules: what they declare has its own specs. */
  specTemplate?(names: SchematicNames): string;
  /** `--schema zod`: the same schematic declared with Zod, for those that declare a schema. */
  zod?: { template(names: SchematicNames): string; specTemplate(names: SchematicNames): string };
  /** Files that go with the class, such as a UI resource's HTML. */
  companionFiles?(names: SchematicNames): GeneratedFile[];
}

const form: SchematicDefinition = {
  fileRole: 'form',
  classSuffix: 'Form',
  redundantSuffixes: ['schema', 'form'],
  registerIn: 'forms',
  template: formTemplate,
  specTemplate: (names) => formSpecTemplate(names),
  zod: { template: formZodTemplate, specTemplate: (names) => formSpecTemplate(names, 'zod') },
};

export const SCHEMATICS: Record<SchematicName, SchematicDefinition> = {
  module: {
    fileRole: 'module',
    classSuffix: 'Module',
    redundantSuffixes: ['module'],
    registerIn: 'imports',
    template: moduleTemplate,
  },
  tool: {
    fileRole: 'tool',
    classSuffix: 'Tools',
    redundantSuffixes: ['tool', 'tools'],
    registerIn: 'tools',
    template: toolTemplate,
    specTemplate: toolSpecTemplate,
    zod: { template: toolZodTemplate, specTemplate: toolSpecTemplate },
  },
  form,
  schema: form,
  service: {
    fileRole: 'service',
    classSuffix: 'Service',
    redundantSuffixes: ['service'],
    registerIn: 'providers',
    template: serviceTemplate,
    specTemplate: serviceSpecTemplate,
  },
  guard: {
    fileRole: 'guard',
    classSuffix: 'Guard',
    redundantSuffixes: ['guard'],
    registerIn: 'guards',
    template: guardTemplate,
    specTemplate: guardSpecTemplate,
  },
  filter: {
    fileRole: 'filter',
    classSuffix: 'Filter',
    redundantSuffixes: ['filter'],
    registerIn: 'filters',
    template: filterTemplate,
    specTemplate: filterSpecTemplate,
  },
  interceptor: {
    fileRole: 'interceptor',
    classSuffix: 'Interceptor',
    redundantSuffixes: ['interceptor'],
    registerIn: 'interceptors',
    template: interceptorTemplate,
    specTemplate: interceptorSpecTemplate,
  },
  ui: {
    fileRole: 'ui',
    classSuffix: 'Ui',
    redundantSuffixes: ['ui', 'app'],
    registerIn: 'ui',
    template: uiTemplate,
    specTemplate: uiSpecTemplate,
    companionFiles: (names) => [
      { path: `${names.directory}/${names.kebab}.ui.html`, content: uiHtmlTemplate(names) },
    ],
  },
};
