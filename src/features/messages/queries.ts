import { sql, type Expression, type RawBuilder, type ExpressionBuilder, type Insertable, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { inClaimed, lockDue } from '../../db/claim.js';
import type { Engine } from '../../db/connection.js';
import { containsInsensitive, toBool } from '../../db/dialect.js';
import type { Database, MessageReportsTable } from '../../db/types.js';
import { feedHiddenAuthors, visibleTo, type Viewer } from '../visibility/service.js';
import { TagUseStage } from './tag-tally.js';

// The one read shape of messages: a message with its author, dig count and the viewer's dig
// state, in one query per page (correlated subqueries on indexed columns), plus one query for the
// messages a page pushes and one for the reply counts. A page costs a fixed number of queries
// whatever its size.

/** A select of messages with everything the presenter needs; add where/order/limit. */
export function messageSelect(db: Kysely<Database>, viewerId: string | null) {
  return db
    .selectFrom('messages')
    .innerJoin('users', 'users.id', 'messages.user_id')
    // The organization it was posted to, in the same query (no lookup per message).
    .leftJoin('organizations as msg_org', 'msg_org.id', 'messages.org_id')
    .select([
      'messages.id',
      'messages.user_id',
      'messages.content',
      'messages.publicly_visible',
      'messages.tags',
      'messages.parent_id',
      'messages.orphaned_parent_id',
      'messages.pushed_message_id',
      'messages.image_urls',
      'messages.video_urls',
      'messages.image_alts',
      'messages.video_alts',
      'messages.scheduled_at',
      'messages.published_at',
      'messages.created_at',
      'messages.updated_at',
      'users.username',
      'users.display_name',
      'users.avatar',
      'messages.org_id',
      'msg_org.name as org_name',
      'msg_org.slug as org_slug',
    ])
    .select((eb) => [
      eb.selectFrom('digs').select(eb.fn.countAll().as('n')).whereRef('digs.message_id', '=', 'messages.id').as('dig_count'),
      viewerId === null ?
        eb.val(false).as('dug_by_me')
      : eb.exists(eb.selectFrom('digs as d').select('d.user_id').whereRef('d.message_id', '=', 'messages.id').where('d.user_id', '=', viewerId)).as('dug_by_me'),
    ]);
}

export type MessageSelectRow = Awaited<ReturnType<ReturnType<typeof messageSelect>['execute']>>[number];

export type CountedRow = MessageSelectRow & { reply_count: number };

export interface LoadedMessage {
  row: CountedRow;
  pushed: CountedRow | null;
}

/**
 * Completes a page: the pushed messages the viewer may read (one query), and for every message
 * of the page and every pushed one the number of replies the viewer may read (one query,
 * with the same visibility fragment, so a count never reveals a reply the viewer cannot see).
 */
export async function withPushed(db: Kysely<Database>, viewer: Viewer, rows: MessageSelectRow[]): Promise<LoadedMessage[]> {
  const ids = [...new Set(rows.map((r) => r.pushed_message_id).filter((id): id is string => id !== null))];
  const pushed =
    ids.length === 0 ? [] : await messageSelect(db, viewer?.id ?? null).where('messages.id', 'in', ids).where(visibleTo(viewer)).execute();
  const parents = [...new Set([...rows, ...pushed].map((r) => r.id))];
  // One count per parent, each a lookup of its replies (migration 027): grouped over
  // `parent_id in (...)`, SQLite (no statistics) read the anonymous counts through the index of
  // every public message instead, 50–100 ms at 100,000 messages.
  const counts =
    parents.length === 0 ?
      []
    : await db
        .selectFrom('messages as parent')
        .select((eb) => [
          'parent.id',
          eb
            .selectFrom('messages')
            .select(eb.fn.countAll().as('n'))
            .whereRef('messages.parent_id', '=', 'parent.id')
            .where('messages.published_at', 'is not', null)
            .where(visibleTo(viewer))
            .as('n'),
        ])
        .where('parent.id', 'in', parents)
        .execute();
  const replies = new Map(counts.map((c) => [c.id, Number(c.n)]));
  const counted = (r: MessageSelectRow): CountedRow => ({ ...r, reply_count: replies.get(r.id) ?? 0 });
  const byId = new Map(pushed.map((p) => [p.id, counted(p)]));
  return rows.map((row) => ({ row: counted(row), pushed: row.pushed_message_id ? (byId.get(row.pushed_message_id) ?? null) : null }));
}

/** Counts of a select come back as strings from PostgreSQL. */
export const count = (v: unknown) => Number(v ?? 0);
export const bool = (v: unknown) => toBool(v as never);

// ---- tag counters: the fold (tag-fold.ts, migration 026) ----

/**
 * Makes the fold the only one running until its transaction ends: PostgreSQL's lock on the
 * counters conflicts with itself and with no read; SQLite has one writer, so nothing to take.
 */
export async function lockTagCounters(trx: Kysely<Database>, engine: Engine): Promise<void> {
  if (engine === 'postgres') await sql`lock table public_tag_counts, tag_trend_authors, tag_trends in share row exclusive mode`.execute(trx);
}

/**
 * Counts up to `limit` uses not yet counted: stage 1 when published after `edge` (in the
 * window), else 2. On PostgreSQL a use whose message a request is deleting meanwhile is skipped,
 * not waited for: it is either gone or counted by the next fold.
 */
export function countNewTagUses(trx: Kysely<Database>, engine: Engine, edge: string, limit: number) {
  const pending = lockDue(engine, trx.selectFrom('public_tag_uses').select(['message_id', 'tag']).where('stage', '=', TagUseStage.pending).orderBy('published_at').limit(limit));
  return trx
    .updateTable('public_tag_uses')
    .set((eb) => ({ stage: eb.case().when('published_at', '>', edge).then(TagUseStage.inWindow).else(TagUseStage.past).end() }))
    .where('stage', '=', TagUseStage.pending)
    .where((eb) => eb(eb.refTuple('message_id', 'tag'), 'in', pending.$asTuple('message_id', 'tag')))
    .returning(['tag', 'author_id', 'stage'])
    .execute();
}

/** Takes up to `limit` counted uses published at or before `edge` out of the window (stage 1 to 2). */
export function leaveTrendingWindow(trx: Kysely<Database>, engine: Engine, edge: string, limit: number) {
  const old = lockDue(
    engine,
    trx.selectFrom('public_tag_uses').select(['message_id', 'tag']).where('stage', '=', TagUseStage.inWindow).where('published_at', '<=', edge).orderBy('published_at').limit(limit),
  );
  return trx
    .updateTable('public_tag_uses')
    .set({ stage: TagUseStage.past })
    .where('stage', '=', TagUseStage.inWindow)
    .where((eb) => eb(eb.refTuple('message_id', 'tag'), 'in', old.$asTuple('message_id', 'tag')))
    .returning(['tag', 'author_id'])
    .execute();
}

/** Takes up to `limit` removed uses off the journal, oldest first, for the fold to subtract. */
export function takeTagUseRemovals(trx: Kysely<Database>, limit: number) {
  return trx
    .deleteFrom('tag_use_removals')
    .where('id', 'in', (eb) => eb.selectFrom('tag_use_removals').select('id').orderBy('id').limit(limit))
    .returning(['tag', 'author_id', 'stage'])
    .execute();
}

/** Adds each change to its tag's all-time count; a tag whose count falls to 0 goes. */
export async function addToTagCounts(trx: Kysely<Database>, changes: readonly { tag: string; n: number }[]): Promise<void> {
  if (changes.length === 0) return;
  await trx
    .insertInto('public_tag_counts')
    .values(changes.map((c) => ({ tag: c.tag, tag_key: sql<string>`lower(${c.tag})`, messages: c.n })))
    .onConflict((oc) => oc.column('tag').doUpdateSet((eb) => ({ messages: eb('public_tag_counts.messages', '+', eb.ref('excluded.messages')) })))
    .execute();
  await dropEmptyCounters(trx, 'public_tag_counts', changes.map((c) => c.tag));
}

/** The rows of these tags in one of the counter tables left with no message go. */
async function dropEmptyCounters(trx: Kysely<Database>, table: 'public_tag_counts' | 'tag_trend_authors' | 'tag_trends', tags: readonly string[]): Promise<void> {
  await trx.deleteFrom(table).where('messages', '<=', 0).where('tag', 'in', tags).execute();
}

/** Adds each change to the author's messages with the tag in the window; answers the new counts. */
export function addToTrendAuthors(trx: Kysely<Database>, changes: readonly { tag: string; author_id: string; n: number }[]) {
  return trx
    .insertInto('tag_trend_authors')
    .values(changes.map((c) => ({ tag: c.tag, author_id: c.author_id, messages: c.n })))
    .onConflict((oc) => oc.columns(['tag', 'author_id']).doUpdateSet((eb) => ({ messages: eb('tag_trend_authors.messages', '+', eb.ref('excluded.messages')) })))
    .returning(['tag', 'author_id', 'messages'])
    .execute();
}

/** The author rows of these tags left with no message in the window go. */
export const dropEmptyTrendAuthors = (trx: Kysely<Database>, tags: readonly string[]) => dropEmptyCounters(trx, 'tag_trend_authors', tags);

/** Adds each change to its tag's messages and distinct authors in the window; a tag left with none goes. */
export async function addToTagTrends(trx: Kysely<Database>, changes: readonly { tag: string; messages: number; accounts: number }[]): Promise<void> {
  await trx
    .insertInto('tag_trends')
    .values(changes.map((c) => ({ tag: c.tag, messages: c.messages, accounts: c.accounts })))
    .onConflict((oc) =>
      oc.column('tag').doUpdateSet((eb) => ({
        messages: eb('tag_trends.messages', '+', eb.ref('excluded.messages')),
        accounts: eb('tag_trends.accounts', '+', eb.ref('excluded.accounts')),
      })),
    )
    .execute();
  await dropEmptyCounters(trx, 'tag_trends', changes.map((c) => c.tag));
}

/**
 * Raises the message-read version (migration 010) once: trending answers are cached under it
 * (read-cache.ts), and the fold changes them after the writes that bumped it.
 */
export async function bumpMessageReadVersion(trx: Kysely<Database>): Promise<void> {
  await trx
    .updateTable('message_versions')
    .set((eb) => ({ n: eb('n', '+', 1) }))
    .where('shard', '=', 0)
    .execute();
}

/**
 * Trending tags: the window's counters in rank order (distinct authors, then messages, then the
 * tag), read from their index: the cost is `limit` rows however large the feed.
 */
export function trendingTags(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('tag_trends')
    .select(['tag', 'messages', 'accounts'])
    .where('messages', '>', 0)
    .orderBy('accounts', 'desc')
    .orderBy('messages', 'desc')
    .orderBy('tag')
    .limit(limit)
    .execute();
}

// ---- organizations: posting to one, and its feed ----

/** The organization if the user is a member of it (posting to it needs that). */
export function orgOfMember(db: Kysely<Database>, orgId: string, userId: string) {
  return db
    .selectFrom('organizations as o')
    .innerJoin('organization_members as m', 'm.organization_id', 'o.id')
    .select(['o.id', 'o.name', 'o.slug'])
    .where('o.id', '=', orgId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
}

/** An organization by slug, and whether the viewer is a member (its feed shows members its private messages). */
export function orgForFeed(db: Kysely<Database>, slug: string, viewerId: string | null) {
  return db
    .selectFrom('organizations as o')
    .select('o.id')
    .select((eb) =>
      (viewerId === null ? eb.val(false) : eb.exists(eb.selectFrom('organization_members as m').select('m.user_id').whereRef('m.organization_id', '=', 'o.id').where('m.user_id', '=', viewerId))).as(
        'is_member',
      ),
    )
    .where('o.slug', '=', slug)
    .executeTakeFirst();
}

// ---- purge (user-data.ts) ----

/** At most `limit` ids of the user's messages, newest first (a reply before what it answers). */
export async function newestMessageIdsOf(db: Kysely<Database>, userId: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('messages').select('id').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** Other users' replies to these messages keep their parent only as orphaned_parent_id (it reads as gone). */
export async function orphanRepliesOf(db: Kysely<Database>, ids: readonly string[], userId: string): Promise<void> {
  await db
    .updateTable('messages')
    .set((eb) => ({ orphaned_parent_id: eb.ref('parent_id'), parent_id: null }))
    .where('parent_id', 'in', ids)
    .where('user_id', '<>', userId)
    .execute();
}

export async function deleteMessages(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  await db.deleteFrom('messages').where('id', 'in', ids).execute();
}

/** Reports the user resolved stay; who resolved them is forgotten. */
export async function forgetReportResolver(db: Kysely<Database>, userId: string): Promise<void> {
  await db.updateTable('message_reports').set({ resolved_by: null }).where('resolved_by', '=', userId).execute();
}

// ---- reports (reports.ts) ----

/** The reporter's report of the message, if there is one. */
export function reportBy(db: Kysely<Database>, messageId: string, reporterId: string) {
  return db.selectFrom('message_reports').select(['id', 'created_at']).where('message_id', '=', messageId).where('reporter_id', '=', reporterId).executeTakeFirst();
}

/** A second report by the same reporter: the report takes the new reason and is open again. */
export async function reopenReport(db: Kysely<Database>, id: string, reason: string, detail: string | null, now: string): Promise<void> {
  await db
    .updateTable('message_reports')
    .set({ reason, detail, status: 'open', note: null, resolved_by: null, resolved_at: null, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function insertReport(db: Kysely<Database>, values: Insertable<MessageReportsTable>): Promise<void> {
  await db.insertInto('message_reports').values(values).execute();
}

/** A select of reports with their reporter, message and its author; add where/order/limit. */
export function reportSelect(db: Kysely<Database>) {
  return db
    .selectFrom('message_reports')
    .innerJoin('users as reporter', 'reporter.id', 'message_reports.reporter_id')
    .innerJoin('messages', 'messages.id', 'message_reports.message_id')
    .innerJoin('users as author', 'author.id', 'messages.user_id')
    .select([
      'message_reports.id',
      'message_reports.reason',
      'message_reports.detail',
      'message_reports.status',
      'message_reports.note',
      'message_reports.created_at',
      'message_reports.updated_at',
      'message_reports.resolved_at',
      'reporter.id as reporter_id',
      'reporter.username as reporter_username',
      'reporter.display_name as reporter_display_name',
      'reporter.avatar as reporter_avatar',
      'messages.id as message_id',
      'messages.content as message_content',
      'messages.publicly_visible as message_publicly_visible',
      'messages.created_at as message_created_at',
      'author.id as author_id',
      'author.username as author_username',
      'author.display_name as author_display_name',
      'author.avatar as author_avatar',
    ]);
}

export type ReportRow = Awaited<ReturnType<ReturnType<typeof reportSelect>['execute']>>[number];

/** A page of the reports (of one status, or all), newest first, with their number. */
export async function reportsPage(db: Kysely<Database>, status: 'open' | 'resolved' | undefined, limit: number, offset: number): Promise<{ rows: ReportRow[]; total: number }> {
  let q = reportSelect(db);
  let c = db.selectFrom('message_reports').select((eb) => eb.fn.countAll().as('n'));
  if (status) {
    q = q.where('message_reports.status', '=', status);
    c = c.where('status', '=', status);
  }
  const [rows, count] = await Promise.all([
    q.orderBy('message_reports.created_at', 'desc').orderBy('message_reports.id', 'desc').limit(limit).offset(offset).execute(),
    c.executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Resolves a report; false when there is none of this id. */
export async function markReportResolved(db: Kysely<Database>, id: string, adminId: string, note: string | null, now: string): Promise<boolean> {
  const updated = await db
    .updateTable('message_reports')
    .set({ status: 'resolved', note, resolved_by: adminId, resolved_at: now, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

// ---- scheduling (scheduling.ts) and mentions (mentions.ts) ----

/** The author's messages scheduled before `until` and not yet published, soonest first. */
export function upcomingScheduled(db: Kysely<Database>, userId: string, until: string, limit: number) {
  return messageSelect(db, userId)
    .where('messages.user_id', '=', userId)
    .where('messages.published_at', 'is', null)
    .where('messages.scheduled_at', '<', until)
    .orderBy('messages.scheduled_at')
    .orderBy('messages.id')
    .limit(limit)
    .execute();
}

/** The highest code point: every key that starts with a prefix sorts below `prefix + TOP`. */
const TOP = '\u{10FFFF}';

/**
 * Tags in use whose lower-cased form starts with `prefix` (already lower-cased the way the
 * database lower-cases: lower() on the parameter), most used first. An index range on tag_key.
 */
export function tagsStartingWith(db: Kysely<Database>, prefix: string, limit: number) {
  return db
    .selectFrom('public_tag_counts')
    .select(['tag', 'messages'])
    .where('tag_key', '>=', sql<string>`lower(${prefix})`)
    .where('tag_key', '<', sql<string>`lower(${prefix}) || ${TOP}`)
    .where('messages', '>', 0)
    .orderBy('messages', 'desc')
    .orderBy('tag')
    .limit(limit)
    .execute();
}

/** The author's message of this id, every column. */
export function ownMessageRow(db: Kysely<Database>, userId: string, id: string) {
  return db.selectFrom('messages').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** Changes a message not yet published; false when it was published meanwhile. */
export async function updateUnpublished(db: Kysely<Database>, id: string, scheduledAt: string | null, crossPostConfig: string | null, now: string): Promise<boolean> {
  const updated = await db
    .updateTable('messages')
    .set({ scheduled_at: scheduledAt, cross_post_config: crossPostConfig, updated_at: now })
    .where('id', '=', id)
    .where('published_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/**
 * Publishes a batch of at most `limit` scheduled messages whose time has come, claimed atomically
 * (two instances never publish one twice); answers those it published. A published message was
 * created when it published (as a scheduled status is elsewhere): its createdAt is now, so a feed
 * read newest first shows no older time above a newer one.
 */
export function publishDueBatch(db: Kysely<Database>, engine: Engine, now: string, limit: number) {
  const due = lockDue(
    engine,
    db.selectFrom('messages').select('messages.id').where('messages.published_at', 'is', null).where('messages.scheduled_at', '<=', now).orderBy('messages.scheduled_at').limit(limit),
  );
  return db
    .updateTable('messages')
    .set({ published_at: now, created_at: now, scheduled_at: null, updated_at: now })
    .where('published_at', 'is', null)
    .where(inClaimed(engine, 'id', due))
    .returning(['id', 'user_id', 'content', 'publicly_visible', 'cross_post_config', 'org_id'])
    .execute();
}

/** The ids of the users with these (lower-case) usernames. */
export async function userIdsByUsernameKeys(db: Kysely<Database>, keys: readonly string[]): Promise<string[]> {
  return (await db.selectFrom('users').select(['id']).where('username_key', 'in', keys).execute()).map((u) => u.id);
}

// ---- reading and writing messages (service.ts) ----

/** A condition on messages (a visibility scope, a partition of it, a filter). */
export type Filter = (eb: ExpressionBuilder<Database, 'messages'>) => Expression<SqlBool>;

/** The author's own messages among `ids` (scheduled ones included) that the viewer may read. */
export function ownRowsAmong(db: Kysely<Database>, viewer: Viewer, userId: string, ids: readonly string[]) {
  return messageSelect(db, userId).where('messages.id', 'in', ids).where('messages.user_id', '=', userId).where(visibleTo(viewer)).execute();
}

/** One message the viewer may read, with everything the presenter needs. */
export function readableRow(db: Kysely<Database>, viewer: Viewer, id: string) {
  return messageSelect(db, viewer?.id ?? null).where('messages.id', '=', id).where(visibleTo(viewer)).executeTakeFirst();
}

/** The creation times of the user's newest posts since `since`, at most `limit`. */
export async function postTimesSince(db: Kysely<Database>, userId: string, since: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('messages').select('created_at').where('user_id', '=', userId).where('created_at', '>', since).orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map((r) => r.created_at);
}

/**
 * A page of messages: the rows in `partitions` (a visibility scope cut into disjoint, indexed
 * parts) matching `filter`, newest first, with their total. Each part gives its newest
 * `offset + limit` ids from its own index, and only those are sorted (a sort of the whole scope,
 * an OR of the parts, reads every visible message); the total sums one count per part in one
 * statement. `publicCount`: the first part with this filter is every published public message
 * less those of the authors the viewer's feeds hide, so its count is message_count_shards' less
 * theirs (publicCountLessHidden) rather than a scan.
 */
export async function messagePage(
  db: Kysely<Database>,
  viewer: Viewer,
  partitions: Filter[],
  filter: Filter,
  limit: number,
  offset: number,
  publicCount = false,
): Promise<{ rows: MessageSelectRow[]; total: number }> {
  const newestOfEachPart = partitions
    .map((part) =>
      db
        .selectFrom((sub) =>
          sub
            .selectFrom('messages')
            .select('messages.id')
            .where(part)
            .where(filter)
            .orderBy('messages.published_at', 'desc')
            .orderBy('messages.id', 'desc')
            .limit(offset + limit)
            .as('part'),
        )
        .select('part.id'),
    )
    .reduce((all, part) => all.unionAll(part));
  const [rows, counts] = await Promise.all([
    pageAmong(db, viewer, newestOfEachPart, limit, offset),
    db
      .selectNoFrom((eb) => [
        ...(publicCount ? [publicCountLessHidden(eb, viewer).as('c_public')] : []),
        ...partitions.slice(publicCount ? 1 : 0).map((part, i) =>
          eb
            .selectFrom('messages')
            .select(eb.fn.countAll().as('n'))
            .where(part)
            .where(filter)
            .as(`c${i}`),
        ),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const total = Object.values(counts as Record<string, unknown>).reduce<number>((sum, n) => sum + Number(n ?? 0), 0);
  return { rows, total };
}

/** A page of the messages among `ids` (a list, or a subquery of ids), newest first, hydrated. */
export function pageAmong(db: Kysely<Database>, viewer: Viewer, ids: readonly string[] | SelectQueryBuilder<Database, any, { id: string }>, limit: number, offset: number) {
  return messageSelect(db, viewer?.id ?? null)
    .where('messages.id', 'in', ids as readonly string[])
    .orderBy('messages.published_at', 'desc')
    .orderBy('messages.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * The count of every published public message (message_count_shards, kept by triggers) less those
 * of the authors the viewer's feeds hide, counted per author on messages_user_visible_idx.
 */
function publicCountLessHidden(eb: ExpressionBuilder<Database, never>, viewer: Viewer): RawBuilder<number> {
  const all = sql<number>`coalesce((select sum(n) from message_count_shards where name = 'public'), 0)`;
  if (!viewer) return all;
  const hidden = eb
    .selectFrom('messages')
    .select((e) => e.fn.countAll().as('n'))
    .where('messages.publicly_visible', '=', true)
    .where('messages.published_at', 'is not', null)
    .where('messages.user_id', 'in', (e) => feedHiddenAuthors(e, viewer.id));
  return sql<number>`${all} - (${hidden})`;
}

/** Published messages, only the author's when `authorId` is given, only those tagged `tag` when given. */
export function feedFilter(authorId: string | null, tag: string | undefined): Filter {
  return (eb) =>
    eb.and([
      eb('messages.published_at', 'is not', null),
      ...(authorId !== null ? [eb('messages.user_id', '=', authorId)] : []),
      ...(tag !== undefined ? [eb('messages.id', 'in', eb.selectFrom('message_tags').select('message_tags.message_id').where('message_tags.tag', '=', tag))] : []),
    ]);
}

/**
 * The search condition: `lower(content) LIKE '%q%'` (wildcards escaped) on both engines; on
 * SQLite, for terms of 3 characters or more, first narrowed by the FTS5 trigram table (a phrase
 * match is a substring match) plus the messages not yet indexed, so the LIKE runs on the
 * candidates only. On PostgreSQL the pg_trgm index answers the LIKE itself.
 */
function contentMatches(engine: Engine, q: string): Expression<SqlBool>[] {
  const like = containsInsensitive(sql.ref<string>('messages.content'), q);
  if (engine !== 'sqlite' || [...q].length < 3) return [like];
  const phrase = `"${q.replace(/"/g, '""')}"`;
  // Messages not yet indexed (search-index.ts) are candidates too: the LIKE decides.
  const fts = sql.ref('messages.fts_rowid');
  return [sql<SqlBool>`(${fts} in (select rowid from messages_fts where messages_fts match ${phrase}) or ${fts} is null)`, like];
}

/** What the searches read of the messages a viewer may see: published top-level ones (no replies). */
export function searchableMessages(eb: ExpressionBuilder<Database, 'messages'>): Expression<SqlBool>[] {
  return [eb('messages.published_at', 'is not', null), eb('messages.parent_id', 'is', null), eb('messages.orphaned_parent_id', 'is', null)];
}

/** Search: published top-level messages whose content holds `q`, only the author's when `authorId` is given. */
export function searchFilter(engine: Engine, q: string, authorId: string | null): Filter {
  return (eb) =>
    eb.and([
      ...searchableMessages(eb),
      ...contentMatches(engine, q),
      ...(authorId !== null ? [eb('messages.user_id', '=', authorId)] : []),
    ]);
}

/** Replies to a message that the viewer may read, oldest first. */
export function repliesPage(db: Kysely<Database>, viewer: Viewer, parentId: string, limit: number, offset: number) {
  return messageSelect(db, viewer?.id ?? null)
    .where('messages.parent_id', '=', parentId)
    .where('messages.published_at', 'is not', null)
    .where(visibleTo(viewer))
    .orderBy('messages.published_at')
    .orderBy('messages.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Whether another post pushes this message. */
export async function isPushedByOthers(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await db.selectFrom('messages').select('id').where('pushed_message_id', '=', id).where('id', '!=', id).executeTakeFirst()) !== undefined;
}

/** The message and every reply below it, at any depth. */
export async function messageTreeIds(db: Kysely<Database>, id: string): Promise<string[]> {
  const tree = await db
    .withRecursive('tree(id)', (qb) =>
      qb
        .selectFrom('messages')
        .select('messages.id')
        .where('messages.id', '=', id)
        .unionAll((u) => u.selectFrom('messages').innerJoin('tree', 'tree.id', 'messages.parent_id').select('messages.id')),
    )
    .selectFrom('tree')
    .select('tree.id')
    .execute();
  return tree.map((t) => t.id);
}

export async function digCount(db: Kysely<Database>, id: string): Promise<number> {
  const row = await db.selectFrom('digs').select((eb) => eb.fn.countAll().as('n')).where('message_id', '=', id).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records the user's dig of the message; false when it was there already. */
export async function insertDig(db: Kysely<Database>, messageId: string, userId: string, now: string): Promise<boolean> {
  const inserted = await db
    .insertInto('digs')
    .values({ message_id: messageId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function deleteDig(db: Kysely<Database>, messageId: string, userId: string): Promise<void> {
  await db.deleteFrom('digs').where('message_id', '=', messageId).where('user_id', '=', userId).execute();
}

/** SQLite: at most `limit` messages not yet in the search index (messages_fts). */
export async function unindexedMessages(db: Kysely<Database>, limit: number): Promise<{ id: string; content: string }[]> {
  const { rows } = await sql<{ id: string; content: string }>`select id, content from messages where fts_rowid is null limit ${limit}`.execute(db);
  return rows;
}

/**
 * SQLite: the words of these messages not yet indexed (the searchable ones) into message_words,
 * one statement for a batch, in key order (migration 034). Run before addToSearchIndex marks them.
 */
export async function addWordsToIndex(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`insert into message_words (word, publicly_visible, updated_at, message_id, user_id)
    select w.value, m.publicly_visible, m.updated_at, m.id, m.user_id from messages m, json_each(search_words(m.content)) w
    where m.id in (select value from json_each(${JSON.stringify(ids)})) and m.fts_rowid is null
      and m.published_at is not null and m.parent_id is null and m.orphaned_parent_id is null
    order by w.value, m.publicly_visible, m.updated_at desc, m.id`.execute(db);
}

/**
 * SQLite: adds a message's text to the substring index (messages_fts) and records its rowid on
 * the message, which marks it indexed: its words are then in message_words (addWordsToIndex).
 */
export async function addToSearchIndex(db: Kysely<Database>, row: { id: string; content: string }): Promise<void> {
  const { insertId } = await sql`insert into messages_fts (content) values (${row.content})`.execute(db);
  await sql`update messages set fts_rowid = ${Number(insertId)} where id = ${row.id}`.execute(db);
}

/** Who wrote these messages, and where (the deletion's events name each message's author). */
export function messageAuthors(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('messages').select(['id', 'user_id', 'org_id', 'published_at']).where('id', 'in', [...ids]).execute();
}
