import type { AppContext } from '../../runtime/context.js';
import { DOWNLOAD_WINDOW_MS, downloadable, type ArchiveRow } from './service.js';

export function presentArchive(ctx: AppContext, row: ArchiveRow) {
  const ready = downloadable(ctx, row);
  const status = row.status === 'ready' && !ready ? 'expired' : (row.status as 'building' | 'ready' | 'failed' | 'expired');
  return {
    id: row.id,
    status,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    size: row.size === null ? null : Number(row.size),
    downloadUrl: ready ? `/api/user/archive/${row.id}/download` : null,
    expiresAt: row.status === 'ready' && row.finished_at ? new Date(Date.parse(row.finished_at) + DOWNLOAD_WINDOW_MS).toISOString() : null,
  };
}
