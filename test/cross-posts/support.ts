import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { NetworkAPosts } from '../helpers/networks/network-a-posts.js';
import { NetworkCPosts } from '../helpers/networks/network-c-posts.js';
import { NetworkDPosts } from '../helpers/networks/network-d-posts.js';
import { call, subscriber, type Member } from '../messages/helpers.js';
import { upsertIdentity } from '../../src/features/identities/credentials.js';
import { runDueJobs } from '../../src/runtime/jobs/execute.js';
import { newId } from '../../src/lib/ids.js';

// The cross-posting tests' world: the three networks' posting stand-ins on 127.0.0.2 (the only
// private address the guard lets through), a test app pointed at them with its log captured, and
// subscribers with identities linked through the identities feature (upsertIdentity).

export interface World {
  t: TestApp;
  a: NetworkAPosts;
  c: NetworkCPosts;
  d: NetworkDPosts;
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
  /** The raw log text (to prove no token is in it). */
  logText: () => string;
  close(): Promise<void>;
}

async function createWorld(env: Record<string, string> = {}): Promise<World> {
  const [a, c, d] = await Promise.all([new NetworkAPosts().start(), new NetworkCPosts().start(), new NetworkDPosts().start()]);
  let raw = '';
  const logs: Record<string, unknown>[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      raw += chunk.toString('utf8');
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const t = await createTestApp({
    smtp: false,
    logStream,
    env: {
      LOG_LEVEL: 'warn',
      ALLOWED_PRIVATE_ADDRESSES: '127.0.0.2/32',
      NETWORKC_API_URL: c.url,
      NETWORKC_AUTH_URL: c.url,
      NETWORKC_API_VERSION: c.version,
      NETWORKD_API_URL: d.url,
      NETWORKD_AUTH_URL: d.url,
      OUTBOUND_FETCH_TIMEOUT_MS: '5000',
      ...env,
    },
  });
  return {
    t,
    a,
    c,
    d,
    logs,
    logText: () => raw,
    close: async () => {
      await t.app.ctx.jobs.stop();
      await t.close();
      await Promise.all([a.stop(), c.stop(), d.stop()]);
    },
  };
}

/**
 * A test file's world: made before its tests, closed after them, with every network's forced
 * failures cleared before each test. The object is filled in by the beforeAll hook, so read its
 * fields inside tests and hooks only (never at the file's top level).
 */
export function useWorld(env: Record<string, string> = {}): World {
  const w = {} as World;
  beforeAll(async () => {
    Object.assign(w, await createWorld(env));
  });
  afterAll(() => w.close());
  beforeEach(() => {
    for (const s of [w.a, w.c, w.d]) s.clearFailures();
  });
  return w;
}

let tokenSeq = 0;
export const token = (prefix: string) => `${prefix}-SECRET-${++tokenSeq}-${Math.random().toString(36).slice(2)}`;

export interface Linked {
  who: Member;
  networkA: string;
  networkC: string;
  networkD: string;
  tokens: { a: string; c: string; d: string };
}

/** A subscriber with a networkA, a networkC and a networkD identity linked, their tokens known to the stand-ins. */
export async function linkedSubscriber(w: World, options: { expiresAt?: string | null; refreshToken?: string | null } = {}): Promise<Linked> {
  const who = await subscriber(w.t);
  const tokens = { a: token('a'), c: token('c'), d: token('d') };
  w.a.tokens.add(tokens.a);
  w.c.tokens.add(tokens.c);
  w.d.tokens.add(tokens.d);
  // The whole id: its first 12 digits are the time of creation (UUIDv7), which two users made in one millisecond share.
  const personId = `p${who.user.id.replace(/-/g, '')}`;
  w.c.authors.add(`urn:li:person:${personId}`);
  const stored = (accessToken: string) => ({ accessToken, refreshToken: options.refreshToken ?? null, expiresAt: options.expiresAt ?? null, scopes: null });
  const ctx = w.t.app.ctx;
  const networkA = await upsertIdentity(ctx, {
    userId: who.user.id,
    provider: 'networkA',
    providerUserId: `a-${who.user.id}`,
    handle: `${who.user.username}@127.0.0.2`,
    instanceName: '127.0.0.2',
    instanceUrl: w.a.url,
    tokens: stored(tokens.a),
  });
  const networkC = await upsertIdentity(ctx, { userId: who.user.id, provider: 'networkC', providerUserId: personId, handle: who.user.username, tokens: stored(tokens.c) });
  const networkD = await upsertIdentity(ctx, { userId: who.user.id, provider: 'networkD', providerUserId: `d-${who.user.id}`, handle: who.user.username, tokens: stored(tokens.d) });
  return { who, networkA: networkA.id, networkC: networkC.id, networkD: networkD.id, tokens };
}

/** A networkC target row of the caller (as the org-authorize callback stores them). */
export async function networkCTarget(w: World, l: Linked, kind: 'person' | 'organization', externalId: string): Promise<string> {
  const id = newId();
  await w.t.db.kysely
    .insertInto('network_c_targets')
    .values({ id, user_id: l.who.user.id, identity_id: l.networkC, kind, external_id: externalId, name: `${kind} ${externalId}`, created_at: w.t.clock.now().toISOString() })
    .execute();
  return id;
}

export async function createPost(w: World, who: Member, body: Record<string, unknown>) {
  const res = await call(w.t, who, 'POST', '/api/messages', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { data: { id: string }; crossPosts: any[]; crossPostResults?: any[]; scheduledAt?: string };
}

export async function ledgerOf(w: World, who: Member, messageId: string) {
  const res = await call(w.t, who, 'GET', `/api/messages/${messageId}/cross-posts`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().crossPosts as any[];
}

/** Lets every delivery started so far finish its attempt. */
export const settle = (w: World) => w.t.app.ctx.jobs.idle();

/** Moves the clock on and runs what became due (retries), as the runner's poll would. */
export async function later(w: World, ms: number) {
  w.t.clock.advance(ms);
  await runDueJobs(w.t.app.ctx);
}

export const deliveryRows = (w: World, messageId: string) => w.t.db.kysely.selectFrom('cross_post_deliveries').selectAll().where('message_id', '=', messageId).execute();
export const messageCount = async (w: World, userId: string) =>
  Number((await w.t.db.kysely.selectFrom('messages').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
