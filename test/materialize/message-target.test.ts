import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { expectError, type Member } from '../messages/helpers.js';
import { addRow, makeDocument, makeList, materialize, materializeApp, post, subscriberMember, written } from './support.js';

// Target message: a draft derived from each source kind (or the edited body), sized to the
// account's maxMessageLength and the tightest crossPostTarget, split into a thread only when
// allowed; nothing is written.

let t: TestApp;
let ada: Member;
let short: Member;

beforeAll(async () => {
  t = await materializeApp();
  ada = await subscriberMember(t);
  short = await subscriberMember(t, { max_message_length: 40 });
});
afterAll(() => t.close());

async function draft(who: Member, body: Record<string, unknown>) {
  const before = await written(t);
  const res = await materialize(t, who, { target: 'message', ...body });
  expect(res.statusCode, res.body).toBe(200);
  expect(await written(t)).toEqual(before);
  const message = res.json().message;
  expect(Object.keys(res.json())).toEqual(['message']);
  return message;
}

describe('target message', () => {
  it('messages: the bodies joined; charLimit is maxMessageLength without targets', async () => {
    const a = await post(t, ada, { content: 'One.' });
    const b = await post(t, ada, { content: 'Two.' });
    expect(await draft(ada, { source: { kind: 'messages', messageIds: [a.id, b.id] } })).toEqual({
      content: 'One.\n\nTwo.',
      thread: ['One.\n\nTwo.'],
      isThread: false,
      charLimit: 666,
      crossPostTargets: [],
    });
  });

  it('rows, lists and documents each give a body derived on the server', async () => {
    const list = await makeList(t, ada, 'Books', { name: 'B', fields: [{ key: 'title', type: 'text', label: 'Title' }, { key: 'n', type: 'number', label: 'N' }] }, 'Read');
    const row = await addRow(t, ada, list.id, { title: 'Dune', n: 3 });
    expect((await draft(ada, { source: { kind: 'rows', listId: list.id, rowIds: [row.id], data: { title: 'forged' } } })).content).toBe('Dune, 3');
    expect((await draft(ada, { source: { kind: 'lists', listIds: [list.id] } })).content).toBe('Books (1 row): Read');
    const doc = await makeDocument(t, ada, 'Trip', '# Gear\n\n- Tent\n- Stove\n');
    expect((await draft(ada, { source: { kind: 'document', documentId: doc.id } })).content).toBe('Trip\n\nGear\n• Tent\n• Stove');
    expect((await draft(ada, { source: { kind: 'docElements', documentId: doc.id, markdown: '- Stove' } })).content).toBe('• Stove');
  });

  it('the edited body replaces the derived one; publiclyVisible, tags and scheduledAt pass through', async () => {
    const m = await post(t, ada, { content: 'Derived' });
    const at = '2030-01-01T10:00:00.000Z';
    expect(
      await draft(ada, { source: { kind: 'messages', messageIds: [m.id] }, messageConfig: { content: 'Edited', publiclyVisible: false, tags: ['x'], scheduledAt: at } }),
    ).toEqual({ content: 'Edited', thread: ['Edited'], isThread: false, charLimit: 666, crossPostTargets: [], publiclyVisible: false, tags: ['x'], scheduledAt: at });
  });

  it.each([
    [['networkA'], 500],
    [['networkB'], 300],
    [['networkC'], 666],
    [['networkD'], 280],
    [['networkA', 'networkB', 'networkD'], 280],
  ])('charLimit with %j is %i', async (targets, limit) => {
    const m = await post(t, ada, { content: 'x' });
    expect((await draft(ada, { source: { kind: 'messages', messageIds: [m.id] }, messageConfig: { crossPostTargets: targets } })).charLimit).toBe(limit);
  });

  it('an unknown channel label: 400', async () => {
    const m = await post(t, ada, { content: 'x' });
    expectError(await materialize(t, ada, { target: 'message', source: { kind: 'messages', messageIds: [m.id] }, messageConfig: { crossPostTargets: ['networkZ'] } }), 400, 'bad_request');
  });

  it('over the limit without allowThread: 400; with it, a thread of parts that each fit', async () => {
    const text = 'The first sentence is here. The second one follows it. And a third.';
    const m = await post(t, short, { content: 'x' });
    const source = { kind: 'messages', messageIds: [m.id] };
    expectError(await materialize(t, short, { target: 'message', source, messageConfig: { content: text } }), 400, 'message_too_long');
    const d = await draft(short, { source, messageConfig: { content: text, allowThread: true } });
    expect(d).toMatchObject({ content: text, isThread: true, charLimit: 40, thread: ['The first sentence is here.', 'The second one follows it. And a third.'] });
    const numbered = await draft(short, { source, messageConfig: { content: text, allowThread: true, numbered: true } });
    expect(numbered.thread).toEqual(['The first sentence is here. 1/3', 'The second one follows it. 2/3', 'And a third. 3/3']);
    numbered.thread.forEach((p: string, i: number) => {
      expect([...p].length).toBeLessThanOrEqual(40);
      expect(p.endsWith(` ${i + 1}/${numbered.thread.length}`)).toBe(true);
    });
  });

  it('networkD weighs a URL 23 and CJK 2: the thread is cut to its 280', async () => {
    const url = `https://example.com/${'p'.repeat(100)}`;
    const text = `${'東京'.repeat(100)} ${url} ${'大阪'.repeat(60)}`;
    const m = await post(t, ada, { content: 'x' });
    const d = await draft(ada, { source: { kind: 'messages', messageIds: [m.id] }, messageConfig: { content: text, crossPostTargets: ['networkD'], allowThread: true } });
    expect(d.isThread).toBe(true);
    expect(d.thread.some((p: string) => p.includes(url))).toBe(true);
    expect(d.thread.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
  });

  it('a draft with no content: 400', async () => {
    const m = await post(t, ada, { content: 'x' });
    expectError(await materialize(t, ada, { target: 'message', source: { kind: 'messages', messageIds: [m.id] }, messageConfig: { content: '  ' } }), 400);
  });
});
