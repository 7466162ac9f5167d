import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../src/db/types.js';
import { promoteAdministrators } from '../../src/features/admin/system-org.js';
import { mediaUrl, storeUpload } from '../../src/features/media/service.js';
import { searchIndexer } from '../../src/features/messages/search-index.js';
import { createTestApp, setUserFields, type TestApp, type TestAppOptions } from '../helpers/app.js';
import { smallPng } from '../media/images.js';
import { member, type Member } from '../messages/helpers.js';

// The authorization matrix: one table per feature, one row per operation (or variant of one),
// one expected answer per role. Rows run through HTTP against fixtures owned by `owner`; the
// table is checked against the served OpenAPI document, so an operation added to a feature
// without a row fails, and so does a row that disagrees with the operation's `security`.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A status, a status and its error `code`, or a status with a code and a pattern for `error`. */
export type Expect = number | readonly [number, string] | { status: number; code?: string; error?: RegExp };

// The answers that recur in every table.
export const UNAUTHENTICATED = [401, 'unauthorized'] as const;
/** A Bearer token on a Session-only operation. */
export const SESSION_ONLY = [401, 'session_required'] as const;
export const RESTRICTED = [403, 'account_restricted'] as const;
export const PROBATION = [403, 'account_probation_feature'] as const;
export const SUBSCRIPTION = { status: 403, code: 'subscription_required', error: /active subscription is required/i } as const;
export const ADMIN_ONLY = [403, 'admin_required'] as const;
export const BLOCKED = [403, 'blocked'] as const;
export const USER_NOT_FOUND = [404, 'user_not_found'] as const;

/**
 * Who calls: request headers, and the signed-in user behind them (null: anonymous, or a
 * credential that is not a user's, such as the cron secret).
 */
export interface Actor {
  headers: Record<string, string>;
  member: Member | null;
}

export const anonymous: Actor = { headers: {}, member: null };
export const byCookie = (m: Member): Actor => ({ headers: { cookie: m.cookie }, member: m });
export const byBearer = (m: Member): Actor => ({ headers: { authorization: m.bearer }, member: m });

/** What every hook of a row gets: the app, the fixtures, the calling role and its per-call fixture. */
export interface Call<F, R extends string> {
  t: TestApp;
  f: F;
  role: R;
  actor: Actor;
  /** What the row's `fresh` made for this call (empty without `fresh`). */
  fresh: Record<string, string>;
}

export interface Row<F, R extends string> {
  /** `METHOD /api/path/{param}` exactly as in the OpenAPI document. */
  op: string;
  /** Tells variants of one operation apart. */
  label?: string;
  /** Values of the path's `{params}`. */
  params?: (c: Call<F, R>) => Record<string, string>;
  query?: (c: Call<F, R>) => string;
  body?: (c: Call<F, R>) => unknown;
  /** A multipart body instead of JSON. */
  multipart?: (c: Call<F, R>) => Promise<{ payload: Buffer; headers: Record<string, string> }>;
  /** Made before each role's call, so that a call that consumes its target (a delete) does not spoil the next. */
  fresh?: (c: Omit<Call<F, R>, 'fresh'>) => Promise<Record<string, string>>;
  /** One answer per role of the table (extra roles, such as `cron`, only where given). */
  expect: Record<R, Expect> & Partial<Record<string, Expect>>;
  /** Further checks of a successful answer (what it may and may not show this role). */
  ok?: (res: LightMyRequestResponse, c: Call<F, R>) => void | Promise<void>;
  /** Tables put back as they were before the row (follows, blocks... that later rows depend on). */
  restore?: (keyof Database)[];
}

/**
 * The spec's Auth column (and the service's "all require a session cookie or Bearer token unless
 * noted"): Public (no credentials), Optional (anonymous allowed, credentials personalise),
 * Either (cookie or Bearer), Session (cookie only), Cron (the cron secret as a Bearer value).
 */
export type AuthClass = 'Public' | 'Optional' | 'Either' | 'Session' | 'Cron';

const SECURITY: Record<AuthClass, Record<string, string[]>[]> = {
  Public: [],
  Optional: [{}, { session: [] }, { bearer: [] }],
  Either: [{ session: [] }, { bearer: [] }],
  Session: [{ session: [] }],
  Cron: [{ bearer: [] }],
};

export interface Matrix<F, R extends string> {
  /** The table's roles, in the order they are called. */
  roles: readonly R[];
  /** Which operations of the OpenAPI document belong to the feature. */
  covers: (op: { method: Method; path: string; tags: string[] }) => boolean;
  /** The Auth class of each operation that is not Either. */
  auth?: Record<string, AuthClass>;
  /** The tables a refused write must leave exactly as they were. */
  tables: (keyof Database)[];
  app?: TestAppOptions;
  /** Fixtures and actors (every role of the table, plus any extra role the rows use). */
  setup: (t: TestApp) => Promise<{ f: F; actors: Record<string, Actor> }>;
  rows: Row<F, R>[];
}

const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function statusOf(e: Expect): number {
  return typeof e === 'number' ? e : Array.isArray(e) ? e[0] : (e as { status: number }).status;
}

/** What is wrong with `res` given `e` (null: nothing). */
function mismatch(res: LightMyRequestResponse, e: Expect): string | null {
  const status = statusOf(e);
  const code = typeof e === 'number' ? undefined : Array.isArray(e) ? e[1] : (e as { code?: string }).code;
  const error = typeof e === 'object' && !Array.isArray(e) ? (e as { error?: RegExp }).error : undefined;
  const got = `${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode !== status) return `expected ${status}${code ? ` ${code}` : ''}, got ${got}`;
  if (status < 400) return null;
  let body: { error?: unknown; code?: unknown };
  try {
    body = res.json();
  } catch {
    return `expected a JSON error body, got ${got}`;
  }
  if (typeof body.error !== 'string') return `error body without an "error" string: ${got}`;
  if (code && body.code !== code) return `expected code ${code}, got ${got}`;
  if (error && !error.test(body.error)) return `expected error matching ${error}, got ${got}`;
  return null;
}

/** Every row of the given tables, in a stable order: a fingerprint of their state. */
async function snapshot(t: TestApp, tables: (keyof Database)[]): Promise<Record<string, unknown[]>> {
  // Earlier posts' search indexing (a background batch that sets messages.fts_rowid) is not the call's doing.
  await searchIndexer(t.app.ctx).drain();
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const rows = await t.db.kysely.selectFrom(table).selectAll().execute();
    out[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

function changedTables(before: Record<string, unknown[]>, after: Record<string, unknown[]>): string[] {
  return Object.keys(before).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

async function restoreTables(t: TestApp, saved: Record<string, unknown[]>): Promise<void> {
  for (const [table, rows] of Object.entries(saved)) {
    await t.db.kysely.deleteFrom(table as keyof Database).execute();
    const values = rows.map((r) => JSON.parse(r as string));
    if (values.length > 0) await t.db.kysely.insertInto(table as keyof Database).values(values).execute();
  }
}

function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return encodeURIComponent(params[name]);
  });
}

/**
 * The roles a table usually has, made with the messages tests' `member` (active unless told):
 * the owner of the fixtures (a subscriber), a stranger, a free account, a probation and a
 * restricted account (subscribers, so that only their status is in question) and an administrator.
 */
export async function castOf(t: TestApp, ownerFields: Record<string, unknown> = {}) {
  const subscriber = { customer_status: 'subscriber', email_verified: true };
  const owner = await member(t, { ...subscriber, ...ownerFields });
  const other = await member(t, subscriber);
  const free = await member(t, { customer_status: 'free', email_verified: true });
  const probation = await member(t, { ...subscriber, account_status: 'probation' });
  const restricted = await member(t, { ...subscriber, account_status: 'restricted' });
  const admin = await member(t, subscriber);
  await promoteAdministrators(t.app.ctx, t.db.kysely, [admin.user.id]);
  return { owner, other, free, probation, restricted, admin };
}

/** The URL of a new, unattached image upload of `who` (stored directly: set-up). */
export async function freeImage(t: TestApp, who: Member): Promise<string> {
  const row = await storeUpload(t.app.ctx, who.user.id, 'image', { bytes: await smallPng(), contentType: 'image/png', ext: 'png', width: 64, height: 48 });
  return mediaUrl(t.app.ctx, row);
}

/**
 * Runs `make` while `who` is an active subscriber (set-up of things a probation, free or
 * restricted account may own but not create now), then puts their fields back.
 */
export async function asActiveSubscriber<T>(t: TestApp, who: Member, make: () => Promise<T>): Promise<T> {
  const { account_status, customer_status } = await t.db.kysely
    .selectFrom('users')
    .select(['account_status', 'customer_status'])
    .where('id', '=', who.user.id)
    .executeTakeFirstOrThrow();
  await setUserFields(t.db, who.user.id, { account_status: 'active', customer_status: 'subscriber' });
  try {
    return await make();
  } finally {
    await setUserFields(t.db, who.user.id, { account_status, customer_status });
  }
}

/**
 * Declares the tests of one feature's table (one app per file, fixtures shared by its rows).
 * Returns the app and fixtures, for further tests of the same file once `beforeAll` has run.
 */
export function authorizationMatrix<F, R extends string>(m: Matrix<F, R>): () => { t: TestApp; f: F; actors: Record<string, Actor> } {
  let t: TestApp;
  let f: F;
  let actors: Record<string, Actor>;
  let operations: { method: Method; path: string; tags: string[]; security: Record<string, string[]>[] }[];
  let dataDir: string;

  beforeAll(async () => {
    // Uploads go to a directory of this file's own.
    dataDir = await mkdtemp(join(tmpdir(), 'authz-'));
    t = await createTestApp({ smtp: false, ...m.app, env: { SCHEDULER: 'off', DATA_DIR: dataDir, ...m.app?.env } });
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    operations = [];
    for (const [path, item] of Object.entries<Record<string, { tags?: string[]; security?: Record<string, string[]>[] }>>(res.json().paths)) {
      for (const method of METHODS) {
        const op = item[method.toLowerCase()];
        if (op) operations.push({ method, path, tags: op.tags ?? [], security: op.security ?? [] });
      }
    }
    ({ f, actors } = await m.setup(t));
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('has a row for every operation of the feature in the OpenAPI document, and no row for an unknown one', () => {
    const feature = operations.filter((o) => m.covers(o)).map((o) => `${o.method} ${o.path}`);
    expect(feature.length).toBeGreaterThan(0);
    const tabled = new Set(m.rows.map((r) => r.op));
    expect(feature.filter((op) => !tabled.has(op)), 'operations without a row').toEqual([]);
    const known = new Set(operations.map((o) => `${o.method} ${o.path}`));
    expect([...tabled].filter((op) => !known.has(op)), 'rows naming no operation').toEqual([]);
  });

  it('follows the Auth column: the document’s security, 401 without credentials unless Public or Optional, 401 for Bearer on Session only', () => {
    const wrong: string[] = [];
    for (const row of m.rows) {
      const op = operations.find((o) => `${o.method} ${o.path}` === row.op);
      if (!op) continue;
      const auth = m.auth?.[row.op] ?? 'Either';
      if (JSON.stringify(op.security) !== JSON.stringify(SECURITY[auth])) {
        wrong.push(`${row.op}: ${auth}, yet the document says ${JSON.stringify(op.security)}`);
      }
      const { anonymous: anon, bearer } = row.expect as Record<string, Expect | undefined>;
      // Optional operations may still need credentials for one option (onlyMine).
      const anonymousMayPass = auth === 'Public' || auth === 'Optional';
      if (anon !== undefined && !anonymousMayPass && statusOf(anon) !== 401) wrong.push(`${row.op}: ${auth}, yet anonymous is not 401`);
      if (anon !== undefined && auth === 'Public' && statusOf(anon) === 401) wrong.push(`${row.op}: Public, yet anonymous is 401`);
      if (bearer !== undefined && auth === 'Session' && statusOf(bearer) !== 401) wrong.push(`${row.op}: Session, yet Bearer is not 401`);
      if (bearer !== undefined && (auth === 'Either' || auth === 'Optional') && statusOf(bearer) === 401) wrong.push(`${row.op}: ${auth}, yet Bearer is 401`);
    }
    expect(wrong).toEqual([]);
  });

  for (const row of m.rows) {
    it(`${row.op}${row.label ? ` (${row.label})` : ''}`, async () => {
      const [method, template] = row.op.split(' ') as [Method, string];
      const expected = row.expect as Record<string, Expect>;
      const roles = [...m.roles, ...Object.keys(expected).filter((r) => !(m.roles as readonly string[]).includes(r))];
      const missing = roles.filter((r) => expected[r] === undefined);
      expect(missing, 'roles without an expectation').toEqual([]);
      // Refusals first: a success may consume or change what the others would have been refused.
      const order = [...roles.filter((r) => statusOf(expected[r]) >= 400), ...roles.filter((r) => statusOf(expected[r]) < 400)];
      const saved = row.restore ? await snapshot(t, row.restore) : null;
      const problems: string[] = [];
      try {
        for (const role of order) {
          const problem = await callAs(row, method, template, role, expected[role]);
          if (problem) problems.push(`${role}: ${problem}`);
        }
      } finally {
        if (saved) await restoreTables(t, saved);
      }
      expect(problems).toEqual([]);
    });
  }

  /** One role's call of a row: what is wrong with its answer, or null. */
  async function callAs(row: Row<F, R>, method: Method, template: string, role: string, e: Expect): Promise<string | null> {
    const actor = actors[role];
    if (!actor) throw new Error(`no actor for role ${role}`);
    const base = { t, f, role: role as R, actor };
    const c: Call<F, R> = { ...base, fresh: row.fresh ? await row.fresh(base) : {} };
    const url = fillPath(template, row.params?.(c) ?? {}) + (row.query ? `?${row.query(c)}` : '');
    const headers = { ...actor.headers };
    let payload: unknown;
    if (row.multipart) {
      const mp = await row.multipart(c);
      Object.assign(headers, mp.headers);
      payload = mp.payload;
    } else if (row.body) {
      payload = row.body(c);
    }
    const refusedWrite = method !== 'GET' && statusOf(e) >= 400;
    const before = refusedWrite ? await snapshot(t, m.tables) : null;
    const res = await t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as string } : {}) });
    // Listeners (notifications...) run after the answer: let them finish before looking.
    await t.app.ctx.events.idle();
    const wrong = mismatch(res, e);
    if (wrong) return wrong;
    if (before) {
      const changed = changedTables(before, await snapshot(t, m.tables));
      if (changed.length > 0) return `refused (${res.statusCode}) but changed ${changed.join(', ')}`;
    }
    if (res.statusCode < 400 && row.ok) {
      try {
        await row.ok(res, c);
      } catch (err) {
        return (err as Error).message.split('\n')[0];
      }
    }
    return null;
  }

  return () => ({ t, f, actors });
}

/** The `id`s in a JSON array found at `key` of the answer (or the answer itself). */
export function idsIn(res: LightMyRequestResponse, key?: string): string[] {
  const body = res.json();
  const items = (key ? body[key] : body) as { id: string }[];
  return items.map((i) => i.id);
}
