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

// ---- OAuth sign-in and linking ----------------------------------------------------------------

export const AuthorizeQuery = Type.Object({
  returnTo: Type.Optional(Type.String({ maxLength: 2048, description: 'Where the callback sends the browser: a path on this service, or a URL of the web client (WEB_URL, PUBLIC_ORIGIN_REDIRECTS)' })),
  instance: Type.Optional(Type.String({ maxLength: 255, description: 'networkA: the instance, as a host name (social.example) or an origin URL' })),
  handle: Type.Optional(Type.String({ maxLength: 255, description: 'networkB: the handle or DID to sign in as' })),
});

export const OAuthCallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 2048 })),
    state: Type.Optional(Type.String({ maxLength: 256 })),
    error: Type.Optional(Type.String({ maxLength: 256 })),
    error_description: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  // Providers add their own parameters (scope, iss...).
  { additionalProperties: Type.String({ maxLength: 2048 }) },
);

export const OAuthStatus = Type.Object({ configured: Type.Boolean(), redirectUri: Type.String() });
export const AuthorizationUrl = Type.Object({ authorizationUrl: Type.String({ format: 'uri' }) });
export const Redirect = Type.Null({ description: 'Redirect (Location header) to the provider' });
export const CallbackRedirect = Type.Null({
  description: 'Redirect to the returnTo of the authorize step (default /) with `oauth=linked`, `oauth=signed_in` or `oauth_error=<code>`',
});
