import { commandLineOptions } from '../src/command-line.options.js';

describe('the seat-booking command line', () => {
  it('reads --port and --no-app-questions, and leaves the rest to app.run()', () => {
    expect(commandLineOptions(['node', 'main.js', '--port', '0', '--no-app-questions'])).toStrictEqual({
      port: '0',
      appQuestions: false,
    });
    expect(commandLineOptions(['node', 'main.js', '--stdio'])).toStrictEqual({
      port: undefined,
      appQuestions: true,
    });
  });

  it('refuses a --port that is not a number, naming what it got', () => {
    expect(() => commandLineOptions(['node', 'main.js', '--port'])).toThrow(
      '--port needs a number, got undefined',
    );
    expect(() => commandLineOptions(['node', 'main.js', '--port', '--stdio'])).toThrow(
      '--port needs a number, got --stdio',
    );
  });
});
