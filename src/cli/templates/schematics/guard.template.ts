import type { SchematicNames } from '../../generate/schematic-names.builder.js';

export function guardTemplate(names: SchematicNames): string {
  return `import { injectable } from 'inversify';
import type { CallInfo, CanActivate, Context } from 'elicitor';

/**
 * Decides whether a call of the module's tools may run; it runs before the handler on every round of a
 * call. Returning false refuses the call; throwing a ForbiddenError refuses it with your own message.
 */
@injectable()
export class ${names.className} implements CanActivate {
  canActivate(ctx: Context, call: CallInfo): boolean {
    // Decide from ctx.principal (who signed in, when the app uses bearerAuth) and call.name (which
    // tool); every call passes until you do.
    return true;
  }
}
`;
}
