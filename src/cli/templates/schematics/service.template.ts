import type { SchematicNames } from '../../generate/schematic-names.builder.js';

export function serviceTemplate(names: SchematicNames): string {
  return `import { injectable } from 'inversify';

/** Inject it into a tool class constructor; it is listed in the \`providers\` of its module. */
@injectable()
export class ${names.className} {}
`;
}
