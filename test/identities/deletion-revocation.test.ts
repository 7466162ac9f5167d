import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../helpers/app.js';
import { Browser } from '../helpers/networks/browser.js';
import { codehostStandIn } from '../helpers/networks/codehost.js';
import { mastodonStandIn } from '../helpers/networks/mastodon.js';
import { networkCStandIn } from '../helpers/networks/network-c.js';
import { networkDStandIn } from '../helpers/networks/network-d.js';
import { runDueJobs } from '../../src/runtime/jobs/execute.js';

// Deleting an account revokes its grants at the providers (identities' user-data part): one job
// per identity, queued in the deleting transaction and run after it commits, best effort (a
// provider that is down never holds up or fails the deletion), its credentials sealed in the job.

let t: TestApp;
let d: Awaited<ReturnType<typeof networkDStandIn>>;
let c: Awaited<ReturnType<typeof networkCStandIn>>;
let code: Awaited<ReturnType<typeof codehostStandIn>>;
let a: Awaited<ReturnType<typeof mastodonStandIn>>;
let logText = '';

beforeAll(async () => {
  [d, c, code, a] = await Promise.all([networkDStandIn(), networkCStandIn(), codehostStandIn(), mastodonStandIn()]);
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logText += chunk.toString('utf8');
      done();
    },
  });
  t = await createTestApp({ smtp: false, logStream, env: { LOG_LEVEL: 'warn', ALLOWED_PRIVATE_ADDRESSES: '127.0.0.2/32', ...d.env, ...c.env, ...code.env } });
});
afterAll(async () => {
  await t.close();
  await Promise.all([d, c, code, a].map((s) => s.server.stop()));
});

const revocationJobs = () => t.db.kysely.selectFrom('jobs').selectAll().where('kind', '=', 'identity-revocation').execute();

async function linkedUser(accountSuffix: string, instance: string) {
  const me = await registerUser(t.app);
  const b = new Browser(t.app).withSession(me.cookie);
  d.server.accountId = `d-${accountSuffix}`;
  c.server.accountId = `c-${accountSuffix}`;
  code.server.accountId = `9${accountSuffix}`;
  a.server.accountId = `a${accountSuffix}`;
  for (const path of ['/api/auth/networkD/authorize', '/api/auth/networkC/authorize', '/api/auth/codehost/authorize', `/api/auth/networkA/authorize?instance=${encodeURIComponent(instance)}`]) {
    expect((await b.roundTrip(path)).landing.searchParams.get('oauth'), path).toBe('linked');
  }
  return { me, b };
}

const deleteAccount = (me: { cookie: string; password: string }) => t.app.inject({ method: 'DELETE', url: '/api/user', headers: { cookie: me.cookie }, payload: { password: me.password } });

describe('account deletion revokes the linked grants at their providers', () => {
  it('networkD, networkC, codehost and networkA: each grant revoked after the deletion, the tokens sealed in the jobs', async () => {
    const { me } = await linkedUser('700', a.instance);
    const issued = [...d.server.refreshTokens.keys(), ...c.server.accessTokens.keys(), ...code.server.accessTokens.keys(), ...a.server.accessTokens.keys()];
    const before = { d: d.server.revoked.length, c: c.server.revoked.length, code: code.revokedGrants.length, a: a.server.revoked.length };
    const res = await deleteAccount(me);
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.kysely.selectFrom('identities').select('id').where('user_id', '=', me.user.id).execute()).toEqual([]);
    // Queued with the deletion: four jobs, each with its credentials sealed (no token and no user id in the clear).
    const jobs = await revocationJobs();
    expect(jobs).toHaveLength(4);
    for (const job of jobs) {
      for (const secret of issued) expect(job.payload).not.toContain(secret);
      expect(job.payload).not.toContain(me.user.id);
      expect(JSON.parse(job.payload).sealed).toMatch(/^v1:/);
    }
    await t.app.ctx.jobs.idle();
    await runDueJobs(t.app.ctx);
    expect((await revocationJobs()).map((j) => j.status)).toEqual(['done', 'done', 'done', 'done']);
    // networkD: the refresh token (which ends the whole grant); the others: the access token.
    expect(d.server.revoked.length).toBe(before.d + 1);
    expect(d.server.revoked.at(-1)).toMatch(/^rt-/);
    expect(c.server.revoked.length).toBe(before.c + 1);
    expect(code.revokedGrants.length).toBe(before.code + 1);
    expect(a.server.revoked.length).toBe(before.a + 1);
    for (const server of [d.server, c.server, code.server, a.server]) expect(server.failures).toEqual([]);
    for (const secret of issued) expect(logText).not.toContain(secret);
  });

  it('a provider that is down holds nothing up: the deletion ends at once, the revocation is tried 3 times and given up with a log line', async () => {
    const gone = await mastodonStandIn();
    const { me } = await linkedUser('701', gone.instance);
    await t.db.kysely.deleteFrom('jobs').where('kind', '=', 'identity-revocation').execute();
    await gone.server.stop();
    const res = await deleteAccount(me);
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.kysely.selectFrom('users').select('id').where('id', '=', me.user.id).execute()).toEqual([]);
    await t.app.ctx.jobs.idle();
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(3600_000);
      await runDueJobs(t.app.ctx);
    }
    const jobs = await revocationJobs();
    const byStatus = Object.fromEntries(jobs.map((j) => [JSON.parse(j.payload).provider, { status: j.status, attempts: j.attempts }]));
    expect(byStatus).toEqual({
      networkD: { status: 'done', attempts: 1 },
      networkC: { status: 'done', attempts: 1 },
      codehost: { status: 'done', attempts: 1 },
      networkA: { status: 'failed', attempts: 3 },
    });
    const lines = logText.split('\n').filter((line) => line.includes('token revocation after account deletion failed'));
    expect(lines.filter((line) => line.includes('"givenUp":true'))).toHaveLength(1);
  });
});
