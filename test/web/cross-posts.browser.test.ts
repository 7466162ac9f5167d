import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { upsertIdentity } from '../../src/features/identities/credentials.js';
import { newId } from '../../src/lib/ids.js';
import { NetworkCPosts } from '../helpers/networks/network-c-posts.js';
import { subscriber, type Member } from '../messages/helpers.js';
import { BROWSER_HOOK_TIMEOUT, BROWSER_TEST_TIMEOUT, expectAccessible, settled, signInWith, startWeb, type WebHarness } from './browser-support.js';

// Cross-posting to networkC from the composer, in headless Chromium, against the networkC posting
// stand-in (test/helpers/networks, on 127.0.0.2): the authors one may post as
// (GET /api/user/networkC/targets), an organization page chosen, the link put in a first comment;
// then a delivery the network refused, shown on the message's page and tried again there
// (POST /api/messages/{id}/cross-posts/retry) until it is delivered. axe on every state.

const c = new NetworkCPosts();
let web: WebHarness;
let page: Page;
let problems: string[] = [];
let me: Member;
let orgTarget: string;

beforeAll(async () => {
  await c.start();
  web = await startWeb({
    env: { ALLOWED_PRIVATE_ADDRESSES: '127.0.0.2/32', NETWORKC_API_URL: c.url, NETWORKC_AUTH_URL: c.url, NETWORKC_API_VERSION: c.version, OUTBOUND_FETCH_TIMEOUT_MS: '5000' },
  });
  me = await subscriber(web.t, { email_verified: true });
  const token = 'c-SECRET-web';
  c.tokens.add(token);
  const person = `p${me.user.id.replace(/-/g, '')}`;
  c.authors.add(`urn:li:person:${person}`).add('urn:li:organization:77');
  const identity = await upsertIdentity(web.t.app.ctx, {
    userId: me.user.id,
    provider: 'networkC',
    providerUserId: person,
    handle: me.user.username,
    tokens: { accessToken: token, refreshToken: null, expiresAt: null, scopes: null },
  });
  const now = web.t.clock.now().toISOString();
  orgTarget = newId();
  await web.t.db.kysely
    .insertInto('network_c_targets')
    .values([
      { id: newId(), user_id: me.user.id, identity_id: identity.id, kind: 'person', external_id: `urn:li:person:${person}`, name: 'Me myself', created_at: now },
      { id: orgTarget, user_id: me.user.id, identity_id: identity.id, kind: 'organization', external_id: 'urn:li:organization:77', name: 'Seed Library', created_at: now },
    ])
    .execute();
}, BROWSER_HOOK_TIMEOUT);
afterAll(async () => {
  await web?.close();
  await c.stop();
});
afterEach(() => expect(problems).toEqual([]));
vi.setConfig({ testTimeout: BROWSER_TEST_TIMEOUT });

const openOptions = async () => {
  await page.goto('/');
  await settled(page, 'Home');
  await page.getByRole('button', { name: /^More options/ }).click();
  await page.getByLabel(`networkC (professional network): ${me.user.username}`).check();
};

it('posts to networkC as a chosen organization page, with the link in a first comment', async () => {
  ({ page, problems } = await web.open());
  await signInWith(page, web.base, me.cookie);
  await openOptions();
  const options = page.getByRole('group', { name: 'networkC options' });
  await options.getByLabel('Seed Library (organization page)').check();
  await options.getByLabel('Put the message’s link in a first comment instead of the post').check();
  expect(await options.getByLabel('Me myself (you)').isChecked()).toBe(false);
  await expectAccessible(page, 'composer with networkC options');
  await page.getByLabel('What is new?').fill('Seed swap on Saturday https://example.org/swap see you');
  await page.getByRole('button', { name: 'Post' }).click();
  // Delivered within the request, or still on its way when the machine is slow: the post says which.
  await page.getByRole('status').filter({ hasText: /networkC: (delivered|on its way)\./ }).waitFor();
  await expect.poll(() => c.comments.length).toBe(1);
  const made = [...c.posts.values()].at(-1)!;
  expect(made).toMatchObject({ author: 'urn:li:organization:77', commentary: 'Seed swap on Saturday see you' });
  expect(c.comments.at(-1)).toEqual({ post: made.urn, actor: 'urn:li:organization:77', text: 'https://example.org/swap' });
});

it('shows a refused delivery on the message’s page and tries it again there', async () => {
  c.fail('post', { status: 400, json: { message: 'try later' } });
  await openOptions();
  await page.getByLabel('What is new?').fill('Bulb planting tips');
  await page.getByRole('button', { name: 'Post' }).click();
  await page.getByRole('status').filter({ hasText: /networkC: failed/ }).waitFor();
  const id = (await (await page.request.get('/api/messages?onlyMine=true&limit=1')).json()).messages[0].id as string;
  await page.goto(`/messages/${id}`);
  await settled(page, /^Message by /);
  const panel = page.getByRole('region', { name: 'Also posted to' });
  await panel.getByText(/^networkC \(professional network\): failed after 1 attempt/).waitFor();
  await expectAccessible(page, 'a message with a failed delivery');
  c.clearFailures();
  await panel.getByRole('button', { name: 'Try the failed one again' }).click();
  await panel.getByRole('status').filter({ hasText: 'Trying 1 delivery again.' }).waitFor();
  await expect
    .poll(async () => {
      await panel.getByRole('button', { name: 'Check again' }).click();
      return panel.getByRole('listitem').innerText();
    })
    .toBe('networkC (professional network): delivered (see it there)');
  expect(await panel.getByRole('link', { name: 'see it there' }).getAttribute('href')).toContain('/feed/update/urn:li:share:');
  expect([...c.posts.values()].filter((p) => p.commentary === 'Bulb planting tips')).toHaveLength(1);
  expect(await panel.getByRole('button', { name: /^Try the failed/ }).count()).toBe(0);
});
