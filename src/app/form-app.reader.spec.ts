import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ElicitorError } from '../errors/elicitor.error.js';
import { readFormApp } from './form-app.reader.js';

describe('readFormApp', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'form-app-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves the built HTML at ui://elicitor/form', async () => {
    const file = join(dir, 'form-app.html');
    writeFileSync(file, '<!doctype html><main>form</main>');
    const loaded = await readFormApp([pathToFileURL(file)]);
    expect(loaded.options.uri).toBe('ui://elicitor/form');
    expect(loaded.html).toBe('<!doctype html><main>form</main>');
  });

  it.each([
    ['missing', 'absent.html', undefined],
    ['empty', 'empty.html', ' \n'],
  ])('stops the bootstrap when the file is %s, naming it and the build', async (_, name, content) => {
    const file = join(dir, name);
    if (content !== undefined) writeFileSync(file, content);
    const reading = readFormApp([pathToFileURL(file)]);
    await expect(reading).rejects.toThrow(ElicitorError);
    await expect(reading).rejects.toThrow(`askThroughApps needs the form app ${file}`);
    await expect(reading).rejects.toThrow('npm run build');
  });

  it('reads the first file that has the app: beside a bundle before the package build', async () => {
    const besideBundle = join(dir, 'beside-bundle.html');
    const built = join(dir, 'built.html');
    writeFileSync(built, '<main>built</main>');
    expect((await readFormApp([pathToFileURL(besideBundle), pathToFileURL(built)])).html).toBe(
      '<main>built</main>',
    );
    writeFileSync(besideBundle, '<main>bundled</main>');
    expect((await readFormApp([pathToFileURL(besideBundle), pathToFileURL(built)])).html).toBe(
      '<main>bundled</main>',
    );
  });

  it('reads the built file by default', async () => {
    expect((await readFormApp()).html).toContain('<');
  });
});
