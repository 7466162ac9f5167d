import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveStreams } from '../../src/features/events/live.js';
import { newId } from '../../src/lib/ids.js';
import { issueEmailToken } from '../../src/runtime/email-tokens.js';
import { unsubscribeToken } from '../../src/features/notifications/unsubscribe.js';
import { createAdminApp, type AdminTestApp } from '../admin/helpers.js';
import { signEvent, StripeStandIn, subscriptionObject } from '../billing/stripe-standin.js';
import { AI_KEY, DOCUMENT_OUTPUT, openAiAnswer, ProviderStandIn } from '../ai/support.js';
import { registerUser, sessionCookie } from '../helpers/app.js';
import { mastodonStandIn } from '../helpers/networks/mastodon.js';
import { NetworkBStandIn } from '../helpers/networks/network-b.js';
import { OpenApiTraffic } from '../helpers/openapi-traffic.js';
import { LoopbackPages } from '../helpers/loopback-pages.js';
import { BOOKS_SCHEMA } from '../lists/support.js';
import { upsertIdentity } from '../../src/features/identities/credentials.js';
import { CodehostApi, repo } from '../helpers/networks/codehost-api.js';
import { smallPng, videoBytes } from '../media/images.js';
import { multipart, tempDir } from '../media/support.js';
import { member, type Member } from '../messages/helpers.js';
import { settle } from '../notifications/helpers.js';

// A tour of the whole API through the checker of test/helpers/openapi-traffic.ts: every answer
// must be one the served document declares (status and body), and every request the service
// accepts must be one the document allows (no required parameter missing, parameters and body
// valid), so a client generated from the document can make each of these calls as written here.
// Every operation of the document must be called successfully at least once: an operation added
// without a step here fails the coverage test. Paged reads are called without limit and offset
// where the document says they are optional.

const CRON_SECRET = 'cron-secret-for-the-tour';
// networkC, networkD and codehost answer their authorize step without a call; networkA registers
// with its instance first (a loopback stand-in); networkB has its own branch's provider.
const OAUTH_PROVIDERS = ['networkC', 'networkD', 'codehost'];
const oauthEnv = Object.fromEntries(OAUTH_PROVIDERS.flatMap((p) => [[`${p.toUpperCase()}_CLIENT_ID`, `${p}-client`], [`${p.toUpperCase()}_CLIENT_SECRET`, 'tour-secret']]));

let t: AdminTestApp;
let traffic: OpenApiTraffic;
let unwatch: () => void;
let removeDataDir: () => Promise<void>;
let owner: Member;
let other: Member;
let instance: Awaited<ReturnType<typeof mastodonStandIn>>;
/** The AI provider of the tour: a loopback OpenAI-compatible stand-in. */
const aiStandIn = new ProviderStandIn();
/** The code host's API of the tour (codehost-backed lists), on 127.0.0.2. */
const codehostApi = new CodehostApi();
/** A public site for the image proxy and an Open-Meteo stand-in for the weather (127.0.0.2, allowed). */
const outside = new LoopbackPages('127.0.0.2', {
  '/image.png': (_req, res) => {
    void smallPng().then((png) => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
  },
  '/v1/forecast': (_req, res) => {
    const current = { time: 1_790_000_000, interval: 900, temperature_2m: 12.5, apparent_temperature: 11, weather_code: 3, wind_speed_10m: 8.2, is_day: 1 };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ latitude: 52.52, longitude: 13.41, current }));
  },
});
/** The payment provider of the tour: a loopback stand-in of its API. */
const stripeStandIn = new StripeStandIn();
const STRIPE_WEBHOOK_SECRET = 'whsec_tour';
/** networkB: a PLC directory, a PDS and an authorization server (their .test names mapped onto 127.0.0.2). */
const networkB = new NetworkBStandIn();

beforeAll(async () => {
  const dir = await tempDir('openapi-traffic-');
  removeDataDir = dir.remove;
  await aiStandIn.start();
  await outside.start();
  await codehostApi.start();
  const codehostEnv = { CODEHOST_API_URL: codehostApi.origin };
  await stripeStandIn.start();
  await networkB.start();
  networkB.addAccount('tour.test');
  const aiEnv = { AI_PROVIDER: 'openai', AI_API_KEY: AI_KEY, AI_BASE_URL: `${aiStandIn.url}/v1` };
  instance = await mastodonStandIn();
  const utilityEnv = { ALLOWED_PRIVATE_ADDRESSES: '127.0.0.2/32', WEATHER_API_URL: outside.url('/v1/forecast') };
  const billingEnv = { STRIPE_SECRET_KEY: stripeStandIn.secretKey, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY: 'price_tour_monthly', STRIPE_API_URL: stripeStandIn.url };
  t = await createAdminApp({ env: { DATA_DIR: dir.path, CRON_SECRET, SCHEDULER: 'off', ...oauthEnv, ...aiEnv, ...utilityEnv, ...billingEnv, ...codehostEnv, NETWORKB_DIRECTORY_URL: networkB.directoryUrl }, outbound: networkB.mappingFetcher() });
  traffic = await OpenApiTraffic.of(t.app);
  unwatch = traffic.watch(t.app);
  const subscriber = { customer_status: 'subscriber', email_verified: true };
  owner = await member(t, subscriber);
  other = await member(t, subscriber);
}, 60_000);
afterAll(async () => {
  unwatch?.();
  await t?.close();
  await aiStandIn.stop();
  await codehostApi.stop();
  await outside.stop();
  await stripeStandIn.stop();
  await networkB.stop();
  await instance?.server.stop();
  await removeDataDir?.();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Options {
  /** Who calls: a member by cookie (default), `bearer` for their sync token; null anonymous. */
  as?: Member | null;
  bearer?: boolean;
  payload?: unknown;
  headers?: Record<string, string>;
  status?: number;
}

/** One call, which must answer `status` (200 unless told). */
async function send(method: Method, url: string, o: Options = {}): Promise<LightMyRequestResponse> {
  const who = o.as === undefined ? owner : o.as;
  const headers: Record<string, string> = { ...(who ? (o.bearer ? { authorization: who.bearer } : { cookie: who.cookie }) : {}), ...o.headers };
  const res = await t.app.inject({ method, url, headers, ...(o.payload !== undefined ? { payload: o.payload as string } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBe(o.status ?? 200);
  return res;
}

const json = async (method: Method, url: string, o: Options = {}) => (await send(method, url, o)).json();

/** A multipart upload by `who`. */
async function upload(url: string, file: Parameters<typeof multipart>[0], o: Options & { fields?: Record<string, string> } = {}) {
  const body = multipart(file, o.fields);
  return send('POST', url, { ...o, payload: body.payload, headers: { ...body.headers, ...o.headers } });
}

describe('platform and accounts', () => {
  it('health, analytics', async () => {
    await send('GET', '/api/health', { as: null });
    await send('GET', '/api/health/ready', { as: null });
    await send('POST', '/api/analytics/ingest', { as: null, payload: { type: 'page_view', path: '/lists' }, status: 201 });
  });

  it('registration, sign-in, sync tokens, e-mail tokens, several accounts in one browser', async () => {
    const password = 'correct horse battery';
    const reg = await send('POST', '/api/auth/register', {
      as: null,
      payload: { email: 'tourist@example.org', username: 'tourist', password, displayName: 'Tourist' },
      status: 201,
    });
    const tourist = { id: reg.json().user.id as string, cookie: sessionCookie(reg) };
    const asTourist = { as: null, headers: { cookie: tourist.cookie } };
    await send('POST', '/api/auth/send-verification-email', asTourist);
    await send('POST', '/api/auth/verify-email', { as: null, payload: { token: await issueEmailToken(t.app.ctx, tourist.id, 'verify_email') } });
    await send('POST', '/api/auth/login', { as: null, payload: { email: 'tourist@example.org', password } });
    await send('POST', '/api/auth/sync-token', { as: null, payload: { email: 'tourist@example.org', password } });
    await send('POST', '/api/auth/forgot-password', { as: null, payload: { email: 'tourist@example.org' } });
    const reset = await issueEmailToken(t.app.ctx, tourist.id, 'reset_password');
    await send('POST', '/api/auth/reset-password', { as: null, payload: { token: reset, password: 'a new long passphrase' } });

    // A second account signed in from the same browser: listed, switched to, removed.
    const second = await registerUser(t.app);
    const both = sessionCookie(
      await send('POST', '/api/auth/login', { as: null, payload: { email: second.user.email, password: second.password }, headers: { cookie: second.cookie } }),
    );
    const signedInTwice = await send('POST', '/api/auth/login', {
      as: null,
      payload: { email: 'tourist@example.org', password: 'a new long passphrase' },
      headers: { cookie: both },
    });
    const cookie = sessionCookie(signedInTwice);
    expect((await json('GET', '/api/auth/accounts', { as: null, headers: { cookie } })).accounts).toHaveLength(2);
    const switched = await send('POST', '/api/auth/switch', { as: null, headers: { cookie }, payload: { userId: second.user.id } });
    await send('POST', '/api/auth/remove-account', { as: null, headers: { cookie: sessionCookie(switched) }, payload: { userId: tourist.id } });
    await send('POST', '/api/auth/logout', { as: null, headers: { cookie: second.cookie } });
  });

  it('the account’s own sessions and sync tokens, ended one by one, and a password change', async () => {
    const u = await registerUser(t.app);
    const asU = { as: null, headers: { cookie: u.cookie } };
    await send('POST', '/api/auth/login', { as: null, payload: { email: u.user.email, password: u.password } });
    const { sessions } = await json('GET', '/api/auth/sessions', asU);
    await send('DELETE', `/api/auth/sessions/${sessions.find((s: { current: boolean }) => !s.current).id}`, asU);
    await send('POST', '/api/auth/sync-token', { as: null, payload: { email: u.user.email, password: u.password } });
    const { syncTokens } = await json('GET', '/api/auth/sync-tokens', asU);
    await send('DELETE', `/api/auth/sync-tokens/${syncTokens[0].id}`, asU);
    await send('POST', '/api/user/password', { ...asU, payload: { currentPassword: u.password, newPassword: 'another long passphrase' } });
  });

  it('OAuth: each provider’s authorization address, the networkC organization flow, status', async () => {
    for (const provider of OAUTH_PROVIDERS) {
      const res = await json('GET', `/api/auth/${provider}/authorize`, { as: null, headers: { accept: 'application/json' } });
      expect(res.authorizationUrl).toMatch(/^https:\/\//);
    }
    const a = await json('GET', `/api/auth/networkA/authorize?instance=${encodeURIComponent(instance.instance)}`, { as: null, headers: { accept: 'application/json' } });
    expect(a.authorizationUrl.startsWith(`${instance.instance}/oauth/authorize?`)).toBe(true);
    const b = await json('GET', '/api/auth/networkB/authorize?handle=tour.test', { as: null, headers: { accept: 'application/json' } });
    expect(b.authorizationUrl).toMatch(/^https:\/\/auth\.test\//);
    await send('GET', '/api/auth/networkC/org-authorize', { headers: { accept: 'application/json' } });
    await send('GET', '/api/auth/networkC/status');
    await send('GET', '/api/auth/networkD/status');
  });

  it('the current user: read, change, change of e-mail, identities', async () => {
    await send('GET', '/api/user', { bearer: true });
    await send('PATCH', '/api/user', { payload: { bio: 'On tour', theme: 'dark' } });
    const user = await member(t, { email_verified: true });
    const newEmail = `moved-${user.user.username}@example.org`;
    await send('POST', '/api/user/email', { as: user, payload: { email: newEmail } });
    await send('POST', '/api/auth/verify-email-change', {
      as: null,
      payload: { token: await issueEmailToken(t.app.ctx, user.user.id, 'email_change', newEmail) },
    });
    await send('GET', '/api/user/identities');
    // Two identities (the tour's members may have no password: the last one could not go).
    const identityId = newId();
    const identity = (id: string, provider: string) => ({ id, user_id: owner.user.id, provider, provider_user_id: id, handle: 'tourist', instance_name: '', created_at: new Date().toISOString() });
    await t.db.kysely.insertInto('identities').values([identity(identityId, 'codehost'), identity(newId(), 'networkD')]).execute();
    await send('DELETE', `/api/user/identities/${identityId}`);
    await send('GET', '/api/user/networkC/targets');
    // The data archive: ask, follow, download.
    await send('POST', '/api/user/archive', { status: 202 });
    await t.app.ctx.jobs.idle();
    const { archive } = await json('GET', '/api/user/archive');
    await send('GET', archive.downloadUrl);
    // Deleting one's own account, confirmed by the password.
    const leaving = await registerUser(t.app);
    await send('DELETE', '/api/user', { as: null, headers: { cookie: leaving.cookie }, payload: { password: leaving.password } });
  });
});

describe('lists', () => {
  it('lists, rows, trash, views, folders, schema edits, import, exports and the public reads', async () => {
    const folder = (await json('POST', '/api/folders', { payload: { name: 'Reading' }, status: 201 })).folder;
    await send('PUT', `/api/folders/${folder.id}`, { payload: { name: 'Books' } });
    await send('GET', '/api/folders');

    const list = (await json('POST', '/api/lists', { payload: { title: 'Books', isPublic: true, schema: BOOKS_SCHEMA }, status: 201 })).data;
    await send('GET', '/api/lists', { bearer: true });
    await send('GET', `/api/lists/${list.id}`);
    await send('PATCH', `/api/lists/${list.id}`, { payload: { description: 'What I read', folderId: folder.id } });
    const row = (await json('POST', `/api/lists/${list.id}/data`, { payload: { data: { title: 'Dune', pages: 412 } }, status: 201 })).data;
    await send('PUT', `/api/lists/${list.id}/data`, { payload: { rowId: row.id, data: { title: 'Dune', status: 'done' } } });
    await send('GET', `/api/lists/${list.id}/data`);
    await send('GET', `/api/lists/${list.id}/data?sort=-pages&q=dune`);
    await send('DELETE', `/api/lists/${list.id}/data/${row.id}`);
    await send('GET', `/api/lists/${list.id}/trash`);
    await send('POST', `/api/lists/${list.id}/watch`);
    await send('DELETE', `/api/lists/${list.id}/watch`, { bearer: true });
    await send('POST', `/api/lists/${list.id}/data/${row.id}/restore`);

    const view = (await json('POST', `/api/lists/${list.id}/views`, { payload: { name: 'Long first', sort: '-pages' }, status: 201 })).view;
    await send('GET', `/api/lists/${list.id}/views`);
    await send('PUT', `/api/lists/${list.id}/views/${view.id}`, { payload: { hiddenColumns: ['isbn'] } });
    await send('GET', `/api/lists/${list.id}/data?view=${view.id}`);
    await send('DELETE', `/api/lists/${list.id}/views/${view.id}`);

    const properties = list.schema.fields.map((f: Record<string, unknown>) => (f.key === 'title' ? { ...f, label: 'Book title' } : f));
    await send('PUT', `/api/lists/${list.id}/schema`, { payload: { properties } });

    const csv = { filename: 'rows.csv', contentType: 'text/csv', bytes: Buffer.from('title,pages\nEmma,474\n') };
    const job = (await upload(`/api/lists/${list.id}/import`, csv, { status: 202 })).json().job;
    await t.app.ctx.jobs.idle();
    await send('GET', `/api/lists/${list.id}/imports/${job.id}`);
    await send('GET', `/api/lists/${list.id}/export`, { bearer: true });

    const publicPath = `/api/users/${owner.user.username}/lists`;
    await send('GET', publicPath, { as: null });
    await send('GET', `${publicPath}/${list.id}`, { as: null });
    await send('GET', `${publicPath}/${list.id}/data`, { as: null });

    await send('GET', '/api/exports/lists');
    await send('GET', '/api/exports/list-data-rows');

    const scratch = (await json('POST', '/api/lists', { payload: { title: 'Scratch', schema: { ...BOOKS_SCHEMA, name: 'Scratch' } }, status: 201 })).data;
    await send('PUT', `/api/lists/${scratch.id}/schema`, { payload: { name: 'Rebuilt', fields: [{ key: 'name', type: 'text', label: 'Name' }] } });
    await send('DELETE', `/api/lists/${scratch.id}`);
    // A codehost-backed list, synced on demand (the owner's codehost account on the stand-in).
    codehostApi.account('tour-codehost-token', owner.user.username, { repos: [repo('tourist', 'tour')] });
    const tokens = { accessToken: 'tour-codehost-token', refreshToken: null, expiresAt: null, scopes: 'repo' };
    await upsertIdentity(t.app.ctx, { userId: owner.user.id, provider: 'codehost', providerUserId: 'tour-codehost', handle: 'tourist', tokens });
    const sourced = (await json('POST', '/api/lists', { payload: { source: { provider: 'codehost', kind: 'repositories' } }, status: 201 })).data;
    await send('POST', `/api/lists/${sourced.id}/sync`, { status: 202 });
    await t.app.ctx.jobs.idle();
    await send('DELETE', `/api/folders/${folder.id}`);
  });
});

describe('the social graph and messages', () => {
  let reportId: string;

  it('follows, follow requests, profiles, blocks, mutes and reports of users', async () => {
    await send('POST', `/api/users/${other.user.username}/follow`);
    await send('GET', '/api/user/following');
    await send('GET', '/api/user/followers', { as: other });
    await send('GET', `/api/users/${other.user.username}`);
    await send('DELETE', `/api/users/${other.user.username}/follow`);

    const shy = await member(t, { is_private: true });
    for (const who of [owner, other]) await send('POST', `/api/users/${shy.user.username}/follow`, { as: who });
    const requests = (await json('GET', '/api/user/follow-requests', { as: shy })).requests;
    await send('POST', `/api/user/follow-requests/${requests[0].id}/accept`, { as: shy });
    await send('POST', `/api/user/follow-requests/${requests[1].id}/reject`, { as: shy });

    const pest = await member(t);
    await send('POST', `/api/users/${pest.user.username}/block`);
    await send('GET', '/api/user/blocks');
    await send('DELETE', `/api/users/${pest.user.username}/block`);
    await send('POST', `/api/users/${pest.user.username}/mute`);
    await send('GET', '/api/user/mutes');
    await send('DELETE', `/api/users/${pest.user.username}/mute`);
    await send('POST', `/api/users/${pest.user.username}/report`, { payload: { reason: 'spam' }, status: 201 });
  });

  it('posts, reads, search, replies, digs, reports, scheduling, uploads and media', async () => {
    const image = (await upload('/api/messages/images/upload', { filename: 'a.png', contentType: 'image/png', bytes: await smallPng() }, { status: 201 })).json();
    const video = (await upload('/api/messages/videos/upload', { filename: 'a.mp4', contentType: 'video/mp4', bytes: videoBytes('mp4') }, { status: 201 })).json();
    await send('GET', new URL(image.url).pathname, { as: null });

    const posted = (await json('POST', '/api/messages', { payload: { content: 'Touring the API #tour', tags: ['tour'], imageUrls: [image.url], videoUrls: [video.url] }, status: 201 })).data;
    await send('GET', '/api/messages', { as: null });
    await send('GET', '/api/messages?tag=tour');
    await send('GET', '/api/messages/search?q=touring');
    await send('GET', '/api/search?q=touring&types=messages,documents,rows&limit=5');
    await send('GET', '/api/tags/trending', { as: null });
    await send('GET', '/api/tags/search?q=tou&limit=5', { as: null });
    await send('GET', `/api/messages/${posted.id}`, { as: null });
    await send('GET', `/api/user/${owner.user.username}/messages`);
    await send('POST', '/api/messages', { as: other, payload: { content: 'A reply', parentId: posted.id }, status: 201 });
    await send('GET', `/api/messages/${posted.id}/replies`);
    // The delivery ledger of a post made without cross-posting (tests in test/cross-posts/).
    await send('GET', `/api/messages/${posted.id}/cross-posts`);
    await send('POST', `/api/messages/${posted.id}/cross-posts/retry`, { status: 202 });
    await send('POST', `/api/messages/${posted.id}/dig`, { as: other });
    await send('DELETE', `/api/messages/${posted.id}/dig`, { as: other });
    reportId = (await json('POST', `/api/messages/${posted.id}/report`, { as: other, payload: { reason: 'spam' }, status: 201 })).report.id;

    const later = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const scheduled = (await json('POST', '/api/messages', { payload: { content: 'Tomorrow', scheduledAt: later }, status: 201 })).data;
    await send('GET', '/api/messages/scheduled');
    await send('PATCH', `/api/messages/${scheduled.id}`, { payload: { scheduledAt: new Date(t.clock.now().getTime() + 2 * 86_400_000).toISOString() } });
    await send('DELETE', `/api/messages/${scheduled.id}`);
  });

  it('administration: users, bulk changes, e-mail log, reports, the architecture aggregates', async () => {
    const admin = { as: null, headers: { cookie: t.admin.cookie } };
    await send('GET', '/api/admin/users', admin);
    await send('GET', '/api/admin/users?page=1&search=u', admin);
    const created = (
      await json('POST', '/api/admin/users', {
        ...admin,
        payload: { email: 'grace@example.org', username: 'grace', password: 'a long passphrase', emailVerified: true },
        status: 201,
      })
    ).user;
    await send('PUT', `/api/admin/users/${created.id}`, { ...admin, payload: { displayName: 'Grace Hopper' } });
    await send('POST', `/api/admin/users/${created.id}/password`, { ...admin, payload: { password: 'another long passphrase' } });
    const userIds = [created.id];
    await send('PATCH', '/api/admin/users/bulk-clearance', { ...admin, payload: { userIds } });
    await send('PATCH', '/api/admin/users/bulk-account-status', { ...admin, payload: { userIds, accountStatus: 'active' } });
    await send('PATCH', '/api/admin/users/bulk-status', { ...admin, payload: { userIds, emailVerified: true } });
    await send('DELETE', `/api/admin/users/${created.id}`, admin);
    const doomed = await member(t);
    await send('POST', '/api/admin/users/bulk-delete', { ...admin, payload: { userIds: [doomed.user.id] } });
    const spammer = await member(t);
    await send('POST', '/api/messages', { as: spammer, payload: { content: 'buy now' }, status: 201 });
    await send('POST', `/api/admin/users/${spammer.user.id}/purge`, { ...admin, payload: { dryRun: true } });
    await send('POST', `/api/admin/users/${spammer.user.id}/purge`, { ...admin, payload: { categories: { lists: false }, reason: 'spam' } });

    await send('GET', '/api/admin/email-logs', admin);
    await send('GET', '/api/admin/reports', admin);
    await send('PATCH', `/api/admin/reports/${reportId}`, { ...admin, payload: { status: 'resolved' } });
    await send('GET', '/api/architecture-aggregates/schema', admin);
    await send('GET', '/api/architecture-aggregates/users', admin);
  });
});

describe('documents', () => {
  it('documents, folders, search, sync, templates, history, trash, images and the public reads', async () => {
    const folder = (await json('POST', '/api/documents/folders', { payload: { name: 'Work', parentId: null }, status: 201 })).folder;
    await send('GET', '/api/documents/folders');
    await send('GET', `/api/documents/folders/${folder.id}`);
    await send('PUT', `/api/documents/folders/${folder.id}`, { payload: { name: 'Office', parentId: null } });
    const inFolder = (
      await json('POST', `/api/documents/folders/${folder.id}/documents`, { payload: { title: 'Agenda', content: '# Agenda\n' }, status: 201 })
    ).document;
    await send('GET', `/api/documents/folders/${folder.id}/documents`);

    const doc = (await json('POST', '/api/documents', { payload: { title: 'Wombat notes', content: 'wombats', isPublic: true }, status: 201, bearer: true })).document;
    await send('GET', '/api/documents');
    await send('GET', `/api/documents/${doc.id}`);
    await send('POST', `/api/documents/${doc.id}/presence`, { payload: { editing: true } });
    await send('POST', `/api/documents/${doc.id}/presence`, { as: other });
    await send('GET', `/api/documents/${doc.id}/presence`, { bearer: true });
    await send('PUT', `/api/documents/${doc.id}`, { payload: { content: 'wombats, more of them' } });
    await send('PATCH', `/api/documents/${doc.id}`, { payload: { title: 'Wombat field notes' } });
    await upload(`/api/documents/${doc.id}/images/upload`, { filename: 'a.png', contentType: 'image/png', bytes: await smallPng() });

    // The paged reads whose limit and offset the document once marked required: sent without them.
    await send('GET', '/api/documents/search?q=wombat');
    await send('GET', `/api/documents/${doc.id}/revisions`);
    await send('GET', `/api/users/${owner.user.username}/documents`, { as: null });
    // The blog of those public documents: its feed, a subscription confirmed, then ended by its one-click link.
    await send('GET', `/api/users/${owner.user.username}/feed.atom`, { as: null });
    await send('POST', `/api/users/${owner.user.username}/subscribe`, { as: null, payload: { email: 'blog-reader@example.org' }, status: 202 });
    await send('POST', '/api/blog-subscriptions/confirm', { as: null, payload: { token: t.smtp.tokenFrom('blog-reader@example.org', '/blog-subscription') } });
    await send('PATCH', `/api/documents/${doc.id}`, { payload: { isPublic: false } });
    await send('PATCH', `/api/documents/${doc.id}`, { payload: { isPublic: true } });
    await settle(t);
    const unsubscribe = /^List-Unsubscribe: <[^>]*(\/api\/blog-subscriptions\/unsubscribe\?token=[^>]+)>/m.exec(t.smtp.to('blog-reader@example.org').at(-1)!.raw.replace(/\r\n[ \t]+/g, ' '))![1];
    await send('POST', unsubscribe, { as: null });
    const revisions = (await json('GET', `/api/documents/${doc.id}/revisions?limit=5&offset=0`)).revisions;
    const first = revisions[revisions.length - 1].revision;
    await send('GET', `/api/documents/${doc.id}/revisions/${first}`);
    await send('POST', `/api/documents/${doc.id}/revisions/${first}/restore`);

    await send('DELETE', `/api/documents/${inFolder.id}`);
    await send('DELETE', `/api/documents/folders/${folder.id}`);
    await send('GET', '/api/documents/trash');
    await send('POST', `/api/documents/folders/${folder.id}/restore`);
    await send('POST', `/api/documents/${inFolder.id}/restore`);

    await send('GET', '/api/documents/sync');
    await send('POST', '/api/documents/sync', {
      payload: { operations: [{ op: 'create', type: 'folder', path: 'synced' }, { op: 'create', type: 'document', path: 'synced/plan.md', data: { title: 'Plan', content: '# Plan\n' } }] },
    });
    await send('GET', '/api/documents/templates');
    await send('POST', '/api/documents/templates/seed-defaults', { status: 201 });
    const templates = (await json('GET', '/api/documents/templates')).documents;
    await send('POST', '/api/documents/from-template', { payload: { templateDocumentId: templates[0].id, targetFolderId: null }, status: 201 });
  });
});

describe('notifications, devices and direct messages', () => {
  it('the tray and feed, read state, preferences, one-click unsubscribe, push devices', async () => {
    const fan = await member(t);
    await send('POST', `/api/users/${owner.user.username}/follow`, { as: fan });
    await settle(t);
    await send('GET', '/api/notifications?scope=tray');
    const items = (await json('GET', '/api/notifications')).items;
    await send('PATCH', `/api/notifications/${items[0].id}/read`);
    await send('POST', '/api/notifications/mark-all-read');
    await send('DELETE', `/api/notifications/${items[0].id}`);
    await send('GET', '/api/user/notification-preferences');
    await send('PATCH', '/api/user/notification-preferences', { payload: { key: 'dig', channels: { push: false } } });
    const token = await unsubscribeToken(t.app.ctx, owner.user.id, 'follow');
    await send('POST', `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, { as: null });

    const device = { token: '740f4707bebcf74f9b7c25d48e3358945f6aa01da5ddb387462c7eaf61bb78ad', platform: 'ios' };
    await send('POST', '/api/push/register', { payload: device });
    await send('GET', '/api/push/devices');
    await send('DELETE', '/api/push/unregister', { payload: { token: device.token } });
  });

  it('direct messages: send, conversations, a conversation, delete', async () => {
    const sent = (await json('POST', '/api/direct-messages', { payload: { recipient: other.user.username, content: 'Hello!' }, status: 201 })).directMessage;
    await send('GET', '/api/direct-messages', { as: other });
    await send('GET', `/api/direct-messages/${owner.user.username}`, { as: other });
    await send('DELETE', `/api/direct-messages/${sent.id}`);
  });
});

describe('exports and the cron endpoints', () => {
  it('CSV exports; scheduled work run by the cron secret', async () => {
    await send('GET', '/api/exports/messages');
    await send('GET', '/api/exports/follows');
    const cron = { as: null, headers: { authorization: `Bearer ${CRON_SECRET}` } };
    await send('GET', '/api/cron/publish-scheduled-messages', cron);
    await send('GET', '/api/cron/purge-expired', cron);
    await send('GET', '/api/cron/run-jobs', cron);
    await send('GET', '/api/cron/sync-codehost-lists', cron);
  });
});

describe('materialize', () => {
  it('a message draft from one of the caller’s posts', async () => {
    const post = (await json('POST', '/api/messages', { payload: { content: 'Materialize me. Twice over.' }, status: 201 })).data;
    await send('POST', '/api/materialize', { payload: { target: 'message', source: { kind: 'messages', messageIds: [post.id] } } });
  });
});

describe('AI', () => {
  it('status, suggest and generate', async () => {
    await send('GET', '/api/ai/status', { bearer: true });
    aiStandIn.answer(openAiAnswer(DOCUMENT_OUTPUT));
    const { artifact } = await json('POST', '/api/ai/suggest', { payload: { feature: 'powered_document', input: 'Composting at home' } });
    await send('POST', '/api/ai/generate', { payload: { feature: 'powered_document', artifact }, status: 201 });
  });
});

describe('utility helpers', () => {
  it('the image proxy (and its 304), geolocation, the weather', async () => {
    const proxied = await send('GET', `/api/proxy/image?url=${encodeURIComponent(outside.url('/image.png'))}&w=32`);
    await send('GET', `/api/proxy/image?url=${encodeURIComponent(outside.url('/image.png'))}&w=32`, { headers: { 'if-none-match': proxied.headers.etag as string }, status: 304 });
    await send('GET', '/api/geo', { as: null });
    await send('GET', '/api/geo?ip=8.8.8.8', { as: null, headers: { cookie: t.admin.cookie } });
    await send('GET', '/api/weather?lat=52.52&lon=13.41', { bearer: true });
  });
});

describe('billing', () => {
  it('the tier, a checkout, the provider’s webhook, the customer portal', async () => {
    const buyer = await member(t, { email_verified: true });
    await send('GET', '/api/billing', { as: buyer, bearer: true });
    await send('POST', '/api/billing/checkout-session', { as: buyer, payload: { plan: 'monthly', returnTo: '/settings/billing' } });
    const customer = [...stripeStandIn.customers.values()].find((c) => c.metadata.userId === buyer.user.id)!;
    const sub = { id: 'sub_tour', customer: customer.id, status: 'active', price: 'price_tour_monthly', currentPeriodEnd: Math.floor(Date.now() / 1000) + 86400 };
    stripeStandIn.subscriptions.set(sub.id, sub);
    const event = signEvent('customer.subscription.created', subscriptionObject(sub), { secret: STRIPE_WEBHOOK_SECRET, timestamp: Math.floor(t.clock.now().getTime() / 1000) });
    await send('POST', '/api/billing/webhook', { as: null, headers: { 'content-type': 'application/json', 'stripe-signature': event.header }, payload: event.payload });
    await send('POST', '/api/billing/portal-session', { as: buyer });
  });
});

describe('organizations', () => {
  it('organizations, members', async () => {
    const { org } = await json('POST', '/api/orgs', { payload: { name: 'Tour org', slug: 'tour-org', description: 'Touring' }, status: 201 });
    await send('GET', '/api/orgs');
    await send('GET', `/api/orgs/${org.slug}`, { as: other });
    await send('PATCH', `/api/orgs/${org.slug}`, { payload: { avatar: 'https://img.example/tour.png' } });
    await t.db.kysely.insertInto('organization_members').values({ organization_id: org.id, user_id: other.user.id, role: 'member', created_at: new Date().toISOString() }).execute();
    await send('GET', `/api/orgs/${org.slug}/members`);
    await send('PATCH', `/api/orgs/${org.slug}/members/${other.user.username}`, { payload: { role: 'admin' } });
    await send('DELETE', `/api/orgs/${org.slug}/members/${other.user.username}`, { as: other });
    const { invite } = await json('POST', `/api/orgs/${org.slug}/invites`, { payload: { email: 'invitee@example.org', role: 'member' }, status: 201 });
    await send('GET', `/api/orgs/${org.slug}/invites`);
    await send('DELETE', `/api/orgs/${org.slug}/invites/${invite.id}`);
    await send('POST', `/api/orgs/${org.slug}/invites`, { payload: { username: other.user.username, role: 'admin' }, status: 201 });
    const token = t.smtp.tokenFrom(other.user.email, '/org-invite');
    await send('POST', '/api/orgs/invites/accept', { as: other, payload: { token } });
    await send('POST', '/api/messages', { payload: { content: 'To the org', orgId: org.id }, status: 201 });
    await send('GET', `/api/orgs/${org.slug}/messages`, { as: null });
    await send('GET', `/api/orgs/${org.slug}/messages`);
    const { org: gone } = await json('POST', '/api/orgs', { payload: { name: 'Gone', slug: 'tour-gone' }, status: 201 });
    await send('DELETE', `/api/orgs/${gone.slug}`);
  });
});

describe('events', () => {
  it('the pull and the live stream (cut short by its maximum age)', async () => {
    await send('GET', '/api/events?after=0&limit=10&types=list.*', { bearer: true });
    const hub = t.app.ctx.state(liveStreams);
    const timings = hub.timings;
    hub.timings = { ...timings, maxAgeMs: 200 };
    try {
      const res = await send('GET', '/api/events/stream', { headers: { accept: 'text/event-stream' } });
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(res.body).toMatch(/^retry: \d+\n/);
      expect(res.body).toContain('event: ready');
    } finally {
      hub.timings = timings;
    }
  });
});

describe('webhooks', () => {
  it('a user’s and an organization’s webhooks, test deliveries, the delivery log, redeliver', async () => {
    // The receiver is the tour's public stand-in (127.0.0.2, allowed); it answers 404 to the posts, which the log records.
    const url = outside.url('/hook');
    const { org } = await json('POST', '/api/orgs', { payload: { name: 'Hooks org', slug: 'tour-hooks' }, status: 201 });
    for (const prefix of ['/api/webhooks', `/api/orgs/${org.slug}/webhooks`]) {
      const { webhook } = await json('POST', prefix, { payload: { url, events: ['list.*'], description: 'Tour' }, status: 201 });
      await send('GET', prefix, { bearer: true });
      await send('GET', `${prefix}/${webhook.id}`);
      await send('PATCH', `${prefix}/${webhook.id}`, { payload: { events: ['list.*', 'document.created'] } });
      await send('POST', `${prefix}/${webhook.id}/rotate-secret`);
      const { delivery } = await json('POST', `${prefix}/${webhook.id}/test`);
      await send('GET', `${prefix}/${webhook.id}/deliveries?status=retrying&type=webhook.test`);
      await send('GET', `${prefix}/${webhook.id}/deliveries/${delivery.id}`);
      await send('POST', `${prefix}/${webhook.id}/deliveries/${delivery.id}/redeliver`, { status: 202 });
      await t.app.ctx.jobs.idle();
      await send('DELETE', `${prefix}/${webhook.id}`);
    }
  });
});

describe('sharing', () => {
  it('collaborators on a list and a document, an e-mail invite accepted, shared-with-me', async () => {
    const list = (await json('POST', '/api/lists', { payload: { title: 'Shared tour list', schema: { name: 'Tour', fields: [{ key: 'title', type: 'text', label: 'Title' }] } }, status: 201 })).data;
    const { collaborator } = await json('POST', `/api/lists/${list.id}/collaborators`, { payload: { username: other.user.username, role: 'viewer' }, status: 201 });
    await send('GET', `/api/lists/${list.id}/collaborators`, { as: other });
    await send('PATCH', `/api/lists/${list.id}/collaborators/${collaborator.id}`, { payload: { role: 'editor' } });
    await send('GET', '/api/shared-with-me', { as: other });
    await send('DELETE', `/api/lists/${list.id}/collaborators/${collaborator.id}`, { as: other });
    const doc = (await json('POST', '/api/documents', { payload: { title: 'Shared tour notes', content: 'notes' }, status: 201, bearer: true })).document;
    const invited = (await json('POST', `/api/documents/${doc.id}/collaborators`, { payload: { email: other.user.email, role: 'editor' }, status: 201 })).collaborator;
    await send('GET', `/api/documents/${doc.id}/collaborators`);
    await send('PATCH', `/api/documents/${doc.id}/collaborators/${invited.id}`, { payload: { role: 'viewer' } });
    await send('DELETE', `/api/documents/${doc.id}/collaborators/${invited.id}`);
    const address = 'tour-newcomer@example.org';
    await send('POST', `/api/documents/${doc.id}/collaborators`, { payload: { email: address, role: 'viewer' }, status: 201 });
    const token = t.smtp.tokenFrom(address, '/share-invite');
    const newcomer = await member(t, { email: address, email_verified: true });
    await send('POST', '/api/shares/invites/accept', { as: newcomer, payload: { token } });
  });
});

describe('share links', () => {
  it('made, listed and revoked by the owner; read and written through by their holders', async () => {
    const list = (await json('POST', '/api/lists', { payload: { title: 'Shared', schema: BOOKS_SCHEMA }, status: 201 })).data;
    const doc = (await json('POST', '/api/documents', { payload: { title: 'Shared notes', content: 'notes' }, status: 201 })).document;
    const tokenOf = (url: string) => url.split('/s/')[1];
    const listLink = (await json('POST', `/api/lists/${list.id}/share-links`, { payload: { access: 'edit' }, status: 201 })).shareLink;
    const expiresAt = new Date(t.clock.now().getTime() + 3600_000).toISOString();
    const docLink = (await json('POST', `/api/documents/${doc.id}/share-links`, { payload: { access: 'edit', expiresAt }, status: 201 })).shareLink;
    await send('GET', `/api/lists/${list.id}/share-links`, { bearer: true });
    await send('GET', `/api/documents/${doc.id}/share-links`);
    const listToken = tokenOf(listLink.url);
    await send('GET', `/api/shared/${listToken}`, { as: null });
    const row = (await json('POST', `/api/shared/${listToken}/data`, { as: other, payload: { data: { title: 'Added through a link' } }, status: 201 })).data;
    await send('PUT', `/api/shared/${listToken}/data`, { as: other, payload: { rowId: row.id, data: { pages: 12 } } });
    await send('GET', `/api/shared/${listToken}/data`, { as: null });
    await send('DELETE', `/api/shared/${listToken}/data/${row.id}`, { as: other });
    const docToken = tokenOf(docLink.url);
    await send('GET', `/api/shared/${docToken}`, { as: null });
    await send('PATCH', `/api/shared/${docToken}`, { as: other, payload: { content: 'notes, edited', baseRevision: doc.revision } });
    await send('DELETE', `/api/lists/${list.id}/share-links/${listLink.id}`);
    await send('DELETE', `/api/documents/${doc.id}/share-links/${docLink.id}`);
    await send('GET', `/api/shared/${docToken}`, { as: null, status: 404 });
  });
});

describe('the traffic against the served document', () => {
  it('checked the tour’s own requests (the checker sees them)', () => {
    expect(traffic.answered.get('GET /api/health')?.has(200)).toBe(true);
  });

  it('every answer declared and matching its schema; every accepted request valid by the document', () => {
    expect(traffic.problems).toEqual([]);
  });

  it('every operation of the document succeeded at least once on the tour', () => {
    expect(traffic.unexercised()).toEqual([]);
  });
});

describe('the checker', () => {
  // A checker that passes everything proves nothing: it must catch each kind of mismatch.
  const exchange = (method: string, url: string, statusCode: number, body: unknown, payload?: unknown) => ({
    method,
    url,
    headers: payload === undefined ? {} : { 'content-type': 'application/json' },
    payload,
    response: {
      statusCode,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(body),
      rawPayload: Buffer.from(JSON.stringify(body)),
    } as unknown as LightMyRequestResponse,
  });
  const page = { total: 0, limit: 20, offset: 0, hasMore: false };

  it('finds an undeclared status, a body off its schema, a missing required parameter, an invalid body and an unknown path', () => {
    const check = (e: ReturnType<typeof exchange>) => traffic.check(e);
    expect(check(exchange('GET', '/api/user/followers', 200, { users: [], pagination: page }))).toEqual([]);
    expect(check(exchange('GET', '/api/user/followers', 418, { error: 'teapot' })).join()).toMatch(/418 is not declared/);
    expect(check(exchange('GET', '/api/user/followers', 200, { users: [], pagination: { ...page, hasMore: 'no' } })).join()).toMatch(/response body/);
    expect(check(exchange('GET', '/api/messages/search', 200, { messages: [], pagination: page })).join()).toMatch(/required query parameter "q"/);
    expect(check(exchange('GET', '/api/messages/search?q=x&limit=500', 200, { messages: [], pagination: page })).join()).toMatch(/query parameter "limit"/);
    expect(check(exchange('POST', '/api/folders', 201, { folder: {} }, { nom: 'x' })).join()).toMatch(/request body/);
    expect(check(exchange('GET', '/api/nowhere', 404, { error: 'x' })).join()).toMatch(/no operation/);
  });
});
