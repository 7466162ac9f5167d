import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { call, member, type Member } from '../messages/helpers.js';
import { BROWSER_HOOK_TIMEOUT, BROWSER_TEST_TIMEOUT, expectAccessible, settled, signInWith, startWeb, type WebHarness } from './browser-support.js';

// The social screens in headless Chromium: follow requests answered, and on a profile follow and
// unfollow, mute, report (the dialog with the contract's reasons), block, and undoing the block and
// the mute from /follow-requests; direct messages; organizations (create, invite, the e-mailed
// invitation link accepted by the invitee, roles, posting to the organization, its feed). axe on
// every screen state, both schemes.

let web: WebHarness;
let page: Page;
let problems: string[] = [];
let me: Member;
let asker: Member;
let pest: Member;

beforeAll(async () => {
  // The loopback SMTP server: the organization invitation's link is read from its e-mail.
  web = await startWeb({ smtp: true });
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
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(`Report @${pest.user.username}`);
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

it('writes a direct message, sees the answer, and deletes its own', async () => {
  await page.getByRole('link', { name: 'Direct messages' }).click();
  await settled(page, 'Direct messages');
  await page.getByText('No conversations yet.').waitFor();
  await expectAccessible(page, 'direct messages, none');
  await page.getByLabel('Write to (username)').fill(asker.user.username);
  await page.getByRole('button', { name: 'Open the conversation' }).click();
  await settled(page, `Messages with @${asker.user.username}`);
  await page.getByLabel(`Your message to @${asker.user.username}`).fill('Thanks for following! Seeds on Saturday?');
  await page.getByRole('button', { name: 'Send' }).click();
  const thread = page.getByRole('list', { name: `Conversation with @${asker.user.username}` });
  await thread.getByText('Thanks for following! Seeds on Saturday?').waitFor();
  expect(await page.getByLabel(`Your message to @${asker.user.username}`).inputValue()).toBe('');
  const sent = await (await call(web.t, asker, 'GET', `/api/direct-messages/${me.user.username}`)).json();
  expect(sent.messages.map((m: { content: string }) => m.content)).toEqual(['Thanks for following! Seeds on Saturday?']);

  // The answer comes in while the page is open.
  expect((await call(web.t, asker, 'POST', '/api/direct-messages', { recipient: me.user.username, content: 'Yes, at ten.' })).statusCode).toBe(201);
  await thread.getByText('Yes, at ten.').waitFor({ timeout: 12_000 });
  await expectAccessible(page, 'a conversation');
  await thread.getByRole('button', { name: 'Delete your message “Thanks for following! Seeds on”' }).click();
  await thread.getByText('Thanks for following! Seeds on Saturday?').waitFor({ state: 'detached' });
  await page.getByRole('link', { name: 'All conversations' }).click();
  await settled(page, 'Direct messages');
  await page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(asker.user.display_name) }).waitFor();
  await expectAccessible(page, 'direct messages, one conversation');
});

it('creates an organization, invites by username, and the invitee accepts through the e-mailed link', async () => {
  const slug = `garden-${me.user.username.slice(-6)}`;
  await page.getByRole('link', { name: 'Organizations' }).click();
  await settled(page, 'Organizations');
  await page.getByText('You belong to no organization yet.').waitFor();
  await expectAccessible(page, 'organizations, none');
  // A slug the service refuses is said in words.
  await page.getByLabel('Name', { exact: true }).fill('Community Garden');
  await page.getByLabel('Address name').fill('admin');
  await page.getByRole('button', { name: 'Create the organization' }).click();
  await page.getByRole('alert').waitFor();
  await page.getByLabel('Address name').fill(slug);
  await page.getByRole('button', { name: 'Create the organization' }).click();
  await page.getByRole('list', { name: 'Your organizations' }).getByRole('link', { name: 'Community Garden' }).click();
  await settled(page, 'Community Garden');
  await page.getByText('you are owner').waitFor();

  await page.getByLabel('Invite (username or e-mail address)').fill(`@${asker.user.username}`);
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await page.getByRole('status').filter({ hasText: `Invited @${asker.user.username}.` }).waitFor();
  await page.getByRole('list', { name: 'Pending invitations' }).getByText(`@${asker.user.username} as member`).waitFor();
  await expectAccessible(page, 'organization with an invitation');

  // The invitee opens the link of the e-mail: signed in, one button accepts.
  const token = web.t.smtp.tokenFrom(asker.user.email, '/org-invite');
  const invitee = await web.open();
  await signInWith(invitee.page, web.base, asker.cookie);
  await invitee.page.goto(`/org-invite?token=${token}`);
  await settled(invitee.page, 'Organization invitation');
  await expectAccessible(invitee.page, 'invitation');
  await invitee.page.getByRole('button', { name: 'Accept the invitation' }).click();
  await invitee.page.getByRole('status').filter({ hasText: 'You joined Community Garden as member.' }).waitFor();
  await invitee.page.getByRole('link', { name: 'Community Garden' }).click();
  await settled(invitee.page, 'Community Garden');
  await invitee.page.getByText('you are member').waitFor();
  await expectAccessible(invitee.page, 'organization as a member');
  expect(invitee.problems).toEqual([]);

  // The owner makes the new member an administrator.
  await page.reload();
  await settled(page, 'Community Garden');
  await page.getByLabel(`Role of ${asker.user.display_name}`).selectOption('admin');
  await page.getByRole('status').filter({ hasText: `${asker.user.display_name} is now administrator.` }).waitFor();
  const members = (await (await call(web.t, me, 'GET', `/api/orgs/${slug}/members`)).json()).members;
  expect(members.map((m: { user: { username: string }; role: string }) => [m.user.username, m.role]).sort()).toEqual([[asker.user.username, 'admin'], [me.user.username, 'owner']].sort());
  await expectAccessible(page, 'organization members');
});

it('posts to the organization from the composer, and the organization’s feed shows it', async () => {
  await page.goto('/');
  await settled(page, 'Home');
  await page.getByRole('button', { name: /^More options/ }).click();
  await page.getByLabel('Post to').selectOption({ label: 'Community Garden' });
  await page.getByLabel('What is new?').fill('Work day this Sunday');
  await page.getByRole('button', { name: 'Post' }).click();
  await page.getByRole('status').filter({ hasText: 'Posted to Community Garden.' }).waitFor();
  const card = page.getByRole('article').filter({ hasText: 'Work day this Sunday' });
  await card.getByRole('link', { name: 'Community Garden' }).click();
  await settled(page, 'Community Garden');
  await page.getByRole('region', { name: 'Messages in Community Garden' }).getByText('Work day this Sunday').waitFor();
  await expectAccessible(page, 'organization feed');
});
