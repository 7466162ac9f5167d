import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { smallPng, videoBytes } from '../media/images.js';
import { tempDir } from '../media/support.js';
import { subscriber, type Member } from '../messages/helpers.js';
import { BROWSER_HOOK_TIMEOUT, BROWSER_TEST_TIMEOUT, expectAccessible, settled, signInWith, startWeb, type WebHarness } from './browser-support.js';

// The composer's further options for a subscriber, in headless Chromium: an image and a video
// uploaded with progress, cross-posting to linked networks with each network's live count (the
// service's own rules: networkD weighs a URL 23 and an emoji 2, networkB counts graphemes), a time
// rounded up to its 5-minute slot, and the scheduled queue (move, cancel). axe on every state.

let web: WebHarness;
let page: Page;
let problems: string[] = [];
let me: Member;
let dataDir: { path: string; remove(): Promise<void> };

beforeAll(async () => {
  dataDir = await tempDir('web-blobs-');
  web = await startWeb({ env: { DATA_DIR: dataDir.path } });
  me = await subscriber(web.t);
  const now = web.t.clock.now().toISOString();
  await web.t.db.kysely
    .insertInto('identities')
    .values([
      { id: newId(), user_id: me.user.id, provider: 'networkB', provider_user_id: 'did:plc:me', handle: 'me.example', instance_name: '', created_at: now },
      { id: newId(), user_id: me.user.id, provider: 'networkD', provider_user_id: '77', handle: '@me', instance_name: '', created_at: now },
    ])
    .execute();
}, BROWSER_HOOK_TIMEOUT);
afterAll(async () => {
  await web?.close();
  await dataDir?.remove();
});
afterEach(() => expect(problems).toEqual([]));
vi.setConfig({ testTimeout: BROWSER_TEST_TIMEOUT });

const api = async (path: string) => (await page.request.get(path)).json();
/** A time as the browser's datetime-local input writes it (the browser's own time zone). */
const localInput = (ms: number) => page.evaluate((t) => new Date(t - new Date(t).getTimezoneOffset() * 60_000).toISOString().slice(0, 16), ms);
const SLOT = 5 * 60_000;
/** A whole minute about `minutes` from now that is not on a 5-minute slot (the input holds minutes). */
const offSlot = (from: number, minutes: number) => {
  const t = Math.floor((from + minutes * 60_000) / 60_000) * 60_000;
  return t % SLOT === 0 ? t + 60_000 : t;
};

it('uploads an image and a video with progress, and counts per network as each network does', async () => {
  ({ page, problems } = await web.open());
  await signInWith(page, web.base, me.cookie);
  await page.goto('/');
  await settled(page, 'Home');
  await page.getByRole('button', { name: /^More options/ }).click();
  await page.getByRole('group', { name: 'Images and video' }).waitFor();
  await expectAccessible(page, 'composer with its options');

  // The upload is held until the test lets it go: meanwhile its progress bar is there.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/messages/images/upload', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('Add images (up to 8) or one video').setInputFiles({ name: 'garden.png', mimeType: 'image/png', buffer: await smallPng() });
  await page.getByRole('progressbar', { name: 'Uploading garden.png' }).waitFor();
  expect(await page.getByRole('button', { name: 'Schedule' }).or(page.getByRole('button', { name: 'Post' })).isDisabled()).toBe(true);
  release();
  await page.getByRole('img', { name: 'Preview of garden.png' }).waitFor();
  await page.unroute('**/api/messages/images/upload');
  await page.getByLabel('Add images (up to 8) or one video').setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: videoBytes('mp4') });
  await page.getByRole('list', { name: 'Attachments' }).getByRole('button', { name: 'Remove clip.mp4' }).waitFor();
  await expect.poll(() => page.getByRole('list', { name: 'Attachments' }).getByText('uploaded').count()).toBe(2);

  // Each selected network counts by its own rule.
  await page.getByLabel('networkD (short posts): @me').check();
  await page.getByLabel('networkB (AT Protocol): me.example').check();
  const text = `Seed swap 🌱 https://example.com/a/very/long/path/to/the/event/page ${'x'.repeat(250)}`;
  await page.getByLabel('What is new?').fill(text);
  // networkD: 11 Latin + 2 (emoji) + 23 (URL) + 1 + 250 = 287 weighted, over its 280.
  await page.getByText('287 of 280 weighted characters (a URL counts 23, an emoji or a CJK character 2): 7 too many').waitFor();
  // networkB: graphemes (the emoji is one, the URL counts whole).
  const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].length;
  await page.getByText(`${graphemes} of 300 graphemes (user-perceived characters)`).waitFor();
  expect(await page.getByRole('button', { name: 'Post' }).isDisabled()).toBe(true);
  await expectAccessible(page, 'composer over a network’s limit');
});

it('schedules to the next 5-minute slot with the media and networks, then moves and cancels it in the queue', async () => {
  await page.getByLabel('What is new?').fill('Seed swap on Saturday 🌱');
  await page.getByLabel('Publish later').check();
  // A time off the slots: the hint and the service round it up.
  const wanted = offSlot(Date.now(), 49);
  const slot = Math.ceil(wanted / SLOT) * SLOT;
  await page.getByLabel('Publish at').fill(await localInput(wanted));
  await page.getByText(/^Publishes at .* \(times are rounded up to the next 5-minute slot\)\.$/).waitFor();
  await page.getByRole('button', { name: 'Schedule' }).click();
  await page.getByRole('status').filter({ hasText: /^Scheduled for / }).waitFor();
  const [scheduled] = (await api('/api/messages/scheduled')).messages;
  expect(scheduled).toMatchObject({ content: 'Seed swap on Saturday 🌱', scheduledAt: new Date(slot).toISOString() });
  expect(scheduled.imageUrls).toHaveLength(1);
  expect(scheduled.videoUrls).toHaveLength(1);
  // Its deliveries are recorded for publication: nothing was sent yet.
  const deliveries = await web.t.db.kysely.selectFrom('cross_post_deliveries').selectAll().execute();
  expect(deliveries).toEqual([]);
  // The options start afresh.
  expect(await page.getByRole('list', { name: 'Attachments' }).count()).toBe(0);

  await page.getByRole('link', { name: 'Your scheduled messages' }).click();
  await settled(page, 'Scheduled messages');
  const queue = page.getByRole('list', { name: 'Scheduled messages' });
  await queue.getByText('Seed swap on Saturday 🌱', { exact: true }).waitFor();
  await expectAccessible(page, 'scheduled queue');
  const later = offSlot(slot, 180);
  await queue.getByLabel('New time for “Seed swap on Saturday 🌱”').fill(await localInput(later));
  await queue.getByRole('button', { name: 'Move' }).click();
  await page.getByRole('status').filter({ hasText: /^Moved to / }).waitFor();
  expect((await api('/api/messages/scheduled')).messages[0].scheduledAt).toBe(new Date(Math.ceil(later / SLOT) * SLOT).toISOString());

  await queue.getByRole('button', { name: 'Cancel “Seed swap on Saturday 🌱”' }).click();
  await queue.getByRole('button', { name: 'Cancel for good' }).click();
  await page.getByText('Nothing scheduled this month.').waitFor();
  await expectAccessible(page, 'scheduled queue, empty');
  expect((await api('/api/messages/scheduled')).messages).toEqual([]);
});

it('posts an image at once: the feed shows it', async () => {
  await page.goto('/');
  await settled(page, 'Home');
  await page.getByRole('button', { name: /^More options/ }).click();
  await page.getByLabel('Add images (up to 8) or one video').setInputFiles({ name: 'beds.png', mimeType: 'image/png', buffer: await smallPng() });
  await page.getByRole('img', { name: 'Preview of beds.png' }).waitFor();
  await page.getByLabel('What is new?').fill('Raised beds are in');
  await page.getByRole('button', { name: 'Post' }).click();
  const card = page.getByRole('article').filter({ hasText: 'Raised beds are in' });
  await card.getByRole('img', { name: `Image 1 of 1 attached by @${me.user.username}` }).waitFor();
  expect(await card.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expectAccessible(page, 'feed with an image');
});

it('describes an image for those who cannot see it: a labelled field with its count, reached by keyboard, and the feed’s image carries it', async () => {
  await page.goto('/');
  await settled(page, 'Home');
  await page.getByRole('button', { name: /^More options/ }).click();
  await page.getByLabel('Add images (up to 8) or one video').setInputFiles({ name: 'tomato.png', mimeType: 'image/png', buffer: await smallPng() });
  await page.getByRole('img', { name: 'Preview of tomato.png' }).waitFor();
  const alt = page.getByRole('textbox', { name: 'Description (alt text) of tomato.png' });
  const count = page.getByText(/^\d+ of 1500 characters/);
  expect(await count.textContent()).toMatch(/^0 of 1500 characters/);

  // From the attachment's Remove button, Tab reaches its description.
  await page.getByRole('button', { name: 'Remove tomato.png' }).focus();
  await page.keyboard.press('Tab');
  expect(await alt.evaluate((el) => el === document.activeElement)).toBe(true);
  const description = 'A ripe red tomato on the vine, leaves around it';
  await page.keyboard.type(description);
  await page.getByText(`${description.length} of 1500 characters`).waitFor();

  // Over the limit, the post is held back and the count says by how much.
  await alt.fill('x'.repeat(1501));
  await page.getByText('1501 of 1500 characters: 1 too many').waitFor();
  await page.getByLabel('What is new?').fill('Tomato time');
  expect(await page.getByRole('button', { name: 'Post' }).isDisabled()).toBe(true);
  await alt.fill(description);
  // A video gets its description too.
  await page.getByLabel('Add images (up to 8) or one video').setInputFiles({ name: 'bee.mp4', mimeType: 'video/mp4', buffer: videoBytes('mp4') });
  await expect.poll(() => page.getByRole('list', { name: 'Attachments' }).getByText('uploaded').count()).toBe(2);
  await page.getByRole('textbox', { name: 'Description (alt text) of bee.mp4' }).fill('A bee lands on a sunflower');
  await expectAccessible(page, 'composer with an image description');

  await page.getByRole('button', { name: 'Post' }).click();
  const card = page.getByRole('article').filter({ hasText: 'Tomato time' });
  await card.getByRole('img', { name: description }).waitFor();
  expect(await card.getByRole('img').getAttribute('alt')).toBe(description);
  expect(await card.locator('video').getAttribute('aria-label')).toBe('A bee lands on a sunflower');
  const [posted] = (await api('/api/messages?onlyMine=true&limit=1')).messages;
  expect(posted).toMatchObject({ content: 'Tomato time', imageAlts: [description], videoAlts: ['A bee lands on a sunflower'] });
  await expectAccessible(page, 'feed with a described image');
});
