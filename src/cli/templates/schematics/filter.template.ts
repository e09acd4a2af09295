import type { SchematicNames } from '../../generate/schematic-names.builder.js';

export function filterTemplate(names: SchematicNames): string {
  return `import { injectable } from 'inversify';
import { Catch } from 'elicitor';
import type { CallInfo, Context, ExceptionFilter } from 'elicitor';

/** Throw it from the module's tools or services when ${names.kebab.replace(/-/g, ' ')} goes wrong. */
export class ${names.pascal}Error extends Error {}

/** Turns a ${names.pascal}Error into a tool result the model can act on, instead of an internal error. */
@injectable()
@Catch(${names.pascal}Error)
export class ${names.className} implements ExceptionFilter<${names.pascal}Error> {
  catch(error: ${names.pascal}Error, ctx: Context, call: CallInfo) {
    return { content: [{ type: 'text', text: \`\${call.name} failed: \${error.message}\` }], isError: true };
  }
}
`;
}
