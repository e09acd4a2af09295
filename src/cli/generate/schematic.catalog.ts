import { interceptorSpecTemplate } from '../templates/schematics/interceptor-spec.template.js';
import { interceptorTemplate } from '../templates/schematics/interceptor.template.js';
import { schemaSpecTemplate } from '../templates/schematics/schema-spec.template.js';
import { schemaTemplate } from '../templates/schematics/schema.template.js';
import { serviceSpecTemplate } from '../templates/schematics/service-spec.template.js';
import { serviceTemplate } from '../templates/schematics/service.template.js';
import { toolSpecTemplate } from '../templates/schematics/tool-spec.template.js';
import { toolTemplate } from '../templates/schematics/tool.template.js';
import type { RegistrationArray } from './app-module.registrar.js';
import type { SchematicNames, SchematicNaming } from './schematic-names.builder.js';

export const SCHEMATIC_NAMES = ['tool', 'schema', 'interceptor', 'service'] as const;
export type SchematicName = (typeof SCHEMATIC_NAMES)[number];

export interface SchematicDefinition extends SchematicNaming {
  /** The list of the app module the class goes into. */
  registerIn?: RegistrationArray;
  template(names: SchematicNames): string;
  specTemplate(names: SchematicNames): string;
}

export const SCHEMATICS: Record<SchematicName, SchematicDefinition> = {
  tool: {
    fileRole: 'tool',
    classSuffix: 'Tools',
    redundantSuffixes: ['tool', 'tools'],
    registerIn: 'tools',
    template: toolTemplate,
    specTemplate: toolSpecTemplate,
  },
  schema: {
    fileRole: 'schema',
    classSuffix: 'Form',
    redundantSuffixes: ['schema', 'form'],
    registerIn: 'forms',
    template: schemaTemplate,
    specTemplate: schemaSpecTemplate,
  },
  interceptor: {
    fileRole: 'interceptor',
    classSuffix: 'Interceptor',
    redundantSuffixes: ['interceptor'],
    registerIn: 'interceptors',
    template: interceptorTemplate,
    specTemplate: interceptorSpecTemplate,
  },
  service: {
    fileRole: 'service',
    classSuffix: 'Service',
    redundantSuffixes: ['service'],
    registerIn: 'providers',
    template: serviceTemplate,
    specTemplate: serviceSpecTemplate,
  },
};
