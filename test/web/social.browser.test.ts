import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { call, member, type Member } from '../messages/helpers.js';
import { BROWSER_HOOK_TIMEOUT, BROWSER_TEST_TIMEOUT, expectAccessible, settled, signInWith, startWeb, type WebHarness } from './browser-support.js';

// The social screens in headless Chromium: follow requests answered, and on a profile follow and
// unfollow, mute, report (the dialog with the contract's reasons), block, and undoing the block and
// the mute from /follow-requests. axe on every screen state, both schemes.

let web: WebHarness;
let page: Page;
let problems: string[] = [];
let me: Member;
let asker: Member;
let pest: Member;

beforeAll(async () => {
  web = await startWeb();
  me = await member(web.t, { is_private: true });
  asker = await member(web.t);
  pest = await member(web.t);
  expect((await call(web.t, asker, 'POST', `/api/users/${me.user.username}/follow`)).json()).toEqual({ following: false, requested: true });
}, BROWSER_HOOK_TIMEOUT);
afterAll(async () => web?.close());
afterEach(() => expect(problems).toEqual([]));
vi.setConfig({ testTimeout: BROWSER_TEST_TIMEOUT });

const api = async (path: string) => (await page.request.get(path)).json();

it('accepts a follow request on /follow-requests', async () => {
  ({ page, problems } = await web.open());
  await signInWith(page, web.base, me.cookie);
  await page.goto(`/users/${me.user.username}`);
  await settled(page, new RegExp(`@${me.user.username}`));
  await page.getByRole('link', { name: 'Follow requests, blocked and muted accounts' }).click();
  await settled(page, 'Follow requests');
  const requests = page.getByRole('list', { name: 'Requests to follow you' });
  await requests.getByRole('link', { name: asker.user.display_name }).waitFor();
  await expectAccessible(page, 'follow requests');
  await requests.getByRole('button', { name: `Accept ${asker.user.display_name}` }).click();
  await page.getByRole('status').filter({ hasText: `${asker.user.display_name} now follows you.` }).waitFor();
  await page.getByText('No one is waiting for an answer.').waitFor();
  const followers = await (await call(web.t, me, 'GET', '/api/user/followers')).json();
  expect(followers.users.map((u: { username: string }) => u.username)).toEqual([asker.user.username]);
  await expectAccessible(page, 'follow requests answered');
});

it('follows and unfollows, mutes and reports on a profile', async () => {
  await page.goto(`/users/${pest.user.username}`);
  await settled(page, new RegExp(`@${pest.user.username}`));
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await page.getByRole('button', { name: 'Following: unfollow', pressed: true }).click();
  await page.getByRole('button', { name: 'Follow', exact: true, pressed: false }).waitFor();
  expect((await api('/api/user/following')).users).toEqual([]);

  await page.getByRole('button', { name: 'Mute', exact: true }).click();
  await page.getByRole('button', { name: 'Muted: unmute', pressed: true }).waitFor();
  expect((await api('/api/user/mutes')).users.map((u: { id: string }) => u.id)).toEqual([pest.user.id]);
  await expectAccessible(page, 'profile, muted');

  // Report: a modal dialog with the reasons; sending without one is refused in words.
  await page.getByRole('button', { name: `Report @${pest.user.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Report @${pest.user.username}` });
  await dialog.waitFor();
  await expectAccessible(page, 'report dialog');
  await dialog.getByRole('button', { name: 'Send the report' }).click();
  await dialog.getByRole('alert').filter({ hasText: 'Choose a reason.' }).waitFor();
  await dialog.getByLabel('Harassment or bullying').check();
  await dialog.getByLabel('What happened (optional)').fill('Rude replies every day');
  await dialog.getByRole('button', { name: 'Send the report' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('status').filter({ hasText: `Reported @${pest.user.username}.` }).waitFor();
  // Focus is back on the button that opened the dialog.
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`Report @${pest.user.username}`);
  const reports = await web.t.db.kysely.selectFrom('user_reports').selectAll().where('reporter_id', '=', me.user.id).execute();
  expect(reports).toMatchObject([{ reported_id: pest.user.id, reason: 'harassment', detail: 'Rude replies every day' }]);
});

it('blocks after a second click, and undoes the block and the mute on /follow-requests', async () => {
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  await page.getByRole('button', { name: 'Do not block' }).click();
  expect((await api('/api/user/blocks')).users).toEqual([]);
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  await page.getByRole('button', { name: `Block for good ${pest.user.display_name}` }).click();
  await page.getByRole('status').filter({ hasText: `You block ${pest.user.display_name}` }).waitFor();
  expect((await api('/api/user/blocks')).users.map((u: { id: string }) => u.id)).toEqual([pest.user.id]);
  await expectAccessible(page, 'profile, blocked');

  await page.goto('/follow-requests');
  await settled(page, 'Follow requests');
  await page.getByRole('list', { name: 'Blocked accounts' }).getByRole('button', { name: `Unblock ${pest.user.display_name}` }).click();
  await page.getByText('You block no one.').waitFor();
  await page.getByRole('list', { name: 'Muted accounts' }).getByRole('button', { name: `Unmute ${pest.user.display_name}` }).click();
  await page.getByText('You mute no one.').waitFor();
  await expectAccessible(page, 'follow requests, nobody blocked or muted');
  expect((await api('/api/user/blocks')).users).toEqual([]);
  expect((await api('/api/user/mutes')).users).toEqual([]);
});
