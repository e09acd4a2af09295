/** Global symbols, so two copies of the package still agree on what a decorator recorded. */
export const MetadataKeys = {
  toolsClass: Symbol.for('elicitor:tools-class'),
  toolMethods: Symbol.for('elicitor:tool-methods'),
  promptMethods: Symbol.for('elicitor:prompt-methods'),
  resourceMethods: Symbol.for('elicitor:resource-methods'),
  completeMethods: Symbol.for('elicitor:complete-methods'),
  parameters: Symbol.for('elicitor:parameters'),
  interceptors: Symbol.for('elicitor:interceptors'),
  guards: Symbol.for('elicitor:guards'),
  filters: Symbol.for('elicitor:filters'),
  catches: Symbol.for('elicitor:catches'),
  elicitSchema: Symbol.for('elicitor:elicit-schema'),
  fields: Symbol.for('elicitor:fields'),
  outputClass: Symbol.for('elicitor:output-class'),
  module: Symbol.for('elicitor:module'),
  globalModule: Symbol.for('elicitor:global-module'),
  uiResource: Symbol.for('elicitor:ui-resource'),
} as const;
