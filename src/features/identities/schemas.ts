import { Type } from '@sinclair/typebox';
import { OAUTH_PROVIDERS } from '../../config.js';
import { Nullable, ref, StringEnum } from '../../http/schemas.js';

// Request and response schemas of the linked identities and networkC's posting targets.

export const IDENTITY_STATUSES = ['active', 'reauth_required'] as const;

export const Identity = Type.Object(
  {
    id: Type.String(),
    provider: StringEnum(OAUTH_PROVIDERS),
    handle: Type.String(),
    instanceName: Nullable(Type.String()),
    status: StringEnum(IDENTITY_STATUSES, {
      description: '`reauth_required`: the provider refused the stored token and refreshing it failed; link the account again',
    }),
  },
  { $id: 'Identity', description: 'An outside account linked for sign-in or cross-posting' },
);

export const IdentitiesEnvelope = Type.Object({ identities: Type.Array(ref(Identity)) }, { description: 'The linked identities' });

export const IdentityParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export const NetworkCTarget = Type.Object(
  {
    id: Type.String(),
    kind: StringEnum(['person', 'organization'] as const),
    name: Type.String(),
  },
  { $id: 'NetworkCTarget', description: 'An author a networkC post can be made as: the person, or an organization page they administer' },
);

export const NetworkCTargetsEnvelope = Type.Object({ targets: Type.Array(ref(NetworkCTarget)) }, { description: 'The networkC posting targets' });

export const IDENTITY_COMPONENTS = [Identity, NetworkCTarget];
