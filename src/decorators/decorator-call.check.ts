import { ElicitorError } from '../errors/elicitor.error.js';

/** What a standard (TC39) decorator gets as its second argument. */
interface StandardDecoratorContext {
  kind: string;
  name?: unknown;
}

function isStandardContext(value: unknown): value is StandardDecoratorContext {
  return (
    typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string'
  );
}

/**
 * Wraps one of Elicitor's decorators so that a standard (TC39) call, `(value, context)` with
 * `context.kind`, is refused with the tsconfig flags that fix it. Without `experimentalDecorators`,
 * tsc emits standard decorators, which get no property key, no parameter index and no
 * `design:type`, and would otherwise record nothing (or crash further on).
 */
export function legacyDecorator<D extends (...args: never[]) => unknown>(name: string, decorator: D): D {
  return ((...args: unknown[]) => {
    const context = args[1];
    if (args.length === 2 && isStandardContext(context)) {
      const element = typeof context.name === 'string' ? ` on ${context.name} (a ${context.kind})` : '';
      throw new ElicitorError(
        'STANDARD_DECORATORS',
        `${name} was applied as a standard (TC39) decorator${element}: Elicitor needs TypeScript's legacy decorators and the metadata they emit. ` +
          'Set "experimentalDecorators": true and "emitDecoratorMetadata": true in the compilerOptions of tsconfig.json, then rebuild.',
      );
    }
    return decorator(...(args as Parameters<D>));
  }) as unknown as D;
}
