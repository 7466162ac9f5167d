import type http from 'node:http';
import type { PageHandler } from '../loopback-pages.js';
import { OAuthServer } from './oauth-server.js';

// networkC (LinkedIn-style): OAuth 2.0 authorization code with client_secret_post at
// /oauth/v2/accessToken (no PKCE in its web flow), revocation at /oauth/v2/revoke, OpenID userinfo
// at /v2/userinfo, and the versioned REST API (a six-digit LinkedIn-Version header required, else
// 426) for the organizations a member administers. One origin serves both NETWORKC_AUTH_URL and
// NETWORKC_API_URL.

export const NETWORK_C_CLIENT = { clientId: 'networkc-client', clientSecret: 'networkc-secret' };

export interface NetworkCAccount {
  name: string;
  email: string | null;
  emailVerified: boolean;
  /** Ids of the organizations (of the stand-in's) this member administers. */
  administers: string[];
}

/** `organizations`: the organization pages that exist, id → name. */
export async function networkCStandIn(options: { publicUrl?: string; organizations?: Record<string, string> } = {}) {
  const publicUrl = options.publicUrl ?? 'http://localhost:3000';
  const organizations = options.organizations ?? {};
  const accounts = new Map<string, NetworkCAccount>();
  const account = (id: string): NetworkCAccount => accounts.get(id) ?? { name: `Member ${id}`, email: null, emailVerified: false, administers: [] };
  const versioned = (req: http.IncomingMessage) => /^\d{6}$/.test(String(req.headers['linkedin-version'] ?? ''));
  const organizationRoutes: Record<string, PageHandler> = Object.fromEntries(
    Object.entries(organizations).map(([id, name]) => [
      `/rest/organizations/${id}`,
      (req, res) => {
        if (!server.bearer(req, res)) return;
        if (!versioned(req)) return server.refuse(res, 426, 'upgrade_required', 'LinkedIn-Version header missing');
        server.json(res, 200, { id: Number(id), localizedName: name });
      },
    ]),
  );
  const server: OAuthServer = new OAuthServer(
    { authorizePath: '/oauth/v2/authorization', tokenPath: '/oauth/v2/accessToken', revokePath: '/oauth/v2/revoke', clientAuth: 'post', pkce: 'none', expiresIn: 5_184_000 },
    {
      '/v2/userinfo': (req, res) => {
        const grant = server.bearer(req, res);
        if (!grant) return;
        const a = account(grant.accountId);
        server.json(res, 200, { sub: grant.accountId, name: a.name, ...(a.email ? { email: a.email, email_verified: a.emailVerified } : {}) });
      },
      '/rest/organizationAcls': (req, res) => {
        const grant = server.bearer(req, res);
        if (!grant) return;
        if (!versioned(req)) return server.refuse(res, 426, 'upgrade_required', 'LinkedIn-Version header missing');
        if (!grant.scope.split(' ').includes('r_organization_admin')) return server.refuse(res, 403, 'access_denied', 'r_organization_admin scope missing');
        const elements = account(grant.accountId).administers.map((id) => ({ organization: `urn:li:organization:${id}`, role: 'ADMINISTRATOR', state: 'APPROVED' }));
        server.json(res, 200, { elements });
      },
      ...organizationRoutes,
    },
  );
  server.addClient({ ...NETWORK_C_CLIENT, redirectUris: [`${publicUrl}/api/auth/networkC/callback`, `${publicUrl}/api/auth/networkC/org-callback`] });
  await server.start();
  return {
    server,
    setAccount(id: string, a: Partial<NetworkCAccount>) {
      accounts.set(id, { ...account(id), ...a });
    },
    env: {
      NETWORKC_CLIENT_ID: NETWORK_C_CLIENT.clientId,
      NETWORKC_CLIENT_SECRET: NETWORK_C_CLIENT.clientSecret,
      NETWORKC_AUTH_URL: server.origin,
      NETWORKC_API_URL: server.origin,
    },
  };
}
