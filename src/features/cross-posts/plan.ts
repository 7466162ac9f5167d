import type { NetworkAdapter, NetworkAuth } from '../../adapters/networks/types.js';
import { AppError, badRequest } from '../../http/errors.js';
import type { AppContext } from '../../runtime/context.js';
import { networkAdapters } from './networks.js';
import { networkCTargets } from '../identities/index.js';
import { identitiesForPosting } from './queries.js';
import { requestsCrossPost, type CrossPostRequest, type Network } from './request.js';

// The targets of a cross-post request, checked before anything is written: every selected network
// linked (else 400 network_not_linked naming it), every networkC target the caller's own, and the
// text within each target's limit as that network counts it (else 400 content_too_long naming the
// network and its limit).

export interface PlannedDelivery {
  platform: Network;
  identityId: string;
  /** networkA: the identity id the client chose; networkC: the target's id when chosen. */
  providerId: string | null;
  /** networkC: the author URN (a person or an organization page); null: the person. */
  target: string | null;
}

/** A target that can no longer be delivered (a scheduled message's identity unlinked meanwhile). */
export interface RefusedTarget {
  platform: Network;
  providerId: string | null;
  error: AppError;
}

function notLinked(what: string): AppError {
  return badRequest(`No ${what} account is linked`, 'network_not_linked');
}

/** The deliveries the request asks for; throws the first refusal. */
export async function planCrossPosts(ctx: AppContext, userId: string, request: CrossPostRequest, content: string): Promise<PlannedDelivery[]> {
  const { planned, refused } = await planTargets(ctx, userId, request, content);
  if (refused.length > 0) throw refused[0].error;
  return planned;
}

/** The deliveries the request asks for, and those it cannot have, with why. */
export async function planTargets(ctx: AppContext, userId: string, request: CrossPostRequest, content: string): Promise<{ planned: PlannedDelivery[]; refused: RefusedTarget[] }> {
  const planned: PlannedDelivery[] = [];
  const refused: RefusedTarget[] = [];
  if (!requestsCrossPost(request)) return { planned, refused };
  const identities = await identitiesForPosting(ctx.db.kysely, userId);
  const first = (provider: Network) => identities.find((i) => i.provider === provider);

  for (const id of [...new Set(request.networkAProviderIds ?? [])]) {
    const identity = identities.find((i) => i.id === id && i.provider === 'networkA');
    if (identity) planned.push({ platform: 'networkA', identityId: identity.id, providerId: id, target: null });
    else refused.push({ platform: 'networkA', providerId: id, error: badRequest(`No networkA account with id ${id} is linked`, 'network_not_linked') });
  }
  if (request.crossPostToNetworkB) {
    const identity = first('networkB');
    if (identity) planned.push({ platform: 'networkB', identityId: identity.id, providerId: null, target: null });
    else refused.push({ platform: 'networkB', providerId: null, error: notLinked('networkB') });
  }
  if (request.crossPostToNetworkC) {
    const identity = first('networkC');
    if (!identity) refused.push({ platform: 'networkC', providerId: null, error: notLinked('networkC') });
    else if ((request.networkCTargets?.length ?? 0) === 0) planned.push({ platform: 'networkC', identityId: identity.id, providerId: null, target: null });
    else {
      const targets = await networkCTargets(ctx, userId);
      for (const id of [...new Set(request.networkCTargets)]) {
        const target = targets.find((t) => t.id === id);
        if (target) planned.push({ platform: 'networkC', identityId: target.identity_id, providerId: id, target: target.kind === 'person' ? null : target.external_id });
        else refused.push({ platform: 'networkC', providerId: id, error: badRequest(`networkC target ${id} is not one of yours (GET /api/user/networkC/targets)`, 'network_not_linked') });
      }
    }
  }
  if (request.crossPostToNetworkD) {
    const identity = first('networkD');
    if (identity) planned.push({ platform: 'networkD', identityId: identity.id, providerId: null, target: null });
    else refused.push({ platform: 'networkD', providerId: null, error: notLinked('networkD') });
  }

  // Lengths, each network's way, for the identities that remain.
  const adapters = networkAdapters(ctx);
  const fitting: PlannedDelivery[] = [];
  for (const delivery of planned) {
    const adapter = adapters[delivery.platform];
    const identity = identities.find((i) => i.id === delivery.identityId);
    const tooLong = adapter && identity ? await overLimit(adapter, { accessToken: '', providerUserId: identity.provider_user_id, instanceUrl: identity.instance_url, session: null }, content) : null;
    if (tooLong) refused.push({ platform: delivery.platform, providerId: delivery.providerId, error: tooLong });
    else fitting.push(delivery);
  }
  return { planned: fitting, refused };
}

async function overLimit(adapter: NetworkAdapter, auth: NetworkAuth, content: string): Promise<AppError | null> {
  const limit = await adapter.limit(auth);
  const length = adapter.count(content);
  if (length <= limit) return null;
  return badRequest(`content is ${length} characters as ${adapter.network} counts them, over its limit of ${limit}`, 'content_too_long');
}
