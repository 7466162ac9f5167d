import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { call, member, post, subscriber, type Member } from '../messages/helpers.js';
import { BROWSER_HOOK_TIMEOUT, BROWSER_TEST_TIMEOUT, expectAccessible, settled, signInWith, startWeb, type WebHarness } from './browser-support.js';

// Materialize in headless Chromium, through the real server (spec, Materialize): a subscriber
// selects their messages in the feed and makes a list of them; drafts a thread from a long message
// sized to networkD and posts it; selects rows of a list (box and Space) and makes a document;
// selects lists and makes both; turns a document into a list. Each result is said with its link,
// which opens what was made. A free account is offered no selection. axe on every state.

let web: WebHarness;
let page: Page;
let problems: string[] = [];
let me: Member;

beforeAll(async () => {
  web = await startWeb();
  me = await subscriber(web.t, { email_verified: true });
}, BROWSER_HOOK_TIMEOUT);
afterAll(async () => {
  await web?.close();
});
afterEach(() => expect(problems).toEqual([]));
vi.setConfig({ testTimeout: BROWSER_TEST_TIMEOUT });

const json = async (path: string) => (await page.request.get(path)).json();

it('makes a list of the messages selected in the feed, and links to it', async () => {
  await post(web.t, me, { content: 'Plant garlic in October', tags: ['garden'] });
  await post(web.t, me, { content: 'Mulch the beds before frost' });
  await post(web.t, me, { content: 'Not this one' });
  ({ page, problems } = await web.open());
  await signInWith(page, web.base, me.cookie);
  await page.goto('/');
  await settled(page, 'Home');
  await page.getByLabel('Select your message “Plant garlic in October” to materialize').check();
  await page.getByLabel('Select your message “Mulch the beds before frost” to materialize').check();
  await page.getByRole('status').filter({ hasText: '2 messages selected.' }).waitFor();
  await page.getByRole('button', { name: 'Materialize the selection' }).click();
  const panel = page.getByRole('region', { name: 'Materialize 2 messages' });
  await panel.getByLabel('Title', { exact: true }).fill('Autumn jobs');
  // Three of the seven attributes: the others are left out, one is renamed.
  for (const key of ['digCount', 'replyCount', 'author', 'url']) await panel.getByLabel(`Take ${key}`).uncheck();
  await panel.getByLabel('Column name for content').fill('Job');
  // An empty column of the person's own, to fill in later: unnamed, it is refused in words.
  await panel.getByRole('button', { name: 'Add an empty column' }).click();
  await panel.getByRole('button', { name: 'Make it' }).click();
  await panel.getByRole('alert').filter({ hasText: 'Name the added column 1: a letter or digit at least.' }).waitFor();
  await panel.getByLabel('Name of the added column 1').fill('Done on');
  await panel.getByLabel('Type of added column 1').selectOption('date');
  await expectAccessible(page, 'materialize panel (list)');
  await panel.getByRole('button', { name: 'Make it' }).click();
  const made = page.getByRole('status').filter({ hasText: 'Made the list Autumn jobs with 2 rows.' });
  await made.waitFor();

  const lists = (await json('/api/lists')).data as { id: string; title: string; schema: { fields: { key: string; label: string; type: string }[] } }[];
  const list = lists.find((l) => l.title === 'Autumn jobs')!;
  expect(list.schema.fields.map((f) => [f.key, f.label, f.type])).toEqual([
    ['content', 'Job', 'textarea'],
    ['createdAt', 'Posted', 'datetime'],
    ['tags', 'Tags', 'text'],
    ['done_on', 'Done on', 'date'],
  ]);
  const rows = (await json(`/api/lists/${list.id}/data`)).data as { data: Record<string, unknown> }[];
  expect(rows.map((r) => r.data.content).sort()).toEqual(['Mulch the beds before frost', 'Plant garlic in October']);
  expect(rows.every((r) => r.data.done_on === undefined || r.data.done_on === null)).toBe(true);
  expect(rows.find((r) => r.data.content === 'Plant garlic in October')!.data.tags).toBe('garden');

  await made.getByRole('link', { name: 'Autumn jobs' }).click();
  await settled(page, 'Autumn jobs');
  await page.getByRole('gridcell', { name: 'Plant garlic in October' }).waitFor();
});

it('drafts a thread sized to networkD from a long message, posts it, and links to it', async () => {
  const long = Array.from({ length: 8 }, (_, i) => `Sentence ${i + 1} about saving seeds from the best plants of the year.`).join(' ');
  await post(web.t, me, { content: long });
  await page.goto('/');
  await settled(page, 'Home');
  await page.getByLabel(/Select your message “Sentence 1 about/).check();
  await page.getByRole('button', { name: 'Materialize the selection' }).click();
  const panel = page.getByRole('region', { name: 'Materialize 1 message' });
  await panel.getByLabel('A draft message or thread').check();
  await panel.getByLabel('Fit networkD (short posts)').check();
  await panel.getByLabel('Number the parts (1/3, 2/3…)').check();
  await panel.getByRole('button', { name: 'Draft it' }).click();
  const draft = panel.getByRole('region', { name: 'Draft' });
  await draft.getByText(/^A thread of \d+ posts, each at most 280 characters\.$/).waitFor();
  const parts = await draft.getByRole('listitem').allTextContents();
  expect(parts.length).toBeGreaterThan(1);
  for (const [i, part] of parts.entries()) expect(part.endsWith(`${i + 1}/${parts.length}`)).toBe(true);
  expect(parts.join(' ')).toContain('Sentence 8 about saving seeds');
  await expectAccessible(page, 'materialize panel with a draft thread');

  await draft.getByRole('button', { name: 'Post the thread' }).click();
  const posted = page.getByRole('status').filter({ hasText: `Posted a thread of ${parts.length} posts: open it.` });
  await posted.waitFor();
  await posted.getByRole('link', { name: 'open it' }).click();
  await settled(page, /^Message by /);
  await page.getByRole('article').first().getByText(parts[0]!).waitFor();
  // Each next part replies to the one before.
  const first = page.url().split('/messages/')[1]!;
  const replies = (await json(`/api/messages/${first}/replies`)) as { content: string }[];
  expect(replies.map((r) => r.content)).toEqual([parts[1]]);
});

it('makes a document of the rows selected in the grid (a box, and Space on a row number)', async () => {
  const res = await call(web.t, me, 'POST', '/api/lists', {
    title: 'Seeds',
    isPublic: false,
    schema: { name: 'Seeds', fields: [{ key: 'name', type: 'text', label: 'Name', required: true }, { key: 'sown', type: 'date', label: 'Sown' }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  const listId = res.json().data.id as string;
  for (const [name, sown] of [['Tomato', '2026-03-01'], ['Basil', '2026-04-01'], ['Leek', '2026-02-01']]) {
    expect((await call(web.t, me, 'POST', `/api/lists/${listId}/data`, { data: { name, sown } })).statusCode).toBe(201);
  }
  await page.goto(`/lists/${listId}`);
  await settled(page, 'Seeds');
  await page.getByLabel('Select row 1').check();
  await page.locator('[data-cell="3:0"]').focus();
  await page.keyboard.press('Space');
  await page.getByRole('status').filter({ hasText: '2 rows selected.' }).waitFor();
  expect(await page.getByLabel('Select row 3').isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Materialize the selection' }).click();
  const panel = page.getByRole('region', { name: 'Materialize 2 rows' });
  await panel.getByLabel('A new document').check();
  await panel.getByLabel('Title', { exact: true }).fill('Sowing notes');
  await panel.getByLabel('Items as').selectOption('numbered');
  await expectAccessible(page, 'materialize panel (document) on a list');
  await panel.getByRole('button', { name: 'Make it' }).click();
  const made = page.getByRole('status').filter({ hasText: 'Made the document Sowing notes.' });
  await made.waitFor();
  await made.getByRole('link', { name: 'Sowing notes' }).click();
  await settled(page, 'Sowing notes');
  const id = page.url().split('/documents/')[1]!;
  const content = (await json(`/api/documents/${id}`)).document.content as string;
  const firstRow = (await json(`/api/lists/${listId}/data`)).data[0].data.name as string;
  expect(content).toMatch(/^1\. /m);
  expect(content).toContain(firstRow);
  expect(content.match(/^\d+\. /gm)).toHaveLength(2);
});

it('makes a list of the part of a document selected in its editor', async () => {
  // On the "Sowing notes" page the previous test opened: its first item's line is selected.
  const text = page.getByLabel('Text (markdown)');
  const line = await text.evaluate((t: HTMLTextAreaElement) => {
    const at = t.value.search(/^1\. /m);
    const end = t.value.indexOf('\n', at);
    t.focus();
    t.setSelectionRange(at, end < 0 ? t.value.length : end);
    return t.value.slice(at, end < 0 ? undefined : end);
  });
  await page.getByRole('button', { name: 'Take the selected text' }).click();
  await page.getByRole('status').filter({ hasText: `The selected text (${line.length} characters).` }).waitFor();
  await page.getByRole('button', { name: 'Materialize', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Materialize the selected text' });
  await panel.getByLabel('Title', { exact: true }).fill('First sowing');
  await expectAccessible(page, 'materialize panel on a document with a selection');
  await panel.getByRole('button', { name: 'Make it' }).click();
  const made = page.getByRole('status').filter({ hasText: 'Made the list First sowing with 1 row.' });
  await made.waitFor();
  await made.getByRole('link', { name: 'First sowing' }).click();
  await settled(page, 'First sowing');
  const list = ((await json('/api/lists')).data as { id: string; title: string }[]).find((l) => l.title === 'First sowing')!;
  const rows = (await json(`/api/lists/${list.id}/data`)).data as { data: { item: string; title: string } }[];
  expect(rows).toHaveLength(1);
  expect(rows[0]!.data.title).toBe('Sowing notes');
  expect(rows[0]!.data.item).toMatch(/Tomato|Basil|Leek/);
  await page.getByRole('gridcell', { name: rows[0]!.data.item, exact: true }).waitFor();
});

it('makes a list and a document of the lists selected, and a list of a document', async () => {
  await page.goto('/lists');
  await settled(page, 'Lists');
  await page.getByLabel('Select Seeds to materialize').check();
  await page.getByLabel('Select Autumn jobs to materialize').check();
  await page.getByRole('button', { name: 'Materialize the selection' }).click();
  const panel = page.getByRole('region', { name: 'Materialize 2 lists' });
  await panel.getByLabel('Both a list and a document').check();
  await panel.getByLabel('Title', { exact: true }).fill('All my lists');
  await expectAccessible(page, 'materialize panel (both) on the lists screen');
  await panel.getByRole('button', { name: 'Make it' }).click();
  const made = page.getByRole('status').filter({ hasText: 'Made the list All my lists with 2 rows.' });
  await made.waitFor();
  await made.getByText('Made the document All my lists.').waitFor();

  await page.goto('/documents');
  await settled(page, 'Documents');
  await page.getByRole('button', { name: 'Materialize “All my lists”' }).click();
  const docPanel = page.getByRole('region', { name: 'Materialize “All my lists”' });
  await docPanel.getByLabel('Title', { exact: true }).fill('Items of all my lists');
  await docPanel.getByLabel('Take title').uncheck();
  await expectAccessible(page, 'materialize panel on the documents screen');
  await docPanel.getByRole('button', { name: 'Make it' }).click();
  const listMade = page.getByRole('status').filter({ hasText: /^Made the list Items of all my lists with \d+ rows\.$/ });
  await listMade.waitFor();
  await listMade.getByRole('link', { name: 'Items of all my lists' }).click();
  await settled(page, 'Items of all my lists');
  // The Seeds rows are items of the document's "Seeds" section.
  await page.getByRole('gridcell', { name: 'Seeds' }).first().waitFor();
  await page.getByRole('gridcell', { name: /Tomato/ }).waitFor();
});

it('offers a free account no selection (the API answers it 403)', async () => {
  const free = await member(web.t, { email_verified: true });
  const mine = await post(web.t, free, { content: 'Free and mine' });
  await signInWith(page, web.base, free.cookie);
  await page.goto('/');
  await settled(page, 'Home');
  await page.getByText('Free and mine').waitFor();
  expect(await page.getByLabel(/to materialize$/).count()).toBe(0);
  const res = await call(web.t, free, 'POST', '/api/materialize', { target: 'message', source: { kind: 'messages', messageIds: [mine.id] } });
  expect(res.statusCode).toBe(403);
});
