import { describe, expect, it } from 'vitest';
import { Coalesced } from '../../src/lib/coalesce.js';
import { startedEarly } from '../../src/lib/promises.js';

/** A run that waits until released, recording what each run was given. */
function gatedRuns() {
  const runs: number[][] = [];
  const gates: (() => void)[] = [];
  const fail = { next: false };
  const coalesced = new Coalesced<number>(async (items) => {
    runs.push(items);
    await new Promise<void>((resolve) => gates.push(resolve));
    if (fail.next) {
      fail.next = false;
      throw new Error('run failed');
    }
  });
  const release = async () => {
    gates.shift()!();
    await new Promise((r) => setImmediate(r));
  };
  return { coalesced, runs, release, fail };
}

describe('Coalesced', () => {
  it('runs at once for the first caller, then everything added meanwhile in one next run', async () => {
    const { coalesced, runs, release } = gatedRuns();
    const first = startedEarly(coalesced.add([1]));
    expect(runs).toEqual([[1]]);
    const second = startedEarly(coalesced.add([2, 3]));
    const third = startedEarly(coalesced.add([4]));
    expect(runs).toEqual([[1]]);
    await release();
    expect(runs).toEqual([[1], [2, 3, 4]]);
    await release();
    await Promise.all([first, second, third]);
    expect(runs).toEqual([[1], [2, 3, 4]]);
  });

  it('settles a caller only after a run that included its items', async () => {
    const { coalesced, release } = gatedRuns();
    let settled = false;
    void coalesced.add([1]);
    const later = startedEarly(coalesced.add([2]).then(() => (settled = true)));
    await release();
    expect(settled).toBe(false);
    await release();
    await later;
    expect(settled).toBe(true);
  });

  it('starts a new run for an add after the last run ended, and nothing for an empty add', async () => {
    const { coalesced, runs, release } = gatedRuns();
    await coalesced.add([]);
    expect(runs).toEqual([]);
    const one = startedEarly(coalesced.add([1]));
    await release();
    await one;
    const two = startedEarly(coalesced.add([2]));
    expect(runs).toEqual([[1], [2]]);
    await release();
    await two;
  });

  it('tells every waiting caller of a failed run, drops what they added, and runs again on the next add', async () => {
    const { coalesced, runs, release, fail } = gatedRuns();
    fail.next = true;
    const told = startedEarly(Promise.all([expect(coalesced.add([1])).rejects.toThrow('run failed'), expect(coalesced.add([2])).rejects.toThrow('run failed')]));
    await release();
    await told;
    const third = startedEarly(coalesced.add([3]));
    expect(runs).toEqual([[1], [3]]);
    await release();
    await third;
  });
});
