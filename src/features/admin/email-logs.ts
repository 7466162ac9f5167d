import type { SelectQueryBuilder } from 'kysely';
import type { AppContext } from '../../runtime/context.js';
import { containsInsensitive } from '../../db/dialect.js';
import type { Database, EmailLogRow } from '../../db/types.js';
import { ADMIN_PAGE, page, pageWindow } from '../../http/pagination.js';
import { EMAIL_STATUSES, type EmailLogQuery } from './schemas.js';

// The administrator's e-mail log: a filtered page, its total, and per-status counts over the
// same filters except status (so the summary still shows what the other statuses hold).

const DAY_MS = 24 * 3600_000;

/** The earliest createdAt a dateRange admits, or null for `all`. */
function since(ctx: AppContext, range: EmailLogQuery['dateRange']): string | null {
  const now = ctx.clock.now();
  switch (range) {
    case 'today':
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
    case '7d':
      return new Date(now.getTime() - 7 * DAY_MS).toISOString();
    case '30d':
      return new Date(now.getTime() - 30 * DAY_MS).toISOString();
    default:
      return null;
  }
}

type LogQuery<O> = SelectQueryBuilder<Database, 'email_logs', O>;

function filtered<O>(ctx: AppContext, qb: LogQuery<O>, query: EmailLogQuery): LogQuery<O> {
  const from = since(ctx, query.dateRange);
  const search = query.search?.trim() ?? '';
  return qb
    .$if(query.emailType !== undefined, (q) => q.where('email_type', '=', query.emailType!))
    .$if(search !== '', (q) => q.where((eb) => containsInsensitive(eb.ref('recipient'), search)))
    .$if(from !== null, (q) => q.where('created_at', '>=', from!));
}

export function presentEmailLog(row: EmailLogRow) {
  return {
    id: row.id,
    recipient: row.recipient,
    emailType: row.email_type,
    subject: row.subject,
    status: row.status as (typeof EMAIL_STATUSES)[number],
    error: row.error,
    userId: row.user_id,
    createdAt: row.created_at,
  };
}

export async function listEmailLogs(ctx: AppContext, query: EmailLogQuery) {
  const db = ctx.db.kysely;
  const { limit, offset } = pageWindow(query, ADMIN_PAGE);
  const direction = query.sort === 'asc' ? 'asc' : 'desc';
  const withStatus = <O>(qb: LogQuery<O>) =>
    filtered(ctx, qb, query).$if(query.status !== undefined, (q) => q.where('status', '=', query.status!));

  const [rows, count, byStatus] = await Promise.all([
    withStatus(db.selectFrom('email_logs').selectAll())
      .orderBy('created_at', direction)
      .orderBy('id', direction)
      .limit(limit)
      .offset(offset)
      .execute(),
    withStatus(db.selectFrom('email_logs').select((eb) => eb.fn.countAll().as('n'))).executeTakeFirstOrThrow(),
    filtered(ctx, db.selectFrom('email_logs').select((eb) => ['status', eb.fn.countAll().as('n')]), query)
      .groupBy('status')
      .execute(),
  ]);

  const summary = Object.fromEntries(EMAIL_STATUSES.map((s) => [s, 0])) as Record<(typeof EMAIL_STATUSES)[number], number>;
  for (const row of byStatus) {
    if (row.status in summary) summary[row.status as keyof typeof summary] = Number(row.n);
  }
  const total = Number(count.n);
  return {
    logs: rows.map(presentEmailLog),
    total,
    summary,
    pagination: page(rows, total, limit, offset),
  };
}
