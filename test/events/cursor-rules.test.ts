import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/errors.js';
import { MAX_REPLAY, parseCursor, parseTypes, pullPage, pullStart, replayStart, resyncReason, streamCursor } from '../../src/features/events/cursor.js';

// The cursor rules of the pull and the live stream's replay (docs/events.md, "Pull" and "Live
// stream") called directly, at every bound: fast enough to run once per mutant of cursor.ts.
// test/events/pull.test.ts and stream.test.ts pin the same rules through the HTTP API.

/** The AppError a call throws, as the client sees it: status, code and the extra body fields. */
function refusal(call: () => unknown): { status: number; code?: string; extra?: Record<string, unknown>; message: string } {
  try {
    call();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { status: err.statusCode, code: err.code, extra: err.extra, message: err.message };
  }
  throw new Error('expected a refusal');
}

describe('parseCursor', () => {
  it.each([
    ['0', 0],
    ['7', 7],
    ['007', 7],
    ['999999999999999', 999999999999999],
  ])('%s reads as %d', (value, seq) => expect(parseCursor(value, 'after')).toBe(seq));

  it.each([undefined, '', '-1', '1.5', '1e3', ' 1', '1 ', 'x1', '1x', '0x10', '1000000000000000'])('%s is 400 invalid_cursor naming the parameter', (value) => {
    const r = refusal(() => parseCursor(value, 'Last-Event-ID'));
    expect(r).toMatchObject({ status: 400, code: 'invalid_cursor' });
    expect(r.message).toMatch(/^Last-Event-ID /);
  });
});

describe('parseTypes', () => {
  it('absent or empty: no filter', () => {
    expect(parseTypes(undefined)).toBeUndefined();
    expect(parseTypes('')).toBeUndefined();
  });

  it('a comma list of types and prefixes, spaces around each trimmed', () => {
    expect(parseTypes('message.created')).toEqual(['message.created']);
    expect(parseTypes('list.* , message.created,share.revoked')).toEqual(['list.*', 'message.created', 'share.revoked']);
  });

  it('50 types pass, 51 are refused', () => {
    expect(parseTypes(Array(50).fill('list.*').join(','))).toHaveLength(50);
    expect(refusal(() => parseTypes(Array(51).fill('list.*').join(',')))).toMatchObject({ status: 400, code: 'bad_request' });
  });

  it.each(['List.created', 'list..created', 'list.', '.list', 'list.*.x', 'a,,b', 'a,b;c', '*'])('%s is 400 bad_request, its error saying what types takes', (value) => {
    const r = refusal(() => parseTypes(value));
    expect(r).toMatchObject({ status: 400, code: 'bad_request' });
    expect(r.message).toMatch(/^types must be a comma list of event types/);
  });

  it('one bad type among good ones refuses the list', () => {
    expect(refusal(() => parseTypes('message.created,Bad'))).toMatchObject({ status: 400 });
  });
});

describe('streamCursor', () => {
  it('Last-Event-ID wins over ?after', () => {
    expect(streamCursor('5', '9')).toBe(5);
    expect(streamCursor(['6', '8'], '9')).toBe(6);
  });

  it('an empty or absent Last-Event-ID falls back to ?after', () => {
    expect(streamCursor('', '9')).toBe(9);
    expect(streamCursor(undefined, '0')).toBe(0);
    expect(streamCursor([], '3')).toBe(3);
  });

  it('neither: no cursor (live from the head)', () => {
    expect(streamCursor(undefined, undefined)).toBeNull();
    expect(streamCursor('', undefined)).toBeNull();
  });

  it('each is checked, under its own name', () => {
    expect(refusal(() => streamCursor('x', '1')).message).toMatch(/^Last-Event-ID /);
    expect(refusal(() => streamCursor(undefined, 'x')).message).toMatch(/^after /);
    expect(refusal(() => streamCursor(undefined, ''))).toMatchObject({ status: 400, code: 'invalid_cursor' });
  });
});

describe('pullStart', () => {
  const bounds = { headSeq: 50, oldestSeq: 21 };

  it('reads after the cursor anywhere from just below the oldest retained to the head', () => {
    expect(pullStart(20, bounds)).toBe(20);
    expect(pullStart(35, bounds)).toBe(35);
    expect(pullStart(50, bounds)).toBe(50);
  });

  it('0 starts at the oldest retained', () => {
    expect(pullStart(0, bounds)).toBe(20);
    expect(pullStart(0, { headSeq: 0, oldestSeq: 1 })).toBe(0);
    expect(pullStart(0, { headSeq: 4, oldestSeq: 1 })).toBe(0);
  });

  it('past the head: 409 cursor_ahead with the head', () => {
    const r = refusal(() => pullStart(51, bounds));
    expect(r).toMatchObject({ status: 409, code: 'cursor_ahead', extra: { headSeq: 50 } });
    // A clear error for the client beside the code (docs/events.md, "Pull").
    expect(r.message).toMatch(/cursor is past the newest event/);
    expect(refusal(() => pullStart(1, { headSeq: 0, oldestSeq: 1 }))).toMatchObject({ status: 409, code: 'cursor_ahead', extra: { headSeq: 0 } });
  });

  it('below the retained events: 410 cursor_too_old with both bounds', () => {
    const r = refusal(() => pullStart(19, bounds));
    expect(r).toMatchObject({ status: 410, code: 'cursor_too_old', extra: { oldestSeq: 21, headSeq: 50 } });
    // It tells the client what to do: refetch, then pull from the head.
    expect(r.message).toMatch(/older than the retained events: refetch/);
    expect(refusal(() => pullStart(1, bounds))).toMatchObject({ status: 410, code: 'cursor_too_old' });
  });
});

describe('pullPage', () => {
  const read = (...seqs: number[]) => seqs.map((seq) => ({ seq }));

  it('one more than the limit read: the page is the limit, more follow, and the next cursor is its last seq', () => {
    expect(pullPage(read(4, 5, 6), 2, 3)).toEqual({ events: read(4, 5), seq: 5, hasMore: true });
  });

  it('the limit or fewer read: all of them, no more follow', () => {
    expect(pullPage(read(4, 5), 2, 3)).toEqual({ events: read(4, 5), seq: 5, hasMore: false });
    expect(pullPage(read(9), 2, 3)).toEqual({ events: read(9), seq: 9, hasMore: false });
  });

  it('nothing read: the cursor stays where it was', () => {
    expect(pullPage([], 100, 7)).toEqual({ events: [], seq: 7, hasMore: false });
    expect(pullPage([], 100, 0)).toEqual({ events: [], seq: 0, hasMore: false });
  });
});

describe('resyncReason and replayStart', () => {
  it('no cursor: live from the head, no resync', () => {
    expect(resyncReason(null, { headSeq: 9, oldestSeq: 3 })).toBeNull();
    expect(replayStart(null, { headSeq: 9, oldestSeq: 3 })).toEqual({ sent: 9, resync: null });
  });

  it('a cursor within the retained events replays what follows it', () => {
    expect(replayStart(5, { headSeq: 9, oldestSeq: 3 })).toEqual({ sent: 5, resync: null });
    expect(replayStart(2, { headSeq: 9, oldestSeq: 3 })).toEqual({ sent: 2, resync: null });
    expect(replayStart(9, { headSeq: 9, oldestSeq: 3 })).toEqual({ sent: 9, resync: null });
  });

  it('0 replays from the oldest retained', () => {
    expect(replayStart(0, { headSeq: 9, oldestSeq: 3 })).toEqual({ sent: 2, resync: null });
    expect(replayStart(0, { headSeq: 0, oldestSeq: 1 })).toEqual({ sent: 0, resync: null });
  });

  it('past the head: resync cursor_ahead at the head', () => {
    expect(resyncReason(10, { headSeq: 9, oldestSeq: 3 })).toBe('cursor_ahead');
    expect(replayStart(10, { headSeq: 9, oldestSeq: 3 })).toEqual({ sent: 9, resync: 'cursor_ahead' });
  });

  it('below the retained events: resync cursor_too_old at the head', () => {
    expect(resyncReason(1, { headSeq: 9, oldestSeq: 3 })).toBe('cursor_too_old');
    expect(replayStart(1, { headSeq: 9, oldestSeq: 3 })).toEqual({ sent: 9, resync: 'cursor_too_old' });
  });

  it(`at most ${MAX_REPLAY} events are replayed; one more behind is too_far_behind`, () => {
    expect(MAX_REPLAY).toBe(1000);
    const head = 5000;
    expect(replayStart(head - MAX_REPLAY, { headSeq: head, oldestSeq: 1 })).toEqual({ sent: head - MAX_REPLAY, resync: null });
    expect(replayStart(head - MAX_REPLAY - 1, { headSeq: head, oldestSeq: 1 })).toEqual({ sent: head, resync: 'too_far_behind' });
    // 0 counts from the oldest retained, not from seq 0.
    expect(resyncReason(0, { headSeq: 1500, oldestSeq: 501 })).toBeNull();
    expect(resyncReason(0, { headSeq: 1501, oldestSeq: 501 })).toBe('too_far_behind');
    expect(resyncReason(0, { headSeq: 1001, oldestSeq: 1 })).toBe('too_far_behind');
  });
});
