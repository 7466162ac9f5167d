import type { AppContext } from '../../runtime/context.js';
import type { NETWORKS } from './schemas.js';

// Cross-post selections of a message. Until a network's adapter exists, a requested network
// answers an entry without posting: `failed` with "no account is linked" when the caller has no
// identity for it, otherwise `pending` for a scheduled post (made when it is published) and
// `failed` with "not available" for an immediate one.

export type Network = (typeof NETWORKS)[number];

export interface CrossPostRequest {
  networkAProviderIds?: string[];
  crossPostToNetworkB?: boolean;
  crossPostToNetworkC?: boolean;
  crossPostToNetworkD?: boolean;
}

export interface CrossPostEntry {
  platform: Network;
  providerId?: string;
  status: 'ok' | 'failed' | 'pending';
  externalUrl?: string;
  error?: string | null;
}

/** Whether the body asks for any cross-posting (a subscriber-only, non-probation feature). */
export function requestsCrossPost(r: CrossPostRequest): boolean {
  return (r.networkAProviderIds?.length ?? 0) > 0 || r.crossPostToNetworkB === true || r.crossPostToNetworkC === true || r.crossPostToNetworkD === true;
}

export async function crossPostEntries(ctx: AppContext, userId: string, r: CrossPostRequest, scheduled: boolean): Promise<CrossPostEntry[]> {
  if (!requestsCrossPost(r)) return [];
  const identities = await ctx.db.kysely.selectFrom('identities').select(['id', 'provider']).where('user_id', '=', userId).execute();
  const linked = (network: Network, id?: string) => identities.some((i) => i.provider === network && (id === undefined || i.id === id));
  const entry = (platform: Network, providerId?: string): CrossPostEntry => {
    const base = providerId !== undefined ? { platform, providerId } : { platform };
    if (!linked(platform, providerId)) return { ...base, status: 'failed', error: `No ${platform} account is linked` };
    if (scheduled) return { ...base, status: 'pending', error: null };
    return { ...base, status: 'failed', error: `Cross-posting to ${platform} is not available on this server` };
  };
  const out: CrossPostEntry[] = [...new Set(r.networkAProviderIds ?? [])].map((id) => entry('networkA', id));
  if (r.crossPostToNetworkB) out.push(entry('networkB'));
  if (r.crossPostToNetworkC) out.push(entry('networkC'));
  if (r.crossPostToNetworkD) out.push(entry('networkD'));
  return out;
}
