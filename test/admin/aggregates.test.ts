import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createAdminApp, makeUser, type AdminTestApp } from './helpers.js';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminApp({ smtp: false });
  await makeUser(t);
  await makeUser(t);
});
afterAll(async () => t.close());

const get = (path: string, headers: Record<string, string> = { cookie: t.admin.cookie }) =>
  t.app.inject({ method: 'GET', url: `/api/architecture-aggregates/${path}`, headers });

interface Column {
  name: string;
  type: string;
  nullable: boolean;
}

describe('GET /api/architecture-aggregates/schema', () => {
  it('lists the application tables and their columns, without Kysely’s migration tables', async () => {
    const res = await get('schema');
    expect(res.statusCode).toBe(200);
    const { tables } = res.json() as { tables: { name: string; columns: Column[] }[] };
    expect(Object.keys(res.json())).toEqual(['tables']);
    const names = tables.map((x) => x.name);
    for (const name of ['users', 'sessions', 'sync_tokens', 'email_logs', 'administrators', 'organizations', 'organization_members', 'analytics_events']) {
      expect(names).toContain(name);
    }
    expect(names.some((n) => n.startsWith('kysely_'))).toBe(false);
    const users = tables.find((x) => x.name === 'users')!;
    const byName = Object.fromEntries(users.columns.map((c) => [c.name, c]));
    expect(Object.keys(users.columns[0]).sort()).toEqual(['name', 'nullable', 'type']);
    expect(byName.email.nullable).toBe(false);
    expect(byName.username.nullable).toBe(false);
    expect(byName.avatar.nullable).toBe(true);
    expect(byName.email.type.toLowerCase()).toBe('text');
    expect(byName.password_hash).toBeDefined();
  });
});

describe('GET /api/architecture-aggregates/{table}', () => {
  it('pages the rows of a table read-only, with secrets redacted', async () => {
    const res = await get('users');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['pagination', 'rows', 'table']);
    expect(body.table).toBe('users');
    expect(body.pagination).toEqual({ total: 3, limit: 25, offset: 0, hasMore: false });
    expect(body.rows).toHaveLength(3);
    const root = body.rows.find((r: { email: string }) => r.email === ADMIN.email);
    expect(root).toMatchObject({ username: ADMIN.username, password_hash: '[redacted]' });
    expect(res.body).not.toMatch(/\$argon2id\$/);
  });

  it('redacts token hashes', async () => {
    for (const table of ['sessions', 'sync_tokens']) {
      const body = (await get(table)).json();
      expect(body.rows.length, table).toBeGreaterThan(0);
      for (const row of body.rows) expect(row.token_hash).toBe('[redacted]');
    }
  });

  it('redacts idempotency keys, request hashes and cached response bodies', async () => {
    await t.db.kysely
      .insertInto('idempotency_keys')
      .values({
        id: 'k1',
        caller: 'user:x',
        idem_key: 'client-key-123',
        method: 'POST',
        path: '/api/x',
        request_hash: 'abc',
        state: 'done',
        response_status: 201,
        response_body: '{"secret":true}',
        response_content_type: 'application/json',
        created_at: t.clock.now().toISOString(),
        expires_at: t.clock.now().toISOString(),
      })
      .execute();
    const [row] = (await get('idempotency_keys')).json().rows;
    expect(row).toMatchObject({ id: 'k1', caller: 'user:x', idem_key: '[redacted]', request_hash: '[redacted]', response_body: '[redacted]', response_status: 201 });
  });

  it('clamps limit to 1..100 and pages with offset', async () => {
    const first = (await get('users?limit=2')).json();
    expect(first.rows).toHaveLength(2);
    expect(first.pagination).toEqual({ total: 3, limit: 2, offset: 0, hasMore: true });
    const second = (await get('users?limit=2&offset=2')).json();
    expect(second.rows).toHaveLength(1);
    expect(second.pagination.hasMore).toBe(false);
    const ids = [...first.rows, ...second.rows].map((r: { id: string }) => r.id);
    expect(new Set(ids).size).toBe(3);
    expect((await get('users?limit=1000')).json().pagination.limit).toBe(100);
    expect((await get('users?limit=0')).json().pagination.limit).toBe(1);
    expect((await get('users?limit=x')).statusCode).toBe(400);
    expect((await get('users?offset=-1')).statusCode).toBe(400);
  });

  it('404 for an unknown table; names are matched exactly, never interpolated', async () => {
    for (const name of ['nope', 'kysely_migration', 'USERS', 'users;drop table users', '"users"', 'users--', 'x'.repeat(100)]) {
      const res = await get(encodeURIComponent(name));
      expect(res.statusCode, name).toBe(404);
      expect(res.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    const long = await get('x'.repeat(101));
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.statusCode).toBeLessThan(500);
    expect((await get('users')).json().pagination.total).toBe(3);
  });
});

describe('aggregates: Session only, administrator gate', () => {
  it('401 without credentials and 401 for a Bearer token, even an administrator’s', async () => {
    for (const path of ['schema', 'users']) {
      expect((await get(path, {})).statusCode).toBe(401);
      const bearer = await get(path, { authorization: t.admin.bearer });
      expect(bearer.statusCode).toBe(401);
      expect(bearer.json()).toMatchObject({ error: expect.any(String) });
    }
  });

  it('403 for a signed-in user who is not an administrator', async () => {
    const u = await makeUser(t);
    for (const path of ['schema', 'users', 'nope']) {
      const res = await get(path, { cookie: u.cookie });
      expect(res.statusCode, path).toBe(403);
      expect(res.json().code).toBe('admin_required');
    }
  });
});
