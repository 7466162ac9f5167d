import type autocannon from 'autocannon';
import { sql } from 'kysely';
import { parseDatabaseUrl } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/connection.js';
import { indexPendingMessages } from '../src/features/messages/search-index.js';
import { foldTags } from '../src/features/messages/tag-fold.js';
import { newId } from '../src/lib/ids.js';
import { bulkInsert } from './bulk.js';
import { seededUser } from './seed.js';

// Messages bench: at least 10,000 users (topped up when the base seed made fewer), 200,000
// messages seeded directly (one in five private, a tag on each, digs and replies on some), and
// the bench user (bench0) following 100 users.

export const BENCH_MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200_000);
const MIN_USERS = 10_000;
const WORDS = 'river stone cloud ember maple harbor lantern meadow copper willow orbit saffron quartz thistle'.split(' ');

export interface SeededMessages {
  /** A user with public messages, for the public per-user feed. */
  author: string;
}

/** Tops the users up to MIN_USERS and has the user `email` follow 100 of the others: that user's id, the others, the followed. */
export async function seedAudience(db: Db, email: string) {
  const me = await db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const existing = Number((await db.kysely.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  for (let start = existing; start < MIN_USERS; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(MIN_USERS, start + 500); i++) {
      rows.push(seededUser(`poster${i}`, now, { display_name: `Poster ${i}` }));
    }
    await db.kysely.insertInto('users').values(rows).execute();
  }
  const users = (await db.kysely.selectFrom('users').select(['id', 'username']).orderBy('id').execute()).filter((u) => u.id !== me.id);
  const followed = users.filter((_, i) => i % Math.floor(users.length / 100) === 0).slice(0, 100);
  await db.kysely
    .insertInto('follows')
    .values(followed.map((u) => ({ follower_id: me.id, followee_id: u.id, created_at: now })))
    .execute();
  return { me: me.id, users, followed };
}

/** Message i of the bench feed: one in five private, a tag on each, a rare word in one in a thousand. */
export function benchMessage(i: number, id: string, userId: string, parentId: string | null, at: string) {
  return {
    id,
    user_id: userId,
    content: `${WORDS[i % WORDS.length]} ${WORDS[(i * 3) % WORDS.length]} number ${i}${i % 1000 === 7 ? ' kumquat' : ''}`,
    publicly_visible: i % 5 !== 0,
    tags: JSON.stringify([benchTag(i)]),
    parent_id: parentId,
    pushed_message_id: null,
    image_urls: '[]',
    video_urls: '[]',
    scheduled_at: null,
    published_at: at,
    cross_post_config: null,
    created_at: at,
    updated_at: at,
  };
}

export const benchTag = (i: number) => `topic${i % 200}`;

/** The columns of benchMessage's rows that bulkInsert writes (the others keep their defaults, null or '[]'). */
export const BULK_MESSAGE_COLUMNS = {
  id: 'text',
  user_id: 'text',
  content: 'text',
  publicly_visible: 'boolean',
  tags: 'text',
  parent_id: 'text',
  image_urls: 'text',
  video_urls: 'text',
  published_at: 'text',
  created_at: 'text',
  updated_at: 'text',
} as const;
/** Messages a transaction of the seed writes. */
const BULK_CHUNK = 20_000;

/** The steady state of a running service: every message in SQLite's search index and every tag use folded into the counters. */
export async function settleMessages(db: Db): Promise<void> {
  // Posts are indexed in batches after they commit (search-index.ts).
  if (db.engine === 'sqlite') while ((await indexPendingMessages(db.kysely, 5000)) > 0);
  // A running service folds within seconds of a post.
  const folding = Date.now();
  const uses = await foldTags(db, new Date());
  process.stdout.write(`folded ${uses} tag uses into the tag counters in ${((Date.now() - folding) / 1000).toFixed(1)} s\n`);
}

export async function seedMessages(databaseUrl: string, email = 'bench0@example.com'): Promise<SeededMessages> {
  const db = openDatabase(parseDatabaseUrl(databaseUrl));
  try {
    const { users, followed } = await seedAudience(db, email);
    const base = Date.now() - BENCH_MESSAGES * 1000;
    const ids: string[] = [];
    // Written in bulk (bulk.ts), a transaction per chunk: the triggers run as for any insert.
    for (let start = 0; start < BENCH_MESSAGES; start += BULK_CHUNK) {
      const messages: ReturnType<typeof benchMessage>[] = [];
      const tags: { message_id: string; tag: string }[] = [];
      const digs: { message_id: string; user_id: string; created_at: string }[] = [];
      for (let i = start; i < Math.min(BENCH_MESSAGES, start + BULK_CHUNK); i++) {
        const id = newId();
        ids.push(id);
        const at = new Date(base + i * 1000).toISOString();
        messages.push(benchMessage(i, id, users[(i * 7919) % users.length].id, i % 10 === 9 ? ids[i - 5] : null, at));
        tags.push({ message_id: id, tag: benchTag(i) });
        // At most one dig a message: no pair twice (a bulk insert has no ON CONFLICT).
        if (i % 3 === 0) digs.push({ message_id: id, user_id: users[(i * 31) % users.length].id, created_at: at });
      }
      await db.kysely.transaction().execute(async (trx) => {
        const tx = { engine: db.engine, kysely: trx };
        await bulkInsert(tx, 'messages', BULK_MESSAGE_COLUMNS, messages);
        await bulkInsert(tx, 'message_tags', { message_id: 'text', tag: 'text' }, tags);
        await bulkInsert(tx, 'digs', { message_id: 'text', user_id: 'text', created_at: 'text' }, digs);
      });
    }
    await settleMessages(db);
    await sql`analyze`.execute(db.kysely);
    return { author: followed[0].username };
  } finally {
    await db.close();
  }
}

type Measure<F> = (name: string, opts: autocannon.Options) => Promise<F>;

/** The messages figures at 64 connections (reads first: the creates change the feed). */
export async function messageFigures<F>(measure: Measure<F>, base: string, sessionToken: string, syncToken: string, seeded: SeededMessages): Promise<F[]> {
  const connections = 64;
  const n = `${BENCH_MESSAGES} messages`;
  return [
    await measure(`GET /api/messages (anonymous feed, ${n})`, { url: `${base}/api/messages?limit=20`, connections }),
    await measure('GET /api/messages (signed in, following 100 users)', {
      url: `${base}/api/messages?limit=20`,
      headers: { cookie: `service-session=${sessionToken}` },
      connections,
    }),
    await measure('GET /api/messages/search (a rare word)', { url: `${base}/api/messages/search?q=kumquat&limit=20`, headers: { authorization: `Bearer ${syncToken}` }, connections }),
    await measure('GET /api/user/{username}/messages (public per-user feed)', { url: `${base}/api/user/${seeded.author}/messages?limit=20`, connections }),
    await measure('GET /api/tags/trending (the last 24 hours of the seeded feed)', { url: `${base}/api/tags/trending`, connections }),
    await measure('POST /api/messages', {
      url: `${base}/api/messages`,
      method: 'POST',
      headers: { authorization: `Bearer ${syncToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'A bench message about rivers and stones', tags: ['bench'] }),
      connections,
    }),
  ];
}
