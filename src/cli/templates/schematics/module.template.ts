import type { SchematicNames } from '../../generate/schematic-names.builder.js';

/** A feature module; `generate <kind> <name> --module <this>` fills its lists. */
export function moduleTemplate(names: SchematicNames): string {
  return `import { Module } from 'elicitor';

/** The ${names.kebab} feature: what it provides is private to it unless listed in \`exports\`. */
@Module({
  imports: [],
  providers: [],
  tools: [],
  forms: [],
  exports: [],
})
export class ${names.className} {}
`;
}
