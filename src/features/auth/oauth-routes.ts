import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../config.js';
import { requireSession } from '../../http/auth.js';
import { hook } from '../../http/guards.js';
import { described, errors, PUBLIC, SESSION_AUTH } from '../../http/schemas.js';
import {
  beginAuthorization,
  callbackUri,
  checkCallbackState,
  completeAuthorization,
  OAUTH_STATE_TTL_SECONDS,
  requireConfigured,
  stateCookieName,
  type OAuthFlow,
} from './oauth.js';
import { AuthorizationUrl, CallbackRedirect, OAuthCallbackQuery, OAuthStatus, Redirect } from './schemas.js';

// OAuth with the outside networks: sign-in with a provider, connecting a shared networkC
// organization credential, and whether a provider is configured.

function setStateCookie(request: FastifyRequest, reply: FastifyReply, name: string, state: string): void {
  reply.setCookie(name, state, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: OAUTH_STATE_TTL_SECONDS,
  });
}

function clearStateCookie(request: FastifyRequest, reply: FastifyReply, name: string): void {
  reply.clearCookie(name, { path: '/api/auth', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}

/** True when the caller prefers JSON to being redirected (Accept names JSON and not HTML). */
function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

/** networkA -> NetworkA, for operation ids. */
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const oauthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const authorize = (provider: OAuthProvider, flow: OAuthFlow) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { url, state } = beginAuthorization(request.ctx.config, provider, flow);
    setStateCookie(request, reply, stateCookieName(provider, flow), state);
    // A script that opens the provider itself (a popup, a native client's browser) asks for JSON.
    if (wantsJson(request)) return reply.status(200).send({ authorizationUrl: url });
    return reply.redirect(url, 302);
  };

  const routes: { provider: OAuthProvider; flow: OAuthFlow; authorizePath: string; callbackPath: string }[] = [
    ...OAUTH_PROVIDERS.map((provider) => ({ provider, flow: 'signin' as const, authorizePath: 'authorize', callbackPath: 'callback' })),
    { provider: 'networkC', flow: 'org', authorizePath: 'org-authorize', callbackPath: 'org-callback' },
  ];

  for (const { provider, flow, authorizePath, callbackPath } of routes) {
    const org = flow === 'org';
    // Connecting an organization credential is for a signed-in browser; signing in is for anyone.
    const guard = org ? hook(requireSession) : undefined;
    const what = org ? `Connect a shared ${provider} organization credential` : `Sign in with ${provider}`;
    app.get(
      `/api/auth/${provider}/${authorizePath}`,
      {
        preValidation: guard,
        schema: {
          operationId: org ? `start${cap(provider)}OrgConnection` : `start${cap(provider)}SignIn`,
          'x-sets-cookie': true,
          tags: ['oauth'],
          summary: `${what}: redirect to the provider`,
          description:
            'Redirects a browser to the provider with a `state` that is also set in a short-lived cookie; a caller whose `Accept` asks for `application/json` (and not HTML) gets the address as JSON instead, to open it itself. 400 `oauth_not_configured` while the provider has no client configured.',
          security: org ? SESSION_AUTH : PUBLIC,
          response: {
            200: described(AuthorizationUrl, 'The provider address to open (when JSON is asked for)'),
            302: Redirect,
            ...errors(400, ...(org ? [401] : [])),
          },
        },
      },
      authorize(provider, flow),
    );
    app.get(
      `/api/auth/${provider}/${callbackPath}`,
      {
        preValidation: guard,
        schema: {
          operationId: org ? `complete${cap(provider)}OrgConnection` : `complete${cap(provider)}SignIn`,
          // The provider's redirect target, reached by the browser: not an operation clients call.
          hide: true,
          'x-sets-cookie': true,
          tags: ['oauth'],
          summary: `${what}: provider callback`,
          description: 'Checks `state` against the cookie set by the authorize step. The exchange of the code for an identity is not available yet: a valid callback answers 501 `oauth_exchange_unavailable`.',
          security: org ? SESSION_AUTH : PUBLIC,
          querystring: OAuthCallbackQuery,
          response: { 302: CallbackRedirect, ...errors(400, 501, ...(org ? [401] : [])) },
        },
      },
      async (request, reply) => {
        requireConfigured(request.ctx.config, provider);
        const name = stateCookieName(provider, flow);
        checkCallbackState(request.query.state, request.cookies?.[name]);
        clearStateCookie(request, reply, name);
        completeAuthorization(provider, request.query);
      },
    );
  }

  for (const provider of ['networkC', 'networkD'] as const) {
    app.get(
      `/api/auth/${provider}/status`,
      {
        preValidation: hook(requireSession),
        schema: {
          operationId: `get${cap(provider)}Status`,
          tags: ['oauth'],
          summary: `Whether ${provider} is configured on this server, and the callback address to register with it`,
          security: SESSION_AUTH,
          response: { 200: described(OAuthStatus, 'The provider configuration'), ...errors(401) },
        },
      },
      async (request) => {
        const { config } = request.ctx;
        return { configured: config.oauth[provider] !== null, redirectUri: callbackUri(config, provider) };
      },
    );
  }
};
