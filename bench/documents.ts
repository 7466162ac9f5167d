import type autocannon from 'autocannon';
import { sql } from 'kysely';
import { parseDatabaseUrl } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/connection.js';
import { newId } from '../src/lib/ids.js';

// Documents bench: 50,000 documents for the bench user (bench0, a subscriber) in 100 folders,
// words from a small vocabulary plus some Chinese, Japanese and Korean text, and a sync history
// whose last 1,000 changes come after a known cursor.

export const BENCH_DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 50_000);
export const PULL_CHANGES = 1000;

const WORDS = (
  'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango ' +
  'uniform victor whiskey xray yankee zulu meeting notes plan budget review draft roadmap retro launch design research summary'
).split(' ');
const CJK = ['会议记录', '全文搜索', '東京の天気', '日本語のメモ', '한국어 문서', '회의록 정리'];

function text(i: number, words: number): string {
  const out: string[] = [];
  let x = (i * 2654435761) >>> 0;
  for (let w = 0; w < words; w++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out.push(WORDS[x % WORDS.length]);
  }
  if (i % 10 === 0) out.push(CJK[i % CJK.length]);
  // A rare word: one document in a thousand has it.
  if (words > 10 && i % 1000 === 7) out.push('kumquat');
  return out.join(' ');
}

/** Document i of the bench user's: 120 words, a title with its number, one in five public. */
export function benchDocument(i: number, userId: string, folderId: string, now: string, changeMs: number) {
  return {
    id: newId(),
    user_id: userId,
    folder_id: folderId,
    title: `${text(i + 1, 3)} ${i}`,
    content: text(i, 120),
    relative_path: `doc-${i}.md`,
    is_public: i % 5 === 0,
    revision: 1,
    created_at: now,
    updated_at: now,
    deleted_at: null,
    delete_batch: null,
    change_ms: changeMs,
  };
}

export interface SeededDocuments {
  /** A cursor after which exactly PULL_CHANGES documents changed. */
  pullCursor: string;
  /** A private document of the bench user's (the single read: its access check). */
  privateId: string;
}

/** The bench user's 100 document folders. */
export async function seedFolders(db: Db, userId: string, now: string, changeMs: number) {
  const folders = Array.from({ length: 100 }, (_, i) => ({
    id: newId(),
    user_id: userId,
    parent_id: null,
    name: `Folder ${i}`,
    created_at: now,
    updated_at: now,
    deleted_at: null,
    delete_batch: null,
    change_ms: changeMs,
  }));
  await db.kysely.insertInto('document_folders').values(folders).execute();
  return folders;
}

export async function seedDocuments(databaseUrl: string, email = 'bench0@example.com'): Promise<SeededDocuments> {
  const db = openDatabase(parseDatabaseUrl(databaseUrl));
  try {
    const user = await db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const base = Date.now() - BENCH_DOCUMENTS - 60_000;
    const folders = await seedFolders(db, user.id, now, base);
    let privateId = '';
    await db.kysely.transaction().execute(async (trx) => {
      for (let start = 0; start < BENCH_DOCUMENTS; start += 500) {
        const rows = [];
        for (let i = start; i < Math.min(BENCH_DOCUMENTS, start + 500); i++) {
          rows.push(benchDocument(i, user.id, folders[i % folders.length].id, now, base + i + 1));
        }
        await trx.insertInto('documents').values(rows).execute();
        privateId ||= rows.find((r) => !r.is_public)!.id;
      }
      await trx.insertInto('document_sync_state').values({ user_id: user.id, last_change_ms: base + BENCH_DOCUMENTS }).execute();
    });
    // As a database that has been running would be: planner statistics, and on PostgreSQL the
    // vacuum that autovacuum runs after a bulk load (visibility map, GIN pending lists merged).
    if (db.engine === 'postgres') await sql`vacuum analyze documents`.execute(db.kysely);
    await sql`analyze`.execute(db.kysely);
    return { pullCursor: new Date(base + BENCH_DOCUMENTS - PULL_CHANGES).toISOString(), privateId };
  } finally {
    await db.close();
  }
}

type Measure<F> = (name: string, opts: autocannon.Options) => Promise<F>;

/** Search requests whose term changes every request (`term(i)`), so none is answered from the search cache. */
function uncachedSearch(base: string, headers: Record<string, string>, term: (i: number) => string): autocannon.Options {
  let i = 0;
  return {
    url: `${base}/api/documents/search`,
    headers,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/documents/search?q=${encodeURIComponent(term(i++))}&limit=20` }) }],
  };
}

/** The documents figures, measured against a running server (reads first: the creates add changes). */
export async function documentFigures<F>(measure: Measure<F>, base: string, syncToken: string, seeded: SeededDocuments): Promise<F[]> {
  const headers = { authorization: `Bearer ${syncToken}` };
  return [
    // The owner's read of one private document: the document and the caller's access, one query.
    await measure('GET /api/documents/{id} (the owner, a private document)', { url: `${base}/api/documents/${seeded.privateId}`, headers }),
    await measure(`GET /api/documents/search (${BENCH_DOCUMENTS} documents, a rare word)`, { url: `${base}/api/documents/search?q=kumquat&limit=20`, headers }),
    await measure(`GET /api/documents/search (${BENCH_DOCUMENTS} documents, Japanese)`, {
      url: `${base}/api/documents/search?q=${encodeURIComponent('東京の天気')}&limit=20`,
      headers,
    }),
    // A search answered without the search cache: a different term every request, a number from
    // the titles (1000-9999, each in 5 to 15 titles).
    await measure(`GET /api/documents/search (${BENCH_DOCUMENTS} documents, uncached: a rare term)`, uncachedSearch(base, headers, (i) => String(1000 + (i % 9000)))),
    // As the sync client asks (its fetch takes gzip), and as a client that takes no compression.
    await measure(`GET /api/documents/sync (${PULL_CHANGES} changes, gzip)`, {
      url: `${base}/api/documents/sync?lastSyncAt=${encodeURIComponent(seeded.pullCursor)}`,
      headers: { ...headers, 'accept-encoding': 'gzip' },
    }),
    await measure(`GET /api/documents/sync (${PULL_CHANGES} changes, uncompressed)`, {
      url: `${base}/api/documents/sync?lastSyncAt=${encodeURIComponent(seeded.pullCursor)}`,
      headers,
    }),
    await measure('POST /api/documents', {
      url: `${base}/api/documents`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Bench [<id>]', content: '# Bench\n\nA new document with some words in it.' }),
      idReplacement: true,
    }),
  ];
}
