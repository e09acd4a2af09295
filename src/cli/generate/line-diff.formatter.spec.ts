import { lineDiff } from './line-diff.formatter.js';

describe('lineDiff', () => {
  it('lists removed and added lines only', () => {
    expect(lineDiff('a\nb\nc\n', 'a\nB\nc\nd\n')).toStrictEqual(['- b', '+ B', '+ d']);
  });

  it('is empty for equal texts', () => {
    expect(lineDiff('x\ny', 'x\ny')).toStrictEqual([]);
  });
});
