import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { PAGE_CSP } from '../../src/http/pages/routes.js';
import { toBool } from '../../src/db/dialect.js';
import { createTestApp, registerUser, type TestApp } from '../helpers/app.js';

// The pages behind the links in e-mails: served by the service, static,
// locked down by their headers, never changing anything on GET, and kept out of the OpenAPI
// document. WEB_URL moves the links in e-mails to a separate web client.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const PAGES = [
  { path: '/verify-email', title: 'Verify your e-mail address', endpoint: '/api/auth/verify-email' },
  { path: '/reset-password', title: 'Choose a new password', endpoint: '/api/auth/reset-password' },
  { path: '/verify-email-change', title: 'Confirm your new e-mail address', endpoint: '/api/auth/verify-email-change' },
  { path: '/blog-subscription', title: 'Confirm your blog subscription', endpoint: '/api/blog-subscriptions/confirm' },
] as const;

const TOKEN = 'a'.repeat(64);

function expectLockedDown(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toBe(PAGE_CSP);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
}

/** The lines of a mail's text body that are links (the body has CRLF line ends on the wire). */
function links(text: string): string[] {
  return text.split(/\r?\n/).filter((line) => /^https?:\/\//.test(line));
}

async function userRow(app: TestApp, id: string) {
  return app.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function tokenRows(app: TestApp, userId: string) {
  return app.db.kysely.selectFrom('email_tokens').selectAll().where('user_id', '=', userId).execute();
}

describe('the CSP itself', () => {
  it('allows nothing from outside the service', () => {
    const directives = Object.fromEntries(PAGE_CSP.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
    expect(directives).toEqual({
      'default-src': ["'none'"],
      'script-src': ["'self'"],
      'style-src': ["'self'"],
      'connect-src': ["'self'"],
      'form-action': ["'self'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
  });
});

describe('GET of the e-mail link pages', () => {
  for (const page of PAGES) {
    it(`${page.path} answers an accessible, locked-down HTML page`, async () => {
      t = await createTestApp({ smtp: false });
      const res = await t.app.inject({ method: 'GET', url: `${page.path}?token=${TOKEN}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expectLockedDown(res.headers);
      expect(res.headers['cache-control']).toBe('no-store');

      const html = res.body;
      expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
      expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(html).toContain(`<title>${page.title} · Social Lists</title>`);
      expect(html).toContain(`<h1>${page.title}</h1>`);
      expect(html).toContain('<p id="status" role="status" aria-live="polite"></p>');
      expect(html).toContain(`data-endpoint="${page.endpoint}"`);
      // The script and the style sheet come from the service itself; nothing else is loaded.
      expect(html).toContain('<script src="/assets/email-link.js" defer></script>');
      expect(html).toContain('<link rel="stylesheet" href="/assets/email-link.css">');
      expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
      expect(html).not.toMatch(/<script>|<style>|\sstyle="|\son[a-z]+="/); // nothing inline for the CSP to refuse
      // The token is not in the page.
      expect(html).not.toContain(TOKEN);
    });
  }

  it('the reset page labels both password fields and states the minimum length', async () => {
    t = await createTestApp({ smtp: false });
    const html = (await t.app.inject({ method: 'GET', url: '/reset-password?token=x' })).body;
    expect(html).toContain('<label for="password">New password</label>');
    expect(html).toMatch(/<input id="password" [^>]*type="password" autocomplete="new-password" minlength="8"[^>]*aria-describedby="password-hint">/);
    expect(html).toContain('<p id="password-hint" class="hint">At least 8 characters.</p>');
    expect(html).toContain('<label for="confirm">Repeat the new password</label>');
    expect(html).toMatch(/<input id="confirm" [^>]*type="password"/);
    expect(html).toContain('<button type="submit">Save the new password</button>');
  });

  it('never writes the token into the page, whatever it holds', async () => {
    t = await createTestApp({ smtp: false });
    const evil = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
    for (const page of PAGES) {
      const res = await t.app.inject({ method: 'GET', url: `${page.path}?token=${encodeURIComponent(evil)}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('alert(');
      expect(res.body).not.toContain('<img');
      // The same page as without any token: it is static.
      const bare = await t.app.inject({ method: 'GET', url: page.path });
      expect(bare.statusCode).toBe(200);
      expect(res.body).toBe(bare.body);
    }
  });

  it('serves its script and style sheet with the same headers, and nothing else under those names', async () => {
    t = await createTestApp({ smtp: false });
    const js = await t.app.inject({ method: 'GET', url: '/assets/email-link.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expectLockedDown(js.headers);
    expect(js.headers['cache-control']).toBe('no-cache');
    expect(js.body).toContain("new URLSearchParams(location.search).get('token')");
    expect(js.body).toContain("credentials: 'omit'");
    expect(js.body).not.toContain('innerHTML');

    const css = await t.app.inject({ method: 'GET', url: '/assets/email-link.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expectLockedDown(css.headers);
    expect(css.body).not.toMatch(/@import|url\(/);

    const other = await t.app.inject({ method: 'GET', url: '/assets/other.js' });
    expect(other.statusCode).toBe(404);
  });

  it('the pages take GET only: a POST to a page path is 404, not an API call', async () => {
    t = await createTestApp();
    const { user } = await registerUser(t.app);
    const token = t.smtp.tokenFrom(user.email, '/verify-email');
    const res = await t.app.inject({ method: 'POST', url: '/verify-email', payload: { token } });
    expect(res.statusCode).toBe(404);
    expect((await userRow(t, user.id)).email_verified).toBeFalsy();
  });
});

describe('opening a link changes nothing; the token still works afterwards', () => {
  it('verify-email: GET and HEAD leave the account unverified; the POST then verifies it', async () => {
    t = await createTestApp();
    const { user, cookie } = await registerUser(t.app);
    const token = t.smtp.tokenFrom(user.email, '/verify-email');

    for (const method of ['GET', 'HEAD', 'GET'] as const) {
      const res = await t.app.inject({ method, url: `/verify-email?token=${token}` });
      expect(res.statusCode).toBe(200);
    }
    const before = await userRow(t, user.id);
    expect(toBool(before.email_verified)).toBe(false);
    expect(before.account_status).toBe('probation');
    const tokens = await tokenRows(t, user.id);
    expect(tokens).toHaveLength(1);
    expect(tokens[0].used_at).toBeNull();

    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email verified successfully' });
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.json().user.emailVerified).toBe(true);
    expect((await userRow(t, user.id)).account_status).toBe('active');
  });

  it('reset-password: GET leaves the password as it was; the POST then sets the new one', async () => {
    t = await createTestApp();
    const { user, password } = await registerUser(t.app);
    const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    expect(forgot.statusCode).toBe(200);
    const token = t.smtp.tokenFrom(user.email, '/reset-password');
    const hashBefore = (await userRow(t, user.id)).password_hash;

    const page = await t.app.inject({ method: 'GET', url: `/reset-password?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect((await userRow(t, user.id)).password_hash).toBe(hashBefore);
    const reset = (await tokenRows(t, user.id)).filter((r) => r.purpose === 'reset_password');
    expect(reset).toHaveLength(1);
    expect(reset[0].used_at).toBeNull();
    const old = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password } });
    expect(old.statusCode).toBe(200);

    const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'a brand new secret' } });
    expect(res.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'a brand new secret' } });
    expect(login.statusCode).toBe(200);
  });

  it('verify-email-change: GET leaves the address as it was; the POST then moves it', async () => {
    t = await createTestApp();
    const { user, cookie } = await registerUser(t.app);
    const newEmail = `new-${user.email}`;
    const change = await t.app.inject({ method: 'POST', url: '/api/user/email', headers: { cookie }, payload: { email: newEmail } });
    expect(change.statusCode).toBe(200);
    const token = t.smtp.tokenFrom(newEmail, '/verify-email-change');

    const page = await t.app.inject({ method: 'GET', url: `/verify-email-change?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect((await userRow(t, user.id)).email).toBe(user.email);
    expect((await tokenRows(t, user.id)).find((r) => r.purpose === 'email_change')?.used_at).toBeNull();

    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email-change', payload: { token } });
    expect(res.statusCode).toBe(200);
    const after = await userRow(t, user.id);
    expect(after.email).toBe(newEmail);
    expect(toBool(after.email_verified)).toBe(true);
  });
});

describe('WEB_URL', () => {
  it('is optional, must be an http(s) URL, and loses a trailing slash', () => {
    expect(loadConfig({}).webUrl).toBeNull();
    expect(loadConfig({ WEB_URL: '  ' }).webUrl).toBeNull();
    expect(loadConfig({ WEB_URL: 'https://app.example.com/' }).webUrl).toBe('https://app.example.com');
    expect(loadConfig({ WEB_URL: 'http://127.0.0.1:5173/web/' }).webUrl).toBe('http://127.0.0.1:5173/web');
    for (const bad of ['app.example.com', 'ftp://app.example.com', 'javascript:alert(1)']) {
      expect(() => loadConfig({ WEB_URL: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ WEB_URL: bad })).toThrow(`Invalid configuration: WEB_URL must be an http(s) URL (got "${bad}")`);
    }
  });

  it('unset: the links in real e-mails point at PUBLIC_URL', async () => {
    t = await createTestApp();
    const { user } = await registerUser(t.app);
    const mails = t.smtp.to(user.email);
    expect(mails).toHaveLength(1);
    expect(links(mails[0].text)).toEqual([expect.stringMatching(/^http:\/\/localhost:3000\/verify-email\?token=[0-9a-f]{64}$/)]);
  });

  it('set: the links in the three real e-mails point at WEB_URL, the tokens work, and the service keeps its own pages', async () => {
    t = await createTestApp({ env: { WEB_URL: 'https://app.example.com/' } });
    const { user, cookie } = await registerUser(t.app);

    const verification = t.smtp.to(user.email).at(-1)!;
    expect(verification.subject).toBe('Verify your e-mail address');
    const [verifyLink] = links(verification.text);
    expect(links(verification.text)).toEqual([expect.stringMatching(/^https:\/\/app\.example\.com\/verify-email\?token=[0-9a-f]{64}$/)]);
    expect(verification.text).not.toContain('localhost:3000');

    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const reset = t.smtp.to(user.email).at(-1)!;
    expect(reset.subject).toBe('Reset your password');
    expect(links(reset.text)).toEqual([expect.stringMatching(/^https:\/\/app\.example\.com\/reset-password\?token=[0-9a-f]{64}$/)]);

    const newEmail = `new-${user.email}`;
    const change = await t.app.inject({ method: 'POST', url: '/api/user/email', headers: { cookie }, payload: { email: newEmail } });
    expect(change.statusCode).toBe(200);
    const changeMail = t.smtp.to(newEmail).at(-1)!;
    expect(changeMail.subject).toBe('Confirm your new e-mail address');
    expect(links(changeMail.text)).toEqual([expect.stringMatching(/^https:\/\/app\.example\.com\/verify-email-change\?token=[0-9a-f]{64}$/)]);

    // The token taken from the WEB_URL link is the real one.
    const token = new URL(verifyLink).searchParams.get('token');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(res.statusCode).toBe(200);
    expect(toBool((await userRow(t, user.id)).email_verified)).toBe(true);

    for (const page of PAGES) expect((await t.app.inject({ method: 'GET', url: page.path })).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('does not list the pages or their assets', async () => {
    t = await createTestApp({ smtp: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toContain('/api/auth/verify-email');
    for (const hidden of ['/verify-email', '/reset-password', '/verify-email-change', '/assets/email-link.js', '/assets/email-link.css']) {
      expect(paths).not.toContain(hidden);
    }
    expect(paths.filter((p) => !p.startsWith('/api/'))).toEqual([]);
  });
});
