import type { Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { setUserFields, uniqueName } from '../helpers/app.js';
import { call, follows, member, post, type Member } from '../messages/helpers.js';
import { BROWSER_HOOK_TIMEOUT, BROWSER_TEST_TIMEOUT, expectAccessible, settled, startWeb, type WebHarness } from './browser-support.js';

// The web client in headless Chromium, by the keyboard where a person would type: register (the
// probation notice in words), sign out, sign in (a wrong password's error in words), then the home
// feed with the composer: post with a tag, dig, push, reply on the message's page, delete, and a
// followed account's new post appearing without a reload. axe on every screen, both schemes.

// The steps share one page, in order: each is a test of its own so a failure names its flow.

let web: WebHarness;
let page: Page;
let problems: string[];
const username = uniqueName('web');
const email = `${username}@example.com`;
const password = 'correct horse battery';
let user: { id: string; username: string };
const text = `First post 🌱 from the browser ${username}`;
let created: { id: string };

beforeAll(async () => {
  web = await startWeb();
}, BROWSER_HOOK_TIMEOUT);
afterAll(async () => web?.close());
afterEach(() => expect(problems ?? []).toEqual([]));
vi.setConfig({ testTimeout: BROWSER_TEST_TIMEOUT });

const PROBATION = 'Your account is new and in probation until you verify your e-mail address';
const mine = () => page.getByRole('article').filter({ hasText: text });

it('signed out, / is the public feed; the skip link comes first and leads to the content', async () => {
  // Chromium starts in a test, not a hook: without it this fails rather than skips.
  ({ page, problems } = await web.open());
  // Signed out, `/` is the public feed with the way in.
  await page.goto('/');
  await settled(page, 'Public messages');
  await expectAccessible(page, 'public feed');
  // The skip link is the first stop of the keyboard and leads to the content.
  await page.keyboard.press('Tab');
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');

});

it('registers by the keyboard alone, and the probation notice says what it means', async () => {
  await page.getByRole('link', { name: 'Register' }).first().click();
  await settled(page, 'Create an account');
  // Focus moved to the new screen's heading.
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
  await expectAccessible(page, 'register');
  await page.getByLabel('E-mail address').focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(`Web ${username}`);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await settled(page, 'Home');
  await expect.poll(() => page.getByRole('status').filter({ hasText: PROBATION }).count()).toBe(1);
  await expectAccessible(page, 'home in probation');
  user = (await (await page.request.get('/api/user')).json()).user;
  expect(user.username).toBe(username);
});

it('signs out (the session ends) and in (a wrong password said in words)', async () => {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await settled(page, 'Public messages');
  expect((await page.request.get('/api/user')).status()).toBe(401);

  // Sign in: a wrong password is said in words; the right one opens the home feed.
  await page.getByRole('link', { name: 'Sign in' }).first().click();
  await settled(page, 'Sign in');
  await expectAccessible(page, 'sign in');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByLabel('Password').press('Enter');
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid email or password');
  await expectAccessible(page, 'sign in with an error');
  // Out of probation (as after verifying), for the rest of the flows.
  await setUserFields(web.t.db, user.id, { account_status: 'active', email_verified: true });
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await settled(page, 'Home');
  expect(await page.getByText(PROBATION).count()).toBe(0);
});

it('posts with tags, counts by the service’s rule, digs and pushes', async () => {
  // The count is the service's own (code points: the emoji is one).
  await page.getByLabel('What is new?').fill(text);
  await expect.poll(() => page.getByText(`${[...text].length} of 666 characters`).count()).toBe(1);
  await page.getByLabel('Tags (separated by spaces)').fill('#webtest garden');
  await page.getByRole('button', { name: 'Post' }).click();
  await mine().waitFor();
  expect(await mine().getByRole('link', { name: '#webtest' }).count()).toBe(1);
  expect(await page.getByLabel('What is new?').inputValue()).toBe('');
  [created] = (await (await page.request.get('/api/messages?onlyMine=true')).json()).messages;
  expect(created).toMatchObject({ content: text, tags: ['webtest', 'garden'] });

  // Over the account's length: said beside the box, and Post is disabled.
  await page.getByLabel('What is new?').fill('x'.repeat(670));
  await expect.poll(() => page.getByText('670 of 666 characters: 4 too many').count()).toBe(1);
  expect(await page.getByRole('button', { name: 'Post' }).isDisabled()).toBe(true);
  await page.getByLabel('What is new?').fill('');

  // Dig, and take it back.
  await mine().getByRole('button', { name: 'Dig (0)' }).click();
  await mine().getByRole('button', { name: 'Dig (1)', pressed: true }).waitFor();
  expect((await (await page.request.get(`/api/messages/${created.id}`)).json()).digCount).toBe(1);
  await mine().getByRole('button', { name: 'Dig (1)' }).click();
  await mine().getByRole('button', { name: 'Dig (0)', pressed: false }).waitFor();

  // Push: a repost appears at the top of the feed.
  await mine().getByRole('button', { name: 'Push' }).click();
  await page.getByRole('article').first().getByText(`Pushed from`).waitFor();
  await expectAccessible(page, 'home with posts');
});

it('replies on the message’s page, and deletes a post of one’s own', async () => {
  // Focus goes to the message page's heading.
  // The repost shows the original's text too: the original is the older, lower one.
  await mine().last().getByRole('link', { name: 'Reply' }).click();
  await settled(page, `Message by Web ${username}`);
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
  expect(new URL(page.url()).pathname).toBe(`/messages/${created.id}`);
  await page.getByLabel('Your reply').fill('A reply from the browser');
  await page.getByRole('button', { name: 'Reply', exact: true }).click();
  await page.getByRole('region', { name: 'Replies' }).getByText('A reply from the browser').waitFor();
  await expectAccessible(page, 'message with a reply');
  const replies = await (await page.request.get(`/api/messages/${created.id}/replies`)).json();
  expect(replies.map((r: { content: string }) => r.content)).toEqual(['A reply from the browser']);

  // Back, then delete a post of one's own (asked twice).
  await page.goBack();
  await settled(page, 'Home');
  await page.getByLabel('What is new?').fill(`to delete ${username}`);
  await page.getByRole('button', { name: 'Post' }).click();
  const victim = page.getByRole('article').filter({ hasText: `to delete ${username}` });
  await victim.getByRole('button', { name: 'Delete' }).click();
  await victim.getByRole('button', { name: 'Delete for good' }).click();
  await victim.waitFor({ state: 'detached' });
  const left = (await (await page.request.get('/api/messages?onlyMine=true')).json()).messages.map((m: { content: string }) => m.content);
  expect(left).not.toContain(`to delete ${username}`);

});

it('shows a followed account’s new post and a new notification without a reload, told by the event stream', async () => {
  // Signed in, the client listens on the event stream and does not poll: nothing is fetched again
  // while nothing happens (the poll stood in every 5 s).
  const streams: string[] = [];
  const refetches: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/events/stream') streams.push(r.headers()['accept']);
    else if (url.pathname === '/api/messages' || url.pathname === '/api/notifications') refetches.push(url.pathname);
  });
  await page.reload();
  await settled(page, 'Home');
  await expect.poll(() => streams).toEqual(['text/event-stream']);
  refetches.length = 0;
  await page.waitForTimeout(6_500);
  expect(refetches).toEqual([]);

  const friend = await member(web.t);
  await follows(web.t, { user: { id: user.id } } as Member, friend);
  await post(web.t, friend, { content: `live from a friend ${username}` });
  await page.getByRole('article').filter({ hasText: `live from a friend ${username}` }).waitFor();
  expect(refetches).toContain('/api/messages');

  // The friend follows back: a notification, and the tray's count appears in the header.
  expect((await call(web.t, friend, 'POST', `/api/users/${username}/follow`)).statusCode).toBe(200);
  await page.getByRole('link', { name: /Notifications\s*1 unread/ }).waitFor();
  expect(streams).toEqual(['text/event-stream']);
});

it('asks for the home feed while the session is still on its way, and shows that page once it answers', async () => {
  // On a slow phone each round trip counts: the feed's first page is asked for at boot beside the
  // session, not after the session and then the screen's code in turn; and the home screen uses
  // that answer rather than asking again.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route('**/api/user', async (route) => {
    asked.push('session');
    await held;
    await route.continue();
  });
  const onRequest = (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/messages') asked.push(`feed ${url.search}`);
  };
  page.on('request', onRequest);
  try {
    await page.goto('/');
    await expect.poll(() => [...asked].sort()).toEqual(['feed ?limit=20&offset=0', 'session']);
    release();
    await settled(page, 'Home');
    await page.getByRole('article').filter({ hasText: `live from a friend ${username}` }).waitFor();
    expect(asked.filter((a) => a.startsWith('feed'))).toEqual(['feed ?limit=20&offset=0']);
  } finally {
    release();
    page.off('request', onRequest);
    await page.unroute('**/api/user');
  }
});
