import type { Kysely } from 'kysely';
import type { AppContext } from '../../runtime/context.js';
import { preparedQuery } from '../../db/prepared.js';
import type { Database } from '../../db/types.js';
import { VersionedLru } from '../../lib/versioned-lru.js';
import { TurnShared } from '../../lib/turn-batch.js';
import { AppState } from '../../runtime/state.js';
import type { Viewer } from '../visibility/service.js';

// Message reads (the feed, search, a user's messages) answered from memory while nothing they are
// made of has changed. The key is the read (its kind, the viewer, the query) and the version of
// migration 010, which triggers bump in the transaction of every write to messages, tags, digs,
// follows, blocks, mutes or the author fields. Each request reads the version first, so once a
// write commits no request here or in another instance can build the key of an older answer:
// exact without any invalidation message. A read that misses computes once however many callers
// ask together; the answer is kept as the serialised JSON, ready to send.

const SCOPE = 'messages';
const CACHE_BYTES = 32 * 1024 * 1024;

const readVersion = preparedQuery(
  // eslint-disable-next-line no-restricted-syntax -- compiled once with preparedQuery on a hot path, beside its caller on purpose (README, Design: queries)
  (db: Kysely<Database>) => db.selectFrom('message_versions').select((eb) => eb.fn.sum<number | string>('n').as('v')),
  [] as const,
);

/** The current message-read version (a number as text). */
export async function messageReadVersion(db: Kysely<Database>): Promise<string> {
  const [row] = await readVersion(db);
  return String(row?.v ?? 0);
}

/**
 * This app's cache of serialised answers (a JavaScript string of JSON costs about two bytes a
 * character), and how it reads the version: on PostgreSQL the requests of one turn share one read
 * (lib/turn-batch.ts: it starts after all of them arrived, so none is answered from before its
 * own arrival); SQLite reads it in-process for each.
 */
export const messageReadCache = new AppState('messages.read-cache', (ctx) => {
  const shared = new TurnShared(() => messageReadVersion(ctx.db.kysely));
  return {
    answers: new VersionedLru<string>(CACHE_BYTES, (body) => body.length * 2),
    version: ctx.db.engine === 'postgres' ? () => shared.get() : () => messageReadVersion(ctx.db.kysely),
  };
});

/** The key of a read: what it is, who reads (and their viewing preference), and its parameters. */
export function readKey(kind: string, viewer: Viewer, params: Record<string, string | number | boolean | undefined>): string {
  const parts = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k] === undefined ? '' : JSON.stringify(params[k])}`);
  return [kind, viewer?.id ?? '', viewer?.viewingPreference ?? '', ...parts].join('\u0001');
}

/** The serialised answer of a read: from the cache when current, else from `compute`. */
export async function cachedRead(ctx: AppContext, key: string, compute: () => Promise<string>): Promise<string> {
  const reads = ctx.state(messageReadCache);
  const version = await reads.version();
  return reads.answers.getOrCompute(SCOPE, version, key, compute);
}
