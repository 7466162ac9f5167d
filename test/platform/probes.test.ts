import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gauge } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Db } from '../../src/db/connection.js';
import { MIGRATION_NAMES } from '../../src/db/migrate.js';
import { FEATURES } from '../../src/features/index.js';
import type { FeatureModule } from '../../src/runtime/module.js';
import { createTestApp, freshDatabase, registerUser, testPasswords, type TestApp } from '../helpers/app.js';

// The operator probes (CONTRACT.md, Health and operator probes): liveness, readiness with its
// three checks, and the Prometheus metrics behind METRICS_TOKEN.

const TOKEN = 'metrics-token-for-tests';
let dataDir: string;
let t: TestApp;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'probes-'));
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** An app of its own on a fresh database (changed first by `prepare`), closed and dropped after `use`. */
async function withApp(env: Record<string, string>, use: (app: FastifyInstance, db: Db) => Promise<void>, options: { modules?: FeatureModule[]; prepare?: (db: Db) => Promise<unknown> } = {}) {
  const { db, drop } = await freshDatabase();
  await options.prepare?.(db);
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
  const app = await buildApp(config, { db, passwords: testPasswords, logger: false, ...(options.modules ? { modules: options.modules } : {}) });
  try {
    await use(app, db);
  } finally {
    await app.close();
    await drop();
  }
}

const scrape = async (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', ...(authorization !== undefined ? { headers: { authorization } } : {}) });

describe('GET /api/health and /api/health/ready', () => {
  it('liveness answers ok while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('ready: the database, its migrations and the blob store each ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', blobStore: 'ok' } });
  });

  it('a migration not applied: 503 with migrations failing', async () => {
    const unapply = (db: Db) => db.kysely.deleteFrom('kysely_migration' as never).where(sql.ref('name'), '=', MIGRATION_NAMES.at(-1)!).execute();
    await withApp({}, async (app) => {
      const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'failing', checks: { database: 'ok', migrations: 'failing', blobStore: 'ok' } });
    }, { prepare: unapply });
  });

  it('a blob store that cannot write, and a database that does not answer: 503 naming them', async () => {
    const file = join(dataDir, 'not-a-directory');
    await writeFile(file, 'x');
    await withApp({ DATA_DIR: file }, async (app, db) => {
      const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'failing', checks: { database: 'ok', migrations: 'ok', blobStore: 'failing' } });

      db.ping = async () => false;
      const down = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json().checks).toMatchObject({ database: 'failing', migrations: 'failing' });
      const live = await app.inject({ method: 'GET', url: '/api/health' });
      expect(live.statusCode).toBe(503);
      expect(live.json()).toMatchObject({ error: expect.any(String), code: 'unavailable' });
    });
  });
});

describe('GET /metrics', () => {
  it('401 without the Bearer token or with another one', async () => {
    for (const authorization of [undefined, '', `Bearer ${TOKEN}x`, 'Bearer wrong', TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toMatchObject({ error: expect.any(String), code: 'unauthorized' });
    }
  });

  it('requests by route template, method and status with latency; e-mails by status; jobs by kind and state; the process', async () => {
    const u = await registerUser(t.app);
    const id = '0190f7a4-aaaa-7bbb-8ccc-123456789abc';
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: `/api/lists/${id}`, headers: { cookie: u.cookie } })).statusCode).toBe(404);
    await t.app.inject({ method: 'GET', url: `/api/no/such/${id}` });
    const now = t.clock.now().toISOString();
    await t.db.kysely
      .insertInto('jobs')
      .values([
        { id: 'probe-job-1', kind: 'probe.kind', payload: '{}', status: 'queued', run_at: now, attempts: 0, max_attempts: 5, locked_until: null, last_error: null, created_at: now, updated_at: now },
        { id: 'probe-job-2', kind: 'probe.kind', payload: '{}', status: 'queued', run_at: now, attempts: 0, max_attempts: 5, locked_until: null, last_error: null, created_at: now, updated_at: now },
        { id: 'probe-job-3', kind: 'probe.kind', payload: '{}', status: 'failed', run_at: now, attempts: 5, max_attempts: 5, locked_until: null, last_error: 'x', created_at: now, updated_at: now },
      ])
      .execute();

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain('http_request_duration_seconds_count{route="/api/lists/:id",method="GET",status="404"} 3');
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.1",route="\/api\/lists\/:id",method="GET",status="404"\} \d/);
    expect(text).toContain('http_request_duration_seconds_count{route="/api/auth/register",method="POST",status="201"} 1');
    expect(text).toContain('route="unmatched",method="GET",status="404"');
    expect(text).not.toContain(id);
    expect(text).toContain('emails_total{type="verification",status="sent"} 1');
    expect(text).toContain('jobs{kind="probe.kind",state="queued"} 2');
    expect(text).toContain('jobs{kind="probe.kind",state="failed"} 1');
    expect(text).toMatch(/process_cpu_user_seconds_total \d/);
    expect(text).toMatch(/nodejs_heap_size_used_bytes \d/);
    expect(text).not.toContain(TOKEN);

    // Jobs are read at each scrape: gone ones leave the output.
    await t.db.kysely.deleteFrom('jobs').where('kind', '=', 'probe.kind').execute();
    const again = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(again).not.toContain('probe.kind');
    // The scrape itself is counted by its route.
    expect(again).toContain('http_request_duration_seconds_count{route="/metrics",method="GET",status="200"}');
  });

  it('404 while METRICS_TOKEN is unset, and no request is measured', async () => {
    const bare = await createTestApp({ smtp: false });
    try {
      await bare.app.inject({ method: 'GET', url: '/api/health' });
      const res = await bare.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer anything' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Route GET /metrics not found', code: 'not_found' });
      expect(await bare.app.ctx.metrics.registry.getSingleMetricAsString('http_request_duration_seconds')).not.toContain('route=');
    } finally {
      await bare.close();
    }
  });

  it('a module adds its own collector through its metrics hook, in its app’s registry only', async () => {
    const deliveries: FeatureModule = {
      name: 'deliveries-fixture',
      metrics: [
        (registry) => {
          new Gauge({
            name: 'deliveries',
            help: 'Deliveries by network and outcome (a fixture)',
            labelNames: ['network', 'outcome'],
            registers: [registry],
            collect() {
              this.set({ network: 'networkA', outcome: 'delivered' }, 7);
            },
          });
        },
      ],
    };
    await withApp({ METRICS_TOKEN: TOKEN }, async (app) => {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('deliveries{network="networkA",outcome="delivered"} 7');
      expect((await scrape(`Bearer ${TOKEN}`)).body).not.toContain('deliveries{');
    }, { modules: [...FEATURES, deliveries] });
  });
});
