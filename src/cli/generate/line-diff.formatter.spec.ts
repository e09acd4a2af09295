import { lineDiff } from './line-diff.formatter.js';

describe('lineDiff', () => {
  it('lists removed and added lines only', () => {
    expect(lineDiff('a\nb\nc\n', 'a\nB\nc\nd\n')).toEqual(['- b', '+ B', '+ d']);
  });

  it('is empty for equal texts', () => {
    expect(lineDiff('x\ny', 'x\ny')).toEqual([]);
  });
});
