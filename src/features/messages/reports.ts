import type { AppContext } from '../../runtime/context.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { UserRow } from '../../db/types.js';
import { notFound } from '../../http/errors.js';
import { page } from '../../http/pagination.js';
import { newId } from '../../lib/ids.js';
import { readableMessage } from '../visibility/service.js';
import { insertReport, markReportResolved, reopenReport, reportBy, reportSelect, reportsPage } from './queries.js';

import type { ReportRow } from './queries.js';

export type { ReportRow };

// Reports of messages: one report per reporter and message (a second
// report updates the first); administrators list and resolve them.

export type ReportReason = 'spam' | 'harassment' | 'hate' | 'violence' | 'sexual' | 'misinformation' | 'illegal' | 'other';

export async function reportMessage(ctx: AppContext, reporter: UserRow, messageId: string, reason: ReportReason, detail: string | undefined) {
  const db = ctx.db.kysely;
  await readableMessage(db, reporter.id, messageId);
  const now = ctx.clock.now().toISOString();
  const write = () =>
    db.transaction().execute(async (trx) => {
      const existing = await reportBy(trx, messageId, reporter.id);
      if (existing) {
        await reopenReport(trx, existing.id, reason, detail ?? null, now);
        return { id: existing.id, reason, createdAt: existing.created_at, created: false };
      }
      const id = newId();
      await insertReport(trx, { id, message_id: messageId, reporter_id: reporter.id, reason, detail: detail ?? null, status: 'open', note: null, resolved_by: null, resolved_at: null, created_at: now, updated_at: now });
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

export async function listReports(ctx: AppContext, status: 'open' | 'resolved' | undefined, limit: number, offset: number) {
  const { rows, total } = await reportsPage(ctx.db.kysely, status, limit, offset);
  return { rows, pagination: page(rows, total, limit, offset) };
}

export async function resolveReport(ctx: AppContext, admin: UserRow, id: string, note: string | undefined): Promise<ReportRow> {
  const now = ctx.clock.now().toISOString();
  if (!(await markReportResolved(ctx.db.kysely, id, admin.id, note ?? null, now))) throw notFound('Report not found');
  return reportSelect(ctx.db.kysely).where('message_reports.id', '=', id).executeTakeFirstOrThrow();
}
