import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { toBool } from '../../src/db/dialect.js';
import type { Db } from '../../src/db/connection.js';
import { PAGE_CSP } from '../../src/http/pages/routes.js';
import { ManualClock } from '../../src/lib/clock.js';
import { freshDatabase, testPasswords, uniqueName } from '../helpers/app.js';
import { launchChromium } from '../helpers/chromium.js';
import { TestSmtpServer } from '../helpers/smtp.js';

// The e-mail link pages in a real browser: headless Chromium against the app listening on a
// loopback port, with the links taken from the real e-mails the loopback SMTP server received.
// Chromium is required: without it this file fails (it never skips); .ci/run installs it.

// What the pages say (src/features/pages/email-link.js).
const VERIFIED = 'Your e-mail address is verified. You can close this page.';
const VERIFY_USED =
  'This link has expired or has already been used, so nothing was changed. If your address is not verified yet, sign in and ask for a new verification e-mail.';
const EMAIL_CHANGED = 'Your new e-mail address is confirmed. From now on, sign in with it.';
const PASSWORD_CHANGED = 'Your password has been changed. Every device was signed out: sign in again with your new password.';
const PASSWORD_SHORT = 'The new password must be at least 8 characters long.';
const PASSWORD_MISMATCH = 'The two passwords are not the same. Type the same new password in both fields.';
const BLOG_CONFIRMED = 'Your subscription is confirmed: you will receive an e-mail when a new document is published. You can close this page.';
const BLOG_USED =
  'This link has expired or has already been used, so nothing was changed. To subscribe, ask for a new confirmation e-mail and open its link within 48 hours.';
const MISSING =
  'This link is incomplete: it has no token, so nothing can be done with it. Open the link from the e-mail again, or copy the whole address from the e-mail into the browser.';

let browser: Browser | undefined;
let base: string;
let db: Db;
let smtp: TestSmtpServer;
let closeServer: () => Promise<void>;

beforeAll(async () => {
  smtp = new TestSmtpServer();
  await smtp.start();
  const fresh = await freshDatabase();
  db = fresh.db;
  const env = { DATABASE_URL: 'sqlite::memory:', PUBLIC_URL: 'http://127.0.0.1', LOG_LEVEL: 'silent', SMTP_URL: smtp.url };
  const config = loadConfig(env);
  const app = await buildApp(config, { db, clock: new ManualClock(new Date()), passwords: testPasswords, logger: false });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  // The port is known only now: PUBLIC_URL becomes the listening address (parsed as at start-up),
  // so the e-mail links and the Origin check both name this server.
  config.publicUrl = loadConfig({ ...env, PUBLIC_URL: base }).publicUrl;
  closeServer = async () => {
    await app.close();
    await fresh.drop();
    await smtp.stop();
  };
});

afterAll(async () => {
  await browser?.close();
  await closeServer?.();
});

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

interface Watched {
  page: Page;
  /** Console errors and warnings, uncaught page errors and CSP violations, as text. */
  problems: string[];
}

/** A fresh browser (own cookies) whose page records every console error, page error and CSP violation. */
async function openBrowser(options: { viewport?: { width: number; height: number } } = {}): Promise<Watched> {
  browser ??= await launchChromium();
  context = await browser.newContext(options);
  // A failed wait ends the test quickly with Playwright's message, inside the test timeout.
  context.setDefaultTimeout(10_000);
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console.${msg.type()}: ${msg.text()} @ ${msg.location().url}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return { page, problems };
}

/** Registers an account over HTTP in the browser's cookie jar; answers its e-mail address and password. */
async function register(): Promise<{ id: string; email: string; password: string }> {
  const username = uniqueName('web');
  const password = 'correct horse battery';
  const email = `${username}@example.com`;
  const res = await context!.request.post(`${base}/api/auth/register`, {
    data: { email, username, password, displayName: `Display ${username}` },
  });
  expect(res.status()).toBe(201);
  return { id: (await res.json()).user.id, email, password };
}

/** The one link in the newest real e-mail to an address. */
function linkFromMail(address: string, subject: string): string {
  const mail = smtp.to(address).at(-1);
  expect(mail?.subject).toBe(subject);
  const links = mail!.text.split(/\r?\n/).filter((line) => /^https?:\/\//.test(line));
  expect(links).toHaveLength(1);
  return links[0];
}

async function currentUser() {
  const res = await context!.request.get(`${base}/api/user`);
  expect(res.status()).toBe(200);
  return (await res.json()).user as { email: string; emailVerified: boolean };
}

async function userRow(id: string) {
  return db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function unusedTokens(id: string, purpose: string) {
  const rows = await db.kysely.selectFrom('email_tokens').selectAll().where('user_id', '=', id).where('purpose', '=', purpose).execute();
  return rows.filter((r) => r.used_at === null).length;
}

/** Waits for the live region to say something other than the in-progress note, and answers it. */
async function outcome(page: Page, expected: string): Promise<string> {
  const status = page.getByRole('status');
  await status.filter({ hasText: expected }).waitFor({ timeout: 10_000 });
  return (await status.textContent()) ?? '';
}

async function opens(page: Page, url: string) {
  const res = await page.goto(url);
  expect(res?.status()).toBe(200);
  expect(res?.headers()['content-security-policy']).toBe(PAGE_CSP);
  expect(res?.headers()['referrer-policy']).toBe('no-referrer');
}

describe('the e-mail link pages in Chromium', () => {
  it('verify-email: opening the link changes nothing; the button, pressed from the keyboard, verifies the account', async () => {
    const { page, problems } = await openBrowser();
    const user = await register();
    expect((await currentUser()).emailVerified).toBe(false);

    const link = linkFromMail(user.email, 'Verify your e-mail address');
    expect(link).toMatch(new RegExp(`^${base}/verify-email\\?token=[0-9a-f]{64}$`));
    await opens(page, link);
    expect(await page.title()).toBe('Verify your e-mail address · Social Lists');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Verify your e-mail address');
    const button = page.getByRole('button', { name: 'Verify my e-mail address' });
    expect(await button.isVisible()).toBe(true);
    expect(await page.locator('#intro').textContent()).toBe('Press the button to confirm that this e-mail address is yours. Nothing changes until you press it.');
    expect(await page.locator('#intro').isVisible()).toBe(true);
    expect(await page.getByRole('status').textContent()).toBe('');

    // Nothing happened yet.
    expect((await currentUser()).emailVerified).toBe(false);
    expect(toBool((await userRow(user.id)).email_verified)).toBe(false);
    expect(await unusedTokens(user.id, 'verify_email')).toBe(1);

    // No mouse: Tab reaches the button, Enter presses it.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('action');
    await page.keyboard.press('Enter');
    expect(await outcome(page, VERIFIED)).toBe(VERIFIED);
    expect(await button.isVisible()).toBe(false);
    expect(await page.locator('#intro').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('status');

    expect((await currentUser()).emailVerified).toBe(true);
    const row = await userRow(user.id);
    expect(toBool(row.email_verified)).toBe(true);
    expect(row.account_status).toBe('active');
    expect(await unusedTokens(user.id, 'verify_email')).toBe(0);
    expect(problems).toEqual([]);
  });

  it('a used link says in plain words that it expired or was already used', async () => {
    const { page, problems } = await openBrowser();
    const user = await register();
    const link = linkFromMail(user.email, 'Verify your e-mail address');
    const used = await context!.request.post(`${base}/api/auth/verify-email`, { data: { token: new URL(link).searchParams.get('token') } });
    expect(used.status()).toBe(200);
    const updatedAt = (await userRow(user.id)).updated_at;

    await opens(page, link);
    await page.getByRole('button', { name: 'Verify my e-mail address' }).click();
    expect(await outcome(page, VERIFY_USED)).toBe(VERIFY_USED);
    expect(await page.getByRole('button').isVisible()).toBe(false);
    expect((await userRow(user.id)).updated_at).toBe(updatedAt);
    // The only complaint is Chromium's own note of the API's 400 answer.
    expect(problems).toEqual([`console.error: Failed to load resource: the server responded with a status of 400 (Bad Request) @ ${base}/api/auth/verify-email`]);
  });

  it('reset-password: short and mismatched passwords are caught on the page; then the new password signs in', async () => {
    const { page, problems } = await openBrowser({ viewport: { width: 360, height: 740 } });
    const user = await register();
    const forgot = await context!.request.post(`${base}/api/auth/forgot-password`, { data: { email: user.email } });
    expect(forgot.status()).toBe(200);
    const link = linkFromMail(user.email, 'Reset your password');
    expect(link).toMatch(new RegExp(`^${base}/reset-password\\?token=[0-9a-f]{64}$`));
    const hashBefore = (await userRow(user.id)).password_hash;

    await opens(page, link);
    expect(await page.title()).toBe('Choose a new password · Social Lists');
    // Readable on a phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const password = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Repeat the new password');
    expect(await password.getAttribute('type')).toBe('password');
    expect(await confirm.getAttribute('type')).toBe('password');
    expect((await userRow(user.id)).password_hash).toBe(hashBefore);
    expect(await unusedTokens(user.id, 'reset_password')).toBe(1);

    await password.fill('short');
    await confirm.fill('short');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    expect(await outcome(page, PASSWORD_SHORT)).toBe(PASSWORD_SHORT);
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('password');

    await password.fill('a brand new secret');
    await confirm.fill('a brand new secreT');
    await confirm.press('Enter');
    expect(await outcome(page, PASSWORD_MISMATCH)).toBe(PASSWORD_MISMATCH);
    expect(await confirm.getAttribute('aria-invalid')).toBe('true');
    expect(await password.getAttribute('aria-invalid')).toBeNull();
    // Neither attempt reached the server.
    expect(await unusedTokens(user.id, 'reset_password')).toBe(1);
    expect((await userRow(user.id)).password_hash).toBe(hashBefore);

    await confirm.fill('a brand new secret');
    await confirm.press('Enter');
    expect(await outcome(page, PASSWORD_CHANGED)).toBe(PASSWORD_CHANGED);
    expect(await page.locator('form').isVisible()).toBe(false);
    expect(await unusedTokens(user.id, 'reset_password')).toBe(0);

    const old = await context!.request.post(`${base}/api/auth/login`, { data: { email: user.email, password: user.password } });
    expect(old.status()).toBe(400);
    expect((await old.json()).code).toBe('invalid_credentials');
    const login = await context!.request.post(`${base}/api/auth/login`, { data: { email: user.email, password: 'a brand new secret' } });
    expect(login.status()).toBe(200);
    expect((await login.json()).user.id).toBe(user.id);
    expect(problems).toEqual([]);
  });

  it('verify-email-change: the button moves the account to the new address', async () => {
    const { page, problems } = await openBrowser();
    const user = await register();
    const newEmail = `new-${user.email}`;
    const change = await context!.request.post(`${base}/api/user/email`, { data: { email: newEmail }, headers: { origin: base } });
    expect(change.status()).toBe(200);
    const link = linkFromMail(newEmail, 'Confirm your new e-mail address');
    expect(link).toMatch(new RegExp(`^${base}/verify-email-change\\?token=[0-9a-f]{64}$`));

    await opens(page, link);
    expect((await currentUser()).email).toBe(user.email);
    await page.getByRole('button', { name: 'Confirm my new e-mail address' }).click();
    expect(await outcome(page, EMAIL_CHANGED)).toBe(EMAIL_CHANGED);
    const me = await currentUser();
    expect(me.email).toBe(newEmail);
    expect(me.emailVerified).toBe(true);
    expect(problems).toEqual([]);
  });

  it('blog-subscription: the button confirms the subscription; the used link then says so', async () => {
    const { page, problems } = await openBrowser();
    const author = await register();
    const username = author.email.split('@')[0];
    const reader = `reader-${author.email}`;
    const asked = await context!.request.post(`${base}/api/users/${username}/subscribe`, { data: { email: reader } });
    expect(asked.status()).toBe(202);
    const link = linkFromMail(reader, `Confirm your subscription to Display ${username}'s blog`);
    expect(link).toMatch(new RegExp(`^${base}/blog-subscription\\?token=[0-9a-f]{64}$`));
    const status = async () => (await db.kysely.selectFrom('blog_subscriptions').select('status').where('author_id', '=', author.id).executeTakeFirstOrThrow()).status;

    await opens(page, link);
    expect(await status()).toBe('pending');
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    expect(await outcome(page, BLOG_CONFIRMED)).toBe(BLOG_CONFIRMED);
    expect(await status()).toBe('confirmed');

    await opens(page, link);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    expect(await outcome(page, BLOG_USED)).toBe(BLOG_USED);
    // The used link's 400 is the one thing the browser reports, as for the other used links.
    expect(problems).toEqual([`console.error: Failed to load resource: the server responded with a status of 400 (Bad Request) @ ${base}/api/blog-subscriptions/confirm`]);
  });

  it('a link without its token says so and offers nothing to press', async () => {
    const { page, problems } = await openBrowser();
    for (const path of ['/verify-email', '/reset-password', '/verify-email-change', '/blog-subscription', '/verify-email?token=']) {
      await opens(page, `${base}${path}`);
      expect(await page.getByRole('status').textContent()).toBe(MISSING);
      expect(await page.locator('#action').isVisible()).toBe(false);
      expect(await page.locator('#intro').isVisible()).toBe(false);
      // The button is in the markup but not shown (hidden elements leave the accessibility tree).
      expect(await page.locator('button').count()).toBe(1);
      expect(await page.getByRole('button').count()).toBe(0);
    }
    expect(problems).toEqual([]);
  });

  it('the CSP is in force and watched: an inline style added to the page is refused and reported', async () => {
    const { page, problems } = await openBrowser();
    await opens(page, `${base}/verify-email?token=abc`);
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body { background: red; }';
      document.head.append(style);
    });
    await expect.poll(() => problems.some((p) => p.includes('CSP violation: style-src'))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(255, 0, 0)');
  });
});

