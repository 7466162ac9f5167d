import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, OutgoingMail } from '../../src/adapters/mailer.js';
import { flushBursts, BURST_WINDOW_MS } from '../../src/features/notifications/delivery.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, expectError, member, post, type Member } from '../messages/helpers.js';
import { settle, tray } from './helpers.js';

// The e-mail channel against a real SMTP server on loopback: content, the RFC 8058 headers, the
// unsubscribe flow, burst folding, and a slow mailer that must not hold the request.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const VERIFIED = { email_verified: true };
const mails = (who: Member) => t.smtp.to(who.user.email);
const header = (raw: string, name: string) => {
  // Unfold folded header lines first.
  const unfolded = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(unfolded)?.[1];
};
const unsubscribeUrl = (raw: string) => /^<(.*)>$/.exec(header(raw, 'List-Unsubscribe') ?? '')?.[1];

describe('e-mail channel', () => {
  it('a follow sends one e-mail with List-Unsubscribe, List-Unsubscribe-Post and the link in the text', async () => {
    const [a, b] = [await member(t, VERIFIED), await member(t, VERIFIED)];
    await call(t, a, 'POST', `/api/users/${b.user.username}/follow`);
    await settle(t);
    const got = mails(b);
    expect(got).toHaveLength(1);
    const mail = got[0];
    expect(mail.subject).toBe('New follower');
    expect(mail.text).toContain(`${a.user.display_name} started following you`);
    const url = unsubscribeUrl(mail.raw);
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=[A-Za-z0-9_.%-]+$/);
    expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text.replace(/\r?\n/g, ' ')).toContain(url);
    // Recorded in the e-mail log.
    const log = await t.db.kysely.selectFrom('email_logs').selectAll().where('recipient', '=', b.user.email).execute();
    expect(log.map((l) => [l.email_type, l.status])).toEqual([['notification', 'sent']]);
    // Nothing to the actor.
    expect(mails(a)).toHaveLength(0);
  });

  it('GET of the link changes nothing (a page with one button, strict CSP); POST turns the e-mail channel off', async () => {
    const [a, b, c] = [await member(t, VERIFIED), await member(t, VERIFIED), await member(t, VERIFIED)];
    await call(t, a, 'POST', `/api/users/${b.user.username}/follow`);
    await settle(t);
    const url = new URL(unsubscribeUrl(mails(b)[0].raw)!);
    const path = `${url.pathname}${url.search}`;

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<form method="post">');
    expect(page.body).not.toContain(url.searchParams.get('token')!);
    const prefs = async () => (await call(t, b, 'GET', '/api/user/notification-preferences')).json().events.find((e: any) => e.key === 'follow').channels;
    expect(await prefs()).toEqual({ push: true, email: true });

    // One-click POST as a mail client sends it (form-encoded), no credentials.
    const res = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, key: 'follow' });
    expect(await prefs()).toEqual({ push: true, email: false });
    // Idempotent; and the page's own form gets an HTML answer.
    const html = await t.app.inject({ method: 'POST', url: path, headers: { accept: 'text/html' } });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);

    // Later follows: the notification still reaches the tray, but no e-mail.
    t.clock.advance(BURST_WINDOW_MS + 1);
    await call(t, c, 'POST', `/api/users/${b.user.username}/follow`);
    await settle(t);
    expect(mails(b)).toHaveLength(1);
    expect((await tray(t, b)).unreadCount).toBe(2);
  });

  it('forged, foreign-event, truncated and malformed tokens are 400 and change nothing', async () => {
    const [a, b] = [await member(t, VERIFIED), await member(t, VERIFIED)];
    await call(t, a, 'POST', `/api/users/${b.user.username}/follow`);
    await settle(t);
    const token = new URL(unsubscribeUrl(mails(b)[0].raw)!).searchParams.get('token')!;
    const [payload, sig] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ u: a.user.id, k: 'follow' })).toString('base64url');
    const digPayload = Buffer.from(JSON.stringify({ u: b.user.id, k: 'dig' })).toString('base64url');
    for (const bad of [`${forgedPayload}.${sig}`, `${digPayload}.${sig}`, `${payload}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`, payload, 'x', '', `${payload}.${sig}.x`, '%%%']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}` });
      expectError(res, 400);
    }
    expectError(await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe' }), 400);
    const prefs = (await call(t, b, 'GET', '/api/user/notification-preferences')).json().events;
    expect(prefs.find((e: any) => e.key === 'follow').channels).toEqual({ push: true, email: true });
  });

  it('mention and reply send e-mail; digs and pushes do not (no e-mail channel)', async () => {
    const [author, other] = [await member(t, VERIFIED), await member(t, VERIFIED)];
    const m = await post(t, author, { content: 'hello', publiclyVisible: true });
    await post(t, other, { parentId: m.id, content: 'reply' });
    await post(t, other, { content: `hey @${author.user.username}`, publiclyVisible: true });
    await call(t, other, 'POST', `/api/messages/${m.id}/dig`);
    await post(t, other, { pushedMessageId: m.id });
    await settle(t);
    expect(mails(author).map((x) => x.subject).sort()).toEqual(['New reply', 'You were mentioned']);
  });

  it('a burst folds: the first e-mail at once, the rest into one follow-up after the window; in-app not folded', async () => {
    const target = await member(t, VERIFIED);
    const followers = await Promise.all(Array.from({ length: 6 }, () => member(t, VERIFIED)));
    for (const f of followers) await call(t, f, 'POST', `/api/users/${target.user.username}/follow`);
    await settle(t);
    expect(mails(target)).toHaveLength(1);
    expect((await tray(t, target)).unreadCount).toBe(6);
    // Nothing is due before the window ends.
    expect(await flushBursts(t.app.ctx)).toBe(0);
    t.clock.advance(BURST_WINDOW_MS + 1);
    expect(await flushBursts(t.app.ctx)).toBe(1);
    expect(await flushBursts(t.app.ctx)).toBe(0);
    const got = mails(target);
    expect(got).toHaveLength(2);
    expect(got[1].text).toContain('And 5 others followed you');
    expect(header(got[1].raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // A quiet window later, the next one goes out at once again.
    t.clock.advance(BURST_WINDOW_MS + 1);
    const late = await member(t, VERIFIED);
    await call(t, late, 'POST', `/api/users/${target.user.username}/follow`);
    await settle(t);
    expect(mails(target)).toHaveLength(3);
  });

  it('a slow mailer does not hold the request that caused the event', async () => {
    const [a, b] = [await member(t, VERIFIED), await member(t, VERIFIED)];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const sent: OutgoingMail[] = [];
    const original = t.app.ctx.mailer;
    const slow: Mailer = {
      transport: 'smtp',
      send: async (mail) => {
        await gate;
        sent.push(mail);
      },
      close: () => {},
    };
    t.app.ctx.mailer = slow;
    try {
      // The follow answers while the mailer is still stuck.
      const res = await call(t, a, 'POST', `/api/users/${b.user.username}/follow`);
      expect(res.statusCode).toBe(200);
      expect(sent).toHaveLength(0);
      release();
      await settle(t);
      expect(sent).toHaveLength(1);
      expect(sent[0].headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    } finally {
      t.app.ctx.mailer = original;
    }
  });

  it('a mailer that fails leaves the write and the notification in place (logged as failed)', async () => {
    const [a, b] = [await member(t, VERIFIED), await member(t, VERIFIED)];
    t.smtp.rejectAll = true;
    try {
      const res = await call(t, a, 'POST', `/api/users/${b.user.username}/follow`);
      expect(res.statusCode).toBe(200);
      await settle(t);
    } finally {
      t.smtp.rejectAll = false;
    }
    expect((await tray(t, b)).unreadCount).toBe(1);
    const log = await t.db.kysely.selectFrom('email_logs').select('status').where('recipient', '=', b.user.email).execute();
    expect(log).toEqual([{ status: 'failed' }]);
  });

  it('an unverified address gets no notification e-mail (the tray still fills)', async () => {
    const [a, b] = [await member(t, VERIFIED), await member(t, { email_verified: false })];
    await call(t, a, 'POST', `/api/users/${b.user.username}/follow`);
    await settle(t);
    expect(mails(b)).toHaveLength(0);
    expect((await tray(t, b)).unreadCount).toBe(1);
  });

  it('a muted actor sends no e-mail', async () => {
    const [a, b] = [await member(t, VERIFIED), await member(t, VERIFIED)];
    await t.db.kysely.insertInto('mutes').values({ muter_id: b.user.id, muted_id: a.user.id, created_at: t.clock.now().toISOString() }).execute();
    await call(t, a, 'POST', `/api/users/${b.user.username}/follow`);
    await settle(t);
    expect(mails(b)).toHaveLength(0);
    expect((await tray(t, b)).unreadCount).toBe(0);
  });
});
