import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { ensureBootstrapAdmin } from '../../src/features/admin/service.js';
import { registerUser, uniqueName, type Registered } from '../helpers/app.js';
import { BROWSER_HOOK_TIMEOUT, BROWSER_TEST_TIMEOUT, expectAccessible, settled, startWeb, type WebHarness } from './browser-support.js';

// Administration in a browser: /admin is the not-found page for everyone but administrators; an
// administrator searches users, moves one through the status lifecycle (and is refused, in words,
// their own), purges a user's content after a dry run, acts on several users at once, reads the
// e-mail log with its filters, and the aggregates; creates a user, sets a user's password, and
// works through the reports queue. axe on every state in both schemes.

// The steps share one page, in order: each is a test of its own so a failure names its flow.

const ADMIN = { email: 'root@example.com', username: 'root', password: 'root password 123' };
let web: WebHarness;
let page: Page;
let problems: string[];
const tag = uniqueName('t').replace(/[^a-z0-9]/gi, '').slice(-8);
let target: Registered;
let bulk: Registered[];

beforeAll(async () => {
  web = await startWeb({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
  await ensureBootstrapAdmin(web.t.app.ctx);
  target = await registerUser(web.t.app, { username: `target_${tag}`, email: `target.${tag}@example.com` });
  bulk = [];
  for (const n of [1, 2, 3]) bulk.push(await registerUser(web.t.app, { username: `bulk${n}_${tag}`, email: `bulk${n}.${tag}@example.com` }));
  for (const content of ['first to purge', 'second to purge']) {
    const res = await web.t.app.inject({ method: 'POST', url: '/api/messages', headers: { cookie: target.cookie }, payload: { content } });
    expect(res.statusCode, res.body).toBe(201);
  }
}, BROWSER_HOOK_TIMEOUT);
afterAll(async () => web?.close());
afterEach(() => expect(problems ?? []).toEqual([]));
vi.setConfig({ testTimeout: BROWSER_TEST_TIMEOUT });

const adminUser = async (id: string) => (await web.t.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
const row = (username: string) => page.getByRole('region', { name: 'Users' }).getByRole('row').filter({ hasText: `@${username}` });

it('is the not-found page signed out and for a user who is not an administrator, with no link to it and no call of the administration API', async () => {
  ({ page, problems } = await web.open());
  // Who is an administrator comes from GET /api/orgs (owner of the system organization): no one
  // else ever calls an administration endpoint, so none answers them 403.
  const adminCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/admin/')) adminCalls.push(r.url());
  });
  await page.goto('/admin');
  await settled(page, 'Page not found');
  // The user signed in in this browser (a session of its own: signing out below ends only it).
  const login = await web.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: target.user.email, password: target.password } });
  const session = login.cookies.find((c) => c.name === 'service-session')!.value;
  await page.context().addCookies([{ name: 'service-session', value: session, url: web.base }]);
  await page.goto('/admin');
  await settled(page, 'Page not found');
  await expectAccessible(page, 'admin as a user: not found');
  expect(await page.getByRole('link', { name: 'Administration' }).count()).toBe(0);
  await page.goto('/');
  await settled(page, 'Home');
  expect(adminCalls).toEqual([]);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await settled(page, 'Public messages');
});

it('an administrator opens it from the header and searches users', async () => {
  await page.goto('/login');
  await settled(page, 'Sign in');
  await page.getByLabel('E-mail address').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await settled(page, 'Home');
  await page.getByRole('link', { name: 'Administration' }).click();
  await settled(page, 'Administration: Users');
  await row(target.user.username).waitFor();
  await expectAccessible(page, 'admin: users');
  await page.getByLabel('Search users (e-mail, username or display name)').fill(`bulk2_${tag}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('status').filter({ hasText: `1 found for “bulk2_${tag}”` }).waitFor();
  expect(await page.getByRole('region', { name: 'Users' }).getByRole('row').count()).toBe(2);
});

it('moves a user through the status lifecycle, each status said in words; its own status is refused in words', async () => {
  await page.getByLabel('Search users (e-mail, username or display name)').fill(target.user.username);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await row(target.user.username).getByRole('button', { name: `Manage @${target.user.username}` }).click();
  const detail = page.getByRole('region', { name: `Manage @${target.user.username}` });
  await detail.waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('user-detail-heading');
  expect(await detail.getByRole('radio', { name: 'Probation (now)' }).isChecked()).toBe(true);
  await detail.getByText('Read-only: reading works, every write is refused.').waitFor();
  await expectAccessible(page, 'admin: a user opened');
  await detail.getByRole('radio', { name: 'Restricted' }).check();
  await detail.getByRole('button', { name: 'Save the status' }).click();
  await detail.getByRole('status').filter({ hasText: `@${target.user.username} is now restricted.` }).waitFor();
  expect((await adminUser(target.user.id))!.account_status).toBe('restricted');
  await row(target.user.username).getByText('Restricted').waitFor();
  // A restricted account's write is refused by the service.
  const write = await web.t.app.inject({ method: 'POST', url: '/api/messages', headers: { cookie: target.cookie }, payload: { content: 'blocked' } });
  expect(write.statusCode).toBe(403);

  await detail.getByRole('radio', { name: 'Active' }).check();
  await detail.getByRole('button', { name: 'Save the status' }).click();
  await detail.getByRole('status').filter({ hasText: 'is now active.' }).waitFor();
  expect((await adminUser(target.user.id))!).toMatchObject({ account_status: 'active' });
  await detail.getByRole('button', { name: 'Close' }).click();
  // The focus goes back to the button that opened it.
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(`Manage @${target.user.username}`);

  // Its own status: refused, in words.
  await page.getByLabel('Search users (e-mail, username or display name)').fill(ADMIN.username);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await row(ADMIN.username).getByRole('button', { name: `Manage @${ADMIN.username}` }).click();
  const own = page.getByRole('region', { name: `Manage @${ADMIN.username}` });
  await own.getByRole('radio', { name: 'Suspended' }).check();
  await own.getByRole('button', { name: 'Save the status' }).click();
  const refusal = await own.getByRole('alert').textContent();
  expect(refusal).toMatch(/own/i);
  await expectAccessible(page, 'admin: own status refused');
  await own.getByRole('button', { name: 'Close' }).click();
});

it('purges a user’s content after a dry run that writes nothing', async () => {
  await page.getByLabel('Search users (e-mail, username or display name)').fill(target.user.username);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await row(target.user.username).getByRole('button', { name: `Manage @${target.user.username}` }).click();
  const detail = page.getByRole('region', { name: `Manage @${target.user.username}` });
  const purgeNow = detail.getByRole('button', { name: 'Purge for good' });
  expect(await purgeNow.isDisabled()).toBe(true);
  await detail.getByLabel('Direct messages they sent').uncheck();
  await detail.getByLabel('Reason (kept in the audit record)').fill('Spam from the browser test');
  await detail.getByRole('button', { name: 'Count what a purge would remove' }).click();
  await detail.getByText('A purge would remove 2 messages. Nothing has been removed yet.').waitFor();
  const count = async () => Number((await web.t.db.kysely.selectFrom('messages').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', target.user.id).executeTakeFirstOrThrow()).n);
  expect(await count()).toBe(2);
  await expectAccessible(page, 'admin: purge counted');
  await purgeNow.click();
  await detail.getByRole('status').filter({ hasText: 'Purged: 2 messages removed.' }).waitFor();
  expect(await count()).toBe(0);
  expect(await adminUser(target.user.id)).not.toBeNull();
  await detail.getByRole('button', { name: 'Close' }).click();
});

it('acts on several users at once: status, clearance, verified, delete (asked twice)', async () => {
  await page.getByLabel('Search users (e-mail, username or display name)').fill(`_${tag}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('status').filter({ hasText: `4 found for “_${tag}”` }).waitFor();
  const [one, two] = bulk;
  await page.getByRole('checkbox', { name: `Select @${one.user.username}` }).check();
  await page.getByRole('checkbox', { name: `Select @${two.user.username}` }).check();
  const actions = page.getByRole('region', { name: /^Bulk actions/ });
  await actions.getByRole('heading', { name: 'Bulk actions (2 selected)' }).waitFor();
  await actions.getByLabel('Set the account status of the selected users').selectOption('suspended');
  await actions.getByRole('button', { name: 'Set the status' }).click();
  await actions.getByRole('status').filter({ hasText: '2 set to Suspended.' }).waitFor();
  expect((await adminUser(one.user.id))!.account_status).toBe('suspended');
  expect((await adminUser(two.user.id))!.account_status).toBe('suspended');
  expect((await adminUser(bulk[2].user.id))!.account_status).toBe('probation');
  await expectAccessible(page, 'admin: bulk status set');

  await actions.getByRole('button', { name: 'Switch clearance' }).click();
  await actions.getByRole('status').filter({ hasText: 'Clearance switched for 2.' }).waitFor();
  expect(Boolean((await adminUser(one.user.id))!.cleared)).toBe(true);
  await actions.getByRole('button', { name: 'Mark e-mail verified' }).click();
  await actions.getByRole('status').filter({ hasText: '2 marked verified.' }).waitFor();
  expect(Boolean((await adminUser(two.user.id))!.email_verified)).toBe(true);

  await actions.getByRole('button', { name: 'Delete the selected users…' }).click();
  await actions.getByRole('button', { name: 'Delete 2 users for good' }).click();
  await actions.getByRole('status').filter({ hasText: '2 deleted.' }).waitFor();
  await actions.getByRole('heading', { name: 'Bulk actions (0 selected)' }).waitFor();
  expect(await adminUser(one.user.id)).toBeNull();
  expect(await adminUser(two.user.id)).toBeNull();
  await page.getByRole('status').filter({ hasText: `2 found for “_${tag}”` }).waitFor();
});

it('reads the e-mail log with its filters', async () => {
  await page.getByRole('link', { name: 'E-mail log' }).click();
  await settled(page, 'Administration: E-mail log');
  const table = page.getByRole('region', { name: 'E-mails' });
  await table.getByRole('row').nth(1).waitFor();
  await expectAccessible(page, 'admin: e-mail log');
  await page.getByLabel('Recipient contains').fill(`bulk3.${tag}`);
  await page.getByLabel('Type').fill('verification');
  await page.getByRole('button', { name: 'Show' }).click();
  await page.getByRole('status').filter({ hasText: '(1 in all)' }).waitFor();
  expect(await table.getByRole('row').count()).toBe(2);
  expect(await table.getByRole('row').nth(1).textContent()).toContain(`bulk3.${tag}@example.com`);
});

it('reads the aggregates: the tables and a table’s rows', async () => {
  await page.getByRole('link', { name: 'Aggregates' }).click();
  await settled(page, 'Administration: Aggregates');
  await page.getByLabel(/^Table \(\d+\)$/).selectOption('users');
  await page.getByRole('button', { name: 'Show the rows' }).click();
  const rows = page.getByRole('region', { name: 'users: rows' });
  await rows.getByRole('row').nth(1).waitFor();
  expect(await rows.getByText(`target.${tag}@example.com`).count()).toBe(1);
  await expectAccessible(page, 'admin: aggregates');
});

it('creates a user (refusals in words, what was typed kept) and sets a user’s password, which ends their sessions', async () => {
  await page.getByRole('link', { name: 'Users' }).click();
  await settled(page, 'Administration: Users');
  await page.getByText('Create a user').click();
  const form = page.getByRole('form', { name: 'New user' });
  const email = `made.${tag}@example.com`;
  await form.getByLabel('E-mail address').fill(email);
  // A username in use: refused by the service, in its words; the form keeps what was typed.
  await form.getByLabel('Username').fill(target.user.username);
  await form.getByLabel('Password').fill('a long passphrase');
  await form.getByRole('button', { name: 'Create the user' }).click();
  await form.getByRole('alert').filter({ hasText: /username/i }).waitFor();
  expect(await form.getByLabel('E-mail address').inputValue()).toBe(email);
  await expectAccessible(page, 'admin: new user refused');
  await form.getByLabel('Username').fill(`made_${tag}`);
  await form.getByLabel('Display name (optional)').fill('Made Here');
  await form.getByLabel('Tier').selectOption('subscriber');
  await form.getByLabel(/E-mail already verified/).check();
  await form.getByRole('button', { name: 'Create the user' }).click();
  await form.getByRole('status').filter({ hasText: `@made_${tag} is created.` }).waitFor();
  await row(`made_${tag}`).waitFor();
  const made = await web.t.db.kysely.selectFrom('users').selectAll().where('username', '=', `made_${tag}`).executeTakeFirstOrThrow();
  expect(made).toMatchObject({ email, display_name: 'Made Here', customer_status: 'subscriber' });
  expect(Boolean(made.email_verified)).toBe(true);
  const login = (password: string) => web.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const session = (await login('a long passphrase')).cookies.find((c) => c.name === 'service-session')!;
  const me = () => web.t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `${session.name}=${session.value}` } });
  expect((await me()).statusCode).toBe(200);

  await row(`made_${tag}`).getByRole('button', { name: `Manage @made_${tag}` }).click();
  const detail = page.getByRole('region', { name: `Manage @made_${tag}` });
  await detail.getByLabel(`New password for @made_${tag}`).fill('another long passphrase');
  await detail.getByRole('button', { name: 'Set the password' }).click();
  await detail.getByRole('status').filter({ hasText: `The password of @made_${tag} is set; every session of theirs has ended.` }).waitFor();
  await expectAccessible(page, 'admin: password set');
  expect((await me()).statusCode).toBe(401);
  expect((await login('a long passphrase')).statusCode).toBe(400);
  expect((await login('another long passphrase')).statusCode).toBe(200);
  await detail.getByRole('button', { name: 'Close' }).click();
});

it('works through the reports queue: an open report with its message, resolved with a note, then among the resolved', async () => {
  const author = await registerUser(web.t.app, { username: `author_${tag}`, email: `author.${tag}@example.com` });
  const reporter = await registerUser(web.t.app, { username: `reporter_${tag}`, email: `reporter.${tag}@example.com` });
  const posted = await web.t.app.inject({ method: 'POST', url: '/api/messages', headers: { cookie: author.cookie }, payload: { content: 'Buy cheap pills now' } });
  expect(posted.statusCode, posted.body).toBe(201);
  const messageId = posted.json().data.id;
  const reported = await web.t.app.inject({ method: 'POST', url: `/api/messages/${messageId}/report`, headers: { cookie: reporter.cookie }, payload: { reason: 'spam', detail: 'Same text everywhere' } });
  expect(reported.statusCode, reported.body).toBe(201);

  await page.getByRole('link', { name: 'Reports' }).click();
  await settled(page, 'Administration: Reports');
  const open = page.getByRole('list', { name: 'Open reports' });
  const item = open.getByRole('listitem').filter({ hasText: 'Buy cheap pills now' });
  const { display_name: authorName } = (await adminUser(author.user.id))!;
  await item.getByRole('heading', { name: `Spam: a message by ${authorName} (@author_${tag})` }).waitFor();
  await item.getByText('Their words: Same text everywhere').waitFor();
  expect(await item.getByRole('link', { name: 'The message' }).getAttribute('href')).toBe(`/messages/${messageId}`);
  await expectAccessible(page, 'admin: open reports');
  await item.getByLabel('Note (optional)').fill('Author suspended');
  await item.getByRole('button', { name: `Resolve the report of the message by @author_${tag}` }).click();
  await expect.poll(() => open.getByText('Buy cheap pills now').count()).toBe(0);
  const stored = await web.t.db.kysely.selectFrom('message_reports').selectAll().where('message_id', '=', messageId).executeTakeFirstOrThrow();
  expect(stored).toMatchObject({ status: 'resolved', note: 'Author suspended' });

  await page.getByLabel('Show').selectOption('resolved');
  const resolved = page.getByRole('list', { name: 'Resolved reports' }).getByRole('listitem').filter({ hasText: 'Buy cheap pills now' });
  await resolved.getByText(/^Resolved on .*: Author suspended$/).waitFor();
  await expectAccessible(page, 'admin: resolved reports');
});
