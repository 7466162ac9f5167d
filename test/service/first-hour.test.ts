import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, processDatabase, runToExit, startServer, type ProcessDatabase, type Started } from '../helpers/server-process.js';

// The README's "First steps", as a new user follows them: the server started with nothing
// configured, an account registered, its verification link read off the server's terminal (no
// SMTP_URL, no JSON: the log level is `warn`, so no log line carries it), the 403s saying what to
// do, and a subscription granted with the admin CLI.

let database: ProcessDatabase;
let server: Started;

beforeAll(async () => {
  database = await processDatabase();
  server = await startServer({ DATABASE_URL: database.url, LOG_LEVEL: 'warn' });
});
afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exit;
  await database?.drop();
});

const json = { 'content-type': 'application/json' };

async function api(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${server.base}${path}`, { method, headers: { ...headers, ...(body !== undefined ? json : {}) }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** The verification links printed so far, in order. */
function printedLinks(): string[] {
  return [...server.stdout().matchAll(/^Mail to ada@example\.org, "Verify your e-mail address" \(not sent: SMTP_URL is not set\):\n {2}(\S+)$/gm)].map((m) => m[1]);
}

async function nextLink(count: number): Promise<string> {
  for (let i = 0; i < 200 && printedLinks().length < count; i++) await new Promise((r) => setTimeout(r, 25));
  expect(printedLinks(), server.output()).toHaveLength(count);
  return printedLinks()[count - 1];
}

const admin = (args: string[]) => runToExit('npm', ['run', '-s', 'admin', '--', ...args], childEnv({ DATABASE_URL: database.url }));

describe('the first hour, from npm start to a subscriber with a list and a document', { timeout: 120_000 }, () => {
  let cookie: string;

  it('registering prints the verification link on its own line; probation says how to get out of it', async () => {
    const res = await fetch(`${server.base}/api/auth/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'ada@example.org', username: 'ada', password: 'correct horse battery', displayName: 'Ada' }),
    });
    expect(res.status).toBe(201);
    cookie = res.headers.get('set-cookie')!.split(';')[0];
    expect(await nextLink(1)).toMatch(/\/verify-email\?token=[^&\s]+$/);

    const list = await api('POST', '/api/lists', { cookie }, { title: 'Books', isPublic: false, schema: { name: 'Books', fields: [{ key: 'title', type: 'text', label: 'Title' }] } });
    expect(list.status).toBe(403);
    expect(list.body).toEqual({
      code: 'account_probation_feature',
      error: 'This feature is not available while your account is in probation: verify your e-mail address; POST /api/auth/send-verification-email sends the link again',
    });
  });

  it('the link is sent again on request, and verifying with it opens lists; documents say who grants a subscription', async () => {
    const again = await api('POST', '/api/auth/send-verification-email', { cookie });
    expect(again.status).toBe(200);
    const token = new URL(await nextLink(2)).searchParams.get('token');
    const verify = await api('POST', '/api/auth/verify-email', {}, { token });
    expect(verify.status, JSON.stringify(verify.body)).toBe(200);

    const list = await api('POST', '/api/lists', { cookie }, { title: 'Books', isPublic: false, schema: { name: 'Books', fields: [{ key: 'title', type: 'text', label: 'Title' }] } });
    expect(list.status, JSON.stringify(list.body)).toBe(201);

    const doc = await api('POST', '/api/documents', { cookie }, { title: 'Plan', content: '# Plan\n', isPublic: false });
    expect(doc.status).toBe(403);
    expect(doc.body).toEqual({ code: 'subscription_required', error: 'An active subscription is required: ask an administrator' });
  });

  it('npm run admin grants the subscription while the server runs, and documents open', async () => {
    const run = await admin(['update', 'ada', '--customer-status', 'subscriber']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^User ada <ada@example\.org>: customerStatus subscriber, accountStatus active, not an administrator \(id .+\)\n$/);
    const doc = await api('POST', '/api/documents', { cookie }, { title: 'Plan', content: '# Plan\n', isPublic: false });
    expect(doc.status, JSON.stringify(doc.body)).toBe(201);
    const me = await api('GET', '/api/user', { cookie });
    expect(me.body.user).toMatchObject({ emailVerified: true, accountStatus: 'active', customerStatus: 'subscriber' });
  });

  it('npm run admin makes the account an administrator: the admin API opens to it', async () => {
    expect((await api('GET', '/api/admin/users', { cookie })).status).toBe(403);
    const run = await admin(['update', 'ada', '--administrator', 'yes']);
    expect(run.code, run.stderr).toBe(0);
    const users = await api('GET', '/api/admin/users', { cookie });
    expect(users.status).toBe(200);
    expect(users.body.users).toEqual([expect.objectContaining({ username: 'ada', isAdministrator: true, customerStatus: 'subscriber' })]);
  });
});
