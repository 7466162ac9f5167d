// What a post asks to be cross-posted to (spec, POST /api/messages):
// networkA identities by id, networkB/C/D by a flag, networkC optionally as chosen targets (its
// person or organization pages) and with the link moved to a first comment.

export const NETWORKS = ['networkA', 'networkB', 'networkC', 'networkD'] as const;
export type Network = (typeof NETWORKS)[number];

export interface CrossPostRequest {
  networkAProviderIds?: string[];
  crossPostToNetworkB?: boolean;
  crossPostToNetworkC?: boolean;
  crossPostToNetworkD?: boolean;
  /** network_c_targets ids (GET /api/user/networkC/targets); default: the person. */
  networkCTargets?: string[];
  networkCLinkAsFirstComment?: boolean;
}

/** Whether the body asks for any cross-posting (a subscriber-only, non-probation feature). */
export function requestsCrossPost(r: CrossPostRequest): boolean {
  return (r.networkAProviderIds?.length ?? 0) > 0 || r.crossPostToNetworkB === true || r.crossPostToNetworkC === true || r.crossPostToNetworkD === true;
}

/** The request's own fields only (a body carries others), for storing with a scheduled message. */
export function crossPostRequestOf(body: CrossPostRequest): CrossPostRequest {
  const { networkAProviderIds, crossPostToNetworkB, crossPostToNetworkC, crossPostToNetworkD, networkCTargets, networkCLinkAsFirstComment } = body;
  return Object.fromEntries(
    Object.entries({ networkAProviderIds, crossPostToNetworkB, crossPostToNetworkC, crossPostToNetworkD, networkCTargets, networkCLinkAsFirstComment }).filter(([, v]) => v !== undefined),
  ) as CrossPostRequest;
}
