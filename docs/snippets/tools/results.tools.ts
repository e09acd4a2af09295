import { Tool, Tools, UserError } from 'elicitor';

@Tools()
export class ResultTools {
  @Tool({ description: 'A string: one text block' })
  greeting(): string {
    return 'Hello!';
  }

  @Tool({ description: 'An object without `output`: its JSON as one text block' })
  stock(): { sku: string; left: number } {
    return { sku: 'A-1', left: 3 };
  }

  @Tool({ description: 'Nothing: an empty content list' })
  ping(): void {}

  @Tool({ description: 'An array: content blocks, as they are' })
  report(): unknown[] {
    return [
      { type: 'text', text: 'Two files changed.' },
      { type: 'resource_link', uri: 'recipes://pancakes', name: 'pancakes', mimeType: 'application/json' },
    ];
  }

  @Tool({ description: 'An object with `content`: the whole result, as it is' })
  partial(): object {
    return { content: [{ type: 'text', text: 'Only 2 of 3 items shipped.' }], isError: true };
  }

  @Tool({ description: 'A UserError: an error result with its message' })
  refuse(): never {
    throw new UserError('That order is already closed.');
  }

  @Tool({ description: 'Any other error: an error result with a generic message, and a log line' })
  crash(): never {
    throw new Error('database password rejected'); // never shown to the client
  }
}
