import type { AppContext } from '../../runtime/context.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { UserRow } from '../../db/types.js';
import { notFound } from '../../http/errors.js';
import { page } from '../../http/pagination.js';
import { newId } from '../../lib/ids.js';
import { readableMessage } from '../visibility/service.js';

// Reports of messages: one report per reporter and message (a second
// report updates the first); administrators list and resolve them.

export type ReportReason = 'spam' | 'harassment' | 'hate' | 'violence' | 'sexual' | 'misinformation' | 'illegal' | 'other';

export async function reportMessage(ctx: AppContext, reporter: UserRow, messageId: string, reason: ReportReason, detail: string | undefined) {
  const db = ctx.db.kysely;
  await readableMessage(db, reporter.id, messageId);
  const now = ctx.clock.now().toISOString();
  const write = () =>
    db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('message_reports')
        .select(['id', 'created_at'])
        .where('message_id', '=', messageId)
        .where('reporter_id', '=', reporter.id)
        .executeTakeFirst();
      if (existing) {
        await trx
          .updateTable('message_reports')
          .set({ reason, detail: detail ?? null, status: 'open', note: null, resolved_by: null, resolved_at: null, updated_at: now })
          .where('id', '=', existing.id)
          .execute();
        return { id: existing.id, reason, createdAt: existing.created_at, created: false };
      }
      const id = newId();
      await trx
        .insertInto('message_reports')
        .values({ id, message_id: messageId, reporter_id: reporter.id, reason, detail: detail ?? null, status: 'open', note: null, resolved_by: null, resolved_at: null, created_at: now, updated_at: now })
        .execute();
      return { id, reason, createdAt: now, created: true };
    });
  let result;
  try {
    result = await write();
  } catch (err) {
    // Two first reports raced: the second becomes an update.
    if (!isUniqueViolation(err)) throw err;
    result = await write();
  }
  return result;
}

function reportSelect(ctx: AppContext) {
  return ctx.db.kysely
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

export async function listReports(ctx: AppContext, status: 'open' | 'resolved' | undefined, limit: number, offset: number) {
  let q = reportSelect(ctx);
  let c = ctx.db.kysely.selectFrom('message_reports').select((eb) => eb.fn.countAll().as('n'));
  if (status) {
    q = q.where('message_reports.status', '=', status);
    c = c.where('status', '=', status);
  }
  const [rows, count] = await Promise.all([
    q.orderBy('message_reports.created_at', 'desc').orderBy('message_reports.id', 'desc').limit(limit).offset(offset).execute(),
    c.executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return { rows, pagination: page(rows, total, limit, offset) };
}

export async function resolveReport(ctx: AppContext, admin: UserRow, id: string, note: string | undefined): Promise<ReportRow> {
  const now = ctx.clock.now().toISOString();
  const updated = await ctx.db.kysely
    .updateTable('message_reports')
    .set({ status: 'resolved', note: note ?? null, resolved_by: admin.id, resolved_at: now, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw notFound('Report not found');
  return reportSelect(ctx).where('message_reports.id', '=', id).executeTakeFirstOrThrow();
}
