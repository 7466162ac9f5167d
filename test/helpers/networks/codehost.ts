import { OAuthServer } from './oauth-server.js';

// codehost (GitHub-style): an OAuth app. /login/oauth/authorize and /login/oauth/access_token
// (client_secret_post, JSON when asked, PKCE checked when the authorize step sent a challenge),
// the REST API's GET /user and GET /user/emails with a Bearer token, and
// DELETE /applications/{client_id}/grant with the app's Basic credentials. One origin serves
// CODEHOST_URL and CODEHOST_API_URL.

export const CODEHOST_CLIENT = { clientId: 'codehost-client', clientSecret: 'codehost-secret' };

export interface CodehostAccount {
  login: string;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

export async function codehostStandIn(publicUrl = 'http://localhost:3000') {
  const accounts = new Map<string, CodehostAccount>();
  const account = (id: string): CodehostAccount => accounts.get(id) ?? { login: `coder${id.replace(/\D/g, '')}`, emails: [] };
  const grantPath = `/applications/${CODEHOST_CLIENT.clientId}/grant`;
  const revokedGrants: string[] = [];
  const server: OAuthServer = new OAuthServer(
    { authorizePath: '/login/oauth/authorize', tokenPath: '/login/oauth/access_token', clientAuth: 'post', pkce: 'optional', expiresIn: null, responseType: 'none', authSchemes: ['Bearer', 'token'] },
    {
      '/user': (req, res) => {
        const grant = server.bearer(req, res);
        if (grant) server.json(res, 200, { id: Number(grant.accountId.replace(/\D/g, '')) || 1, login: account(grant.accountId).login, type: 'User' });
      },
      '/user/emails': (req, res) => {
        const grant = server.bearer(req, res);
        if (grant) server.json(res, 200, account(grant.accountId).emails.map((e) => ({ ...e, visibility: null })));
      },
      [grantPath]: (req, res, hit) => {
        if (req.method !== 'DELETE') return server.refuse(res, 405, 'method', 'grant: DELETE only');
        const expected = `Basic ${Buffer.from(`${CODEHOST_CLIENT.clientId}:${CODEHOST_CLIENT.clientSecret}`).toString('base64')}`;
        if (req.headers.authorization !== expected) return server.refuse(res, 401, 'unauthorized', 'grant: Basic client credentials required');
        const token = (JSON.parse(hit.body || '{}') as { access_token?: string }).access_token ?? '';
        if (!server.accessTokens.delete(token)) return server.refuse(res, 404, 'not_found', 'grant: unknown token');
        revokedGrants.push(token);
        res.writeHead(204).end();
      },
    },
  );
  server.addClient({ ...CODEHOST_CLIENT, redirectUris: [`${publicUrl}/api/auth/codehost/callback`] });
  await server.start();
  return {
    server,
    revokedGrants,
    setAccount(id: string, a: Partial<CodehostAccount>) {
      accounts.set(id, { ...account(id), ...a });
    },
    env: { CODEHOST_CLIENT_ID: CODEHOST_CLIENT.clientId, CODEHOST_CLIENT_SECRET: CODEHOST_CLIENT.clientSecret, CODEHOST_URL: server.origin, CODEHOST_API_URL: server.origin },
  };
}
