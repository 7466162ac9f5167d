import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { AI_KEY, openAiAnswer, ProviderStandIn, seriesItems } from '../ai/support.js';
import { subscriber, type Member } from '../messages/helpers.js';
import { BROWSER_HOOK_TIMEOUT, BROWSER_TEST_TIMEOUT, expectAccessible, settled, signInWith, startWeb, type WebHarness } from './browser-support.js';

// AI help in the composer for a subscriber, in headless Chromium, against the loopback stand-in of
// the provider's API (test/ai/support.ts): the quota shown, a rewrite suggested, previewed and
// used, a series of posts suggested and generated into a list. axe on every state.

const standIn = new ProviderStandIn();
let web: WebHarness;
let page: Page;
let problems: string[] = [];
let me: Member;

beforeAll(async () => {
  await standIn.start();
  web = await startWeb({ env: { AI_PROVIDER: 'openai', AI_API_KEY: AI_KEY, AI_BASE_URL: `${standIn.url}/v1`, AI_TIMEOUT_MS: '5000' } });
  me = await subscriber(web.t);
}, BROWSER_HOOK_TIMEOUT);
afterAll(async () => {
  await web?.close();
  await standIn.stop();
});
afterEach(() => expect(problems).toEqual([]));
vi.setConfig({ testTimeout: BROWSER_TEST_TIMEOUT });

it('suggests a rewrite with the quota shown, and the text goes into the composer', async () => {
  ({ page, problems } = await web.open());
  await signInWith(page, web.base, me.cookie);
  await page.goto('/');
  await settled(page, 'Home');
  await page.getByRole('button', { name: /^More options/ }).click();
  await page.getByRole('button', { name: 'Write with AI' }).click();
  await page.getByText('0 of 50 AI requests used in the last 24 hours.').waitFor();
  await page.getByLabel('What is new?').fill('compost good, worms do the work, start small in a bin');
  standIn.answer(openAiAnswer({ content: 'Compost is easy: let the worms work, and start with one small bin.' }));
  await page.getByRole('button', { name: 'Suggest' }).click();
  const preview = page.getByRole('region', { name: 'AI suggestion' });
  await preview.getByText('Compost is easy: let the worms work, and start with one small bin.').waitFor();
  await page.getByText('1 of 50 AI requests used in the last 24 hours.').waitFor();
  await expectAccessible(page, 'composer with an AI suggestion');
  await preview.getByRole('button', { name: 'Use this text' }).click();
  expect(await page.getByLabel('What is new?').inputValue()).toBe('Compost is easy: let the worms work, and start with one small bin.');
  expect(standIn.seen[0].body.messages.some((m: { content: string }) => m.content.includes('compost good, worms do the work'))).toBe(true);
});

it('plans a series of posts and generates them into a list of scheduled posts', async () => {
  await page.getByLabel('What to do with your text').selectOption('series');
  await page.getByLabel('What is new?').fill('A week of composting tips for beginners with worms, bins, leaves and kitchen scraps');
  standIn.answer(openAiAnswer({ listTitle: 'Compost week', items: seriesItems(5, 'Tip') }));
  await page.getByRole('button', { name: 'Suggest' }).click();
  const preview = page.getByRole('region', { name: 'AI suggestion' });
  await preview.getByText('Tip number 5').waitFor();
  await expectAccessible(page, 'composer with a series');
  await preview.getByRole('button', { name: 'Save as a list of scheduled posts' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved as a list of scheduled posts.' }).waitFor();
  await page.getByText('3 of 50 AI requests used in the last 24 hours.').waitFor();
  const lists = (await (await page.request.get('/api/lists')).json()).data;
  expect(lists.map((l: { title: string }) => l.title)).toEqual(['Compost week']);
});
