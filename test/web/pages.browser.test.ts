import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { call, member, post, type Member } from '../messages/helpers.js';
import { makeDocument, makeLink, makeList, makeRow, verified } from '../share-links/support.js';
import { BROWSER_HOOK_TIMEOUT, BROWSER_TEST_TIMEOUT, expectAccessible, settled, signInWith, startWeb, type WebHarness } from './browser-support.js';

// The reading screens in headless Chromium: a public message signed out (and with JavaScript
// off), a profile with follow and unfollow, a tag feed, search, the notifications tray with its
// unread count and mark read, a share link signed out, and the 404 page. axe on every screen.

let web: WebHarness;
let author: Member;
let page: Page;
let problems: string[] = [];
let message: Record<string, any>;

beforeAll(async () => {
  web = await startWeb();
  author = await member(web.t);
  message = await post(web.t, author, { content: 'A public thought about #compost', tags: ['compost'] });
  await post(web.t, author, { content: 'A reply to myself', parentId: message.id });
}, BROWSER_HOOK_TIMEOUT);
afterAll(async () => web?.close());
afterEach(() => expect(problems).toEqual([]));
vi.setConfig({ testTimeout: BROWSER_TEST_TIMEOUT });

/** Signs the browser in as `who`: their session cookie, in place of any other, in the browser's jar. */
async function signIn(who: Member) {
  // Chromium starts in a test, not a hook: without it this fails rather than skips.
  if (!page) ({ page, problems } = await web.open());
  await signInWith(page, web.base, who.cookie);
  expect(((await (await page.request.get('/api/user')).json()) as { user: { id: string } }).user.id).toBe(who.user.id);
}

it('a public message signed out: the thread, and a way in to reply', async () => {
  ({ page, problems } = await web.open());
  const res = await page.goto(`/messages/${message.id}`);
  expect(res?.status()).toBe(200);
  await settled(page, `Message by Display ${author.user.username}`);
  await page.getByText('A public thought about #compost').waitFor();
  await page.getByRole('region', { name: 'Replies' }).getByText('A reply to myself').waitFor();
  await page.getByRole('link', { name: 'Sign in' }).last().waitFor();
  expect(await page.title()).toContain(`Display ${author.user.username}`);
  await expectAccessible(page, 'message signed out');
});

it('with JavaScript off, the public message is readable from the server’s HTML', async () => {
  const off = await web.open({ javaScriptEnabled: false });
  await off.page.goto(`/messages/${message.id}`);
  expect(await off.page.getByRole('heading', { level: 1 }).textContent()).toContain(`@${author.user.username}`);
  await off.page.getByText('A public thought about #compost').waitFor();
  await off.page.getByText('A reply to myself').waitFor();
  expect(await off.page.locator('meta[property="og:description"]').getAttribute('content')).toBe('A public thought about #compost');
  expect(off.problems).toEqual([]);
  // axe needs script: the same server HTML, with the client's own script kept from running.
  const bare = await web.open();
  await bare.page.route('**/client/*.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
  await bare.page.goto(`/messages/${message.id}`);
  await bare.page.getByText('A reply to myself').waitFor();
  await expectAccessible(bare.page, 'message as the server sends it');
});

it('the 404 page: status 404, the same words in the client', async () => {
  const res = await page.goto('/no/such/place');
  expect(res?.status()).toBe(404);
  await settled(page, 'Page not found');
  await page.getByText('There is nothing at this address, or it is not visible to you.').waitFor();
  await expectAccessible(page, '404');
});

it('a profile: follow and unfollow, by the keyboard', async () => {
  const reader = await member(web.t);
  await signIn(reader);
  await page.goto(`/users/${author.user.username}`);
  await settled(page, new RegExp(`@${author.user.username}`));
  await page.getByText('0 followers').waitFor();
  await expectAccessible(page, 'profile');
  await page.getByRole('button', { name: 'Follow' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Following: unfollow', pressed: true }).waitFor();
  await page.getByText('1 follower', { exact: false }).waitFor();
  const following = (await call(web.t, author, 'GET', '/api/user/followers')).json();
  expect(following.users.map((u: { username: string }) => u.username)).toEqual([reader.user.username]);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Follow', pressed: false }).waitFor();
  expect((await call(web.t, author, 'GET', '/api/user/followers')).json().users).toEqual([]);
});

it('a tag feed from a message’s tag link, and search', async () => {
  await page.goto(`/users/${author.user.username}`);
  await page.getByRole('link', { name: '#compost' }).first().click();
  await settled(page, '#compost');
  expect(new URL(page.url()).pathname).toBe('/tags/compost');
  await page.getByText('A public thought about #compost').waitFor();
  await expectAccessible(page, 'tag feed');

  await page.getByRole('link', { name: 'Search' }).click();
  await settled(page, 'Search');
  await page.getByLabel('Search messages').fill('thought');
  await page.getByLabel('Search messages').press('Enter');
  await page.getByRole('article').filter({ hasText: 'A public thought about #compost' }).waitFor();
  expect(new URL(page.url()).search).toBe('?q=thought');
  await page.getByLabel('Search messages').fill('nothing-matches-this');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByText('Nothing matches “nothing-matches-this”.').waitFor();
  await expectAccessible(page, 'search');
});

it('the notifications tray: the unread count, the item, mark read', async () => {
  const owner = await member(web.t);
  await signIn(owner);
  const mine = await post(web.t, owner, { content: 'Dig this' });
  await page.goto('/');
  await settled(page, 'Home');
  expect(await page.getByRole('link', { name: 'Notifications', exact: true }).count()).toBe(1);
  // Someone digs it: the count appears without a reload.
  expect((await call(web.t, author, 'POST', `/api/messages/${mine.id}/dig`)).statusCode).toBe(200);
  await page.getByRole('link', { name: 'Notifications 1 unread' }).waitFor({ timeout: 12_000 });
  await page.getByRole('link', { name: 'Notifications 1 unread' }).click();
  await settled(page, 'Notifications');
  await page.getByRole('main').getByText('1 unread').waitFor();
  await expectAccessible(page, 'notifications');
  await page.getByRole('button', { name: /^Mark as read/ }).click();
  await page.getByText('Nothing unread.').waitFor();
  // The header's count follows at once.
  await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
  const tray = (await call(web.t, owner, 'GET', '/api/notifications?scope=tray')).json();
  expect(tray.unreadCount).toBe(0);
});

it('a share link signed out: a list’s rows and a document’s text', async () => {
  const owner = await verified(web.t);
  const listId = await makeList(web.t, owner, { title: 'Seed library' });
  await makeRow(web.t, owner, listId, { title: 'Tomato seeds' });
  const listLink = await makeLink(web.t, owner, 'list', listId);
  const doc = await makeDocument(web.t, owner, { title: 'Garden plan', content: 'Beds by the fence' });
  const docLink = await makeLink(web.t, owner, 'document', doc.id);
  const stranger = await web.open();
  await stranger.page.goto(`/s/${listLink.token}`);
  await settled(stranger.page, 'Seed library');
  await stranger.page.getByRole('gridcell', { name: 'Tomato seeds' }).waitFor();
  await expectAccessible(stranger.page, 'shared list');
  await stranger.page.goto(`/s/${docLink.token}`);
  await settled(stranger.page, 'Garden plan');
  await stranger.page.getByText('Beds by the fence').waitFor();
  await expectAccessible(stranger.page, 'shared document');
  const gone = await stranger.page.goto('/s/revoked-or-never-there');
  expect(gone?.status()).toBe(404);
  await settled(stranger.page, 'Page not found');
  expect(stranger.problems).toEqual([]);
});
