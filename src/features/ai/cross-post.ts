import type { AppContext } from '../../runtime/context.js';
import type { CrossPostRequest } from '../messages/service.js';
import { listIdentities } from '../identities/index.js';
import type { Channel } from '../../lib/post-lengths.js';
import type { CrossPostSelection } from './schemas.js';

// generate's crossPost selection, sanitised against the caller's own linked identities (spec, AI:
// generate): a networkA identity id that is not the caller's, or a network the caller has not
// linked, is dropped, not refused. networkC targets are the caller's networkC identity ids; one
// kept selects networkC. What remains is the messages' own cross-post request.

export interface SanitisedCrossPost {
  request: CrossPostRequest;
  /** The channels that remain selected, in network order. */
  channels: Channel[];
}

export async function sanitiseCrossPost(ctx: AppContext, userId: string, selection: CrossPostSelection | undefined): Promise<SanitisedCrossPost> {
  if (!selection) return { request: {}, channels: [] };
  const identities = await listIdentities(ctx, userId);
  const linkedIds = (provider: Channel) => new Set(identities.filter((i) => i.provider === provider).map((i) => i.id));
  const networkA = [...new Set(selection.selectedNetworkAIds ?? [])].filter((id) => linkedIds('networkA').has(id));
  const networkCTargets = (selection.selectedNetworkCTargets ?? []).filter((id) => linkedIds('networkC').has(id));
  const request: CrossPostRequest = {
    ...(networkA.length > 0 ? { networkAProviderIds: networkA } : {}),
    ...(selection.crossPostToNetworkB && linkedIds('networkB').size > 0 ? { crossPostToNetworkB: true } : {}),
    ...((selection.crossPostToNetworkC || networkCTargets.length > 0) && linkedIds('networkC').size > 0 ? { crossPostToNetworkC: true } : {}),
    ...(selection.crossPostToNetworkD && linkedIds('networkD').size > 0 ? { crossPostToNetworkD: true } : {}),
  };
  const channels: Channel[] = [];
  if (networkA.length > 0) channels.push('networkA');
  if (request.crossPostToNetworkB) channels.push('networkB');
  if (request.crossPostToNetworkC) channels.push('networkC');
  if (request.crossPostToNetworkD) channels.push('networkD');
  return { request, channels };
}
