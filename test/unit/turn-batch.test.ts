import { describe, expect, it } from 'vitest';
import { TurnBatch, TurnShared } from '../../src/lib/turn-batch.js';
import { startedEarly } from '../../src/lib/promises.js';

// Reads shared by the callers of one turn (src/lib/turn-batch.ts): one read per turn, started
// after every caller of the turn arrived; a caller arriving while a read runs joins the next one.

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('TurnShared', () => {
  it('callers of one turn share one read; the read starts after they all arrived', async () => {
    let reads = 0;
    let value = 'before';
    const shared = new TurnShared(async () => {
      reads++;
      return value;
    });
    const a = startedEarly(shared.get());
    // A write that completes in the same turn as the callers' arrival is seen by all of them.
    value = 'after';
    const b = startedEarly(shared.get());
    expect(await Promise.all([a, b])).toEqual(['after', 'after']);
    expect(reads).toBe(1);
  });

  it('a caller arriving while a read runs gets a later read, never the running one', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let value = 1;
    const starts: number[] = [];
    const shared = new TurnShared(async () => {
      starts.push(value);
      const seen = value;
      if (starts.length === 1) await gate;
      return seen;
    });
    const first = startedEarly(shared.get());
    await turn();
    await turn();
    // The first read has started (and waits); the value changes, then a second caller comes.
    value = 2;
    const second = startedEarly(shared.get());
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(2);
    expect(starts).toEqual([1, 2]);
  });
});

describe('TurnBatch', () => {
  it('the keys asked in one turn are loaded together; each caller gets its own value or undefined', async () => {
    const loads: string[][] = [];
    const batch = new TurnBatch<string, number>(async (keys) => {
      loads.push(keys);
      return new Map(keys.filter((k) => k !== 'missing').map((k) => [k, k.length]));
    });
    const answers = await Promise.all([batch.get('a'), batch.get('bbb'), batch.get('a'), batch.get('missing')]);
    expect(answers).toEqual([1, 3, 1, undefined]);
    expect(loads).toEqual([['a', 'bbb', 'missing']]);
    expect(await batch.get('cc')).toBe(2);
    expect(loads).toHaveLength(2);
  });

  it('a failing load fails every caller of its turn, and the next turn loads again', async () => {
    let fail = true;
    const batch = new TurnBatch<string, string>(async (keys) => {
      if (fail) throw new Error('down');
      return new Map(keys.map((k) => [k, k]));
    });
    const settled = await Promise.allSettled([batch.get('x'), batch.get('y')]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await batch.get('x')).toBe('x');
  });
});
