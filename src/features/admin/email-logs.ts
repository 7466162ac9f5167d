import type { AppContext } from '../../runtime/context.js';
import type { EmailLogRow } from '../../db/types.js';
import { ADMIN_PAGE, page, pageWindow } from '../../http/pagination.js';
import { emailLogPage } from './queries.js';
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
  const { limit, offset } = pageWindow(query, ADMIN_PAGE);
  const direction = query.sort === 'asc' ? 'asc' : 'desc';
  const filters = { emailType: query.emailType, search: query.search?.trim() ?? '', from: since(ctx, query.dateRange), status: query.status };
  const { rows, total, byStatus } = await emailLogPage(ctx.db.kysely, filters, direction, limit, offset);

  const summary = Object.fromEntries(EMAIL_STATUSES.map((s) => [s, 0])) as Record<(typeof EMAIL_STATUSES)[number], number>;
  for (const row of byStatus) {
    if (row.status in summary) summary[row.status as keyof typeof summary] = Number(row.n);
  }
  return {
    logs: rows.map(presentEmailLog),
    total,
    summary,
    pagination: page(rows, total, limit, offset),
  };
}
