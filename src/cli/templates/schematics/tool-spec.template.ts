import type { SchematicNames } from '../../generate/schematic-names.builder.js';
import { appSpecTemplate } from './app-spec.template.js';

/** Drives the tool through the app's real module, so a dependency added to the tool is provided here too. */
export function toolSpecTemplate(names: SchematicNames): string {
  return appSpecTemplate(
    names,
    [],
    `  it('answers ${names.snake}', async () => {
    const run = await client.callTool('${names.snake}', {}, { answers: {} });

    expect(run.result?.isError).toBeFalsy();
    expect(run.text).toBe('${names.snake} done');
  });`,
  );
}
