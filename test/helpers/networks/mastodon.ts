import { randomBytes } from 'node:crypto';
import { OAuthServer } from './oauth-server.js';

// networkA: a Mastodon instance. POST /api/v1/apps registers a client (its redirect_uris kept),
// /oauth/authorize and /oauth/token (client_secret_post, PKCE checked when the authorize step
// sent a challenge, as Mastodon 4.3+ does), /oauth/revoke, and
// GET /api/v1/accounts/verify_credentials with a Bearer token. Its address is what the user types
// as the instance (`http://127.0.0.2:<port>`). `holdApps(n)` keeps the answers to app
// registrations until n of them have arrived, so that concurrent first sign-ins overlap for sure.

export async function mastodonStandIn() {
  const registrations: { clientName: string; redirectUris: string; scopes: string }[] = [];
  let held: { until: number; waiting: (() => void)[] } | null = null;
  const server: OAuthServer = new OAuthServer(
    { authorizePath: '/oauth/authorize', tokenPath: '/oauth/token', revokePath: '/oauth/revoke', clientAuth: 'post', pkce: 'optional', expiresIn: null },
    {
      '/api/v1/apps': (req, res, hit) => {
        if (req.method !== 'POST') return server.refuse(res, 405, 'method', 'apps: POST only');
        const form = (req.headers['content-type'] ?? '').includes('json') ? new URLSearchParams(JSON.parse(hit.body) as Record<string, string>) : new URLSearchParams(hit.body);
        const redirectUris = form.get('redirect_uris') ?? '';
        if (!form.get('client_name') || !redirectUris) return server.refuse(res, 422, 'validation', 'apps: client_name and redirect_uris required');
        registrations.push({ clientName: form.get('client_name')!, redirectUris, scopes: form.get('scopes') ?? 'read' });
        const client = { clientId: `app-${randomBytes(6).toString('hex')}`, clientSecret: `secret-${randomBytes(12).toString('hex')}`, redirectUris: redirectUris.split(/\s+/) };
        server.addClient(client);
        const answer = () => server.json(res, 200, { id: '1', name: form.get('client_name'), redirect_uri: redirectUris, client_id: client.clientId, client_secret: client.clientSecret });
        if (!held) return answer();
        held.waiting.push(answer);
        if (held.waiting.length >= held.until) {
          for (const release of held.waiting) release();
          held = null;
        }
      },
      '/api/v1/accounts/verify_credentials': (req, res) => {
        const grant = server.bearer(req, res);
        if (grant) server.json(res, 200, { id: grant.accountId, username: `m_${grant.accountId.replace(/\W/g, '')}`, acct: `m_${grant.accountId.replace(/\W/g, '')}` });
      },
    },
  );
  await server.start();
  return {
    server,
    registrations,
    instance: server.origin,
    holdApps(until: number) {
      held = { until, waiting: [] };
    },
  };
}
