import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pageFetcher } from '../../src/features/ai/sources.js';
import { LoopbackPages } from '../helpers/loopback-pages.js';
import { expectError, type Member } from '../messages/helpers.js';
import { aiApp, aiPost, aiUser, DOCUMENT_OUTPUT, ledger, openAiAnswer, ProviderStandIn, seriesItems, TEN_WORDS, type AiTestApp } from './support.js';

// The five features through suggest: the input rules (empty, over the cap in words, a series under
// 10 words, an unknown feature), the series' counts and post lengths, writing_assist's actions,
// and powered_document's modes with the caller's own sources. Refused input calls no provider and
// is not counted.

const standIn = new ProviderStandIn();
// A public site (127.0.0.2, listed in ALLOWED_PRIVATE_ADDRESSES) and the service's own network
// (127.0.0.1, not listed), for research_url through the real guarded fetcher.
const site = new LoopbackPages('127.0.0.2', {
  '/compost': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<html><head><title>Compost facts</title><script>steal()</script></head><body><h1>Compost</h1><p>Worms turn leaves into soil.</p></body></html>');
  },
  '/to-inside': (_req, res) => {
    res.writeHead(302, { location: inside.url('/admin') });
    res.end();
  },
});
const inside = new LoopbackPages('127.0.0.1', {
  '/admin': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('secret');
  },
});
let t: AiTestApp;
let ada: Member;
let bob: Member;

beforeAll(async () => {
  await standIn.start();
  await site.start();
  await inside.start();
  t = await aiApp(standIn, 'openai', { ALLOWED_PRIVATE_ADDRESSES: '127.0.0.2' });
  ada = await aiUser(t);
  bob = await aiUser(t);
});
afterAll(async () => {
  await t.close();
  await standIn.stop();
  await site.stop();
  await inside.stop();
});
beforeEach(() => {
  standIn.reset();
  // Past the rate limit's window (15 a minute).
  t.clock.advance(61_000);
  t.app.ctx.state(pageFetcher).fetch = null;
});

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
const systemOf = (i = 0) => standIn.seen[i].body.messages[0].content as string;
const promptOf = (i = 0) => standIn.seen[i].body.messages[1].content as string;

describe('input rules: 422 invalid_input, no provider call, nothing counted', () => {
  it.each([
    ['an unknown feature', { feature: 'poem', input: 'x' }],
    ['a missing feature', { input: 'x' }],
    ['a missing input', { feature: 'writing_assist' }],
    ['an empty input', { feature: 'writing_assist', input: '' }],
    ['a blank input', { feature: 'writing_assist', input: '   \n ' }],
    ['an unknown top-level field', { feature: 'writing_assist', input: 'x', extra: 1 }],
    ['an unknown mode', { feature: 'powered_document', input: 'x', context: { mode: 'poem' } }],
    ['an unknown action', { feature: 'writing_assist', input: 'x', context: { action: 'sing' } }],
    ['a zero maxOutputTokens', { feature: 'writing_assist', input: 'x', maxOutputTokens: 0 }],
    ['powered_template over 300 words', { feature: 'powered_template', input: words(301) }],
    ['writing_assist over 1500 words', { feature: 'writing_assist', input: words(1501) }],
    ['powered_document over 500 words', { feature: 'powered_document', input: words(501) }],
    ['message_series under 10 words', { feature: 'message_series', input: words(9) }],
    ['article_series under 10 words', { feature: 'article_series', input: words(9) }],
    ['from_list without a list', { feature: 'powered_document', input: 'x', context: { mode: 'from_list' } }],
    ['from_article without a document', { feature: 'powered_document', input: 'x', context: { mode: 'from_article' } }],
    ['research_url without a URL', { feature: 'powered_document', input: 'x', context: { mode: 'research_url' } }],
    ['research_url with a file URL', { feature: 'powered_document', input: 'x', context: { mode: 'research_url', url: 'file:///etc/passwd' } }],
  ])('%s', async (_name, payload) => {
    const res = await aiPost(t, ada, 'suggest', payload);
    expectError(res, 422, 'invalid_input');
    expect(standIn.seen).toEqual([]);
  });

  it('at the caps exactly, the input is taken', async () => {
    standIn.answer(openAiAnswer({ content: 'ok' }));
    expect((await aiPost(t, ada, 'suggest', { feature: 'writing_assist', input: words(1500) })).statusCode).toBe(200);
  });

  it('refused input left no ledger row', async () => {
    expect((await ledger(t, ada.user.id)).length).toBe(1);
  });
});

describe('series', () => {
  it('message_series: the count is clamped (50 → 12, 1 → 3, default 5) and fewer items than asked is invalid_ai_output', async () => {
    standIn.answer(openAiAnswer({ listTitle: 'Launch', items: seriesItems(12) }));
    const res = await aiPost(t, ada, 'suggest', { feature: 'message_series', input: TEN_WORDS, context: { count: 50, spacingMinutes: 3 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().artifact.items).toHaveLength(12);
    expect(systemOf()).toContain('exactly 12');

    standIn.answer(openAiAnswer({ listTitle: 'Launch', items: seriesItems(5) }));
    const three = await aiPost(t, ada, 'suggest', { feature: 'message_series', input: TEN_WORDS, context: { count: 1 } });
    expect(three.json().artifact.items.map((i: any) => i.order)).toEqual([1, 2, 3]);
    expect(systemOf(1)).toContain('exactly 3');

    standIn.answer(openAiAnswer({ listTitle: 'Launch', items: seriesItems(4) }));
    expectError(await aiPost(t, ada, 'suggest', { feature: 'message_series', input: TEN_WORDS }), 422, 'invalid_ai_output');
    expect(systemOf(2)).toContain('exactly 5');
  });

  it('message_series: items come back in order, numbered from 1', async () => {
    const items = [
      { order: 7, content: 'third' },
      { order: 2, content: 'first' },
      { order: 5, content: 'second' },
    ];
    standIn.answer(openAiAnswer({ listTitle: 'Order', items }));
    const res = await aiPost(t, ada, 'suggest', { feature: 'message_series', input: TEN_WORDS, context: { count: 3 } });
    expect(res.json().artifact.items).toEqual([
      { order: 1, content: 'first' },
      { order: 2, content: 'second' },
      { order: 3, content: 'third' },
    ]);
  });

  it('message_series: posts are sized to the tightest channel, else maxMessageLength; one over it is invalid_ai_output', async () => {
    // 141 CJK characters weigh 282 on networkD (limit 280) but are only 141 characters.
    const cjk = '字'.repeat(141);
    const series = (content: string) => openAiAnswer({ listTitle: 'S', items: [...seriesItems(2), { order: 3, content }] });
    standIn.answer(series(cjk), series(cjk), series('a'.repeat(501)), series('😀'.repeat(150)), series('😀'.repeat(151)));
    expectError(await aiPost(t, ada, 'suggest', { feature: 'message_series', input: TEN_WORDS, context: { count: 3, channels: ['networkD'] } }), 422, 'invalid_ai_output');
    expect(systemOf(0)).toContain('280');
    expect((await aiPost(t, ada, 'suggest', { feature: 'message_series', input: TEN_WORDS, context: { count: 3, channels: ['networkC', 'unknown'] } })).statusCode).toBe(200);
    // networkA: 500 characters; the account's 666 would have taken 501.
    expectError(await aiPost(t, ada, 'suggest', { feature: 'message_series', input: TEN_WORDS, context: { count: 3, channels: ['networkA'] } }), 422, 'invalid_ai_output');
    // networkB counts graphemes: 150 emoji fit its 300; networkD weighs an emoji 2, so 151 are over its 280.
    expect((await aiPost(t, ada, 'suggest', { feature: 'message_series', input: TEN_WORDS, context: { count: 3, channels: ['networkB'] } })).statusCode).toBe(200);
    expectError(await aiPost(t, ada, 'suggest', { feature: 'message_series', input: TEN_WORDS, context: { count: 3, channels: ['networkB', 'networkD'] } }), 422, 'invalid_ai_output');
  });

  it('message_series: with no channel, the account’s own maxMessageLength applies', async () => {
    const carol = await aiUser(t, { max_message_length: 100 });
    standIn.answer(openAiAnswer({ listTitle: 'S', items: [...seriesItems(2), { order: 3, content: 'x'.repeat(101) }] }));
    expectError(await aiPost(t, carol, 'suggest', { feature: 'message_series', input: TEN_WORDS, context: { count: 3 } }), 422, 'invalid_ai_output');
    expect(systemOf()).toContain('at most 100 characters');
  });

  it('article_series gives a doc_series; count clamped to 2..6', async () => {
    const documents = Array.from({ length: 6 }, (_, i) => ({ order: i + 1, title: `Part ${i + 1}`, outline: ['a'], markdown: `# Part ${i + 1}` }));
    standIn.answer(openAiAnswer({ folderTitle: 'Guide', documents }));
    const res = await aiPost(t, ada, 'suggest', { feature: 'article_series', input: TEN_WORDS, context: { count: 99 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().artifact.kind).toBe('doc_series');
    expect(res.json().artifact.documents).toHaveLength(6);
    standIn.answer(openAiAnswer({ folderTitle: 'Guide', documents: documents.slice(0, 2) }));
    expect((await aiPost(t, ada, 'suggest', { feature: 'article_series', input: TEN_WORDS, context: { count: 0 } })).statusCode).toBe(200);
    expect(systemOf(1)).toContain('exactly 2');
  });
});

describe('writing_assist', () => {
  it('rewrite (default), tighten, expand and grammar give a message; thread a thread; tags tags', async () => {
    for (const action of [undefined, 'tighten', 'expand', 'grammar']) {
      standIn.answer(openAiAnswer({ content: 'Better words.' }));
      const res = await aiPost(t, ada, 'suggest', { feature: 'writing_assist', input: 'some words', context: action ? { action } : undefined });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().artifact).toEqual({ kind: 'message', content: 'Better words.' });
    }
    standIn.answer(openAiAnswer({ parts: ['One.', 'Two.'] }));
    const thread = await aiPost(t, ada, 'suggest', { feature: 'writing_assist', input: 'some words', context: { action: 'thread' } });
    expect(thread.json().artifact).toEqual({ kind: 'thread', parts: ['One.', 'Two.'] });
    standIn.answer(openAiAnswer({ tags: ['#cats', 'cats', ' dogs '] }));
    const tags = await aiPost(t, ada, 'suggest', { feature: 'writing_assist', input: 'some words', context: { action: 'tags' } });
    expect(tags.json().artifact).toEqual({ kind: 'tags', tags: ['cats', 'dogs'] });
    expect(standIn.seen.every((s) => s.body.max_completion_tokens === 1024)).toBe(true);
  });

  it('targetPlatform sizes the message', async () => {
    standIn.answer(openAiAnswer({ content: 'y'.repeat(281) }));
    expectError(await aiPost(t, ada, 'suggest', { feature: 'writing_assist', input: 'x', context: { targetPlatform: 'networkD' } }), 422, 'invalid_ai_output');
  });
});

describe('powered_document modes', () => {
  it('article (default): the input alone', async () => {
    standIn.answer(openAiAnswer(DOCUMENT_OUTPUT));
    const res = await aiPost(t, ada, 'suggest', { feature: 'powered_document', input: 'composting' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().artifact).toEqual({ kind: 'document', ...DOCUMENT_OUTPUT });
    expect(standIn.seen[0].body.max_completion_tokens).toBe(8000);
  });

  it('from_list: the caller’s list, its schema and its rows reach the prompt; another’s list is invalid_input', async () => {
    const schema = { name: 'Plants', fields: [{ key: 'name', type: 'text', label: 'Name' }] };
    const list = await t.app.inject({ method: 'POST', url: '/api/lists', headers: { cookie: ada.cookie }, payload: { title: 'Plants', schema } });
    expect(list.statusCode, list.body).toBe(201);
    const listId = list.json().data.id;
    for (const name of ['Basil', 'Thyme']) {
      const row = await t.app.inject({ method: 'POST', url: `/api/lists/${listId}/data`, headers: { cookie: ada.cookie }, payload: { data: { name } } });
      expect(row.statusCode, row.body).toBe(201);
    }
    standIn.answer(openAiAnswer(DOCUMENT_OUTPUT));
    expect((await aiPost(t, ada, 'suggest', { feature: 'powered_document', input: 'a guide', context: { mode: 'from_list', listId } })).statusCode).toBe(200);
    expect(promptOf()).toContain('Basil');
    expect(promptOf()).toContain('Thyme');
    expect(promptOf()).toContain('"Plants"');
    expectError(await aiPost(t, bob, 'suggest', { feature: 'powered_document', input: 'a guide', context: { mode: 'from_list', listId } }), 422, 'invalid_input');
    expectError(await aiPost(t, ada, 'suggest', { feature: 'powered_document', input: 'a guide', context: { mode: 'from_list', listId: 'nope' } }), 422, 'invalid_input');
    expect(standIn.seen).toHaveLength(1);
  });

  it('from_article: the caller’s document; another’s (even public) is invalid_input', async () => {
    const doc = await t.app.inject({ method: 'POST', url: '/api/documents', headers: { cookie: ada.cookie }, payload: { title: 'Notes', content: 'Compost needs air.', isPublic: true } });
    expect(doc.statusCode, doc.body).toBe(201);
    const documentId = doc.json().document.id;
    standIn.answer(openAiAnswer(DOCUMENT_OUTPUT));
    expect((await aiPost(t, ada, 'suggest', { feature: 'powered_document', input: 'expand', context: { mode: 'from_article', documentId } })).statusCode).toBe(200);
    expect(promptOf()).toContain('Compost needs air.');
    expectError(await aiPost(t, bob, 'suggest', { feature: 'powered_document', input: 'expand', context: { mode: 'from_article', documentId } }), 422, 'invalid_input');
    expect(standIn.seen).toHaveLength(1);
  });

  it('research_url through the guarded fetcher: a page of a public site reaches the prompt as text (no script) and is cited', async () => {
    standIn.answer(openAiAnswer(DOCUMENT_OUTPUT));
    const url = site.url('/compost');
    const res = await aiPost(t, ada, 'suggest', { feature: 'powered_document', input: 'summarise', context: { mode: 'research_url', url } });
    expect(res.statusCode, res.body).toBe(200);
    expect(promptOf()).toContain('Worms turn leaves into soil.');
    expect(promptOf()).not.toContain('steal()');
    expect(res.json().artifact.markdown).toContain(`Sources: <${url}>`);
  });

  it('research_url through the guarded fetcher: an address of the service\'s own network, directly or by a redirect, is 422 invalid_input; nothing reaches it, no provider call', async () => {
    for (const url of [inside.url('/admin'), 'http://localhost:1/admin', 'http://2130706433/admin', 'http://[::1]/admin', site.url('/to-inside')]) {
      const res = await aiPost(t, ada, 'suggest', { feature: 'powered_document', input: 'summarise', context: { mode: 'research_url', url } });
      expectError(res, 422, 'invalid_input');
      expect(res.json().error).not.toContain('127.0.0.1');
    }
    expect(inside.hits).toEqual([]);
    expect(standIn.seen).toEqual([]);
  });

  it('research_url: when the fetcher refuses the URL, invalid_input and no provider call', async () => {
    const payload = { feature: 'powered_document', input: 'summarise', context: { mode: 'research_url', url: 'http://127.0.0.1/admin' } };
    expectError(await aiPost(t, ada, 'suggest', payload), 422, 'invalid_input');
    const asked: string[] = [];
    t.app.ctx.state(pageFetcher).fetch = async (url) => {
      asked.push(url);
      throw new Error('address 127.0.0.1 is loopback');
    };
    const res = await aiPost(t, ada, 'suggest', payload);
    expectError(res, 422, 'invalid_input');
    expect(res.json().error).not.toContain('127.0.0.1');
    expect(asked).toEqual(['http://127.0.0.1/admin']);
    expect(standIn.seen).toEqual([]);
  });

  it('research_url: the fetched text (cut to a fixed size) reaches the prompt and the URL is cited', async () => {
    t.app.ctx.state(pageFetcher).fetch = async (url) => ({ url, title: 'Compost facts', text: `Worms help. ${'z'.repeat(50_000)}` });
    standIn.answer(openAiAnswer(DOCUMENT_OUTPUT));
    const res = await aiPost(t, ada, 'suggest', { feature: 'powered_document', input: 'summarise', context: { mode: 'research_url', url: 'https://example.org/compost' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(promptOf()).toContain('Worms help.');
    expect(promptOf().length).toBeLessThan(25_000);
    expect(res.json().artifact.markdown).toContain('Sources: <https://example.org/compost>');
  });
});
