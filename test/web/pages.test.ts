import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURES } from '../../src/features/index.js';
import { WEB_DIST, webModule } from '../../src/features/web/module.js';
import { CLIENT_PATHS, matchClientPath } from '../../src/features/web/paths.js';
import { NOT_BUILT_TEXT, NOT_FOUND_TEXT } from '../../src/features/web/routes.js';
import { screenModule, WEB_CSP } from '../../src/features/web/shell.js';
import { buildApp } from '../../src/app.js';
import { createTestApp, testPasswords, type TestApp } from '../helpers/app.js';
import { ensureWebBuild } from '../helpers/web-build.js';
import { call, member, post, type Member } from '../messages/helpers.js';
import { makeDocument, makeLink, makeList, makeRow, verified } from '../share-links/support.js';

// The web client's pages as the server sends them (CONTRACT.md, "The web client"): every client
// path opens the shell, a path that names nothing and an item the requester may not read give one
// and the same 404 page, public pages carry their head and readable text (escaped), the assets are
// hashed, long-cached and pre-compressed, /api/… stays the API's, and without a build the HTML
// paths say how to build it while the API works.

let t: TestApp;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  await ensureWebBuild();
  t = await createTestApp({ smtp: false, env: { PUBLIC_URL: 'https://social.example' } });
  alice = await member(t);
  bob = await member(t);
});
afterAll(async () => t?.close());

const get = (url: string, who: Member | null = null, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) } });

/** The page's head: title and every meta element's name or property with its content. */
function head(html: string): Record<string, string | undefined> {
  const metas = Object.fromEntries([...html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g)].map((m) => [m[1], m[2]]));
  return { title: /<title>([^<]*)<\/title>/.exec(html)?.[1], ...metas };
}

function expectClientPage(res: LightMyRequestResponse, status = 200) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['content-security-policy']).toBe(WEB_CSP);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  // No inline script: every script element loads a file of this origin.
  const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attrs, text] of scripts) {
    expect(attrs).toMatch(/src="\/client\/[\w-]+\.js"/);
    expect(text).toBe('');
  }
  expect(res.body).not.toMatch(/\sstyle=|\son[a-z]+=/i);
  return res.body;
}

describe('the paths of the contract', () => {
  it('every client path without an item opens the shell, signed in or out, with or without a trailing slash', async () => {
    for (const path of CLIENT_PATHS.filter((p) => !('item' in p))) {
      const url = path.pattern.replace(':part', 'profile');
      expectClientPage(await get(url));
      expectClientPage(await get(url, alice));
      if (url !== '/') expectClientPage(await get(`${url}/`));
    }
  });

  it('the path table: literal segments, one decoded parameter, nothing else', () => {
    expect(matchClientPath('/')?.path.screen).toBe('home');
    expect(matchClientPath('/messages/abc')).toMatchObject({ path: { screen: 'message' }, param: 'abc' });
    expect(matchClientPath('/tags/caf%C3%A9')?.param).toBe('café');
    expect(matchClientPath('/tags/%E0%A4%A')).toBeNull();
    expect(matchClientPath('/messages')).toBeNull();
    expect(matchClientPath('/messages/a/b')).toBeNull();
    expect(matchClientPath('/settings/sessions')?.path.screen).toBe('settings');
    expect(matchClientPath('/nothing')).toBeNull();
  });

  it('/api/…, /api-docs and /metrics stay the API’s; the e-mail pages stay and lead into the app', async () => {
    const api = await get('/api/nope');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Route GET /api/nope not found', code: 'not_found' });
    expect((await get('/api/health')).json()).toEqual({ status: 'ok' });
    const metrics = await get('/metrics');
    expect(metrics.json()).toEqual({ error: 'Route GET /metrics not found', code: 'not_found' });
    const docs = await get('/api-docs/nothing-here');
    expect(docs.headers['content-type']).toMatch(/application\/json/);
    const verify = await get('/verify-email?token=x');
    expect(verify.statusCode).toBe(200);
    expect(verify.body).toContain('<h1>Verify your e-mail address</h1>');
    expect(verify.body).toContain('<a href="/">Open Social Lists</a>');
  });
});

describe('the one 404 page', () => {
  it('a path that names nothing and every item the requester may not read get the same page, status and text', async () => {
    const hidden = await post(t, alice, { content: 'followers only', publiclyVisible: false });
    const gone = await post(t, alice, { content: 'soon gone' });
    expect((await call(t, alice, 'DELETE', `/api/messages/${gone.id}`)).statusCode).toBe(200);
    const owner = await verified(t);
    const listId = await makeList(t, owner);
    const doc = await makeDocument(t, owner);
    const reference = await get('/no/such/page');
    expectClientPage(reference, 404);
    expect(reference.body).toContain(NOT_FOUND_TEXT);
    expect(reference.body).toContain('<body data-status="404">');
    const cases: [string, Member | null][] = [
      ['/nothing', null],
      [`/messages/${randomUUID()}`, null],
      ['/messages/not-an-id', alice],
      [`/messages/${hidden.id}`, null],
      [`/messages/${hidden.id}`, bob],
      [`/messages/${gone.id}`, alice],
      ['/users/nobody_here', null],
      ['/s/not-a-token', null],
      [`/lists/${listId}`, null],
      [`/lists/${listId}`, bob],
      [`/documents/${doc.id}`, bob],
      [`/documents/${doc.id}`, null],
      ['/orgs/no-such-org', bob],
      ['/orgs/anything', null],
      [`/tags/${'x'.repeat(51)}`, null],
    ];
    for (const [url, who] of cases) {
      const res = await get(url, who);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(reference.body);
    }
  });

  it('an item its owner (or a collaborator) may read opens, signed in', async () => {
    const hidden = await post(t, alice, { content: 'only mine and my followers' });
    expectClientPage(await get(`/messages/${hidden.id}`, alice));
    const owner = await verified(t);
    const listId = await makeList(t, owner, { title: 'Reading list' });
    const doc = await makeDocument(t, owner, { title: 'Plans' });
    expect(head(expectClientPage(await get(`/lists/${listId}`, owner))).title).toBe('Reading list · Social Lists');
    expect(head(expectClientPage(await get(`/documents/${doc.id}`, owner))).title).toBe('Plans · Social Lists');
  });
});

describe('public pages: head and readable text from the server', () => {
  it('a public message: title, description, Open Graph, its text and replies, all escaped', async () => {
    const content = 'Hello <script>alert("x")</script> & “friends” #web';
    const message = await post(t, alice, { content, tags: ['web<b>'] });
    await post(t, bob, { content: 'A reply <i>here</i>', parentId: message.id });
    const html = expectClientPage(await get(`/messages/${message.id}`));
    const h = head(html);
    const escaped = 'Hello &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; “friends” #web';
    expect(h.title).toBe(`Display ${alice.user.username} (@${alice.user.username}) · Social Lists`);
    expect(h.description).toBe(escaped);
    expect(h['og:description']).toBe(escaped);
    expect(h['og:type']).toBe('article');
    expect(h['og:url']).toBe(`https://social.example/messages/${message.id}`);
    expect(h['og:title']).toBe(`Display ${alice.user.username} (@${alice.user.username})`);
    expect(html).toContain(`<p class="content">${escaped}</p>`);
    expect(html).toContain('A reply &#60;i&#62;here&#60;/i&#62;');
    expect(html).toContain('<a href="/tags/web%3Cb%3E">#web&#60;b&#62;</a>');
    expect(html).not.toContain('<script>alert');
  });

  it('a private message its author reads has its text but no Open Graph tags', async () => {
    const message = await post(t, alice, { content: 'for followers', publiclyVisible: false });
    const html = expectClientPage(await get(`/messages/${message.id}`, alice));
    expect(html).toContain('for followers');
    expect(head(html)['og:title']).toBeUndefined();
  });

  it('a profile and a tag', async () => {
    await call(t, bob, 'PATCH', '/api/user', { bio: 'Writes <code> & lists' });
    await post(t, bob, { content: 'tagged post', tags: ['gardening'] });
    const profile = head(expectClientPage(await get(`/users/${bob.user.username}`)));
    expect(profile.title).toBe(`Display ${bob.user.username} (@${bob.user.username}) · Social Lists`);
    expect(profile.description).toBe('Writes &#60;code&#62; &#38; lists');
    expect(profile['og:type']).toBe('profile');
    const tag = expectClientPage(await get('/tags/gardening'));
    expect(head(tag).title).toBe('#gardening · Social Lists');
    expect(tag).toContain('tagged post');
  });

  it('a view link, signed out: the list’s title and rows, not indexed, no Referer', async () => {
    const owner = await verified(t);
    const listId = await makeList(t, owner, { title: 'Books <3' });
    await makeRow(t, owner, listId, { title: 'Dune & sequels' });
    const link = await makeLink(t, owner, 'list', listId);
    const res = await get(`/s/${link.token}`);
    const html = expectClientPage(res);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const h = head(html);
    expect(h.title).toBe('Books &#60;3 · Social Lists');
    expect(h.robots).toBe('noindex, nofollow');
    expect(h['og:title']).toBe('Books &#60;3');
    expect(html).toContain('<td>Dune &#38; sequels</td>');
  });
});

describe('assets', () => {
  it('hashed files with an immutable year of cache, pre-compressed as the browser accepts', async () => {
    const page = await get('/');
    const js = /src="(\/client\/[\w-]+\.js)"/.exec(page.body)![1];
    const css = /href="(\/client\/[\w-]+\.css)"/.exec(page.body)![1];
    const plain = await get(js);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(js, null, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    const gz = await get(css, null, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/^text\/css/);
    // A file that is not there names nothing: the one 404 page, not cached (CONTRACT.md's rule).
    const reference = await get('/no/such/page');
    for (const missing of ['/client/nothing.js', '/client/', '/client/a/b.css', js.replace('.js', '.map')]) {
      const res = await get(missing);
      expectClientPage(res, 404);
      expect(res.body, missing).toBe(reference.body);
    }
  });
});

describe('the first screen’s code', () => {
  const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);

  it('is named in the head for the browser to fetch while it parses: the screen’s chunk and its own imports, each served', async () => {
    const home = preloads((await get('/')).body);
    expect(home.some((href) => /^\/client\/home-[\w-]+\.js$/.test(href))).toBe(true);
    // Not the entry script's own chunk, which the page's script tag loads anyway.
    const entry = /<script type="module"[^>]* src="([^"]+)"/.exec((await get('/')).body)![1];
    expect(home).not.toContain(entry);
    for (const href of home) expect((await get(href)).statusCode, href).toBe(200);
    // Their styles too, fetched without blocking the first paint.
    const styles = [...(await get('/')).body.matchAll(/<link rel="preload" as="style" href="([^"]+)">/g)].map((m) => m[1]);
    expect(styles.some((href) => /^\/client\/message-card-[\w-]+\.css$/.test(href))).toBe(true);
    for (const href of styles) expect((await get(href)).statusCode, href).toBe(200);
    expect(preloads((await get('/lists')).body).some((href) => /^\/client\/lists-[\w-]+\.js$/.test(href))).toBe(true);
    // A page that names nothing preloads the not-found screen.
    expect(preloads((await get('/no/such/page')).body).some((href) => /^\/client\/not-found-[\w-]+\.js$/.test(href))).toBe(true);
  });

  it('is found for every screen of the path table in the build’s manifest', async () => {
    const manifest = JSON.parse(readFileSync(join(WEB_DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, unknown>;
    const screens = new Set([...CLIENT_PATHS.map((p) => p.screen), 'notFound' as const]);
    for (const screen of screens) expect(manifest, screen).toHaveProperty([screenModule(screen)]);
  });
});

describe('without a build', () => {
  it('the HTML paths answer 503 naming npm run build:web; the API serves as ever', async () => {
    const modules = [...FEATURES.filter((m) => m.name !== 'web'), webModule('/nonexistent/web-build')];
    const app = await buildApp(t.config, { db: t.db, clock: t.clock, passwords: testPasswords, logger: false, modules });
    try {
      for (const url of ['/', '/login', `/messages/${randomUUID()}`, '/anything']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.body).toContain(NOT_BUILT_TEXT);
      }
      expect(NOT_BUILT_TEXT).toContain('npm run build:web');
      expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
      expect((await app.inject({ method: 'GET', url: '/api/nope' })).json()).toEqual({ error: 'Route GET /api/nope not found', code: 'not_found' });
    } finally {
      await app.close();
    }
  });
});
