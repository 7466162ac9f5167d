import type { Selectable } from 'kysely';
import type { OAuthProvider } from '../../config.js';
import type { IdentitiesTable, NetworkCTargetsTable } from '../../db/types.js';

/** A linked provider identity (GET /api/user/identities); '' means the provider has no instances. */
export function presentIdentity(i: Pick<Selectable<IdentitiesTable>, 'id' | 'provider' | 'handle' | 'instance_name' | 'status'>) {
  return {
    id: i.id,
    provider: i.provider as OAuthProvider,
    handle: i.handle,
    instanceName: i.instance_name === '' ? null : i.instance_name,
    status: i.status === 'reauth_required' ? ('reauth_required' as const) : ('active' as const),
  };
}

export function presentNetworkCTarget(t: Pick<NetworkCTargetsTable, 'id' | 'kind' | 'name'>) {
  return { id: t.id, kind: t.kind === 'organization' ? ('organization' as const) : ('person' as const), name: t.name };
}
