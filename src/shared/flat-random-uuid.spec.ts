import { heapCollector } from './old-generation.spec-helper.js';
import { flatRandomUUID } from './flat-random-uuid.js';

describe('flatRandomUUID', () => {
  it('is a version 4 UUID, a new one each time', () => {
    const ids = new Set(Array.from({ length: 1_000 }, () => flatRandomUUID()));
    expect(ids.size).toBe(1_000);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('keeps about 80 bytes per id where a concatenated one kept some 500', () => {
    const collect = heapCollector();
    collect({ type: 'major' });
    const before = process.memoryUsage().heapUsed;
    const kept = Array.from({ length: 10_000 }, () => flatRandomUUID());
    collect({ type: 'major' });
    const perId = (process.memoryUsage().heapUsed - before) / kept.length;
    expect(kept).toHaveLength(10_000);
    expect(perId).toBeLessThan(200);
  });
});
