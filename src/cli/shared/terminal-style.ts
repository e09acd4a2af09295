export type TerminalStyleName = 'bold' | 'dim' | 'underline' | 'red' | 'green' | 'yellow' | 'cyan';

/** Open/close SGR codes; kept here because `util.styleText` decides on colour by itself. */
const ANSI: Record<TerminalStyleName, [number, number]> = {
  bold: [1, 22],
  dim: [2, 22],
  underline: [4, 24],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
};

/** Colours text only for a terminal, so piped output and test captures stay plain. */
export class TerminalStyle {
  constructor(private readonly enabled: boolean) {}

  static forStream(stream: NodeJS.WriteStream): TerminalStyle {
    const env = process.env;
    if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return new TerminalStyle(false);
    if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return new TerminalStyle(true);
    return new TerminalStyle(stream.isTTY === true);
  }

  static plain(): TerminalStyle {
    return new TerminalStyle(false);
  }

  paint(style: TerminalStyleName | TerminalStyleName[], text: string): string {
    if (!this.enabled) return text;
    const styles = Array.isArray(style) ? style : [style];
    return styles.reduceRight(
      (inner, name) => `\u001b[${ANSI[name][0]}m${inner}\u001b[${ANSI[name][1]}m`,
      text,
    );
  }
}
