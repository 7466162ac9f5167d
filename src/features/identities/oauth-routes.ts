import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../config.js';
import { getCaller, readSessionTokens, requireSession, writeSessionTokens } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { hook } from '../../http/guards.js';
import { resolveReturnTo } from '../../http/return-to.js';
import { described, errors, PUBLIC, SESSION_AUTH } from '../../http/schemas.js';
import { newToken } from '../../lib/crypto.js';
import { signInToCookie } from '../auth/service.js';
import type { OAuthFlow } from './oauth-state.js';
import { instanceOrigin } from './providers/network-a.js';
import { AuthorizationUrl, AuthorizeQuery, CallbackRedirect, OAuthCallbackQuery, OAuthStatus, Redirect } from './schemas.js';
import { callbackUri, finishAuthorization, startAuthorization, usableProvider } from './sign-in.js';

// OAuth with the outside networks: the authorize step (302 to the provider, or its address as
// JSON), the provider's callback (302 back to returnTo with the outcome), networkC's organization
// flow, and whether networkC and networkD are configured.

/** The HttpOnly cookie that binds an OAuth state to the browser that began it. */
const BROWSER_COOKIE = 'oauth-browser';
const BROWSER_COOKIE_MAX_AGE_S = 24 * 3600;

function browserId(request: FastifyRequest, reply: FastifyReply): string {
  const known = request.cookies?.[BROWSER_COOKIE];
  const id = known && /^[0-9a-f]{64}$/.test(known) ? known : newToken();
  reply.setCookie(BROWSER_COOKIE, id, { path: '/api/auth', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', maxAge: BROWSER_COOKIE_MAX_AGE_S });
  return id;
}

/** True when the caller prefers JSON to being redirected (Accept names JSON and not HTML). */
function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

function withParam(url: string, name: string, value: string): string {
  const u = new URL(url);
  u.searchParams.set(name, value);
  return u.toString();
}

/** networkA -> NetworkA, for operation ids. */
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const oauthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const routes: { provider: OAuthProvider; flow: OAuthFlow; authorizePath: string; callbackPath: string }[] = [
    ...OAUTH_PROVIDERS.map((provider) => ({ provider, flow: 'signin' as const, authorizePath: 'authorize', callbackPath: 'callback' })),
    { provider: 'networkC', flow: 'org', authorizePath: 'org-authorize', callbackPath: 'org-callback' },
  ];

  for (const { provider, flow, authorizePath, callbackPath } of routes) {
    const org = flow === 'org';
    // Connecting organization pages is for a signed-in browser; signing in is for anyone.
    const guard = org ? hook(requireSession) : undefined;
    const what = org ? `Connect the ${provider} organization pages you administer` : `Sign in with ${provider}, or link it to the signed-in account`;
    const needs = provider === 'networkA' ? ' `instance` is required (400 without it).' : provider === 'networkB' ? ' `handle` is required (400 without it).' : '';
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
            `Redirects a browser to the provider with a single-use \`state\` (10 minutes, bound to this browser by an HttpOnly cookie) and a PKCE challenge where the provider takes one; a caller whose \`Accept\` asks for \`application/json\` (and not HTML) gets the address as JSON instead.${needs} A \`returnTo\` that is not a path on this service or a URL of the web client: 400 \`invalid_return_to\`. An instance or handle that cannot be reached: 400 \`provider_unreachable\`. A provider this server has no client for: 503 \`provider_not_configured\`.`,
          security: org ? SESSION_AUTH : PUBLIC,
          querystring: AuthorizeQuery,
          response: {
            200: described(AuthorizationUrl, 'The provider address to open (when JSON is asked for)'),
            302: Redirect,
            ...errors(400, ...(org ? [401] : []), 503),
          },
        },
      },
      async (request, reply) => {
        const { ctx } = request;
        usableProvider(ctx, provider);
        const returnTo = resolveReturnTo(ctx.config, request.query.returnTo);
        let instance: string | null = null;
        if (provider === 'networkA') {
          if (!request.query.instance) throw badRequest('instance is required: the host name of your networkA instance', 'bad_request');
          instance = instanceOrigin(request.query.instance);
        }
        const handle = request.query.handle?.trim() || null;
        if (provider === 'networkB' && !handle) throw badRequest('handle is required: your networkB handle or DID', 'bad_request');
        const caller = await getCaller(request);
        const url = await startAuthorization(ctx, {
          provider,
          flow,
          browserId: browserId(request, reply),
          userId: caller?.method === 'session' ? caller.user.id : null,
          returnTo,
          instance,
          handle,
        });
        // A script that opens the provider itself (a popup, a native client's browser) asks for JSON.
        if (wantsJson(request)) return reply.status(200).send({ authorizationUrl: url });
        return reply.redirect(url, 302);
      },
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
          security: org ? SESSION_AUTH : PUBLIC,
          querystring: OAuthCallbackQuery,
          response: { 302: CallbackRedirect, ...errors(400, ...(org ? [401] : [])) },
        },
      },
      async (request, reply) => {
        const { ctx } = request;
        const outcome = await finishAuthorization(ctx, {
          provider,
          flow,
          browserId: request.cookies?.[BROWSER_COOKIE],
          query: request.query as Record<string, string>,
        });
        const base = outcome.returnTo ?? `${ctx.config.publicUrl}/`;
        if ('error' in outcome) return reply.redirect(withParam(base, 'oauth_error', outcome.error), 302);
        if (outcome.signInUserId !== null) {
          const tokens = await signInToCookie(ctx, readSessionTokens(request), outcome.signInUserId, request.headers['user-agent'] ?? null);
          writeSessionTokens(request, reply, tokens);
        }
        return reply.redirect(withParam(base, 'oauth', outcome.result), 302);
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
        const { ctx } = request;
        return { configured: ctx.config.oauth[provider] !== null, redirectUri: callbackUri(ctx, provider, 'signin') };
      },
    );
  }
};
