import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId } from '../src/lib/ids.js';
import { freshDatabase } from '../test/helpers/app.js';
import { benchApp, benchSubscriber } from './bench-app.js';
import { startedEarly } from '../src/lib/promises.js';

// Materialize of large sources (issue 19's figures): BENCH_MATERIALIZE_MESSAGES messages (1,000)
// into a list, a list of BENCH_MATERIALIZE_ROWS rows (10,000) into a document, and a list of
// BENCH_MATERIALIZE_BOTH_ROWS rows (20,000) into a list and a document at once (target both, one
// transaction), each through POST /api/materialize over real HTTP. Beside each, another user posts messages one after
// another (a writer: on SQLite it waits for the one write lock) and the anonymous feed is read
// one request after another; their max latency is the longest the materialize held others up.
//
//   node --import tsx bench/materialize.ts                                    (SQLite in memory)
//   TEST_ENGINE=postgres TEST_DATABASE_URL=postgres://... node --import tsx bench/materialize.ts

const MESSAGES = Number(process.env.BENCH_MATERIALIZE_MESSAGES ?? 1000);
const ROWS = Number(process.env.BENCH_MATERIALIZE_ROWS ?? 10_000);
const BOTH_ROWS = Number(process.env.BENCH_MATERIALIZE_BOTH_ROWS ?? 20_000);

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s.length} requests, p50 ${percentile(s, 50).toFixed(1)} ms, p99 ${percentile(s, 99).toFixed(1)} ms, max ${(s.at(-1) ?? 0).toFixed(1)} ms`;
};

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-materialize-'));
  const { db, drop } = await freshDatabase();
  const { app, base } = await benchApp(db, { DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1', SCHEDULER: 'off' });
  // Every write transaction's time from its first statement to its end: on SQLite, how long it
  // held the one writer (the longest of those during a materialize is reported).
  const holds: number[] = [];
  const kysely = db.kysely as unknown as { transaction(): { execute<T>(fn: (trx: unknown) => Promise<T>): Promise<T> } };
  const transaction = kysely.transaction.bind(kysely);
  kysely.transaction = () => ({
    execute: (fn) =>
      transaction().execute(async (trx) => {
        const s = performance.now();
        try {
          return await fn(trx);
        } finally {
          holds.push(performance.now() - s);
        }
      }),
  });
  const request = async (method: string, path: string, cookie: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, { method, headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text);
  };
  const signIn = async (username: string) => {
    const { cookie, userId } = await benchSubscriber(base, db, username);
    return { user: { id: userId }, cookie };
  };
  try {
    const owner = await signIn('materializer');
    const other = await signIn('otherwriter');
    const now = new Date().toISOString();
    const messageIds: string[] = [];
    for (let i = 0; i < MESSAGES; i += 500) {
      const values = Array.from({ length: Math.min(500, MESSAGES - i) }, (_, k) => ({
        id: newId(), user_id: owner.user.id, content: `Message ${i + k}: a post with #tags, a link https://example.com/${i + k} and some words.`, publicly_visible: true,
        tags: JSON.stringify(['bench', `t${(i + k) % 7}`]), parent_id: null, pushed_message_id: null, image_urls: '[]', video_urls: '[]', scheduled_at: null, published_at: now,
        cross_post_config: null, created_at: now, updated_at: now,
      }));
      messageIds.push(...values.map((v) => v.id));
      await db.kysely.insertInto('messages').values(values).execute();
    }
    /**
     * A list of `rows` rows (name, n, kind; without n when `short`, so that the document of
     * 20,000 rows stays within the 500,000 characters a document may hold), written straight into
     * the tables.
     */
    const bigList = async (title: string, rows: number, short = false) => {
      const fields = [{ key: 'name', type: 'text', label: 'Name' }, ...(short ? [] : [{ key: 'n', type: 'number', label: 'N' }]), { key: 'kind', type: 'select', label: 'Kind', options: ['a', 'b'] }];
      const list = await request('POST', '/api/lists', owner.cookie, { title, schema: { name: 'Big', fields } });
      const propertyIds: string[] = list.data.schema.fields.map((f: { propertyId: string }) => f.propertyId);
      const ids = { name: propertyIds[0], n: propertyIds[1], kind: propertyIds[propertyIds.length - 1] };
      const rowIds: string[] = [];
      for (let i = 0; i < rows; i += 500) {
        const values = Array.from({ length: Math.min(500, rows - i) }, (_, k) => ({
          id: newId(),
          list_id: list.data.id,
          data: JSON.stringify({ [ids.name]: `Row ${i + k}`, ...(short ? {} : { [ids.n]: i + k }), [ids.kind]: (i + k) % 2 ? 'a' : 'b' }),
          created_at: now,
          updated_at: now,
          deleted_at: null,
        }));
        rowIds.push(...values.map((v) => v.id));
        await db.kysely.insertInto('list_rows').values(values).execute();
      }
      return { id: list.data.id as string, rowIds };
    };
    const big = (await bigList('Big list', ROWS)).id;
    const bigger = await bigList('Bigger list', BOTH_ROWS, true);
    console.log(`seeded ${MESSAGES} messages, a list of ${ROWS} rows and one of ${BOTH_ROWS} (${db.engine})`);

    // What others see while a materialize runs: a writer and a reader, one request after another.
    async function beside(label: string, run: () => Promise<unknown>) {
      let going = true;
      const writes: number[] = [];
      const reads: number[] = [];
      const loop = async (into: number[], once: () => Promise<unknown>) => {
        while (going) {
          const s = performance.now();
          await once();
          into.push(performance.now() - s);
        }
      };
      const writer = startedEarly(loop(writes, () => request('POST', '/api/messages', other.cookie, { content: 'beside' })));
      const reader = startedEarly(loop(reads, () => fetch(`${base}/api/messages?limit=20`).then((r) => r.arrayBuffer())));
      await new Promise((resolve) => setTimeout(resolve, 300));
      holds.length = 0;
      const t0 = performance.now();
      // The loops stop whatever the answer: a refused materialize is reported as itself.
      const answer = await run().finally(() => (going = false));
      const ms = performance.now() - t0;
      await Promise.all([writer, reader]);
      console.log(`${label}: ${ms.toFixed(0)} ms → ${JSON.stringify(answer)}`);
      console.log(`  longest write transaction meanwhile: ${Math.max(0, ...holds).toFixed(1)} ms (${holds.length} transactions)`);
      console.log(`  writer beside it: ${summary(writes)}`);
      console.log(`  reader beside it: ${summary(reads)}`);
    }

    await beside(`${MESSAGES} messages → list`, () =>
      request('POST', '/api/materialize', owner.cookie, {
        target: 'list',
        source: { kind: 'messages', messageIds },
        listConfig: {
          title: 'Posts',
          fields: [
            { propertyKey: 'content', propertyName: 'Content', propertyType: 'textarea', sourceKey: 'content' },
            { propertyKey: 'created', propertyName: 'Created', propertyType: 'datetime', sourceKey: 'createdAt' },
            { propertyKey: 'tags', propertyName: 'Tags', propertyType: 'text', sourceKey: 'tags' },
            { propertyKey: 'digs', propertyName: 'Digs', propertyType: 'number', sourceKey: 'digCount' },
            { propertyKey: 'link', propertyName: 'Link', propertyType: 'url', sourceKey: 'url' },
          ],
        },
      }).then((r) => r.list),
    );
    await beside(`list of ${ROWS} rows → document`, () =>
      request('POST', '/api/materialize', owner.cookie, { target: 'doc', source: { kind: 'lists', listIds: [big] }, docConfig: { title: 'Big list', listStyle: 'numbered' } }).then((r) => r.document),
    );
    await beside(`list of ${BOTH_ROWS} rows → list and document (both)`, () =>
      request('POST', '/api/materialize', owner.cookie, {
        target: 'both',
        source: { kind: 'rows', listId: bigger.id, rowIds: bigger.rowIds },
        listConfig: {
          title: 'Bigger copy',
          fields: [
            { propertyKey: 'name', propertyName: 'Name', propertyType: 'text', sourceKey: 'name' },
            { propertyKey: 'kind', propertyName: 'Kind', propertyType: 'select', options: ['a', 'b'], sourceKey: 'kind' },
          ],
        },
        docConfig: { title: 'Bigger list', listStyle: 'bulleted', rowDataStyle: 'inline' },
      }).then((r) => ({ list: r.list, document: r.document })),
    );
  } finally {
    await app.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
