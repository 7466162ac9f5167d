import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { registerUser, setUserFields, uniqueName, type Registered } from '../helpers/app.js';
import { newId } from '../../src/lib/ids.js';
import { billingEnv } from '../billing/support.js';
import { StripeStandIn } from '../billing/stripe-standin.js';
import { BROWSER_HOOK_TIMEOUT, BROWSER_TEST_TIMEOUT, expectAccessible, settled, startWeb, type WebHarness } from './browser-support.js';

// The account in a browser: e-mail verification leading into the app, forgot and reset password,
// the multi-account switcher in the header, and every part of /settings (profile and avatar,
// e-mail and password, sessions and sync tokens, linked networks, notification preferences and
// push devices, billing through the payment provider's pages, the data archive, deleting the
// account). Real mail (the loopback SMTP server), a real payment-provider stand-in, axe on every
// state in both schemes.

// The steps share one page, in order: each is a test of its own so a failure names its flow.

let web: WebHarness;
let standIn: StripeStandIn;
let page: Page;
let problems: string[];
const username = uniqueName('acct');
const email = `${username}@example.com`;
let password = 'correct horse battery';
let userId: string;
let second: Registered;

beforeAll(async () => {
  standIn = new StripeStandIn();
  await standIn.start();
  web = await startWeb({ smtp: true, env: billingEnv(standIn) });
}, BROWSER_HOOK_TIMEOUT);
afterAll(async () => {
  await web?.close();
  await standIn?.stop();
});
afterEach(() => expect(problems ?? []).toEqual([]));
vi.setConfig({ testTimeout: BROWSER_TEST_TIMEOUT });

const PROBATION = 'Your account is new and in probation until you verify your e-mail address';
const api = async (path: string) => (await page.request.get(path)).json();
/** The newest e-mail link's token to `path` sent to `address` (mail goes out after the request). */
async function mailedToken(address: string, path: string, before: number): Promise<string> {
  await expect.poll(() => web.t.smtp.to(address).length).toBeGreaterThan(before);
  return web.t.smtp.tokenFrom(address, path);
}

it('registers, asks for the verification e-mail again, and verifying leads into the app', async () => {
  ({ page, problems } = await web.open());
  await page.goto('/register');
  await settled(page, 'Create an account');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Display name').fill(`Acct ${username}`);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create the account' }).click();
  await settled(page, 'Home');
  userId = (await api('/api/user')).user.id;
  const notice = page.getByRole('status').filter({ hasText: PROBATION });
  await notice.waitFor();
  await expect.poll(() => web.t.smtp.to(email).length).toBe(1);
  await notice.getByRole('button', { name: 'Send the verification e-mail again' }).click();
  await expect.poll(() => web.t.smtp.to(email).length).toBe(2);
  await expect.poll(() => notice.textContent()).toMatch(/sent/i);
  await expectAccessible(page, 'home with the probation notice and its button');

  // The link in the newest mail opens the service's page; its button verifies; its link opens the app.
  const token = web.t.smtp.tokenFrom(email, '/verify-email');
  await page.goto(`/verify-email?token=${token}`);
  await page.getByRole('button', { name: 'Verify my e-mail address' }).click();
  await page.getByText('Your e-mail address is verified.').waitFor();
  await page.getByRole('link', { name: 'Open Social Lists' }).click();
  await settled(page, 'Home');
  const user = (await api('/api/user')).user;
  expect(user).toMatchObject({ emailVerified: true, accountStatus: 'active' });
  expect(await page.getByText(PROBATION).count()).toBe(0);
});

it('forgot password: the sign-in screen sends the link, the reset page sets it, the app signs in with it', async () => {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await settled(page, 'Public messages');
  await page.getByRole('link', { name: 'Sign in' }).first().click();
  await settled(page, 'Sign in');
  const toggle = page.getByRole('button', { name: 'Forgot your password?' });
  await toggle.click();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  const before = web.t.smtp.to(email).length;
  await page.getByLabel('Your account’s e-mail address').fill(email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await page.getByRole('status').filter({ hasText: 'choose a new password' }).waitFor();
  await expectAccessible(page, 'sign in with the reset link sent');
  const token = await mailedToken(email, '/reset-password', before);

  password = 'a brand new passphrase';
  await page.goto(`/reset-password?token=${token}`);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the new password').fill(password);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await page.getByText('Your password has been changed.').waitFor();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await settled(page, 'Sign in');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await settled(page, 'Home');
  expect((await api('/api/user')).user.id).toBe(userId);
});

it('the account switcher adds, lists, switches and removes accounts in one browser', async () => {
  second = await registerUser(web.t.app);
  const menuButton = page.getByRole('button', { name: /^Accounts/ });
  await menuButton.click();
  const menu = page.getByRole('group', { name: 'Accounts on this browser' });
  await menu.getByRole('link', { name: 'Add another account' }).click();
  await settled(page, 'Add an account');
  await expectAccessible(page, 'adding an account');
  await page.getByLabel('E-mail address').fill(second.user.email);
  await page.getByLabel('Password').fill(second.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await settled(page, 'Home');
  expect((await api('/api/user')).user.id).toBe(second.user.id);

  await menuButton.click();
  await menu.getByRole('listitem').nth(1).waitFor();
  expect(await menu.getByRole('listitem').allTextContents()).toEqual([
    expect.stringContaining(`@${second.user.username} (current)`),
    expect.stringContaining(`@${username}`),
  ]);
  await expectAccessible(page, 'the accounts menu open');
  // Escape closes the menu and gives the focus back to its button.
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('account-menu');

  await menuButton.click();
  await menu.getByRole('button', { name: `Switch to @${username}` }).click();
  await settled(page, 'Home');
  expect((await api('/api/user')).user.id).toBe(userId);
  await menuButton.click();
  await menu.getByRole('button', { name: `Sign out @${second.user.username} on this browser` }).click();
  await expect.poll(() => menu.getByRole('listitem').count()).toBe(1);
  expect((await api('/api/auth/accounts')).accounts.map((a: { id: string }) => a.id)).toEqual([userId]);
  // The focus went back to the menu's button (the pressed one is gone); Escape closes the menu.
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('account-menu');
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
});

it('settings: profile and avatar (the upload is for subscribers, said in words)', async () => {
  await page.getByRole('link', { name: 'Settings' }).click();
  await settled(page, 'Settings: Profile');
  expect(new URL(page.url()).pathname).toBe('/settings');
  expect(await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
  await expectAccessible(page, 'settings: profile');
  await page.getByLabel('Display name').fill('Ada Settings');
  await page.getByLabel('Bio').fill('Writes lists.');
  await page.getByLabel('The home feed shows').selectOption('following');
  await page.getByLabel('Longest message (characters, 1 to 10000)').fill('500');
  await page.getByLabel('Private account (people ask to follow you)').check();
  await page.getByRole('button', { name: 'Save the profile' }).click();
  await page.getByRole('status').filter({ hasText: 'Your profile is saved.' }).waitFor();
  expect((await api('/api/user')).user).toMatchObject({ displayName: 'Ada Settings', bio: 'Writes lists.', viewingPreference: 'following', maxMessageLength: 500, isPrivate: true });

  // A free account's upload is refused in words; a subscriber's becomes the avatar.
  const png = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#3366cc' } }).png().toBuffer();
  const file = { name: 'me.png', mimeType: 'image/png', buffer: png };
  await page.getByLabel('Or upload a picture (subscribers)').setInputFiles(file);
  await page.getByText(/subscription/i).first().waitFor();
  await expectAccessible(page, 'settings: profile, upload refused');
  await setUserFields(web.t.db, userId, { customer_status: 'subscriber' });
  await page.getByLabel('Or upload a picture (subscribers)').setInputFiles(file);
  await page.getByText('The picture is uploaded. Save the profile to use it.').waitFor();
  const url = await page.getByLabel('Picture address (https://…)').inputValue();
  expect(url).toMatch(/\/api\/media\/[^/]+\.(png|webp|jpg)$/);
  // Shown from this origin (the CSP's img-src 'self'), whatever host PUBLIC_URL names.
  expect(await page.getByRole('img', { name: 'Your avatar' }).getAttribute('src')).toBe(new URL(url).pathname);
  await page.getByRole('button', { name: 'Save the profile' }).click();
  await expect.poll(async () => (await api('/api/user')).user.avatar).toBe(url);
  await setUserFields(web.t.db, userId, { customer_status: 'free' });
});

it('settings: a new e-mail address is confirmed by mail; the password is changed with the current one, or by the e-mailed link', async () => {
  await page.getByRole('link', { name: 'E-mail and password' }).click();
  await settled(page, 'Settings: E-mail and password');
  expect(new URL(page.url()).pathname).toBe('/settings/account');
  await expectAccessible(page, 'settings: e-mail and password');
  const newAddress = `new.${email}`;
  await page.getByLabel('New e-mail address').fill(newAddress);
  await page.getByRole('button', { name: 'Change the address' }).click();
  await page.getByRole('status').filter({ hasText: 'We sent a link to the new address' }).waitFor();
  await mailedToken(newAddress, '/verify-email-change', 0);
  expect((await api('/api/user')).user.email).toBe(email);

  // The password, with the current one: a wrong one is refused in words; then changed, and every
  // other session ends while this browser stays signed in.
  const elsewhere = await web.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const elsewhereCookie = `service-session=${elsewhere.cookies.find((c) => c.name === 'service-session')!.value}`;
  const passwordForm = page.getByRole('region', { name: 'Password' });
  await passwordForm.getByLabel('Current password').fill('not my password');
  await passwordForm.getByLabel('New password', { exact: true }).fill('the third passphrase');
  await passwordForm.getByLabel('Repeat the new password').fill('the third passphrase');
  await passwordForm.getByRole('button', { name: 'Change the password' }).click();
  await passwordForm.getByRole('alert').filter({ hasText: 'The current password is not correct' }).waitFor();
  await expectAccessible(page, 'settings: password change refused');
  await passwordForm.getByLabel('Current password').fill(password);
  await passwordForm.getByRole('button', { name: 'Change the password' }).click();
  await passwordForm.getByRole('status').filter({ hasText: 'Your password is changed.' }).waitFor();
  password = 'the third passphrase';
  expect((await api('/api/user')).user.id).toBe(userId);
  expect((await web.t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: elsewhereCookie } })).statusCode).toBe(401);
  expect((await web.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).statusCode).toBe(200);

  const before = web.t.smtp.to(email).length;
  await page.getByRole('button', { name: 'Send me a link to change my password' }).click();
  await page.getByRole('status').filter({ hasText: `We sent a link to ${email}` }).waitFor();
  await mailedToken(email, '/reset-password', before);
  await expectAccessible(page, 'settings: e-mail and password, links sent');
});

it('settings: sessions listed and ended; a sync token made (shown once), used and revoked', async () => {
  const other = await web.t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'user-agent': 'Other browser/2.0' }, payload: { email, password } });
  const otherCookie = `service-session=${other.cookies.find((c) => c.name === 'service-session')!.value}`;
  await page.getByRole('link', { name: 'Sessions and sync tokens' }).click();
  await settled(page, 'Settings: Sessions and sync tokens');
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await sessions.getByText('Other browser/2.0', { exact: true }).waitFor();
  expect(await sessions.getByText('(this browser)').count()).toBe(1);
  await expectAccessible(page, 'settings: sessions');
  await sessions.getByRole('listitem').filter({ hasText: 'Other browser/2.0' }).getByRole('button', { name: /^End this session/ }).click();
  await sessions.getByText('The session has ended').waitFor();
  // The pressed button went with its session: the focus is on the section's heading.
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('sessions-heading');
  expect(await sessions.getByText('Other browser/2.0', { exact: true }).count()).toBe(0);
  expect((await web.t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: otherCookie } })).statusCode).toBe(401);

  const tokens = page.getByRole('region', { name: 'Sync tokens' });
  await tokens.getByText('You have no sync tokens.').waitFor();
  await tokens.getByLabel('Your password, to make a new sync token').fill(password);
  await tokens.getByRole('button', { name: 'Make a sync token' }).click();
  const secret = await tokens.getByLabel('Your new sync token (shown only now)').inputValue();
  expect(secret).toMatch(/^[0-9a-f]{64}$/);
  await tokens.getByText('never used').waitFor();
  await expectAccessible(page, 'settings: a new sync token shown');
  const bearer = { authorization: `Bearer ${secret}` };
  expect((await web.t.app.inject({ method: 'GET', url: '/api/user', headers: bearer })).statusCode).toBe(200);
  await tokens.getByRole('button', { name: /^Revoke the sync token/ }).click();
  await tokens.getByText('You have no sync tokens.').waitFor();
  expect((await web.t.app.inject({ method: 'GET', url: '/api/user', headers: bearer })).statusCode).toBe(401);
  // Shown once: after a reload the secret is nowhere on the page.
  await page.reload();
  await settled(page, 'Settings: Sessions and sync tokens');
  expect(await page.content()).not.toContain(secret);
});

it('settings: linked networks listed and unlinked, connecting said in words, the OAuth return said in words', async () => {
  const identity = newId();
  await web.t.db.kysely
    .insertInto('identities')
    .values({ id: identity, user_id: userId, provider: 'codehost', provider_user_id: identity, handle: 'ada-codes', instance_name: '', created_at: new Date().toISOString() })
    .execute();
  await page.goto('/settings/networks?oauth_error=identity_in_use');
  await settled(page, 'Settings: Linked networks');
  await page.getByText('already linked to another account here').waitFor();
  const linked = page.getByRole('region', { name: 'Linked networks' });
  await linked.getByText('codehost (code hosting): ada-codes').waitFor();
  await expectAccessible(page, 'settings: linked networks');
  // This server has no networkC or networkD client: said so, and nothing to press.
  const networkD = page.getByRole('form', { name: /^Connect networkD/ });
  await networkD.getByText('Not set up on this server.').waitFor();
  expect(await networkD.getByRole('button').count()).toBe(0);
  // networkA needs its instance before it can start.
  await page.getByLabel(/networkA .*: Your instance/).fill('no-such-host.invalid');
  await page.getByRole('button', { name: /^Connect networkA/ }).click();
  await page.getByRole('form', { name: /^Connect networkA/ }).getByRole('alert').waitFor();
  expect(new URL(page.url()).pathname).toBe('/settings/networks');
  await expectAccessible(page, 'settings: networks with refusals');
  await linked.getByRole('button', { name: /^Unlink codehost/ }).click();
  await linked.getByText('No network is linked to your account.').waitFor();
  expect((await api('/api/user/identities')).identities).toEqual([]);
});

it('settings: the notification preferences matrix and the push devices', async () => {
  await web.t.app.inject({ method: 'POST', url: '/api/push/register', headers: { cookie: await browserCookie() }, payload: { token: 'device-token-abcdef123456', platform: 'ios', environment: 'production' } });
  await page.getByRole('link', { name: 'Notifications', exact: true }).last().click();
  await settled(page, 'Settings: Notifications');
  const matrix = page.getByRole('table');
  await matrix.getByRole('checkbox').first().waitFor();
  // Each event offers only its own channels: dig, push and follow two each, mention and reply one.
  expect(await matrix.getByRole('checkbox').count()).toBe(8);
  expect(await matrix.getByRole('row').nth(4).getByText('not sent by push').count()).toBe(1);
  await expectAccessible(page, 'settings: notifications');
  const box = matrix.getByRole('checkbox', { name: /: Push$/ }).first();
  const label = await box.getAttribute('aria-label');
  await box.uncheck();
  await page.getByRole('status').filter({ hasText: 'push is off' }).waitFor();
  const key = (await api('/api/user/notification-preferences')).events.find((e: { label: string }) => label!.startsWith(`${e.label}:`));
  expect(key.channels.push).toBe(false);

  const devices = page.getByRole('region', { name: 'Push devices' });
  await devices.getByRole('listitem').filter({ hasText: 'iOS device ending …123456' }).waitFor();
  await devices.getByRole('button', { name: 'Remove iOS device ending …123456' }).click();
  await devices.getByText('No device is registered').waitFor();
  expect((await api('/api/push/devices')).devices).toEqual([]);
});

it('settings: billing shows the tier and goes to the provider’s checkout and portal pages', async () => {
  await page.route(/https:\/\/(checkout|billing)\.stripe\.test\//, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Provider</title><p>The provider’s page</p>' }));
  await page.getByRole('link', { name: 'Billing' }).click();
  await settled(page, 'Settings: Billing');
  await page.getByText('Your tier: Free').waitFor();
  await expectAccessible(page, 'settings: billing');
  await page.getByRole('button', { name: 'Subscribe yearly' }).click();
  await page.waitForURL(/^https:\/\/checkout\.stripe\.test\/c\/pay\//);
  const checkout = standIn.calls('POST /v1/checkout/sessions').at(-1)!;
  expect(checkout.form).toMatchObject({ 'line_items[0][price]': 'price_annual_test', success_url: expect.stringContaining('/settings/billing') });

  await page.goto('/settings/billing');
  await settled(page, 'Settings: Billing');
  await page.getByRole('button', { name: 'Manage payments and invoices' }).click();
  await page.waitForURL(/^https:\/\/billing\.stripe\.test\/p\/session\//);
  await page.goto('/settings/billing');
  await settled(page, 'Settings: Billing');
});

it('settings: the data archive is asked for, built and downloaded; a second within a day is refused in words', async () => {
  await page.getByRole('link', { name: 'Your data' }).click();
  await settled(page, 'Settings: Your data');
  await page.getByText('You have not asked for an archive yet.').waitFor();
  await expectAccessible(page, 'settings: your data');
  await page.getByRole('button', { name: 'Ask for a new archive' }).click();
  const download = page.getByRole('link', { name: 'Download the archive' });
  await download.waitFor({ timeout: 30_000 });
  await page.getByText(/Your archive is ready/).waitFor();
  const zip = await page.request.get((await download.getAttribute('href'))!);
  expect(zip.status()).toBe(200);
  expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');
  await page.getByRole('button', { name: 'Ask for a new archive' }).click();
  await page.getByRole('region', { name: 'Your data archive' }).getByRole('alert').waitFor();
  await expectAccessible(page, 'settings: archive ready, a second refused');
});

it('settings: deleting the account asks twice, refuses a wrong password, then signs out', async () => {
  await page.getByRole('button', { name: 'Delete my account…' }).click();
  await page.getByLabel('I understand that my account and everything in it are deleted for good').check();
  await page.getByLabel('Your password').fill('not my password');
  await page.getByRole('button', { name: 'Delete my account for good' }).click();
  await page.getByRole('region', { name: 'Delete your account' }).getByRole('alert').waitFor();
  await expectAccessible(page, 'settings: delete refused');
  await page.getByLabel('Your password').fill(password);
  await page.getByRole('button', { name: 'Delete my account for good' }).click();
  await settled(page, 'Sign in');
  await page.getByText('Your account is deleted, with everything it held.').waitFor();
  expect((await page.request.get('/api/user')).status()).toBe(401);
  expect(await web.t.db.kysely.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()).toBeUndefined();
});

it('signed out, /settings asks to sign in; an unknown part is the not-found page', async () => {
  await page.goto('/settings/profile');
  await settled(page, 'Settings');
  await page.getByRole('link', { name: 'Sign in' }).last().waitFor();
  await expectAccessible(page, 'settings signed out');
  await page.goto('/settings/no-such-part');
  await settled(page, 'Page not found');
});

async function browserCookie(): Promise<string> {
  const c = (await page.context().cookies()).find((x) => x.name === 'service-session')!;
  return `service-session=${c.value}`;
}
