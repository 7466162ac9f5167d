import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { expectError, type Member } from '../messages/helpers.js';
import { call, materialize, materializeApp, post, subscriberMember } from './support.js';

// The account's maxMessageLength counts one way at both endpoints it applies to (spec, Limits:
// "characters", POST /api/messages and materialize message drafts): Unicode code points. An emoji
// is one however many UTF-16 units it takes; a family emoji joined by ZWJs, a flag, or a letter
// with a combining accent is as many as its code points, though it shows as one grapheme. Each
// text at the limit passes both; one more code point fails both.

let t: TestApp;
let ada: Member;
let sourceId: string;

const LIMIT = 10;
const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}'; // 5 code points, 1 grapheme
const FLAG = '\u{1F1EB}\u{1F1F7}'; // 2 code points, 1 grapheme
const E_ACUTE = 'e\u0301'; // 2 code points, 1 grapheme

beforeAll(async () => {
  t = await materializeApp();
  ada = await subscriberMember(t, { max_message_length: LIMIT });
  sourceId = (await post(t, ada, { content: 'source' })).id as string;
});
afterAll(() => t.close());

const postMessage = (content: string) => call(t, ada, 'POST', '/api/messages', { content });
const draft = (content: string, extra: Record<string, unknown> = {}) =>
  materialize(t, ada, { target: 'message', source: { kind: 'messages', messageIds: [sourceId] }, messageConfig: { content, ...extra } });

// [what, a text of exactly LIMIT code points, its graphemes]
const AT_LIMIT: [string, string, number][] = [
  ['astral emoji (2 UTF-16 units each)', '\u{1F642}'.repeat(10), 10],
  ['ZWJ family emoji', FAMILY.repeat(2), 2],
  ['flags', FLAG.repeat(5), 5],
  ['combining accents', E_ACUTE.repeat(5), 5],
  ['CJK and Latin mixed', '東京abc大阪xyz', 10],
  ['skin-tone modifier and text', '\u{1F44B}\u{1F3FD} hi all!', 9],
];

describe('maxMessageLength counts code points at both endpoints', () => {
  it.each(AT_LIMIT)('%s at the limit: POST /api/messages 201, the draft fits unsplit', async (_what, text) => {
    expect([...text].length).toBe(LIMIT);
    const res = await postMessage(text);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.content).toBe(text);
    const d = await draft(text);
    expect(d.statusCode, d.body).toBe(200);
    expect(d.json().message).toMatchObject({ content: text, thread: [text], isThread: false, charLimit: LIMIT });
  });

  it.each(AT_LIMIT)('%s plus one code point: both refuse with message_too_long, nothing written', async (_what, text, graphemes) => {
    // Fewer graphemes than the limit in most cases: a grapheme count would have let these through.
    expect(graphemes).toBeLessThanOrEqual(LIMIT);
    for (const over of [`${text}x`, `${text}\u0301`]) {
      const before = await t.db.kysely.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expectError(await postMessage(over), 400, 'message_too_long');
      const after = await t.db.kysely.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      expectError(await draft(over), 400, 'message_too_long');
    }
  });

  it('a thread the draft splits is accepted part by part by POST /api/messages, never split inside a grapheme', async () => {
    const text = `${FAMILY} ${E_ACUTE}${E_ACUTE}t${E_ACUTE} ${FLAG}${FLAG} caf${E_ACUTE} ok.`;
    const d = await draft(text, { allowThread: true });
    expect(d.statusCode, d.body).toBe(200);
    const { thread, isThread } = d.json().message as { thread: string[]; isThread: boolean };
    expect(isThread).toBe(true);
    expect(thread.join(' ')).toBe(text);
    for (const part of thread) {
      expect([...part].length).toBeLessThanOrEqual(LIMIT);
      // No part starts with a combining mark, a ZWJ or half a flag.
      expect(part).not.toMatch(/^[\u0301\u200D]/u);
      expect((part.match(/[\u{1F1E6}-\u{1F1FF}]/gu) ?? []).length % 2).toBe(0);
      expect((await postMessage(part)).statusCode).toBe(201);
    }
  });
});
