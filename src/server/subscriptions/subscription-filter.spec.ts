import { describe, expect, it } from '@jest/globals';
import { filterAccepts, honouredFilter, readSubscriptionFilter } from './subscription-filter.js';

const EVERYTHING = { tools: true, prompts: true, resources: true, resourceSubscriptions: true };

describe('subscription filter', () => {
  it('reads the filter and refuses malformed ones with -32602', () => {
    expect(
      readSubscriptionFilter({
        notifications: { toolsListChanged: true, resourceSubscriptions: ['a', 'a', 'b'] },
      }),
    ).toStrictEqual({
      toolsListChanged: true,
      resourceSubscriptions: ['a', 'b'],
    });
    for (const notifications of [
      undefined,
      [],
      'tools',
      { toolsListChanged: 'yes' },
      { resourceSubscriptions: [1] },
    ]) {
      expect(() => readSubscriptionFilter({ notifications })).toThrow(
        expect.objectContaining({ rpcCode: -32602 }),
      );
    }
  });

  it('honours only what was asked and what the server can deliver', () => {
    const asked = {
      toolsListChanged: true,
      promptsListChanged: true,
      resourcesListChanged: false,
      resourceSubscriptions: ['test://x'],
    };
    expect(honouredFilter(asked, EVERYTHING)).toStrictEqual({
      toolsListChanged: true,
      promptsListChanged: true,
      resourceSubscriptions: ['test://x'],
    });
    expect(
      honouredFilter(asked, { ...EVERYTHING, prompts: false, resourceSubscriptions: false }),
    ).toStrictEqual({
      toolsListChanged: true,
    });
  });

  it('lets through only the events the filter names', () => {
    const filter = { promptsListChanged: true, resourceSubscriptions: ['test://watched'] };
    expect(filterAccepts(filter, { type: 'list_changed', list: 'prompts' })).toBe(true);
    expect(filterAccepts(filter, { type: 'list_changed', list: 'tools' })).toBe(false);
    expect(filterAccepts(filter, { type: 'list_changed', list: 'resources' })).toBe(false);
    expect(filterAccepts(filter, { type: 'resource_updated', uri: 'test://watched' })).toBe(true);
    expect(filterAccepts(filter, { type: 'resource_updated', uri: 'test://other' })).toBe(false);
  });
});
