import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { registerUser, uniqueName, type Registered } from '../helpers/app.js';
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
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('account-menu');

  await menuButton.click();
  await menu.getByRole('button', { name: `Switch to @${username}` }).click();
  await settled(page, 'Home');
  expect((await api('/api/user')).user.id).toBe(userId);
  await menuButton.click();
  await menu.getByRole('button', { name: `Sign out @${second.user.username} on this browser` }).click();
  await expect.poll(() => menu.getByRole('listitem').count()).toBe(1);
  expect((await api('/api/auth/accounts')).accounts.map((a: { id: string }) => a.id)).toEqual([userId]);
  await page.keyboard.press('Escape');
});
