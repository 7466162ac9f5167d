import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { openPostgres, openSqlite, type Db } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { announceEvents, appendEvents, streamOfUser, type EventInput } from '../src/features/events/index.js';
import { createScratchDatabase } from '../test/helpers/postgres.js';
import { benchApp, benchSubscriber } from './bench-app.js';

// Webhook delivery figures (issue 36), the events group of `npm run bench` (or alone:
// `node --import tsx bench/webhooks.ts`; BENCH_DATABASE_URL=postgres://… for PostgreSQL, a scratch
// database is made): signed deliveries per second from the event log to a loopback receiver on
// 127.0.0.2 that answers 200 at once, for one webhook (at most 4 in flight) and spread over
// BENCH_WEBHOOKS; then the same spread with one more webhook whose receiver never answers (each of
// its attempts ends at the 15 s timeout), and how much that slows the others (goal ≤ 10%).
// Events are appended to the log in writes of 50 and announced, as a writing feature does.

const N_EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const N_WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 10);

export interface WebhookTiming {
  name: string;
  value: number;
  unit: string;
  target: string;
}

/** A loopback receiver counting what it gets; `hang` never answers (the request stays open). */
async function receiverOn(host: string, hang: boolean): Promise<{ url: string; received: () => number; close: () => void }> {
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      if (!hang) res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}/hook`,
    received: () => received,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

export async function webhookTimings(pgServerUrl?: string): Promise<WebhookTiming[]> {
  const cleanups: (() => Promise<void> | void)[] = [];
  let db: Db;
  if (pgServerUrl) {
    const scratch = await createScratchDatabase(pgServerUrl, 'bench_webhooks');
    db = openPostgres(scratch.url);
    cleanups.push(scratch.drop);
  } else db = openSqlite(':memory:').db;
  cleanups.unshift(() => db.close());
  try {
    await migrateToLatest(db);
    const fast = await receiverOn('127.0.0.2', false);
    const hanging = await receiverOn('127.0.0.3', true);
    const { app, base } = await benchApp(db, {
      SCHEDULER: 'off',
      ALLOWED_PRIVATE_ADDRESSES: '127.0.0.2/32,127.0.0.3/32',
      TOKEN_SEALING_KEY: '0'.repeat(64),
    });
    cleanups.unshift(() => app.close());
    // The receivers close first: the hanging one's open attempts then end at once, not at their 15 s timeouts.
    cleanups.unshift(fast.close, hanging.close);

    const owners = async (n: number, prefix: string, url: string): Promise<string[]> => {
      const streams: string[] = [];
      for (let i = 0; i < n; i += 1) {
        const { cookie, userId } = await benchSubscriber(base, db, `${prefix}${i}`);
        const res = await fetch(`${base}/api/webhooks`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ url, events: ['list.*'] }) });
        if (res.status !== 201) throw new Error(`webhook: ${res.status} ${await res.text()}`);
        streams.push(streamOfUser(userId));
      }
      return streams;
    };

    /** Deliveries per second to the fast receiver of N_EVENTS events spread over `streams` (and `extra` events to `hangingStreams`). */
    const rate = async (streams: string[], hangingStreams: string[] = []): Promise<number> => {
      const start = fast.received();
      const events: EventInput[] = Array.from({ length: N_EVENTS }, (_, i) => ({ stream: streams[i % streams.length], type: 'list.row.created', actorId: null, data: { listId: 'l', rowId: `r${i}` } }));
      // The hanging receiver's webhook gets as many events as each fast one, interleaved.
      const perStream = Math.ceil(N_EVENTS / streams.length);
      for (const s of hangingStreams) for (let i = 0; i < perStream; i += 1) events.splice(i * (streams.length + 1), 0, { stream: s, type: 'list.row.created', actorId: null, data: { listId: 'h', rowId: `h${i}` } });
      const started = performance.now();
      for (let i = 0; i < events.length; i += 50) {
        const { streams: written } = await db.kysely.transaction().execute((trx) => appendEvents(trx, events.slice(i, i + 50)));
        announceEvents(app.ctx, written);
      }
      while (fast.received() - start < N_EVENTS) await new Promise((r) => setTimeout(r, 5));
      return N_EVENTS / ((performance.now() - started) / 1000);
    };

    const progress = (what: string, value: number) => process.stderr.write(`webhooks bench: ${what} ${Math.round(value)}/s\n`);
    const one = await rate(await owners(1, 'one', fast.url));
    progress('1 webhook', one);
    const many = await owners(N_WEBHOOKS, 'many', fast.url);
    const spread = await rate(many);
    progress(`${N_WEBHOOKS} webhooks`, spread);
    const withHanging = await rate(many, await owners(1, 'hang', hanging.url));
    progress(`${N_WEBHOOKS} webhooks beside a hanging one`, withHanging);
    const engine = pgServerUrl ? 'PostgreSQL' : 'SQLite';
    return [
      { name: `webhooks: signed deliveries/s, 1 webhook (${engine})`, value: Math.round(one), unit: '/s', target: '≥ 100/s' },
      { name: `webhooks: signed deliveries/s, ${N_WEBHOOKS} webhooks (${engine})`, value: Math.round(spread), unit: '/s', target: '≥ 100/s' },
      { name: `webhooks: ${N_WEBHOOKS} webhooks beside 1 hanging receiver (${engine})`, value: Math.round(withHanging), unit: '/s', target: '' },
      { name: `webhooks: slowdown from 1 hanging receiver (${engine})`, value: Math.round((1 - withHanging / spread) * 100), unit: '%', target: '≤ 10%' },
    ];
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const t of await webhookTimings(process.env.BENCH_DATABASE_URL)) console.log(`${t.name}: ${t.value}${t.unit}${t.target ? ` (goal ${t.target})` : ''}`);
  process.exit(0);
}
