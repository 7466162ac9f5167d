import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { AI_KEY, DOCUMENT_OUTPUT, LIST_OUTPUT, openAiAnswer, ProviderStandIn } from '../ai/support.js';
import { call, member, subscriber, type Member } from '../messages/helpers.js';
import { BROWSER_HOOK_TIMEOUT, BROWSER_TEST_TIMEOUT, expectAccessible, settled, signInWith, startWeb, type WebHarness } from './browser-support.js';

// A list and a document made with AI, in headless Chromium, against the loopback stand-in of the
// provider's API (test/ai/support.ts): the quota shown, a list suggested (its columns and starter
// rows previewed), generated and opened; a document suggested from one of the person's lists (its
// outline and rendered text previewed), generated and opened; a series of documents (article_series)
// previewed and made in a new folder, which the open documents page shows; a document written from
// another document; a free account reads why not. axe on every state.

const standIn = new ProviderStandIn();
let web: WebHarness;
let page: Page;
let problems: string[] = [];
let me: Member;

beforeAll(async () => {
  await standIn.start();
  web = await startWeb({ env: { AI_PROVIDER: 'openai', AI_API_KEY: AI_KEY, AI_BASE_URL: `${standIn.url}/v1`, AI_TIMEOUT_MS: '5000' } });
  me = await subscriber(web.t, { email_verified: true });
}, BROWSER_HOOK_TIMEOUT);
afterAll(async () => {
  await web?.close();
  await standIn.stop();
});
afterEach(() => expect(problems).toEqual([]));
vi.setConfig({ testTimeout: BROWSER_TEST_TIMEOUT });

const json = async (path: string) => (await page.request.get(path)).json();

it('suggests a list, previews its columns and starter rows with the quota, then makes it', async () => {
  ({ page, problems } = await web.open());
  await signInWith(page, web.base, me.cookie);
  await page.goto('/lists');
  await settled(page, 'Lists');
  await page.getByRole('button', { name: 'Make a list with AI' }).click();
  const panel = page.getByRole('region', { name: 'Make a list with AI' });
  await panel.getByText('0 of 50 AI requests used in the last 24 hours.').waitFor();
  await expectAccessible(page, 'AI list panel');
  await panel.getByLabel('Describe the list: what it keeps track of').fill('Books I want to read, with a status and a rating');
  await panel.getByLabel(/^Start from a well-known template/).fill('reading');
  standIn.answer(openAiAnswer(LIST_OUTPUT));
  await panel.getByRole('button', { name: 'Suggest' }).click();
  const preview = panel.getByRole('region', { name: 'Suggested list' });
  await preview.getByRole('heading', { name: 'Reading list' }).waitFor();
  await panel.getByText('1 of 50 AI requests used in the last 24 hours.').waitFor();
  const columns = preview.getByRole('table', { name: 'Columns' });
  expect(await columns.getByRole('row').allInnerTexts()).toHaveLength(4);
  await columns.getByRole('cell', { name: 'One of a set of options: to read, reading, done' }).waitFor();
  // The starter rows the list would refuse are already left out of the suggestion.
  const starters = preview.getByRole('table', { name: /^Starter rows/ });
  await starters.getByRole('cell', { name: 'Dune' }).waitFor();
  expect(await starters.getByRole('cell', { name: 'Emma' }).count()).toBe(0);
  await expectAccessible(page, 'AI list suggestion');
  // What the person typed went to the provider, with the template.
  const sent = JSON.stringify(standIn.seen[0]!.body);
  expect(sent).toContain('Books I want to read, with a status and a rating');
  expect(sent).toContain('reading');

  await preview.getByRole('button', { name: 'Create the list' }).click();
  const made = panel.getByRole('status').filter({ hasText: 'Made the list Reading list.' });
  await made.waitFor();
  await panel.getByText('2 of 50 AI requests used in the last 24 hours.').waitFor();
  await made.getByRole('link', { name: 'Reading list' }).click();
  await settled(page, 'Reading list');
  await page.getByRole('gridcell', { name: 'Dune' }).waitFor();
  await page.getByRole('gridcell', { name: 'Middlemarch' }).waitFor();
});

it('suggests a document from one of the person’s lists, previews it rendered, then makes it', async () => {
  await page.goto('/documents');
  await settled(page, 'Documents');
  await page.getByRole('button', { name: 'Make a document with AI' }).click();
  const panel = page.getByRole('region', { name: 'Make a document with AI' });
  await panel.getByText('2 of 50 AI requests used in the last 24 hours.').waitFor();
  await panel.getByLabel('What the document is about').fill('An article about my reading this year');
  await panel.getByLabel('Write it from').selectOption('from_list');
  await expect.poll(() => panel.getByLabel('The list').locator('option').allTextContents()).toEqual(['Reading list']);
  standIn.reset();
  standIn.answer(openAiAnswer(DOCUMENT_OUTPUT));
  await panel.getByRole('button', { name: 'Suggest' }).click();
  const preview = panel.getByRole('region', { name: 'Suggested document' });
  await preview.getByRole('region', { name: 'Suggested text' }).getByRole('heading', { name: 'Composting at home' }).waitFor();
  await preview.getByRole('listitem').filter({ hasText: 'Why' }).waitFor();
  // The server read the list's rows into the prompt (mode from_list).
  expect(JSON.stringify(standIn.seen[0]!.body)).toContain('Dune');
  await expectAccessible(page, 'AI document suggestion');
  await preview.getByRole('button', { name: 'Create the document' }).click();
  const made = panel.getByRole('status').filter({ hasText: 'Made the document Composting at home.' });
  await made.waitFor();
  await made.getByRole('link', { name: 'Composting at home' }).click();
  await settled(page, 'Composting at home');
  const id = page.url().split('/documents/')[1]!;
  expect((await json(`/api/documents/${id}`)).document.content).toBe(DOCUMENT_OUTPUT.markdown);
});

it('suggests a series of documents from the description, previews each, then makes them in a new folder', async () => {
  await page.goto('/documents');
  await settled(page, 'Documents');
  await page.getByRole('button', { name: 'Make a document with AI' }).click();
  const panel = page.getByRole('region', { name: 'Make a document with AI' });
  await panel.getByLabel('What the document is about').fill('A beginner’s guide to growing vegetables on a small balcony in the city');
  await panel.getByLabel('Write it from').selectOption('series');
  await panel.getByLabel('How many documents (2 to 6)').fill('3');
  standIn.reset();
  const documents = [1, 2, 3].map((order) => ({ order, title: `Balcony part ${order}`, markdown: `# Balcony part ${order}\n\nPots and light, step ${order}.`, outline: ['Pots'] }));
  standIn.answer(openAiAnswer({ folderTitle: 'Balcony guide', documents }));
  await panel.getByRole('button', { name: 'Suggest' }).click();
  const preview = panel.getByRole('region', { name: 'Suggested series' });
  await preview.getByRole('heading', { name: 'Balcony guide' }).waitFor();
  await preview.getByText('3 documents in a new folder, “Balcony guide”:').waitFor();
  // The size asked for went to the provider (article_series, count 3).
  expect(JSON.stringify(standIn.seen[0]!.body)).toContain('Write a series of exactly 3 articles');
  await preview.locator('summary').filter({ hasText: 'Balcony part 2' }).click();
  await preview.getByRole('region', { name: 'Suggested text of Balcony part 2' }).getByText('Pots and light, step 2.').waitFor();
  await expectAccessible(page, 'AI series suggestion');
  await preview.getByRole('button', { name: 'Create the 3 documents' }).click();
  const made = panel.getByRole('status').filter({ hasText: 'Made the folder of 3 documents Balcony guide.' });
  await made.waitFor();
  await made.getByRole('link', { name: 'Balcony guide' }).click();
  await settled(page, 'Documents');
  for (const d of documents) await page.getByRole('main').getByRole('link', { name: d.title }).waitFor();
  const stored = (await json('/api/documents/sync')).documents as { title: string; content: string }[];
  expect(stored.filter((d) => d.title.startsWith('Balcony part')).map((d) => d.content).sort()).toEqual(documents.map((d) => d.markdown));
});

it('suggests a document from one of the person’s documents (its text goes to the provider)', async () => {
  await page.goto('/documents');
  await settled(page, 'Documents');
  await page.getByRole('button', { name: 'Make a document with AI' }).click();
  const panel = page.getByRole('region', { name: 'Make a document with AI' });
  await panel.getByLabel('What the document is about').fill('A shorter version for the newsletter');
  await panel.getByLabel('Write it from').selectOption('from_article');
  await expect.poll(() => panel.getByLabel('The document', { exact: true }).locator('option').allTextContents()).toContain('Composting at home');
  await panel.getByLabel('The document', { exact: true }).selectOption({ label: 'Composting at home' });
  standIn.reset();
  standIn.answer(openAiAnswer({ ...DOCUMENT_OUTPUT, title: 'Composting, briefly' }));
  await panel.getByRole('button', { name: 'Suggest' }).click();
  await panel.getByRole('region', { name: 'Suggested document' }).getByRole('heading', { name: 'Composting, briefly' }).waitFor();
  expect(JSON.stringify(standIn.seen[0]!.body)).toContain('Start small.');
  await expectAccessible(page, 'AI document from a document');
});

it('says an error in words: the provider’s refusal of the output', async () => {
  await page.goto('/lists');
  await settled(page, 'Lists');
  await page.getByRole('button', { name: 'Make a list with AI' }).click();
  const panel = page.getByRole('region', { name: 'Make a list with AI' });
  await panel.getByLabel('Describe the list: what it keeps track of').fill('Birds seen in the garden');
  standIn.answer(openAiAnswer('this is not JSON'));
  await panel.getByRole('button', { name: 'Suggest' }).click();
  await panel.getByRole('alert').waitFor();
  expect(await panel.getByRole('region', { name: 'Suggested list' }).count()).toBe(0);
  await expectAccessible(page, 'AI list panel with an error');
});

it('tells a free account, in words, that AI comes with a subscription', async () => {
  const free = await member(web.t, { email_verified: true });
  await signInWith(page, web.base, free.cookie);
  await page.goto('/lists');
  await settled(page, 'Lists');
  await page.getByRole('button', { name: 'Make a list with AI' }).click();
  const panel = page.getByRole('region', { name: 'Make a list with AI' });
  await panel.getByText('Making a list with AI comes with a subscription. See billing to subscribe.').waitFor();
  expect(await panel.getByRole('button', { name: 'Suggest' }).count()).toBe(0);
  await expectAccessible(page, 'AI list panel for a free account');
  expect((await call(web.t, free, 'POST', '/api/ai/suggest', { feature: 'powered_template', input: 'Birds' })).statusCode).toBe(403);
});
