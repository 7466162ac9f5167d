import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { escapeLike, isPostgres } from '../../db/dialect.js';
import { preparedQuery } from '../../db/prepared.js';
import { newId } from '../../lib/ids.js';
import { countWritten } from './written.js';

// The event log's statements (docs/events.md). A stream's seq comes from its `event_streams` row,
// bumped inside the writing transaction: PostgreSQL row-locks it until the commit and SQLite has
// one writer, so a later seq of a stream never commits before an earlier one and a reader that
// saw head H sees every event up to H (as the document sync's stamp, documents/queries nextStamp).

type Tx = Kysely<Database>;

export interface EventInput {
  /** `user:<userId>` or `org:<orgId>` (streamOfUser, streamOfOrg). */
  stream: string;
  type: string;
  actorId: string | null;
  data: Record<string, unknown>;
}

/** The envelope: what the stream's `data:` line, the pull and a webhook body carry. */
export interface EventEnvelope {
  id: string;
  type: string;
  seq: number;
  timestamp: string;
  actor: { id: string; username: string } | null;
  data: Record<string, unknown>;
}

export interface StreamBounds {
  /** The last seq given out (0: none yet). */
  headSeq: number;
  /** The oldest retained seq (headSeq + 1 when nothing is retained). */
  oldestSeq: number;
}

export const streamOfUser = (userId: string) => `user:${userId}`;
export const streamOfOrg = (orgId: string) => `org:${orgId}`;

/** A contract limit: an event's `data` is thin, at most 16 KiB of JSON. */
const MAX_DATA_BYTES = 16 * 1024;

/**
 * Bench only (bench/events.ts, docs/events.md): a process started with BENCH_EVENTS_OFF=1 writes
 * no events and no timeline jobs, so the bench can set what the log costs the hot writes against
 * a process that writes them, in the same run. Never set for a service.
 */
export const EVENTS_OFF = process.env.BENCH_EVENTS_OFF === '1';

/**
 * Appends events inside the caller's transaction, each stream's in the order given: one counter
 * update per stream (streams in sorted order, so two writers never lock two streams crosswise)
 * and one INSERT for the events. Answers the streams written; once the transaction commits the
 * caller reports `eventsAppended` with them (announceEvents).
 *
 * The statements are fixed SQL reading their rows from JSON parameters, not built per call: every
 * post and row add appends, usually in a batch of a few, and building two queries a batch was
 * most of what the log cost a write's process (docs/events.md, "Figures"). PostgreSQL takes the
 * seqs and inserts the events in one statement (a round trip each, within the group commit); a
 * writer with a statement of its own can carry them in it instead (eventRows, appendEventsPg).
 */
export async function appendEvents(trx: Tx, items: readonly EventInput[], now: Date = new Date()): Promise<{ streams: string[] }> {
  return appendEventRows(trx, eventRows(items, now));
}

/** Appends events made ready by eventRows (nothing when null): appendEvents. */
export async function appendEventRows(trx: Tx, batch: EventRows | null): Promise<{ streams: string[] }> {
  if (!batch) return { streams: [] };
  if (isPostgres(trx)) {
    await trx.executeQuery(CompiledQuery.raw(APPEND_PG, [JSON.stringify(batch.counters), JSON.stringify(batch.rows)]));
    return { streams: batch.streams };
  }
  const heads = new Map((await trx.executeQuery<{ stream: string; head_seq: number }>(CompiledQuery.raw(BUMP_HEADS_SQLITE, [JSON.stringify(batch.counters)]))).rows.map((r) => [r.stream, Number(r.head_seq)]));
  const placed = batch.rows.map((r) => ({ ...r, seq: heads.get(r.stream)! - r.n + r.i }));
  await trx.executeQuery(CompiledQuery.raw(INSERT_EVENTS_SQLITE, [JSON.stringify(placed)]));
  return { streams: batch.streams };
}

/** Events ready to write: their streams (sorted), and the counters' and the rows' JSON parameters. */
export interface EventRows {
  streams: string[];
  /** appendEventsPg's two parameters, as JSON: the counters, then the events. */
  counters: StreamCount[];
  rows: NewEvent[];
}

/**
 * The rows of these events (each checked against the data limit and counted as written), or
 * null when there are none to write (none given, or the bench's BENCH_EVENTS_OFF).
 */
export function eventRows(items: readonly EventInput[], now: Date): EventRows | null {
  if (items.length === 0 || EVENTS_OFF) return null;
  const byStream = new Map<string, EventInput[]>();
  for (const item of items) {
    const list = byStream.get(item.stream);
    if (list) list.push(item);
    else byStream.set(item.stream, [item]);
  }
  const streams = [...byStream.keys()].sort();
  const at = now.toISOString();
  const counters: StreamCount[] = streams.map((stream) => ({ stream, n: byStream.get(stream)!.length, user_id: stream.startsWith('user:') ? stream.slice(5) : null }));
  const rows: NewEvent[] = [];
  for (const stream of streams) {
    const list = byStream.get(stream)!;
    list.forEach((item, i) => {
      const data = JSON.stringify(item.data);
      if (Buffer.byteLength(data) > MAX_DATA_BYTES) throw new Error(`event ${item.type}: data over 16 KiB`);
      countWritten(item.type);
      // seq = the stream's new head - n + i: its events take the n seqs below the new head in order.
      rows.push({ stream, i: i + 1, n: list.length, id: `evt_${newId().replaceAll('-', '')}`, type: item.type, actor_id: item.actorId, data, created_at: at });
    });
  }
  return { streams, counters, rows };
}

interface StreamCount {
  stream: string;
  n: number;
  user_id: string | null;
}

type NewEvent = Omit<Database['events'], 'seq'> & { i: number; n: number };

/**
 * PostgreSQL: the two data-modifying CTEs that append an EventRows, its counters and rows read
 * from the parameters named (`$3`, say): each stream's counter takes its `n` seqs (created at 0
 * first), in stream order, which is the order it locks them in; the events take theirs from the
 * counters' new heads. For a WITH list of the caller's statement (it defines `event_heads` and
 * `event_rows`).
 */
export function appendEventsPg(counters: string, rows: string): string {
  return `event_heads as (
    insert into event_streams (stream, head_seq, user_id)
    select c.stream, c.n, c.user_id from jsonb_to_recordset(${counters}::jsonb) as c(stream text, n bigint, user_id text) order by c.stream
    on conflict (stream) do update set head_seq = event_streams.head_seq + excluded.head_seq
    returning stream, head_seq),
  event_rows as (
    insert into events (stream, seq, id, type, actor_id, data, created_at)
    select e.stream, h.head_seq - e.n + e.i, e.id, e.type, e.actor_id, e.data, e.created_at
    from jsonb_to_recordset(${rows}::jsonb) as e(stream text, i bigint, n bigint, id text, type text, actor_id text, data text, created_at text)
    join event_heads h on h.stream = e.stream)`;
}

const APPEND_PG = `with ${appendEventsPg('$1', '$2')} select 1`;

/** SQLite (one writer): the counters first, answering their new heads; then the events. */
const BUMP_HEADS_SQLITE = `insert into event_streams (stream, head_seq, user_id)
  select value ->> 'stream', value ->> 'n', value ->> 'user_id' from json_each(?) where true
  on conflict (stream) do update set head_seq = event_streams.head_seq + excluded.head_seq
  returning stream, head_seq`;

const INSERT_EVENTS_SQLITE = `insert into events (stream, seq, id, type, actor_id, data, created_at)
  select value ->> 'stream', value ->> 'seq', value ->> 'id', value ->> 'type', value ->> 'actor_id', value ->> 'data', value ->> 'created_at' from json_each(?)`;

/** The committed head and the oldest retained seq of a stream (a stream never written: 0 and 1). */
export async function streamBounds(db: Tx, stream: string): Promise<StreamBounds> {
  const row = await db.selectFrom('event_streams').select(['head_seq', 'purged_seq']).where('stream', '=', stream).executeTakeFirst();
  if (!row) return { headSeq: 0, oldestSeq: 1 };
  const headSeq = Number(row.head_seq);
  return { headSeq, oldestSeq: Math.min(Number(row.purged_seq) + 1, headSeq + 1) };
}

/** The heads of several streams at once (the streams' wake-up poll). */
export async function streamHeads(db: Tx, streams: readonly string[]): Promise<Map<string, number>> {
  if (streams.length === 0) return new Map();
  const rows = await db.selectFrom('event_streams').select(['stream', 'head_seq']).where('stream', 'in', streams).execute();
  return new Map(rows.map((r) => [r.stream, Number(r.head_seq)]));
}

/**
 * A filter of event types: exact names, or prefixes given as `prefix.*` (`list.*` matches
 * `list.created` and `list.row.deleted`).
 */
export type TypeFilter = readonly string[];

/**
 * The events of a stream after `afterSeq`, at most `limit`, in seq order, of the given types
 * only (all without `types`), up to `uptoSeq` when given (a head read before: see pull).
 */
export async function readEvents(db: Tx, stream: string, afterSeq: number, limit: number, types?: TypeFilter, uptoSeq?: number): Promise<EventEnvelope[]> {
  let q = db
    .selectFrom('events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .select(['e.id', 'e.type', 'e.seq', 'e.created_at', 'e.actor_id', 'u.username', 'e.data'])
    .where('e.stream', '=', stream)
    .where('e.seq', '>', afterSeq);
  if (uptoSeq !== undefined) q = q.where('e.seq', '<=', uptoSeq);
  if (types && types.length > 0) {
    const exact = types.filter((t) => !t.endsWith('.*'));
    const prefixes = types.filter((t) => t.endsWith('.*')).map((t) => t.slice(0, -1));
    q = q.where((eb) =>
      eb.or([
        ...(exact.length > 0 ? [eb('e.type', 'in', exact)] : []),
        ...prefixes.map((p) => eb(eb.fn('substr', ['e.type', sql.lit(1), sql.lit(p.length)]), '=', p)),
      ]),
    );
  }
  const rows = await q.orderBy('e.seq').limit(limit).execute();
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    seq: Number(r.seq),
    timestamp: r.created_at,
    actor: r.actor_id !== null && r.username !== null ? { id: r.actor_id, username: r.username } : null,
    data: JSON.parse(r.data) as Record<string, unknown>,
  }));
}

/**
 * Retention: removes, from every stream, the events older than `cutoff` and those beyond the
 * newest `keep`, recording each stream's purged seq. Answers how many events went.
 */
export async function pruneEvents(db: Tx, cutoff: string, keep: number, batch = 5000): Promise<number> {
  let removed = 0;
  // Streams holding an event past either limit.
  const streams = await db
    .selectFrom('event_streams as s')
    .select(['s.stream', 's.head_seq'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('events as e')
          .select(sql.lit(1).as('one'))
          .whereRef('e.stream', '=', 's.stream')
          .where((w) => w.or([w('e.created_at', '<', cutoff), w('e.seq', '<=', sql<number>`s.head_seq - ${keep}`)])),
      ),
    )
    .execute();
  for (const s of streams) {
    const head = Number(s.head_seq);
    // The last seq to go: every seq at or below it is older than the cutoff or beyond the newest `keep`.
    const lastOld = await db
      .selectFrom('events')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('stream', '=', s.stream)
      .where('created_at', '<', cutoff)
      .executeTakeFirst();
    const upto = Math.max(Number(lastOld?.seq ?? 0), head - keep);
    if (upto <= 0) continue;
    await db.transaction().execute(async (trx) => {
      for (;;) {
        const res = await trx
          .deleteFrom('events')
          .where('stream', '=', s.stream)
          .where('seq', 'in', (eb) => eb.selectFrom('events').select('seq').where('stream', '=', s.stream).where('seq', '<=', upto).limit(batch))
          .executeTakeFirst();
        const n = Number(res.numDeletedRows);
        removed += n;
        if (n < batch) break;
      }
      await trx.updateTable('event_streams').set({ purged_seq: sql<number>`case when purged_seq > ${upto} then purged_seq else ${upto} end` }).where('stream', '=', s.stream).execute();
    });
  }
  return removed;
}

/** Removes a user's stream: a batch of its events, then (none left) its counter, nulling the user as actor elsewhere. Answers how many rows went. */
export async function removeUserStream(trx: Tx, userId: string, limit: number): Promise<number> {
  const stream = streamOfUser(userId);
  const res = await trx
    .deleteFrom('events')
    .where('stream', '=', stream)
    .where('seq', 'in', (eb) => eb.selectFrom('events').select('seq').where('stream', '=', stream).limit(limit))
    .executeTakeFirst();
  const n = Number(res.numDeletedRows);
  if (n > 0) return n;
  // Events of other streams keep no trace of the account: their actor becomes null (one pass; no
  // index on actor_id, as account deletion is rare and retention bounds the table).
  await trx.updateTable('events').set({ actor_id: null }).where('actor_id', '=', userId).execute();
  const gone = await trx.deleteFrom('event_streams').where('stream', '=', stream).executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/** Removes an organization's stream, its events and its counter (the organization is being deleted). */
export async function removeOrgStream(trx: Tx, orgId: string): Promise<void> {
  const stream = streamOfOrg(orgId);
  await trx.deleteFrom('events').where('stream', '=', stream).execute();
  await trx.deleteFrom('event_streams').where('stream', '=', stream).execute();
}

/** How many events a user's stream holds. */
export async function countUserEvents(db: Tx, userId: string): Promise<number> {
  const row = await db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).where('stream', '=', streamOfUser(userId)).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Of these sessions and sync tokens, the ones still in force (a live stream re-checks its credential). */
export async function credentialsInForce(db: Tx, sessionIds: readonly string[], tokenIds: readonly string[], now: string): Promise<Set<string>> {
  const live = new Set<string>();
  if (sessionIds.length > 0) {
    const rows = await db.selectFrom('sessions').select('id').where('id', 'in', [...sessionIds]).where('expires_at', '>', now).execute();
    for (const r of rows) live.add(r.id);
  }
  if (tokenIds.length > 0) {
    const rows = await db.selectFrom('sync_tokens').select('id').where('id', 'in', [...tokenIds]).execute();
    for (const r of rows) live.add(r.id);
  }
  return live;
}

/** PostgreSQL: a wake-up hint to every instance's LISTEN connection (sent after the commit). */
export async function notifyChannel(db: Tx, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

/**
 * Who may read a list or a document now, each with a rank (3 owner, 2 editor, 1 viewer; a user
 * with several grants appears once per grant): its owner, the users it is shared with (accepted,
 * unexpired) and the members of organizations it is shared with. One statement.
 */
function readerRowsOf(kind: 'list' | 'document') {
  return (db: Tx, ownerOf: string, grantedOn: string, grantNow: string, orgGrantedOn: string, orgGrantNow: string) => {
    const column = kind === 'list' ? 'collaborators.list_id' : 'collaborators.document_id';
    const rank = sql<number>`case when collaborators.role = 'editor' then 2 else 1 end`;
    const grants = (on: string, now: string) =>
      db
        .selectFrom('collaborators')
        .where(column, '=', on)
        .where((w) => w.or([w('collaborators.expires_at', 'is', null), w('collaborators.expires_at', '>', now)]));
    const owner =
      kind === 'list'
        ? db.selectFrom('lists').select(['lists.user_id as id', sql<number>`3`.as('rank')]).where('lists.id', '=', ownerOf)
        : db.selectFrom('documents').select(['documents.user_id as id', sql<number>`3`.as('rank')]).where('documents.id', '=', ownerOf);
    return owner
      .unionAll(grants(grantedOn, grantNow).select(['collaborators.user_id as id', rank.as('rank')]).where('collaborators.user_id', 'is not', null).$narrowType<{ id: string }>())
      .unionAll(
        grants(orgGrantedOn, orgGrantNow)
          .innerJoin('organization_members', 'organization_members.organization_id', 'collaborators.org_id')
          .select(['organization_members.user_id as id', rank.as('rank')]),
      );
  };
}

// Compiled once: every row add and document save reads its item's readers (a batch's worth).
const SAMPLE: [string, string, string, string, string] = ['$owner', '$grant', '$grantNow', '$orgGrant', '$orgGrantNow'];
const listReaderRows = preparedQuery(readerRowsOf('list'), SAMPLE);
const documentReaderRows = preparedQuery(readerRowsOf('document'), SAMPLE);

function readerRows(db: Tx, item: SharedItemRef, now: string): Promise<{ id: string; rank: number }[]> {
  return 'listId' in item ? listReaderRows(db, item.listId, item.listId, now, item.listId, now) : documentReaderRows(db, item.documentId, item.documentId, now, item.documentId, now);
}

/** Who may read a list or a document now, so receives its events (readerRows). Nothing of a private item goes to anyone else's stream. */
export async function itemAudience(db: Tx, item: SharedItemRef, now: string): Promise<string[]> {
  const rows = await readerRows(db, item, now);
  return [...new Set(rows.map((r) => r.id))];
}

/** Each reader of the item with their strongest role's rank (3 owner, 2 editor, 1 viewer). */
export async function itemReaders(db: Tx, item: SharedItemRef, now: string): Promise<Map<string, number>> {
  const readers = new Map<string, number>();
  for (const r of await readerRows(db, item, now)) readers.set(r.id, Math.max(readers.get(r.id) ?? 0, Number(r.rank)));
  return readers;
}

/** A list or a document, as an event's `data` names it. */
export type SharedItemRef = { listId: string } | { documentId: string };

/** PostgreSQL: the row locks of these lists and documents, in id order (events/access.ts lockItems). */
export async function lockItemRows(trx: Tx, listIds: readonly string[], documentIds: readonly string[]): Promise<void> {
  if (listIds.length > 0) await trx.selectFrom('lists').select('id').where('id', 'in', [...listIds].sort()).orderBy('id').forUpdate().execute();
  if (documentIds.length > 0) await trx.selectFrom('documents').select('id').where('id', 'in', [...documentIds].sort()).orderBy('id').forUpdate().execute();
}

/** The lists and documents shared with an organization (its members' access comes and goes with membership). */
export async function itemsSharedWithOrg(db: Tx, orgId: string): Promise<SharedItemRef[]> {
  const rows = await db.selectFrom('collaborators').select(['list_id', 'document_id']).where('org_id', '=', orgId).execute();
  return rows.map((r) => (r.list_id !== null ? { listId: r.list_id } : { documentId: r.document_id! }));
}

/** An author's timeline-job filter (their id inside the job's JSON payload). */
const ofAuthor = (authorId: string) => sql<boolean>`payload like ${`%"authorId":"${escapeLike(authorId)}"%`} escape '\\'`;

/**
 * Makes this author's home-timeline jobs that wait for a retry due at `now`, so they run while
 * the followers are still there rather than after their back-off (account deletion, user-data.ts).
 */
export async function hurryTimelineJobs(db: Tx, authorId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.updateTable('jobs').set({ run_at: at }).where('kind', '=', 'events-timeline').where('status', '=', 'queued').where('run_at', '>', at).where(ofAuthor(authorId)).execute();
}

/**
 * Whether a home-timeline job of this author is still to run (queued, for its first attempt or a
 * retry) or running now: account deletion waits on them before the follows go (user-data.ts).
 */
export async function timelineJobsPending(db: Tx, authorId: string): Promise<boolean> {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', 'events-timeline')
    .where('status', 'in', ['queued', 'running'])
    .where(ofAuthor(authorId))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
