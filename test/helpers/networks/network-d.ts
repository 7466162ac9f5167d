import { OAuthServer } from './oauth-server.js';

// networkD (X-style): OAuth 2.0 with PKCE required, a confidential client authenticating with
// HTTP Basic at /2/oauth2/token and /2/oauth2/revoke, rotating single-use refresh tokens (2 h
// access tokens), and GET /2/users/me with a Bearer token. One origin serves the authorize page
// (NETWORKD_AUTH_URL) and the API (NETWORKD_API_URL).

export const NETWORK_D_CLIENT = { clientId: 'networkd-client', clientSecret: 'networkd-secret' };

export async function networkDStandIn(publicUrl = 'http://localhost:3000') {
  const server: OAuthServer = new OAuthServer(
    { authorizePath: '/i/oauth2/authorize', tokenPath: '/2/oauth2/token', revokePath: '/2/oauth2/revoke', clientAuth: 'basic', pkce: 'required', expiresIn: 7200 },
    {
      '/2/users/me': (req, res) => {
        const grant = server.bearer(req, res);
        if (grant) server.json(res, 200, { data: { id: grant.accountId, name: `Name ${grant.accountId}`, username: `d_${grant.accountId}` } });
      },
    },
  );
  server.addClient({ ...NETWORK_D_CLIENT, redirectUris: [`${publicUrl}/api/auth/networkD/callback`] });
  await server.start();
  return {
    server,
    env: { NETWORKD_CLIENT_ID: NETWORK_D_CLIENT.clientId, NETWORKD_CLIENT_SECRET: NETWORK_D_CLIENT.clientSecret, NETWORKD_AUTH_URL: server.origin, NETWORKD_API_URL: server.origin },
  };
}
