import { describe, expect, it } from 'vitest';
import { tallyTagChanges, trendChanges } from '../../src/features/messages/tag-tally.js';

// The fold's arithmetic (tag-tally.ts), directly: what a batch of counted, removed and expiring
// uses changes in the all-time counts, the author rows and the window's tags.

describe('tallyTagChanges', () => {
  it('a counted use adds to its tag, and to its author in the window only when it is stage 1', () => {
    const tally = tallyTagChanges({
      counted: [
        { tag: 'a', author_id: 'u1', stage: 1 },
        { tag: 'b', author_id: 'u2', stage: 1 },
        { tag: 'a', author_id: 'u1', stage: 1 },
        { tag: 'old', author_id: 'u1', stage: 2 },
      ],
      removed: [],
      left: [],
    });
    expect(tally.counts).toEqual([
      { tag: 'a', n: 2 },
      { tag: 'b', n: 1 },
      { tag: 'old', n: 1 },
    ]);
    expect(tally.authors).toEqual([
      { tag: 'a', author_id: 'u1', n: 2 },
      { tag: 'b', author_id: 'u2', n: 1 },
    ]);
  });

  it('a removal takes off what it had added, by its stage; a use leaving the window only its author message; zeros are left out', () => {
    const tally = tallyTagChanges({
      counted: [{ tag: 'x', author_id: 'u1', stage: 1 }],
      removed: [
        { tag: 'x', author_id: 'u1', stage: 1 },
        { tag: 'y', author_id: 'u2', stage: 2 },
      ],
      left: [{ tag: 'z', author_id: 'u3' }],
    });
    expect(tally.counts).toEqual([{ tag: 'y', n: -1 }]);
    expect(tally.authors).toEqual([{ tag: 'z', author_id: 'u3', n: -1 }]);
  });

  it('keeps a tag that holds the separator whole', () => {
    const tally = tallyTagChanges({
      counted: [
        { tag: 'p\u0000q', author_id: 'u9', stage: 1 },
        { tag: 'p', author_id: 'u2', stage: 1 },
        { tag: 'p', author_id: 'u1', stage: 1 },
      ],
      removed: [],
      left: [],
    });
    expect(tally.authors).toEqual([
      { tag: 'p\u0000q', author_id: 'u9', n: 1 },
      { tag: 'p', author_id: 'u2', n: 1 },
      { tag: 'p', author_id: 'u1', n: 1 },
    ]);
  });
});

describe('trendChanges', () => {
  it('an author whose count rose from 0 is one more account, one that fell to 0 one fewer, others none', () => {
    const changes = [
      { tag: 't', author_id: 'new', n: 2 },
      { tag: 't', author_id: 'more', n: 1 },
      { tag: 't', author_id: 'gone', n: -3 },
      { tag: 't', author_id: 'fewer', n: -1 },
      { tag: 's', author_id: 'new', n: 1 },
    ];
    const after = [
      { tag: 't', author_id: 'new', messages: 2 },
      { tag: 't', author_id: 'more', messages: '4' },
      { tag: 't', author_id: 'gone', messages: 0 },
      { tag: 't', author_id: 'fewer', messages: 1 },
      { tag: 's', author_id: 'new', messages: 1 },
    ];
    expect(trendChanges(changes, after)).toEqual([
      { tag: 't', messages: -1, accounts: 0 },
      { tag: 's', messages: 1, accounts: 1 },
    ]);
  });

  it('an author row the upsert did not answer counts as none', () => {
    expect(trendChanges([{ tag: 't', author_id: 'a', n: -1 }], [])).toEqual([{ tag: 't', messages: -1, accounts: -1 }]);
  });
});
