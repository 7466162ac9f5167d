import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { LogMailer } from '../../src/adapters/mailer.js';
import { createTestApp, registerUser, type TestApp } from '../helpers/app.js';

// Every mail becomes one e-mail log entry whose status says what happened to it.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function logRows(app: TestApp) {
  return app.db.kysely.selectFrom('email_logs').selectAll().orderBy('created_at').execute();
}

describe('e-mail delivery and the e-mail log', () => {
  it('a mail delivered over SMTP is logged as sent', async () => {
    t = await createTestApp();
    const { user } = await registerUser(t.app);
    expect(t.smtp.to(user.email)).toHaveLength(1);
    const rows = await logRows(t);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: user.id,
      recipient: user.email,
      email_type: 'verification',
      subject: 'Verify your e-mail address',
      status: 'sent',
      error: null,
    });
    expect(rows[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('a mail the SMTP server refuses is logged as failed with the error, and the request still succeeds', async () => {
    t = await createTestApp();
    const { user } = await registerUser(t.app);
    t.smtp.rejectAll = true;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    expect(res.statusCode).toBe(200);
    const failed = (await logRows(t)).filter((r) => r.email_type === 'password_reset');
    expect(failed).toHaveLength(1);
    expect(failed[0].status).toBe('failed');
    expect(failed[0].error).toMatch(/mailbox unavailable/);
  });

  it('without SMTP_URL mail is not sent and is logged as logged', async () => {
    t = await createTestApp({ smtp: false });
    const { user } = await registerUser(t.app);
    const rows = await logRows(t);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ recipient: user.email, email_type: 'verification', status: 'logged', error: null });
  });
});

describe('the logged-mail fallback', () => {
  function capture() {
    const lines: Array<{ obj: Record<string, unknown>; msg: string }> = [];
    const log = { info: (obj: Record<string, unknown>, msg: string) => lines.push({ obj, msg }) } as unknown as FastifyBaseLogger;
    return { lines, log };
  }
  const mail = { to: 'x@example.com', subject: 'Verify', text: 'open http://localhost:3000/verify-email?token=abc123def\n' };

  it('writes the whole mail to the server log for local use', async () => {
    const { lines, log } = capture();
    await new LogMailer(() => log, false).send(mail);
    expect(lines).toHaveLength(1);
    expect(lines[0].obj).toMatchObject({ mailTo: 'x@example.com', subject: 'Verify', body: mail.text });
  });

  it('redacts token values in production', async () => {
    const { lines, log } = capture();
    await new LogMailer(() => log, true).send(mail);
    expect(String(lines[0].obj.body)).toContain('token=[redacted]');
    expect(String(lines[0].obj.body)).not.toContain('abc123def');
  });

  it('with a printer, also says each mail in words with each link on its own line, whatever the log level', async () => {
    const printed: string[] = [];
    const silent = { info: () => undefined } as unknown as FastifyBaseLogger;
    const twoLinks = { ...mail, text: `${mail.text}Or http://localhost:3000/reset-password?token=zzz9.\nAgain: http://localhost:3000/verify-email?token=abc123def\n` };
    await new LogMailer(() => silent, false, (text) => printed.push(text)).send(twoLinks);
    expect(printed.join('')).toBe(
      'Mail to x@example.com, "Verify" (not sent: SMTP_URL is not set):\n' +
        '  http://localhost:3000/verify-email?token=abc123def\n' +
        '  http://localhost:3000/reset-password?token=zzz9\n',
    );
  });

  it('a mail without a link is one line; in production the printed links are redacted too', async () => {
    const printed: string[] = [];
    const { log } = capture();
    await new LogMailer(() => log, true, (text) => printed.push(text)).send({ to: 'y@example.com', subject: 'Status', text: 'Your account is active.\n' });
    await new LogMailer(() => log, true, (text) => printed.push(text)).send(mail);
    expect(printed).toEqual([
      'Mail to y@example.com, "Status" (not sent: SMTP_URL is not set)\n',
      'Mail to x@example.com, "Verify" (not sent: SMTP_URL is not set):\n  http://localhost:3000/verify-email?token=[redacted]\n',
    ]);
  });
});
