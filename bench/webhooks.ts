import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openSqlite } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { announceEvents, appendEvents, streamOfUser, type EventInput } from '../src/features/events/index.js';
import { benchApp, benchSubscriber } from './bench-app.js';

// Webhook delivery figures (issue 36): signed deliveries per second from the event log to a
// loopback receiver on 127.0.0.2 that answers 200 at once (BENCH_RECEIVER_MS delays its answer).
// Events are appended to the log and announced as a writing feature does; each webhook's sender
// keeps at most 4 in flight, so the figure is given for one webhook and for BENCH_WEBHOOKS.
//
//   node --import tsx bench/webhooks.ts        (SQLite in memory)

const N_EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const N_WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 10);
const RECEIVER_MS = Number(process.env.BENCH_RECEIVER_MS ?? 0);

let received = 0;
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received += 1;
    const answer = () => res.writeHead(200).end('ok');
    if (RECEIVER_MS > 0) setTimeout(answer, RECEIVER_MS);
    else answer();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.2', resolve));
const hookUrl = `http://127.0.0.2:${(receiver.address() as AddressInfo).port}/hook`;

const { db } = openSqlite(':memory:');
await migrateToLatest(db);
const { app, base } = await benchApp(db, { SCHEDULER: 'off', ALLOWED_PRIVATE_ADDRESSES: '127.0.0.2/32', TOKEN_SEALING_KEY: '0'.repeat(64) });

async function owners(n: number, prefix: string): Promise<string[]> {
  const streams: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const { cookie, userId } = await benchSubscriber(base, db, `${prefix}${i}`);
    const res = await fetch(`${base}/api/webhooks`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ url: hookUrl, events: ['list.*'] }) });
    if (res.status !== 201) throw new Error(`webhook: ${res.status} ${await res.text()}`);
    streams.push(streamOfUser(userId));
  }
  return streams;
}

async function run(label: string, streams: string[]): Promise<void> {
  received = 0;
  const events: EventInput[] = Array.from({ length: N_EVENTS }, (_, i) => ({ stream: streams[i % streams.length], type: 'list.row.created', actorId: null, data: { listId: 'l', rowId: `r${i}` } }));
  const started = performance.now();
  // In writes of 50 events, as a busy service would make them.
  for (let i = 0; i < events.length; i += 50) {
    const { streams: written } = await db.kysely.transaction().execute((trx) => appendEvents(trx, events.slice(i, i + 50)));
    announceEvents(app.ctx, written);
  }
  while (received < N_EVENTS) await new Promise((r) => setTimeout(r, 5));
  const seconds = (performance.now() - started) / 1000;
  console.log(`${label}: ${N_EVENTS} signed deliveries in ${seconds.toFixed(2)} s = ${Math.round(N_EVENTS / seconds)}/s`);
}

await run('1 webhook', await owners(1, 'one'));
await run(`${N_WEBHOOKS} webhooks`, await owners(N_WEBHOOKS, 'many'));
await app.close();
receiver.close();
