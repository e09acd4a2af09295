import { FakeClock } from '../shared/fake-clock.js';
import { AnswerPins } from './answer-pins.js';
import { MemoryStateStore } from './stores/memory.store.js';
import type { SettledAnswer } from './call-state.js';

const TTL_MS = 60_000;
const yes: SettledAnswer = ['q1', { action: 'accept', content: { ok: true } }];
const no: SettledAnswer = ['q1', { action: 'accept', content: { ok: false } }];
const name: SettledAnswer = ['q2', { action: 'accept', content: { name: 'Ada' } }];

describe('AnswerPins', () => {
  let store: MemoryStateStore;
  beforeEach(() => (store = new MemoryStateStore()));

  it('keeps one record per call, grown by later rounds', async () => {
    await new AnswerPins(store, TTL_MS, 'call').pin({ confirm: yes });
    await new AnswerPins(store, TTL_MS, 'call').pin({ confirm: yes, who: name });
    expect(store.size).toBe(1);
    expect(Object.keys(JSON.parse((await store.get('answers:call'))!) as object).sort()).toStrictEqual([
      'confirm',
      'who',
    ]);
  });

  it('refuses another branch that answered a pinned key otherwise', async () => {
    await new AnswerPins(store, TTL_MS, 'call').pin({ confirm: yes });
    await expect(new AnswerPins(store, TTL_MS, 'call').pin({ confirm: no, who: name })).rejects.toMatchObject(
      {
        data: { reason: 'conflicting_answer', key: 'confirm' },
      },
    );
    expect(Object.keys(JSON.parse((await store.get('answers:call'))!) as object)).toStrictEqual(['confirm']);
  });

  it('keeps every key when branches of one call pin at the same time', async () => {
    await Promise.all([
      new AnswerPins(store, TTL_MS, 'call').pin({ confirm: yes }),
      new AnswerPins(store, TTL_MS, 'call').pin({ who: name }),
      new AnswerPins(store, TTL_MS, 'call').pin({ confirm: yes, who: name }),
    ]);
    const record = JSON.parse((await store.get('answers:call'))!) as Record<string, string>;
    expect(Object.keys(record).sort()).toStrictEqual(['confirm', 'who']);
  });

  it('drops the record on forget, and only once something was pinned', async () => {
    const idle = new AnswerPins(store, TTL_MS, 'call');
    await new AnswerPins(store, TTL_MS, 'call').pin({ confirm: yes });
    await idle.forget();
    expect(store.size).toBe(1);
    const pins = new AnswerPins(store, TTL_MS, 'call');
    await pins.pin({ confirm: yes });
    await pins.forget();
    expect(store.size).toBe(0);
  });

  it('keeps calls apart', async () => {
    await new AnswerPins(store, TTL_MS, 'one').pin({ confirm: yes });
    await expect(new AnswerPins(store, TTL_MS, 'two').pin({ confirm: no })).resolves.toBeUndefined();
  });

  it('refuses a round whose state is older than pins the store dropped, and leaves no pins of its own', async () => {
    const clock = new FakeClock();
    const issuedAt = clock.now();
    const small = new MemoryStateStore({ clock, maxEntries: 1 });
    clock.advance(5);
    await new AnswerPins(small, TTL_MS, 'call', issuedAt + 1).pin({ confirm: yes });
    clock.advance(5);
    await small.set('answers:other', '{}', TTL_MS);
    await expect(new AnswerPins(small, TTL_MS, 'call', issuedAt).pin({ confirm: no })).rejects.toMatchObject({
      reason: 'records_dropped',
    });
    await expect(small.get('answers:call')).resolves.toBeUndefined();
    clock.advance(5);
    await expect(
      new AnswerPins(small, TTL_MS, 'call', clock.now()).pin({ confirm: no }),
    ).resolves.toBeUndefined();
  });
});
