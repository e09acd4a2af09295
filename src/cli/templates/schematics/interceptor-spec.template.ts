import type { SchematicNames } from '../../generate/schematic-names.builder.js';

export function interceptorSpecTemplate(names: SchematicNames): string {
  return `import 'reflect-metadata';
import type { CallInfo } from 'elicitor';
import { ${names.className} } from './${names.kebab}.interceptor.js';

describe('${names.className}', () => {
  it('passes the result of the call through', async () => {
    const interceptor = new ${names.className}();

    const result = await interceptor.intercept({} as CallInfo, async () => 'done');

    expect(result).toBe('done');
  });
});
`;
}
