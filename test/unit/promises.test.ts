import { afterEach, describe, expect, it } from 'vitest';
import { startedEarly } from '../../src/lib/promises.js';

// startedEarly (src/lib/promises.ts): a promise started now and awaited after another await. Its
// rejection must not count as unhandled in the meantime (Node would end the process), and must
// still reach whoever awaits it.

/** A turn of the event loop: Node reports unhandled rejections once the microtasks have run. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

const unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);
afterEach(() => {
  process.off('unhandledRejection', record);
  unhandled.length = 0;
});

describe('startedEarly', () => {
  it('answers the very promise it was given, with its value', async () => {
    const promise = Promise.resolve(42);
    const marked = startedEarly(promise);
    expect(marked).toBe(promise);
    expect(await marked).toBe(42);
  });

  it('a rejection while nothing awaits it yet is not unhandled, and still reaches whoever awaits it later', async () => {
    process.on('unhandledRejection', record);
    const failure = new Error('the lookup failed');
    const marked = startedEarly(Promise.reject(failure));
    await turn();
    await turn();
    expect(unhandled).toEqual([]);
    await expect(marked).rejects.toBe(failure);
  });
});
