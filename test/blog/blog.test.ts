import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_WINDOW_MS } from '../../src/features/blog/delivery.js';
import { runDueJobs } from '../../src/runtime/jobs/execute.js';
import { createTestApp, registerUser, setUserFields, uniqueName, type TestApp } from '../helpers/app.js';
import { call, writer } from '../documents/helpers.js';
import type { SignedIn } from '../users/fixtures.js';

// A user's blog through the HTTP API with the real SMTP server on loopback: the Atom feed (parsed
// as XML), markdown rendered with raw HTML removed, double opt-in, the blog_post e-mails folded
// within the hour (time driven through the app's clock and the job runner), one-click
// unsubscribe, unknown users, rate limits, and subscriptions going with the author's account.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'entry' || name === 'link' });
let addressSeq = 0;
/** Each request from its own client address, so the per-address limit is only met where a test means it. */
const freshIp = () => `127.0.${Math.floor(++addressSeq / 250)}.${(addressSeq % 250) + 1}`;

async function settle(): Promise<void> {
  const { events, jobs } = t.app.ctx;
  await events.idle();
  await jobs.idle();
  await events.idle();
}

async function publish(who: SignedIn, title: string, content = `# ${title}\n\nBody of ${title}.`, isPublic = true): Promise<string> {
  const res = await call(t, who, 'POST', '/api/documents', { title, content, isPublic });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().document.id as string;
}

function subscribe(username: string, email: string, remoteAddress = freshIp()) {
  return t.app.inject({ method: 'POST', url: `/api/users/${username}/subscribe`, payload: { email }, remoteAddress });
}

const confirm = (token: string) => t.app.inject({ method: 'POST', url: '/api/blog-subscriptions/confirm', payload: { token } });

/** The token of the newest confirmation link sent to `email`. */
function confirmToken(email: string): string {
  const mails = t.smtp.to(email);
  const m = /http:\/\/localhost:3000\/blog-subscription\?token=([0-9a-f]+)/.exec(mails[mails.length - 1]?.text ?? '');
  if (!m) throw new Error(`no confirmation link to ${email}`);
  return m[1];
}

/** A confirmed subscriber of `author`'s blog. */
async function subscribed(author: SignedIn): Promise<string> {
  const email = `${uniqueName('reader')}@example.org`;
  expect((await subscribe(author.user.username, email)).statusCode).toBe(202);
  expect((await confirm(confirmToken(email))).statusCode).toBe(200);
  return email;
}

const header = (raw: string, name: string) => {
  const unfolded = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(unfolded)?.[1];
};
const posts = (email: string) => t.smtp.to(email).filter((m) => !m.text.includes('/blog-subscription?token='));

describe('GET /api/users/{username}/feed.atom', () => {
  it('is an Atom feed of the 20 newest public documents: title, link, updated, content as HTML', async () => {
    const author = await writer(t);
    const ids: string[] = [];
    for (let i = 0; i < 22; i++) {
      ids.push(await publish(author, `Post ${i}`, `Paragraph with **bold ${i}** and a [link](https://example.org/${i}).`));
      t.clock.advance(1000);
    }
    await publish(author, 'Private notes', 'not for the feed', false);
    const gone = await publish(author, 'Deleted post');
    expect((await call(t, author, 'DELETE', `/api/documents/${gone}`)).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: `/api/users/${author.user.username}/feed.atom` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/atom\+xml/);
    const doc = xml.parse(res.body);
    const feed = doc.feed;
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.title).toContain(`@${author.user.username}`);
    expect(feed.id).toBe(`http://localhost:3000/api/users/${author.user.username}/feed.atom`);
    expect(feed.entry).toHaveLength(20);
    const titles = feed.entry.map((e: any) => (typeof e.title === 'string' ? e.title : e.title['#text']));
    expect(titles).toEqual(Array.from({ length: 20 }, (_, i) => `Post ${21 - i}`));
    const first = feed.entry[0];
    expect(first.link[0]['@href']).toBe(`http://localhost:3000/api/documents/${ids[21]}`);
    expect(Date.parse(first.updated)).toBeGreaterThan(Date.parse(feed.entry[1].updated));
    const html = typeof first.content === 'string' ? first.content : first.content['#text'];
    expect(first.content['@type']).toBe('html');
    expect(html).toContain('<strong>bold 21</strong>');
    expect(html).toContain('<a href="https://example.org/21">link</a>');
    expect(res.body).not.toContain('Private notes');
    expect(res.body).not.toContain('Deleted post');
    // The documents read by the link are the public ones the API answers to anyone.
    expect((await t.app.inject({ method: 'GET', url: `/api/documents/${ids[21]}` })).statusCode).not.toBe(404);
  });

  it('removes raw HTML and script links from the markdown: a <script> never appears', async () => {
    const author = await writer(t);
    await publish(author, 'Hostile', 'Hi <script>alert(1)</script> <img src=x onerror="alert(2)">\n\n<script>\nalert(3)\n</script>\n\n[click](javascript:alert(4)) *fine*');
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${author.user.username}/feed.atom` });
    expect(res.statusCode).toBe(200);
    const entry = xml.parse(res.body).feed.entry[0];
    const html: string = typeof entry.content === 'string' ? entry.content : entry.content['#text'];
    expect(html).toContain('<em>fine</em>');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain('&lt;script&gt;');
    expect(res.body).not.toMatch(/<script/i);
  });

  it('a user without public documents has an empty feed; an unknown user is 404 user_not_found', async () => {
    const author = await writer(t);
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${author.user.username}/feed.atom` });
    expect(res.statusCode).toBe(200);
    expect(xml.parse(res.body).feed.entry).toBeUndefined();
    const missing = await t.app.inject({ method: 'GET', url: '/api/users/nobody_here_at_all/feed.atom' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'user_not_found', code: 'user_not_found' });
  });
});

describe('subscribing (double opt-in)', () => {
  it('202 with the same text for a new and a known address; the confirmation e-mail; nothing is sent before confirmation', async () => {
    const author = await writer(t);
    const email = `${uniqueName('r')}@example.org`;
    const first = await subscribe(author.user.username, email);
    expect(first.statusCode, first.body).toBe(202);
    const mails = t.smtp.to(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/http:\/\/localhost:3000\/blog-subscription\?token=[0-9a-f]{64}/);
    const log = await t.db.kysely.selectFrom('email_logs').select(['email_type', 'status']).where('recipient', '=', email).execute();
    expect(log).toEqual([{ email_type: 'blog_subscription_confirm', status: 'sent' }]);
    const stale = confirmToken(email);
    // Only the token's hash is stored.
    const row = await t.db.kysely.selectFrom('blog_subscriptions').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(row.token_hash).not.toBe(stale);
    expect(JSON.stringify(row)).not.toContain(stale);

    // Not confirmed yet: a new public document sends nothing.
    await publish(author, 'Too early');
    await settle();
    expect(posts(email)).toHaveLength(0);

    // Again, in another case: the same answer, a new link; the earlier one stops working.
    const again = await subscribe(author.user.username, email.toUpperCase());
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    expect(t.smtp.to(email)).toHaveLength(2);
    const fresh = confirmToken(email);
    expect(fresh).not.toBe(stale);
    const bad = await confirm(stale);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_token');

    const ok = await confirm(fresh);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(typeof ok.json().message).toBe('string');
    expect((await confirm(fresh)).statusCode).toBe(400);
    // A confirmed address asking again: the same answer, and no mail.
    const known = await subscribe(author.user.username, email);
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(first.json());
    expect(t.smtp.to(email)).toHaveLength(2);
    expect(await t.db.kysely.selectFrom('blog_subscriptions').select('status').where('author_id', '=', author.user.id).execute()).toEqual([{ status: 'confirmed' }]);
  });

  it('the link expires after 48 hours; the page behind it changes nothing on GET', async () => {
    const author = await writer(t);
    const email = `${uniqueName('r')}@example.org`;
    await subscribe(author.user.username, email);
    const token = confirmToken(email);
    const page = await t.app.inject({ method: 'GET', url: `/blog-subscription?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('data-endpoint="/api/blog-subscriptions/confirm"');
    expect(page.body).not.toContain(token);
    t.clock.advance(48 * 3600_000 + 1);
    expect((await confirm(token)).json().code).toBe('invalid_token');
  });

  it('bad input is 400, an unknown user 404, and nothing is stored', async () => {
    const author = await writer(t);
    for (const payload of [{}, { email: 'not-an-address' }, { email: 'a@example.org', extra: 1 }, { email: 42 }]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/users/${author.user.username}/subscribe`, payload, remoteAddress: freshIp() });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const unknown = await subscribe('nobody_here_at_all', 'x@example.org');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('user_not_found');
    for (const payload of [{}, { token: '' }, { token: 'x'.repeat(300) }]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/blog-subscriptions/confirm', payload })).statusCode).toBe(400);
    }
    expect(await t.db.kysely.selectFrom('blog_subscriptions').select('id').where('author_id', '=', author.user.id).execute()).toEqual([]);
  });

  it('is rate-limited per subscribed address and per client address, with Retry-After', async () => {
    const author = await writer(t);
    const email = `${uniqueName('r')}@example.org`;
    for (let i = 0; i < 3; i++) expect((await subscribe(author.user.username, email)).statusCode).toBe(202);
    const limited = await subscribe(author.user.username, email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(t.smtp.to(email)).toHaveLength(3);

    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await subscribe(author.user.username, `${uniqueName('r')}@example.org`, ip)).statusCode).toBe(202);
    expect((await subscribe(author.user.username, `${uniqueName('r')}@example.org`, ip)).statusCode).toBe(429);
    // An hour later the address may ask again.
    t.clock.advance(3600_000 + 1000);
    expect((await subscribe(author.user.username, email)).statusCode).toBe(202);
  });
});

describe('blog_post e-mails', () => {
  it('the first public document goes out at once; further ones within the hour are folded into one e-mail at its end', async () => {
    const author = await writer(t);
    const [r1, r2] = [await subscribed(author), await subscribed(author)];
    const pending = `${uniqueName('r')}@example.org`;
    await subscribe(author.user.username, pending);

    const a = await publish(author, 'First light');
    await settle();
    for (const r of [r1, r2]) {
      const got = posts(r);
      expect(got).toHaveLength(1);
      expect(got[0].subject).toContain('First light');
      expect(got[0].text).toContain(`http://localhost:3000/api/documents/${a}`);
      expect(header(got[0].raw, 'List-Unsubscribe')).toMatch(/^<http:\/\/localhost:3000\/api\/blog-subscriptions\/unsubscribe\?token=[A-Za-z0-9_.%-]+>$/);
      expect(header(got[0].raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    }
    expect(posts(pending)).toHaveLength(0);

    // Within the hour: a new public document, a private one made public, one made public and then
    // deleted, and a private one: nothing goes out now.
    t.clock.advance(10 * 60_000);
    const b = await publish(author, 'Second');
    const c = await publish(author, 'Third', 'draft', false);
    expect((await call(t, author, 'PATCH', `/api/documents/${c}`, { isPublic: true })).statusCode).toBe(200);
    const d = await publish(author, 'Withdrawn');
    expect((await call(t, author, 'DELETE', `/api/documents/${d}`)).statusCode).toBe(200);
    await publish(author, 'Secret', 'x', false);
    // Editing a document that is already public is not a new post.
    expect((await call(t, author, 'PATCH', `/api/documents/${a}`, { content: 'edited' })).statusCode).toBe(200);
    await settle();
    expect(posts(r1)).toHaveLength(1);
    expect(await runDueJobs(t.app.ctx)).toMatchObject({ claimed: 0 });

    // At the hour's end: one e-mail with both.
    t.clock.advance(BLOG_WINDOW_MS - 10 * 60_000 + 1000);
    expect(await runDueJobs(t.app.ctx)).toMatchObject({ done: 1 });
    for (const r of [r1, r2]) {
      const got = posts(r);
      expect(got).toHaveLength(2);
      expect(got[1].subject).toContain('2 new documents');
      expect(got[1].text).toContain(`/api/documents/${b}`);
      expect(got[1].text).toContain(`/api/documents/${c}`);
      expect(got[1].text).not.toContain('Withdrawn');
      expect(got[1].text).not.toContain('Secret');
      expect(header(got[1].raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    }
    const types = await t.db.kysely.selectFrom('email_logs').select('email_type').where('recipient', '=', r1).execute();
    expect(types.map((x) => x.email_type).sort()).toEqual(['blog_post', 'blog_post', 'blog_subscription_confirm']);

    // A quiet hour later, the next one goes out at once again.
    t.clock.advance(BLOG_WINDOW_MS + 1000);
    await publish(author, 'Fourth');
    await settle();
    expect(posts(r1)).toHaveLength(3);
    expect(posts(r1)[2].subject).toContain('Fourth');
  });

  it('one-click unsubscribe: GET shows a page and changes nothing; POST ends the subscription; forged tokens are 400', async () => {
    const author = await writer(t);
    const [r1, r2] = [await subscribed(author), await subscribed(author)];
    await publish(author, 'Hello');
    await settle();
    const url = new URL(/^<(.*)>$/.exec(header(posts(r1)[0].raw, 'List-Unsubscribe')!)![1]);
    const path = `${url.pathname}${url.search}`;
    expect(posts(r1)[0].text.replace(/\r?\n/g, ' ')).toContain(url.toString());

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post">');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(await t.db.kysely.selectFrom('blog_subscriptions').select('id').where('author_id', '=', author.user.id).execute()).toHaveLength(2);

    const token = url.searchParams.get('token')!;
    const [payload, sig] = token.split('.');
    for (const bad of [`${payload}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`, payload, 'x', `${Buffer.from('{"b":"other"}').toString('base64url')}.${sig}`]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/blog-subscriptions/unsubscribe?token=${encodeURIComponent(bad)}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('invalid_token');
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/blog-subscriptions/unsubscribe' })).statusCode).toBe(400);

    const res = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(res.statusCode, res.body).toBe(200);
    expect(typeof res.json().message).toBe('string');
    // Twice is fine; the page's own form gets HTML.
    const html = await t.app.inject({ method: 'POST', url: path, headers: { accept: 'text/html' } });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);

    t.clock.advance(BLOG_WINDOW_MS + 1000);
    await publish(author, 'After');
    await settle();
    expect(posts(r1)).toHaveLength(1);
    expect(posts(r2)).toHaveLength(2);
  });

  it('subscriptions go with the author’s account', async () => {
    const reg = await registerUser(t.app, {});
    await setUserFields(t.db, reg.user.id, { account_status: 'active', customer_status: 'subscriber', email_verified: true });
    const author = { user: { ...reg.user, username: reg.user.username }, cookie: reg.cookie, bearer: '' } as unknown as SignedIn;
    const res = await t.app.inject({ method: 'POST', url: '/api/documents', headers: { cookie: reg.cookie }, payload: { title: 'Mine', content: 'x', isPublic: true } });
    expect(res.statusCode, res.body).toBe(201);
    await subscribed(author);
    await settle();
    expect(await t.db.kysely.selectFrom('blog_subscriptions').select('id').where('author_id', '=', reg.user.id).execute()).toHaveLength(1);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/user', headers: { cookie: reg.cookie }, payload: { password: reg.password } });
    expect(del.statusCode, del.body).toBe(200);
    expect(await t.db.kysely.selectFrom('blog_subscriptions').select('id').where('author_id', '=', reg.user.id).execute()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${reg.user.username}/feed.atom` })).statusCode).toBe(404);
  });
});
