import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { expectError, type Member } from '../messages/helpers.js';
import { aiApp, aiPost, aiUser, DOCUMENT_OUTPUT, ledger, LIST_OUTPUT, ProviderStandIn, seriesItems, type AiTestApp } from './support.js';

// generate: the artifact re-validated as suggest validates model output, then persisted through
// the lists, documents and messages services, all of it the caller's, nothing written on a
// refusal. The provider is never called.

const standIn = new ProviderStandIn();
let t: AiTestApp;
let ada: Member;

beforeAll(async () => {
  await standIn.start();
  t = await aiApp(standIn, 'openai');
  ada = await aiUser(t);
});
// Past the rate limit's window (15 a minute) before each test.
beforeEach(() => t.clock.advance(61_000));
afterAll(async () => {
  expect(standIn.seen).toEqual([]);
  await t.close();
  await standIn.stop();
});

const get = (who: Member, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const count = async (table: 'lists' | 'documents' | 'document_folders' | 'messages' | 'list_rows') =>
  Number((await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const written = async () => ({ lists: await count('lists'), rows: await count('list_rows'), documents: await count('documents'), folders: await count('document_folders'), messages: await count('messages') });

async function rowsOf(who: Member, listId: string) {
  const res = await get(who, `/api/lists/${listId}/data?limit=50`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: any) => r.data);
}

describe('persisting each artifact', () => {
  it('list: the list with its valid starter rows; counted in the quota', async () => {
    const res = await aiPost(t, ada, 'generate', { feature: 'powered_template', artifact: { kind: 'list', ...LIST_OUTPUT }, provider: 'openai', model: 'gpt-x' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, feature: 'powered_template', quota: { usedToday: 1, dailyLimit: 50 } });
    const list = await get(ada, `/api/lists/${body.created.listId}`);
    expect(list.json().data).toMatchObject({ title: 'Reading list', isPublic: false });
    expect(list.json().data.schema.fields.map((f: any) => f.key)).toEqual(['title', 'status', 'rating']);
    expect((await rowsOf(ada, body.created.listId)).map((r: any) => r.title).sort()).toEqual(['Dune', 'Middlemarch']);
    expect((await ledger(t, ada.user.id)).at(-1)).toMatchObject({ operation: 'generate', feature: 'powered_template', provider: 'openai', model: 'gpt-x', outcome: 'ok' });
  });

  it('document: a document of the caller', async () => {
    const res = await aiPost(t, ada, 'generate', { feature: 'powered_document', artifact: { kind: 'document', ...DOCUMENT_OUTPUT } });
    expect(res.statusCode, res.body).toBe(201);
    const doc = await get(ada, `/api/documents/${res.json().created.documentId}`);
    expect(doc.statusCode).toBe(200);
    expect(doc.json().document).toMatchObject({ title: 'Composting at home', content: DOCUMENT_OUTPUT.markdown, isPublic: false });
  });

  it('doc_series: a folder (name de-duplicated) with its documents in order', async () => {
    const documents = [
      { order: 2, title: 'Second', markdown: '# Two' },
      { order: 1, title: 'First', outline: ['a'], markdown: '# One' },
    ];
    const first = await aiPost(t, ada, 'generate', { feature: 'article_series', artifact: { kind: 'doc_series', folderTitle: 'Garden/Guide', documents } });
    const second = await aiPost(t, ada, 'generate', { feature: 'article_series', artifact: { kind: 'doc_series', folderTitle: 'Garden/Guide', documents } });
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    const folders = (await get(ada, '/api/documents/folders')).json().folders;
    const names = folders.map((f: any) => f.name).sort();
    expect(names).toEqual(['Garden-Guide', 'Garden-Guide (2)']);
    const { folderId, documentIds } = second.json().created;
    const titles = await Promise.all(documentIds.map(async (id: string) => (await get(ada, `/api/documents/${id}`)).json().document));
    expect(titles.map((d: any) => [d.title, d.folderId])).toEqual([
      ['First', folderId],
      ['Second', folderId],
    ]);
  });

  it('message_series: a list of scheduled-post rows 4 minutes apart (the model’s times ignored), channels from crossPost', async () => {
    const identity = newId();
    await t.db.kysely
      .insertInto('identities')
      .values({ id: identity, user_id: ada.user.id, provider: 'networkB', provider_user_id: 'did:plc:ada', handle: 'ada.example', instance_name: '', created_at: t.clock.now().toISOString() })
      .execute();
    const res = await aiPost(t, ada, 'generate', {
      feature: 'message_series',
      artifact: { kind: 'message_series', listTitle: 'Launch week', items: seriesItems(3) },
      crossPost: { crossPostToNetworkB: true, crossPostToNetworkD: true, selectedNetworkAIds: ['not-mine'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const rows = (await rowsOf(ada, res.json().created.listId)).sort((a: any, b: any) => a.order - b.order);
    expect(rows.map((r: any) => r.content)).toEqual(['Post number 1', 'Post number 2', 'Post number 3']);
    const times = rows.map((r: any) => Date.parse(r.scheduled_at));
    expect(times[1] - times[0]).toBe(4 * 60_000);
    expect(times[2] - times[1]).toBe(4 * 60_000);
    expect(times[0]).toBeGreaterThan(t.clock.now().getTime());
    // networkD and the networkA id are not linked: dropped, not refused.
    expect(rows.every((r: any) => JSON.stringify(r.channels) === JSON.stringify(['networkB']))).toBe(true);
  });

  it('message_series with scheduleImmediately: scheduled messages 30–45 minutes out, then 5–10 minutes apart, with the sanitised cross-posts', async () => {
    const linkedA = newId();
    await t.db.kysely
      .insertInto('identities')
      .values({ id: linkedA, user_id: ada.user.id, provider: 'networkA', provider_user_id: '42', handle: '@ada', instance_name: 'social.example', created_at: t.clock.now().toISOString() })
      .execute();
    const now = t.clock.now().getTime();
    const res = await aiPost(t, ada, 'generate', {
      feature: 'message_series',
      scheduleImmediately: true,
      artifact: { kind: 'message_series', listTitle: 'Now', items: seriesItems(4, 'Soon') },
      crossPost: { selectedNetworkAIds: [linkedA, 'someone-else'], crossPostToNetworkC: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { scheduledMessageIds, firstScheduledAt, lastScheduledAt } = res.json().created;
    expect(scheduledMessageIds).toHaveLength(4);
    const rows = await t.db.kysely.selectFrom('messages').selectAll().where('id', 'in', scheduledMessageIds).orderBy('scheduled_at').execute();
    expect(rows.map((r) => r.content)).toEqual(['Soon number 1', 'Soon number 2', 'Soon number 3', 'Soon number 4']);
    expect(rows.every((r) => r.user_id === ada.user.id && r.published_at === null && r.parent_id === null)).toBe(true);
    const times = rows.map((r) => Date.parse(r.scheduled_at!));
    expect(rows[0].scheduled_at).toBe(firstScheduledAt);
    expect(rows[3].scheduled_at).toBe(lastScheduledAt);
    // Times are snapped up to 5-minute slots, as every scheduled message's are.
    expect(times[0] - now).toBeGreaterThanOrEqual(30 * 60_000);
    expect(times[0] - now).toBeLessThan(50 * 60_000);
    for (let i = 1; i < 4; i++) {
      expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(5 * 60_000);
      expect(times[i] - times[i - 1]).toBeLessThanOrEqual(15 * 60_000);
    }
    expect(JSON.parse(rows[0].cross_post_config!)).toEqual({ networkAProviderIds: [linkedA] });
    // The author sees them among the scheduled ones.
    const scheduled = await get(ada, '/api/messages/scheduled');
    expect(JSON.stringify(scheduled.json())).toContain(scheduledMessageIds[0]);
  });
});

describe('refusals write nothing', () => {
  it('message, thread and tags are not persistable; a feature that does not make the artifact is refused: 422 invalid_input', async () => {
    const before = await written();
    for (const artifact of [{ kind: 'message', content: 'hi' }, { kind: 'thread', parts: ['a', 'b'] }, { kind: 'tags', tags: ['x'] }]) {
      expectError(await aiPost(t, ada, 'generate', { feature: 'writing_assist', artifact }), 422, 'invalid_input');
    }
    expectError(await aiPost(t, ada, 'generate', { feature: 'powered_template', artifact: { kind: 'document', ...DOCUMENT_OUTPUT } }), 422, 'invalid_input');
    expectError(await aiPost(t, ada, 'generate', { feature: 'powered_document' }), 422, 'invalid_input');
    expect(await written()).toEqual(before);
  });

  it('an artifact that fails re-validation is 422 invalid_ai_output, counted, and writes nothing', async () => {
    const before = await written();
    const attempts = (await ledger(t, ada.user.id)).length;
    const bad = [
      { feature: 'powered_template', artifact: { kind: 'list', ...LIST_OUTPUT, dsl: { name: 'X', fields: [] } } },
      { feature: 'powered_template', artifact: { kind: 'list', ...LIST_OUTPUT, dsl: { name: 'X', fields: [{ key: 'a', type: 'colour', label: 'A' }] } } },
      { feature: 'powered_document', artifact: { kind: 'document', ...DOCUMENT_OUTPUT, markdown: '' } },
      { feature: 'message_series', artifact: { kind: 'message_series', listTitle: 'S', items: seriesItems(2) } },
      { feature: 'message_series', scheduleImmediately: true, artifact: { kind: 'message_series', listTitle: 'S', items: [...seriesItems(2), { order: 3, content: 'x'.repeat(667) }] } },
      { feature: 'article_series', artifact: { kind: 'doc_series', folderTitle: 'F', documents: [{ order: 1, title: 'Only', markdown: '# one' }] } },
    ];
    for (const payload of bad) expectError(await aiPost(t, ada, 'generate', payload), 422, 'invalid_ai_output');
    expect(await written()).toEqual(before);
    const rows = await ledger(t, ada.user.id);
    expect(rows.length - attempts).toBe(bad.length);
    expect(rows.slice(-bad.length).every((r) => r.outcome === 'invalid_ai_output')).toBe(true);
  });

  it('a free user is 403 subscription_required; a probation account 403 account_probation_feature', async () => {
    const free = await aiUser(t, { customer_status: 'free' });
    const probation = await aiUser(t, { account_status: 'probation' });
    const payload = { feature: 'powered_document', artifact: { kind: 'document', ...DOCUMENT_OUTPUT } };
    expectError(await aiPost(t, free, 'generate', payload), 403, 'subscription_required');
    expectError(await aiPost(t, probation, 'generate', payload), 403, 'account_probation_feature');
    expectError(await aiPost(t, null, 'generate', payload), 401, 'unauthorized');
  });
});
