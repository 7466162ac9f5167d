import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openSqlite } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { upsertIdentity } from '../src/features/identities/credentials.js';
import { recordDeliveries } from '../src/features/cross-posts/index.js';
import { ManualClock } from '../src/lib/clock.js';
import { PasswordHasher } from '../src/lib/crypto.js';
import { newId } from '../src/lib/ids.js';
import { NetworkAPosts } from '../test/helpers/networks/network-a-posts.js';
import { NetworkCPosts } from '../test/helpers/networks/network-c-posts.js';
import { NetworkDPosts } from '../test/helpers/networks/network-d-posts.js';

// Cross-posting figures (issue 21), against the loopback posting stand-ins on 127.0.0.2:
//  1. the time POST /api/messages takes to answer with three targets (networkA, networkC,
//     networkD), over real HTTP, the stand-ins answering at once (the 201 waits for the first
//     attempts, at most 2 s);
//  2. the deliveries per second the job runner sustains when every network answers in 200 ms:
//     BENCH_DELIVERIES (default 2000) deliveries recorded at once, timed until all are `ok`
//     (BENCH_LATENCY_MS sets the networks' answer time).
//
//   node --import tsx bench/cross-posts.ts        (SQLite in memory)

const N_POSTS = Number(process.env.BENCH_POSTS ?? 100);
const N_DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 2000);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 200);

const [a, c, d] = await Promise.all([new NetworkAPosts().start(), new NetworkCPosts().start(), new NetworkDPosts().start()]);
const { db } = openSqlite(':memory:');
await migrateToLatest(db);
const config = loadConfig({
  DATABASE_URL: 'sqlite::memory:',
  LOG_LEVEL: 'silent',
  SCHEDULER: 'off',
  ALLOWED_PRIVATE_ADDRESSES: '127.0.0.2/32',
  NETWORKC_API_URL: c.url,
  NETWORKC_AUTH_URL: c.url,
  NETWORKC_API_VERSION: c.version,
  NETWORKD_API_URL: d.url,
  NETWORKD_AUTH_URL: d.url,
  TOKEN_SEALING_KEY: '0'.repeat(64),
});
const clock = new ManualClock(new Date());
const app = await buildApp(config, { db, clock, passwords: new PasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }), logger: false });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

const reg = await fetch(`${base}/api/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'bench@example.org', username: 'xpbench', password: 'correct horse battery', displayName: 'Bench' }),
});
const cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0];
const { user } = (await reg.json()) as { user: { id: string } };
await db.kysely.updateTable('users').set({ customer_status: 'subscriber', account_status: 'active' }).where('id', '=', user.id).execute();
for (const s of [a, c, d]) s.tokens.add('bench-token');
c.authors.add('urn:li:person:bench');
const tokens = { accessToken: 'bench-token', refreshToken: null, expiresAt: null, scopes: null };
const ctx = app.ctx;
const idA = (await upsertIdentity(ctx, { userId: user.id, provider: 'networkA', providerUserId: '1', handle: 'bench@127.0.0.2', instanceName: '127.0.0.2', instanceUrl: a.url, tokens })).id;
const idC = (await upsertIdentity(ctx, { userId: user.id, provider: 'networkC', providerUserId: 'bench', handle: 'bench', tokens })).id;
const idD = (await upsertIdentity(ctx, { userId: user.id, provider: 'networkD', providerUserId: '2', handle: 'bench', tokens })).id;

// 1. A post with three targets.
const times: number[] = [];
for (let i = 0; i < N_POSTS; i++) {
  const started = process.hrtime.bigint();
  const res = await fetch(`${base}/api/messages`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ content: `post ${i}`, networkAProviderIds: [idA], crossPostToNetworkC: true, crossPostToNetworkD: true }),
  });
  const body = (await res.json()) as { crossPosts: { status: string }[] };
  if (res.status !== 201 || body.crossPosts.some((p) => p.status !== 'ok')) throw new Error(`post answered ${res.status}: ${JSON.stringify(body)}`);
  times.push(Number(process.hrtime.bigint() - started) / 1e6);
}
times.sort((x, y) => x - y);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
console.log(`POST /api/messages with three targets (stand-ins answering at once): p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms`);

// 2. Deliveries per second, every network answering in 200 ms.
for (const s of [a, c, d]) s.fail('post', { delayMs: LATENCY_MS }, Infinity);
const now = clock.now();
const messageId = newId();
await db.kysely
  .insertInto('messages')
  .values({ id: messageId, user_id: user.id, content: 'bench', publicly_visible: true, tags: '[]', parent_id: null, pushed_message_id: null, image_urls: '[]', video_urls: '[]', scheduled_at: null, published_at: now.toISOString(), cross_post_config: null, created_at: now.toISOString(), updated_at: now.toISOString(), orphaned_parent_id: null })
  .execute();
const identities = [
  { platform: 'networkA' as const, identityId: idA, providerId: idA, target: null },
  { platform: 'networkC' as const, identityId: idC, providerId: null, target: null },
  { platform: 'networkD' as const, identityId: idD, providerId: null, target: null },
];
const planned = Array.from({ length: N_DELIVERIES }, (_, i) => identities[i % 3]);
// In slices: one insert of them all would bind more variables than SQLite takes.
for (let i = 0; i < planned.length; i += 500) {
  await db.kysely.transaction().execute((trx) => recordDeliveries(trx, now, { id: messageId, userId: user.id }, planned.slice(i, i + 500)));
}
const started = process.hrtime.bigint();
ctx.jobs.kick();
await ctx.jobs.idle();
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const ok = Number((await db.kysely.selectFrom('cross_post_deliveries').select((eb) => eb.fn.countAll().as('n')).where('message_id', '=', messageId).where('status', '=', 'ok').executeTakeFirstOrThrow()).n);
console.log(`${ok} of ${N_DELIVERIES} deliveries ok in ${seconds.toFixed(2)} s against stand-ins answering in ${LATENCY_MS} ms: ${(ok / seconds).toFixed(0)} deliveries/s (runner concurrency 100)`);

await app.close();
await db.close();
await Promise.all([a.stop(), c.stop(), d.stop()]);
