import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Db } from '../src/db/connection.js';
import type { Clock } from '../src/lib/clock.js';
import { PasswordHasher } from '../src/lib/crypto.js';

// The service on loopback for a standalone bench script (bench/purge.ts, ai-latency.ts, ...):
// silent, with cheap password hashing (sign-ups are set-up, not what is measured).

export interface BenchApp {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  base: string;
}

export async function benchApp(db: Db, env: Record<string, string>, clock?: Clock): Promise<BenchApp> {
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent', ...env });
  const passwords = new PasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
  const app = await buildApp(config, { db, passwords, logger: false, ...(clock ? { clock } : {}) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** Registers a user through the API and makes it an active, verified subscriber: its session cookie and id. */
export async function benchSubscriber(base: string, db: Db, username: string): Promise<{ cookie: string; userId: string }> {
  const reg = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${username}@example.org`, username, password: 'correct horse battery', displayName: 'Bench' }),
  });
  const cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0];
  const { user } = (await reg.json()) as { user: { id: string } };
  await db.kysely.updateTable('users').set({ customer_status: 'subscriber', account_status: 'active', email_verified: true }).where('id', '=', user.id).execute();
  return { cookie, userId: user.id };
}
