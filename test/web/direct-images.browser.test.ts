import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { smallPng } from '../media/images.js';
import { tempDir } from '../media/support.js';
import { call, member, subscriber, type Member } from '../messages/helpers.js';
import { BROWSER_HOOK_TIMEOUT, BROWSER_TEST_TIMEOUT, expectAccessible, settled, signInWith, startWeb, type WebHarness } from './browser-support.js';

// Images in direct messages, in headless Chromium (POST /api/direct-messages takes up to 4 of the
// sender's own uploads in imageUrls): a subscriber attaches one, sees its progress and preview,
// sends it; both sides see it with its description. A free account is offered no attachment (the
// upload is for subscribers). axe on every state.

let web: WebHarness;
let page: Page;
let problems: string[] = [];
let me: Member;
let friend: Member;
let dataDir: { path: string; remove(): Promise<void> };

beforeAll(async () => {
  dataDir = await tempDir('web-dm-blobs-');
  web = await startWeb({ env: { DATA_DIR: dataDir.path } });
  me = await subscriber(web.t, { email_verified: true });
  friend = await member(web.t, { email_verified: true });
}, BROWSER_HOOK_TIMEOUT);
afterAll(async () => {
  await web?.close();
  await dataDir?.remove();
});
afterEach(() => expect(problems).toEqual([]));
vi.setConfig({ testTimeout: BROWSER_TEST_TIMEOUT });

it('sends an image in a direct message, and both sides see it', async () => {
  ({ page, problems } = await web.open());
  await signInWith(page, web.base, me.cookie);
  await page.goto(`/direct/${friend.user.username}`);
  await settled(page, `Messages with @${friend.user.username}`);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/messages/images/upload', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('Attach images (up to 4)').setInputFiles({ name: 'seeds.png', mimeType: 'image/png', buffer: await smallPng() });
  await page.getByRole('progressbar', { name: 'Uploading seeds.png' }).waitFor();
  expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
  release();
  await page.getByRole('img', { name: 'Preview of seeds.png' }).waitFor();
  await page.unroute('**/api/messages/images/upload');
  await expectAccessible(page, 'direct message with an image attached');
  await page.getByLabel(`Your message to @${friend.user.username}`).fill('The seeds I saved');
  await page.getByRole('button', { name: 'Send' }).click();
  const thread = page.getByRole('list', { name: `Conversation with @${friend.user.username}` });
  await thread.getByRole('img', { name: 'Image 1 of 1 sent by you' }).waitFor();
  expect(await page.getByRole('list', { name: 'Attached images' }).count()).toBe(0);

  const received = (await (await call(web.t, friend, 'GET', `/api/direct-messages/${me.user.username}`)).json()).messages;
  expect(received).toHaveLength(1);
  expect(received[0].imageUrls).toHaveLength(1);
  expect(received[0].imageUrls[0]).toMatch(/\/api\/media\//);
  // The picture loads from this origin.
  expect(await thread.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await signInWith(page, web.base, friend.cookie);
  await page.goto(`/direct/${me.user.username}`);
  await settled(page, `Messages with @${me.user.username}`);
  await page.getByRole('img', { name: `Image 1 of 1 sent by @${me.user.username}` }).waitFor();
  // A free account attaches nothing: the upload is for subscribers.
  expect(await page.getByLabel(/^Attach images/).count()).toBe(0);
  await expectAccessible(page, 'direct message with an image, received');
});
