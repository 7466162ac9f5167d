import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { AppContext } from '../../runtime/context.js';
import { batchedTransaction } from '../../db/batched-transaction.js';
import type { Db } from '../../db/connection.js';
import { toBool } from '../../db/dialect.js';
import { preparedQuery } from '../../db/prepared.js';
import type { Database, MessageRow, UserRow } from '../../db/types.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { page, pageWindow } from '../../http/pagination.js';
import { newId } from '../../lib/ids.js';
import { messageLength } from '../../lib/post-lengths.js';
import { claimUploads, mediaUrl, releaseUploads } from '../media/service.js';
import { callOffCrossPosts, crossPostRequestOf, deliverAndReport, planCrossPosts, recordDeliveries, requestsCrossPost, type CrossPostRequest, type PlannedDelivery } from '../cross-posts/index.js';

export type { CrossPostRequest };
/** The messages the searches read (the search across kinds composes it with its own match). */
export { searchableMessages } from './queries.js';
/** The message_words rows a viewer's feed may read (the search across kinds reads them too). */
export { readableRows } from './queries/word-search.js';
import { announceEvents, appendEventRows, appendEventsPg, eventRows, streamOfOrg, streamsOf, timelineAuthors } from '../events/index.js';
import { logDeleted, publishedEvents, publishedTimelineJobs, queuePublishedTimeline } from './log-events.js';
import { announcePublished } from './mentions.js';
import { presentMessage } from './presenter.js';
import {
  deleteDig,
  deleteMessages,
  digCount,
  feedFilter,
  insertDig,
  isPushedByOthers,
  messagePage,
  ownRowsAmong,
  pageAmong,
  messageTreeIds,
  ownMessageRow,
  orgForFeed,
  orgOfMember,
  postTimesSince,
  readableRow,
  repliesPage,
  searchFilter,
  withPushed,
  type CountedRow,
  type Filter,
  type LoadedMessage,
} from './queries.js';
import { scheduleSlot } from './scheduling.js';
import { wordSearch } from './queries/word-search.js';
import type { CreateMessageBody, FeedQuery, SearchQuery } from './schemas.js';
import { authorsWithFollowersPg, authorTimeline, feedPartitions, firstFeedPartitionIsPublicLessHidden, orgFeedScope, readableMessage, viewerOf, visibleUser, type Viewer } from '../visibility/service.js';

export { viewerOf };
/** The wire shape of a message, for the web client's server-rendered pages. */
export { presentMessage };

// Messages: create, read, feeds, search, delete, dig (spec, Messages).
// Each action is one transaction; events are reported after it commits.

/** One message as the viewer may read it, hydrated; 404 otherwise. */
export async function readMessage(ctx: AppContext, viewer: Viewer, id: string, db: Kysely<Database> = ctx.db.kysely): Promise<LoadedMessage> {
  const row = await readableRow(db, viewer, id);
  if (!row) throw notFound('Message not found');
  const [loaded] = await withPushed(db, viewer, [row]);
  return loaded;
}

/**
 * The caller's own messages by id (scheduled ones included), presented, in the order asked; 404
 * when one is missing or not theirs. Read a few hundred at a time, a fixed few queries each.
 */
export async function ownMessages(ctx: AppContext, user: Pick<UserRow, 'id' | 'viewing_preference'>, ids: readonly string[]) {
  const viewer = viewerOf(user);
  const db = ctx.db.kysely;
  const unique = [...new Set(ids)];
  const byId = new Map<string, ReturnType<typeof presentMessage>>();
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await ownRowsAmong(db, viewer, user.id, unique.slice(i, i + 500));
    for (const loaded of await withPushed(db, viewer, rows)) byId.set(loaded.row.id, presentMessage(loaded));
  }
  if (byId.size !== unique.length) throw notFound('Message not found');
  return ids.map((id) => byId.get(id)!);
}

/** The creation times of the user's posts in the last 24 hours (probation quota). */
export async function recentPostTimes(ctx: AppContext, userId: string): Promise<string[]> {
  const since = new Date(ctx.clock.now().getTime() - 24 * 3600_000).toISOString();
  return postTimesSince(ctx.db.kysely, userId, since, 10);
}

function uniqueTags(tags: readonly string[] | undefined): string[] {
  return [...new Set((tags ?? []).map((t) => t.trim()).filter((t) => t.length > 0))];
}

export interface CreateResult {
  loaded: LoadedMessage;
  scheduledAt: string | null;
  crossPosts: Awaited<ReturnType<typeof deliverAndReport>>['crossPosts'];
  crossPostResults: Awaited<ReturnType<typeof deliverAndReport>>['crossPostResults'];
}

/** A scheduled post's cross-posts as its create answer shows them: pending until it is published. */
function scheduledEntries(planned: readonly PlannedDelivery[]): CreateResult['crossPosts'] {
  return planned.map((p) => ({ platform: p.platform, ...(p.providerId !== null ? { providerId: p.providerId } : {}), status: 'pending' as const, error: null }));
}

/**
 * Creates a message. The route has already applied the gates (account status, subscriber,
 * probation, quota); this checks the rules of the body.
 */
// A post's two inserts, compiled once (preparedQuery): the query builder cost more than the insert.
// The columns are named once, so the compiled text and the values bound to it cannot disagree.
const MESSAGE_COLUMNS = [
  'id',
  'user_id',
  'content',
  'publicly_visible',
  'tags',
  'parent_id',
  'pushed_message_id',
  'image_urls',
  'video_urls',
  'scheduled_at',
  'published_at',
  'cross_post_config',
  'created_at',
  'updated_at',
  'orphaned_parent_id',
  'org_id',
  'image_alts',
  'video_alts',
] as const satisfies readonly (keyof MessageRow)[];
// Compiles only while MESSAGE_COLUMNS names every column of a message row.
const _everyColumn: Record<Exclude<keyof MessageRow, (typeof MESSAGE_COLUMNS)[number]>, never> = {};

const insertMessageValues = preparedQuery(
  (db: Kysely<Database>, ...values: unknown[]) =>
    // eslint-disable-next-line no-restricted-syntax -- compiled once with preparedQuery on a hot path, beside its caller on purpose (README, Design: queries)
    db.insertInto('messages').values(Object.fromEntries(MESSAGE_COLUMNS.map((column, i) => [column, values[i]])) as Insertable<Database['messages']>),
  MESSAGE_COLUMNS.map((column): unknown => `$${column}`),
);

const insertMessage = (db: Kysely<Database>, row: MessageRow) => insertMessageValues(db, ...MESSAGE_COLUMNS.map((column) => row[column]));

// eslint-disable-next-line no-restricted-syntax -- compiled once with preparedQuery on a hot path, beside its caller on purpose (README, Design: queries)
const insertTag = preparedQuery((db: Kysely<Database>, messageId: string, tag: string) => db.insertInto('message_tags').values({ message_id: messageId, tag }), [
  '$message',
  '$tag',
] as const);

/** The PostgreSQL type of each message column, for reading rows out of one JSON parameter. */
const MESSAGE_COLUMN_TYPES: Record<(typeof MESSAGE_COLUMNS)[number], string> = {
  id: 'text',
  user_id: 'text',
  content: 'text',
  publicly_visible: 'boolean',
  tags: 'text',
  parent_id: 'text',
  pushed_message_id: 'text',
  image_urls: 'text',
  video_urls: 'text',
  scheduled_at: 'text',
  published_at: 'text',
  cross_post_config: 'text',
  created_at: 'text',
  updated_at: 'text',
  orphaned_parent_id: 'text',
  org_id: 'text',
  image_alts: 'text',
  video_alts: 'text',
};

/**
 * PostgreSQL: the messages of a batch and their tags in one statement (each statement is a round
 * trip there), the rows read out of two JSON parameters. With `published`, also the published
 * ones' events (appendEventsPg, from $3 and $4), answering which of their authors ($5) someone
 * follows, for their timeline jobs (authorsWithFollowersPg). The tags' foreign key is checked at
 * the statement's end, after the messages are in.
 */
function insertMessagesPg(published: boolean): string {
  const messages = `m as (insert into messages (${MESSAGE_COLUMNS.map((c) => `"${c}"`).join(', ')})
    select ${MESSAGE_COLUMNS.map((c) => `t."${c}"`).join(', ')} from jsonb_to_recordset($1::jsonb) as t(${MESSAGE_COLUMNS.map((c) => `"${c}" ${MESSAGE_COLUMN_TYPES[c]}`).join(', ')}))`;
  const tags = `insert into message_tags (message_id, tag) select x.m, x.t from jsonb_to_recordset($2::jsonb) as x(m text, t text)`;
  if (!published) return `with ${messages}\n  ${tags}`;
  return `with ${messages},\n  tags as (${tags}),\n  ${appendEventsPg('$3', '$4')}\n  ${authorsWithFollowersPg('$5')}`;
}
const INSERT_MESSAGES_WITH_TAGS = insertMessagesPg(false);
const INSERT_PUBLISHED_MESSAGES = insertMessagesPg(true);

interface NewMessage {
  row: MessageRow;
  tags: readonly string[];
}

/**
 * Writes messages and their tags, and the events and timeline jobs of those published now (not
 * scheduled): on PostgreSQL one statement for all but the jobs, compiled inserts on SQLite.
 */
async function insertMessagesAndTags(db: Kysely<Database>, engine: Db['engine'], now: Date, messages: readonly NewMessage[]): Promise<void> {
  const published = messages.filter((m) => m.row.published_at !== null).map((m) => m.row);
  const events = eventRows(publishedEvents(published), now);
  if (engine === 'postgres') {
    const rows = JSON.stringify(messages.map((m) => m.row));
    const tags = JSON.stringify(messages.flatMap((m) => m.tags.map((t) => ({ m: m.row.id, t }))));
    // No events (none published, or the bench's BENCH_EVENTS_OFF): no timeline jobs either.
    if (!events) {
      await db.executeQuery(CompiledQuery.raw(INSERT_MESSAGES_WITH_TAGS, [rows, tags]));
      return;
    }
    const authors = JSON.stringify(timelineAuthors(publishedTimelineJobs(published)));
    const followed = await db.executeQuery<{ followee_id: string }>(
      CompiledQuery.raw(INSERT_PUBLISHED_MESSAGES, [rows, tags, JSON.stringify(events.counters), JSON.stringify(events.rows), authors]),
    );
    await queuePublishedTimeline(db, now, published, new Set(followed.rows.map((r) => r.followee_id)));
    return;
  }
  for (const { row, tags } of messages) {
    await insertMessage(db, row);
    for (const tag of tags) await insertTag(db, row.id, tag);
  }
  await appendEventRows(db, events);
  await queuePublishedTimeline(db, now, published);
}

/** The length rule of a post's content: at most the author's maxMessageLength characters (messageLength). */
function checkLength(author: UserRow, content: string): void {
  if (messageLength(content) > author.max_message_length) {
    throw badRequest(`content must be at most ${author.max_message_length} characters`, 'message_too_long');
  }
}

/** The content rules of a post that is not a plain push: not blank, not over the author's length. */
function checkContent(author: UserRow, content: string): void {
  if (content.trim() === '') throw badRequest('content is required', 'invalid_message');
  checkLength(author, content);
}

/**
 * The stored descriptions of a post's media (item i describes URL i): at most one per URL, else
 * 400 invalid_media; null when none says anything, so such a message reads as one without them.
 */
function mediaAlts(field: 'imageAlts' | 'videoAlts', alts: readonly string[] | undefined, urls: readonly string[] | undefined): string | null {
  if (alts === undefined) return null;
  const of = field === 'imageAlts' ? 'imageUrls' : 'videoUrls';
  const count = urls?.length ?? 0;
  if (alts.length > count) throw badRequest(`${field} may hold at most as many items as ${of} (${count}): item i describes ${of} item i`, 'invalid_media');
  // A blank description is none.
  const kept = alts.map((a) => (a.trim() === '' ? '' : a));
  return kept.some((a) => a !== '') ? JSON.stringify(kept) : null;
}

/**
 * Schedules several top-level posts at once, all or none (one transaction): each checked as a
 * scheduled post of POST /api/messages is, with the same cross-post selection. The caller has
 * applied the gates of scheduling (subscriber, out of probation). Nothing is published here.
 */
export async function createScheduledSeries(
  ctx: AppContext,
  author: UserRow,
  posts: readonly { content: string; scheduledAt: string }[],
  crossPost: CrossPostRequest,
): Promise<{ id: string; scheduledAt: string }[]> {
  const now = ctx.clock.now();
  const planned = posts.map((p) => {
    checkContent(author, p.content);
    return { id: newId(), content: p.content, scheduledAt: scheduleSlot(now, p.scheduledAt) };
  });
  // Checked now against the first post (linked, within each target's limit); recorded when each is published.
  for (const p of planned) await planCrossPosts(ctx, author.id, crossPost, p.content);
  const crossPostConfig = requestsCrossPost(crossPost) ? JSON.stringify(crossPostRequestOf(crossPost)) : null;
  const iso = now.toISOString();
  const publiclyVisible = toBool(author.default_publicly_visible);
  const messages: NewMessage[] = planned.map((p) => ({
    row: {
      id: p.id,
      user_id: author.id,
      content: p.content,
      publicly_visible: publiclyVisible,
      tags: '[]',
      parent_id: null,
      pushed_message_id: null,
      image_urls: '[]',
      video_urls: '[]',
      scheduled_at: p.scheduledAt,
      published_at: null,
      cross_post_config: crossPostConfig,
      created_at: iso,
      updated_at: iso,
      orphaned_parent_id: null,
      org_id: null,
      image_alts: null,
      video_alts: null,
    },
    tags: [],
  }));
  await ctx.db.kysely.transaction().execute((trx) => insertMessagesAndTags(trx, ctx.db.engine, now, messages));
  return planned.map((p) => ({ id: p.id, scheduledAt: p.scheduledAt }));
}

export async function createMessage(ctx: AppContext, author: UserRow, body: CreateMessageBody): Promise<CreateResult> {
  const db = ctx.db.kysely;
  const viewer = viewerOf(author);
  const now = ctx.clock.now();
  const content = body.content ?? '';
  const pushing = body.pushedMessageId !== undefined;

  if (body.parentId !== undefined && pushing) throw badRequest('parentId and pushedMessageId cannot be combined', 'invalid_message');
  if (body.scheduledAt !== undefined && (body.parentId !== undefined || pushing)) {
    throw badRequest('scheduledAt cannot be combined with parentId or pushedMessageId', 'invalid_message');
  }
  if (!pushing) checkContent(author, content);
  else checkLength(author, content);
  const imageAlts = mediaAlts('imageAlts', body.imageAlts, body.imageUrls);
  const videoAlts = mediaAlts('videoAlts', body.videoAlts, body.videoUrls);
  const scheduledAt = body.scheduledAt !== undefined ? scheduleSlot(now, body.scheduledAt) : null;

  let parentAuthorId: string | null = null;
  if (body.parentId !== undefined) {
    parentAuthorId = (await readableMessage(db, author.id, body.parentId, { interacting: true, what: 'Parent message' })).user_id;
  }
  let pushedAuthorId: string | null = null;
  if (pushing) {
    const pushed = await readableMessage(db, author.id, body.pushedMessageId!, { interacting: true, what: 'Pushed message' });
    if (!toBool(pushed.publicly_visible)) throw badRequest('Only public messages can be pushed', 'push_not_public');
    pushedAuthorId = pushed.user_id;
  }

  // Posting to an organization: its members only; an unknown one alike.
  const org = body.orgId !== undefined ? await orgOfMember(db, body.orgId, author.id) : undefined;
  if (body.orgId !== undefined && !org) throw forbidden('You are not a member of this organization', 'not_org_member');

  // Every target checked before anything is written (linked, within its limit): 400 otherwise.
  const request = crossPostRequestOf(body);
  const planned = await planCrossPosts(ctx, author.id, request, content);

  const id = newId();
  const iso = now.toISOString();
  const tags = uniqueTags(body.tags);
  const publiclyVisible = body.publiclyVisible ?? toBool(author.default_publicly_visible);
  // On SQLite posts arriving together share one commit (group commit), each in its own savepoint.
  const { row: written, deliveryIds } = await batchedTransaction(ctx.db, async ({ trx, collect }) => {
    // Media: the caller's own uploads, not attached elsewhere (else 400 invalid_media and the
    // whole post rolls back), attached to this message.
    const attachTo = `message:${id}`;
    const images = await claimUploads(ctx, trx, author.id, body.imageUrls ?? [], { kind: 'image', max: 8, attachTo });
    const videos = await claimUploads(ctx, trx, author.id, body.videoUrls ?? [], { kind: 'video', max: 1, attachTo });
    const row: MessageRow = {
      id,
      user_id: author.id,
      content,
      publicly_visible: publiclyVisible,
      tags: JSON.stringify(tags),
      parent_id: body.parentId ?? null,
      pushed_message_id: body.pushedMessageId ?? null,
      image_urls: JSON.stringify(images.map((u) => mediaUrl(ctx, u))),
      video_urls: JSON.stringify(videos.map((u) => mediaUrl(ctx, u))),
      scheduled_at: scheduledAt,
      published_at: scheduledAt === null ? iso : null,
      cross_post_config: requestsCrossPost(request) ? JSON.stringify(request) : null,
      created_at: iso,
      updated_at: iso,
      orphaned_parent_id: null,
      org_id: org?.id ?? null,
      image_alts: imageAlts,
      video_alts: videoAlts,
    };
    // The posts of a batch are written together, after every unit (db/batched-transaction.ts), with
    // the events of those published now (message.created, the timeline fan-out job).
    collect('messages', { row, tags }, (messages: NewMessage[]) => insertMessagesAndTags(trx, ctx.db.engine, now, messages));
    // One delivery (and its job) per target, committed with the message; a scheduled one's when it is published.
    const deliveryIds = scheduledAt === null && planned.length > 0 ? await recordDeliveries(trx, now, { id, userId: author.id }, planned) : [];
    return { row, deliveryIds };
  });
  const committedAt = Date.now();

  if (scheduledAt === null) {
    announceEvents(ctx, [...streamsOf([author.id]), ...(written.org_id !== null ? [streamOfOrg(written.org_id)] : [])]);
    ctx.jobs.kick();
    if (parentAuthorId !== null) ctx.events.emit('reply', { messageId: id, parentId: body.parentId!, authorId: parentAuthorId, actorId: author.id });
    if (pushedAuthorId !== null) ctx.events.emit('push', { messageId: id, pushedMessageId: body.pushedMessageId!, authorId: pushedAuthorId, actorId: author.id });
    await announcePublished(ctx, [{ id, user_id: author.id, content, publicly_visible: publiclyVisible }], false);
  }
  // The answer is what was written, as its author sees it (nothing dug or replied yet): no read-back.
  const { cross_post_config: _crossPosts, ...fields } = written;
  const row: CountedRow = {
    ...fields,
    username: author.username,
    display_name: author.display_name,
    avatar: author.avatar,
    org_name: org?.name ?? null,
    org_slug: org?.slug ?? null,
    dig_count: 0,
    dug_by_me: false,
    reply_count: 0,
  };
  // The pushed message as the author may read it now (null if it went in the meantime).
  const pushed = pushing ? await readMessage(ctx, viewer, body.pushedMessageId!).then((m) => m.row, absentAsNull) : null;
  const { crossPosts, crossPostResults } = scheduledAt === null ? await deliverAndReport(ctx, deliveryIds, committedAt) : { crossPosts: scheduledEntries(planned), crossPostResults: [] };
  return { loaded: { row, pushed }, scheduledAt, crossPosts, crossPostResults };
}

/** A 404 from a read becomes null; anything else is still thrown. */
function absentAsNull(err: unknown): null {
  if (err instanceof AppError && err.statusCode === 404) return null;
  throw err;
}


/**
 * A page of messages: the rows in `partitions` (a visibility scope cut into disjoint, indexed
 * parts) matching `filter`, newest first, with their total (messagePage), then the pushed
 * messages: three queries.
 */
async function runPage(
  ctx: AppContext,
  viewer: Viewer,
  partitions: Filter[],
  filter: Filter,
  { limit, offset }: { limit: number; offset: number },
  /** The first partition with this filter is every published public message less the hidden authors': count it from message_count_shards. */
  publicCount = false,
) {
  const db = ctx.db.kysely;
  const { rows, total } = await messagePage(db, viewer, partitions, filter, limit, offset, publicCount);
  return { messages: await withPushed(db, viewer, rows), pagination: page(rows, total, limit, offset) };
}

/** The feed: what the viewer may read (narrowed by viewingPreference), newest first. */
export async function feed(ctx: AppContext, viewer: Viewer, query: FeedQuery) {
  const { tag, onlyMine } = query;
  return runPage(
    ctx,
    viewer,
    feedPartitions(viewer),
    feedFilter(onlyMine && viewer ? viewer.id : null, tag),
    pageWindow(query),
    // Unfiltered, and the viewer reads everything (not only the followed).
    tag === undefined && !onlyMine && firstFeedPartitionIsPublicLessHidden(viewer),
  );
}

/**
 * An organization's feed: the messages posted to it, newest first; its
 * public ones for anyone, its private ones too for its members, less the authors the viewer blocks,
 * is blocked by or mutes (visibility, orgFeedScope). Unknown: 404 org_not_found.
 */
export async function orgFeed(ctx: AppContext, viewer: Viewer, slug: string, window: { limit: number; offset: number }) {
  const org = await orgForFeed(ctx.db.kysely, slug, viewer?.id ?? null);
  if (!org) throw notFound('Organization not found', 'org_not_found');
  const scope: Filter = orgFeedScope(viewer, toBool(org.is_member as never));
  const filter: Filter = (eb) => eb.and([eb('messages.org_id', '=', org.id), eb('messages.published_at', 'is not', null)]);
  return runPage(ctx, viewer, [scope], filter, window);
}

/**
 * Search: case-insensitive substring over top-level messages in the viewer's feed scope. On
 * SQLite a term of ASCII letters and digits is answered from the word index (queries/word-search.ts);
 * the rest, and onlyMine (one author's messages), by the table.
 */
export async function search(ctx: AppContext, viewer: NonNullable<Viewer>, query: SearchQuery) {
  const db = ctx.db.kysely;
  const { limit, offset } = pageWindow(query);
  const found = ctx.db.engine === 'sqlite' && !query.onlyMine ? await wordSearch(db, viewer, query.q, offset + limit) : null;
  if (!found) return runPage(ctx, viewer, feedPartitions(viewer), searchFilter(ctx.db.engine, query.q, query.onlyMine ? viewer.id : null), { limit, offset });
  const rows = found.ids.length === 0 ? [] : await pageAmong(db, viewer, found.ids, limit, offset);
  return { messages: await withPushed(db, viewer, rows), pagination: page(rows, found.total, limit, offset) };
}

/** A user's messages: the public ones; the owner also sees their private ones (spec). */
export async function userMessages(ctx: AppContext, viewer: Viewer, username: string, limit: number, offset: number) {
  // Blocked either way: the other's messages are absent, as is their profile.
  const { user: author } = await visibleUser(ctx, viewer?.id ?? null, username);
  const timeline = authorTimeline(viewer, author.id);
  return runPage(ctx, viewer, [timeline], feedFilter(null, undefined), { limit, offset });
}

/** Replies to a message the viewer may read, oldest first (only those the viewer may read). */
export async function replies(ctx: AppContext, viewer: Viewer, id: string, limit: number, offset: number) {
  const db = ctx.db.kysely;
  await readMessage(ctx, viewer, id);
  const rows = await repliesPage(db, viewer, id, limit, offset);
  return withPushed(db, viewer, rows);
}

/** Deletes an own message and (cascading) its replies, with their media; 409 while other posts push it. */
export async function deleteMessage(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  let removals = 0;
  let streams: string[] = [];
  const ids = await ctx.db.kysely.transaction().execute(async (trx) => {
    if (!(await ownMessageRow(trx, user.id, id))) throw notFound('Message not found');
    if (await isPushedByOthers(trx, id)) throw conflict('Other posts still push this message', 'message_pushed');
    // The message and every reply below it: the foreign keys cascade, the event names them all.
    const tree = await messageTreeIds(trx, id);
    // Their copies on the networks go too (removal jobs committed with the delete).
    removals = await callOffCrossPosts(trx, ctx.clock.now(), tree);
    streams = await logDeleted(trx, ctx.clock.now(), tree, user.id);
    await deleteMessages(trx, [id]);
    return tree;
  });
  announceEvents(ctx, streams);
  ctx.jobs.kick();
  if (removals > 0) ctx.jobs.kick();
  // Their media go after the delete has committed (a rollback must not lose the blobs).
  await releaseUploads(ctx, ids.map((messageId) => `message:${messageId}`));
  ctx.events.emit('delete', { messageIds: ids, authorId: user.id });
}

/** Digs a message (idempotent). */
export async function dig(ctx: AppContext, user: UserRow, id: string) {
  const message = await readableMessage(ctx.db.kysely, user.id, id, { interacting: true });
  const { isNewDig, digCount: n } = await ctx.db.kysely.transaction().execute(async (trx) => {
    const isNewDig = await insertDig(trx, id, user.id, ctx.clock.now().toISOString());
    return { isNewDig, digCount: await digCount(trx, id) };
  });
  if (isNewDig) ctx.events.emit('dig', { messageId: id, authorId: message.user_id, actorId: user.id });
  return { digCount: n, dugByMe: true, isNewDig };
}

/** Takes a dig back (idempotent). */
export async function undig(ctx: AppContext, user: UserRow, id: string) {
  await readableMessage(ctx.db.kysely, user.id, id);
  const n = await ctx.db.kysely.transaction().execute(async (trx) => {
    await deleteDig(trx, id, user.id);
    return digCount(trx, id);
  });
  return { digCount: n, dugByMe: false };
}
