import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { call, member, type Member } from '../messages/helpers.js';
import { makeDocument, makeList, makeRow, verified } from '../share-links/support.js';
import { BROWSER_HOOK_TIMEOUT, BROWSER_TEST_TIMEOUT, expectAccessible, settled, signInWith, startWeb, type WebHarness } from './browser-support.js';

// The sharing component (web/src/components/sharing.tsx) on /lists/<id>/sharing and
// /documents/<id>/sharing in headless Chromium: share with a user, change the role, remove; make a
// link with an expiry, copy it, open it signed out, revoke it (its page is then the 404). axe on
// every state, both schemes.

let web: WebHarness;
let page: Page;
let problems: string[] = [];
let owner: Member;
let friend: Member;
let listId: string;

beforeAll(async () => {
  web = await startWeb();
  owner = await verified(web.t);
  friend = await member(web.t);
  listId = await makeList(web.t, owner, { title: 'Seed library' });
  await makeRow(web.t, owner, listId, { title: 'Runner beans' });
}, BROWSER_HOOK_TIMEOUT);
afterAll(async () => web?.close());
afterEach(() => expect(problems).toEqual([]));
vi.setConfig({ testTimeout: BROWSER_TEST_TIMEOUT });

it('shares a list with a user, changes the role, and removes them', async () => {
  ({ page, problems } = await web.open());
  await signInWith(page, web.base, owner.cookie);
  await page.goto(`/lists/${listId}/sharing`);
  await settled(page, 'Sharing of Seed library');
  await page.getByText('Shared with no one.').waitFor();
  await expectAccessible(page, 'sharing, nothing shared');

  await page.getByLabel('Who').fill(`@${friend.user.username}`);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const name = `${friend.user.display_name} (@${friend.user.username})`;
  await page.getByRole('status').filter({ hasText: `Shared with ${name} as viewer.` }).waitFor();
  await page.getByLabel(`Role of ${name}`).selectOption('editor');
  await page.getByRole('status').filter({ hasText: `${name} is now editor.` }).waitFor();
  const shared = await (await call(web.t, friend, 'GET', '/api/shared-with-me')).json();
  expect(shared.lists).toMatchObject([{ id: listId, title: 'Seed library', role: 'editor' }]);
  // A second grant to the same person is refused in words.
  await page.getByLabel('Who').fill(friend.user.username);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await page.getByRole('alert').waitFor();
  await expectAccessible(page, 'sharing with a collaborator and an error');
  await page.getByRole('button', { name: `Remove ${name}` }).click();
  await page.getByText('Shared with no one.').waitFor();
  expect((await (await call(web.t, friend, 'GET', '/api/shared-with-me')).json()).lists).toEqual([]);
});

it('makes a link with an expiry, copies it, opens it signed out, and revokes it', async () => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: web.base });
  const until = new Date(Date.now() + 10 * 86_400_000);
  const day = `${until.getFullYear()}-${String(until.getMonth() + 1).padStart(2, '0')}-${String(until.getDate()).padStart(2, '0')}`;
  await page.getByLabel('Until (optional)').fill(day);
  await page.getByRole('button', { name: 'Make a link' }).click();
  const url = await page.getByLabel('New link (shown only now)').inputValue();
  expect(url.startsWith(`${web.base}/s/`), url).toBe(true);
  expect(url.slice(web.base.length)).toMatch(/^\/s\/[A-Za-z0-9_-]+$/);
  await page.getByRole('button', { name: 'Copy the link' }).click();
  await page.getByRole('status').filter({ hasText: 'Link copied.' }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  const [link] = (await (await call(web.t, owner, 'GET', `/api/lists/${listId}/share-links`)).json()).shareLinks;
  expect(link).toMatchObject({ access: 'view' });
  expect(new Date(link.expiresAt).toDateString()).toBe(until.toDateString());
  await expectAccessible(page, 'sharing with a new link');

  // Signed out, the link opens the list.
  const path = new URL(url).pathname;
  const stranger = await web.open();
  await stranger.page.goto(path);
  await settled(stranger.page, 'Seed library');
  await stranger.page.getByText('Runner beans').waitFor();

  await page.getByRole('button', { name: /^Revoke the view link made/ }).click();
  await page.getByText('No links.').waitFor();
  const gone = await stranger.page.goto(path);
  expect(gone?.status()).toBe(404);
  expect(stranger.problems).toEqual([]);
});

it('opens the sharing of a document too', async () => {
  const doc = await makeDocument(web.t, owner, { title: 'Planting plan' });
  await page.goto(`/documents/${doc.id}/sharing`);
  await settled(page, 'Sharing of Planting plan');
  await page.getByLabel('Anyone with the link may').selectOption('edit');
  await page.getByRole('button', { name: 'Make a link' }).click();
  await page.getByRole('list', { name: 'Share links' }).getByText(/^Edit link made .* · no expiry · not used yet$/).waitFor();
  await expectAccessible(page, 'document sharing');
});
