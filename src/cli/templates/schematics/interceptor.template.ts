import type { SchematicNames } from '../../generate/schematic-names.builder.js';

export function interceptorTemplate(names: SchematicNames): string {
  return `import type { CallInfo, ElicitorInterceptor } from 'elicitor';
import { injectable } from 'inversify';

@injectable()
export class ${names.className} implements ElicitorInterceptor {
  async intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown> {
    // Work before the tool runs goes here; what \`await next()\` returns is its result.
    return next();
  }
}
`;
}
