import type { DeliveryRow } from './queries.js';
import type { Network } from './request.js';

// The ledger's wire shapes: a ledger entry (GET /api/messages/{id}/cross-posts), and a create
// response's crossPosts[] entry and networkA crossPostResults[] entry (spec, Cross-post entry and
// result).

/** The statuses the API shows: a delivery being removed was delivered. */
function shownStatus(row: DeliveryRow): 'pending' | 'ok' | 'failed' {
  if (row.status === 'pending' || row.status === 'failed') return row.status;
  return 'ok';
}

export function presentLedgerEntry(row: DeliveryRow) {
  return {
    id: row.id,
    platform: row.platform as Network,
    providerId: row.provider_id,
    status: shownStatus(row),
    externalUrl: row.external_url,
    error: row.error,
    errorCode: row.error_code,
    attempts: row.attempts,
    updatedAt: row.updated_at,
  };
}

/** `instanceNames`: the networkA identities' instance names by identity id. */
export function presentCreateEntries(rows: DeliveryRow[], instanceNames: ReadonlyMap<string, string>) {
  const crossPosts = rows.map((row) => ({
    platform: row.platform as Network,
    ...(row.provider_id !== null ? { providerId: row.provider_id } : {}),
    status: shownStatus(row),
    ...(row.external_url !== null ? { externalUrl: row.external_url } : {}),
    // A pending delivery's last error is no verdict yet.
    error: row.status === 'failed' ? row.error : null,
  }));
  const finishedA = rows.filter((r) => r.platform === 'networkA' && r.status !== 'pending');
  const crossPostResults = finishedA.map((row) => {
    const success = row.status !== 'failed';
    return {
      providerId: row.provider_id ?? '',
      instanceName: instanceNames.get(row.identity_id ?? '') ?? '',
      success,
      ...(success && row.external_url !== null ? { url: row.external_url } : {}),
      ...(!success && row.error !== null ? { error: row.error } : {}),
      ...(!success && row.error_code !== null ? { errorCode: row.error_code } : {}),
      ...(!success && row.status_code !== null ? { statusCode: row.status_code } : {}),
    };
  });
  return { crossPosts, crossPostResults };
}
