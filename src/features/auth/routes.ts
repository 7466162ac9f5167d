import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../config.js';
import { bearerToken, getCaller, readSessionTokens, requireSession, SESSION_COOKIE, writeSessionTokens } from '../../http/auth.js';
import { requireWritableSession } from '../../http/guards.js';
import { described, errors, PUBLIC, SESSION_AUTH } from '../../http/schemas.js';
import { presentUser, presentUserSummary } from '../users/index.js';
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
import {
  AccountsResult,
  AuthorizationUrl,
  AuthResult,
  CallbackRedirect,
  CredentialsBody,
  ForgotPasswordBody,
  LogoutBody,
  LogoutQuery,
  MessageBody,
  OAuthCallbackQuery,
  OAuthStatus,
  Redirect,
  RegisterBody,
  ResetPasswordBody,
  SyncTokenResult,
  TokenBody,
  UserIdBody,
} from './schemas.js';
import { authenticate, register, requestPasswordReset, resendVerification, resetPassword, verifyEmail, verifyEmailChange } from './service.js';
import { createSyncToken, logout, removeAccount, revokeSyncToken, signInToCookie, switchAccount, validCookieSessions } from './sessions.js';

const TAGS = ['auth'];

const RESET_REQUESTED =
  'If an account exists for that email address, a link to reset its password has been sent.';

/** Adds a fresh session for the user in front of the browser's cached accounts. */
async function signIn(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
  const tokens = await signInToCookie(request.server.ctx, readSessionTokens(request), userId, request.headers['user-agent'] ?? null);
  writeSessionTokens(request, reply, tokens);
}

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {

  app.post(
    '/api/auth/register',
    {
      schema: {
        operationId: 'registerUser',
        'x-sets-cookie': true,
        security: PUBLIC,
        tags: TAGS,
        summary: 'Create an account (probation until the e-mail is verified), sign it in and send the verification e-mail',
        body: RegisterBody,
        response: { 201: described(AuthResult, 'The account was created and signed in'), ...errors(400, 403) },
      },
    },
    async (request, reply) => {
      const user = await register(request.ctx, request.body);
      await signIn(request, reply, user.id);
      return reply.status(201).send({ message: 'Registration successful. Check your email to verify your address.', user: presentUser(user) });
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        operationId: 'login',
        'x-sets-cookie': true,
        security: PUBLIC,
        tags: TAGS,
        summary: 'Sign in with e-mail and password; sets the session cookie',
        body: CredentialsBody,
        response: { 200: described(AuthResult, 'Signed in'), ...errors(400, 403, 429) },
      },
    },
    async (request, reply) => {
      const user = await authenticate(request.ctx, request.body, request.ip);
      await signIn(request, reply, user.id);
      return { message: 'Logged in successfully', user: presentUser(user) };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        operationId: 'logout',
        'x-sets-cookie': true,
        security: PUBLIC,
        tags: TAGS,
        summary:
          'End the current session (or, with all=true in the body or query, every session of the current user); called with a Bearer sync token, revoke that token',
        body: LogoutBody,
        querystring: LogoutQuery,
        response: { 200: described(MessageBody, 'Signed out'), ...errors(400, 403) },
      },
    },
    async (request, reply) => {
      const all = request.body?.all === true || request.query.all === true;
      // A native or command-line client logs out by revoking the sync token it calls with.
      if (bearerToken(request) !== null) {
        const caller = await getCaller(request);
        if (caller?.method === 'bearer') await revokeSyncToken(request.ctx, caller.credentialId, all ? caller.user.id : null);
        return { message: all ? 'Logged out of all sessions' : 'Logged out' };
      }
      const before = readSessionTokens(request);
      const after = await logout(request.ctx, before, all);
      // Only a browser that holds the cookie gets a new one (or a cleared one).
      if (request.cookies?.[SESSION_COOKIE] !== undefined) writeSessionTokens(request, reply, after);
      return { message: all ? 'Logged out of all sessions' : 'Logged out' };
    },
  );

  app.post(
    '/api/auth/sync-token',
    {
      schema: {
        operationId: 'createSyncToken',
        security: PUBLIC,
        tags: TAGS,
        summary: 'Exchange e-mail and password for a Bearer sync token (native and command-line clients)',
        body: CredentialsBody,
        response: { 200: described(SyncTokenResult, 'A new sync token'), ...errors(400, 403, 429) },
      },
    },
    async (request) => {
      const user = await authenticate(request.ctx, request.body, request.ip);
      const token = await createSyncToken(request.ctx, user.id);
      return { token, message: 'Sync token created. Send it as "Authorization: Bearer <token>".' };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        operationId: 'requestPasswordReset',
        security: PUBLIC,
        tags: TAGS,
        summary: 'Mail a password reset link; the answer is the same whether or not the account exists',
        body: ForgotPasswordBody,
        response: { 200: described(MessageBody, 'The same answer whether or not the account exists'), ...errors(400, 429) },
      },
    },
    async (request) => {
      await requestPasswordReset(request.ctx, request.body.email, request.ip);
      return { message: RESET_REQUESTED };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        operationId: 'resetPassword',
        security: PUBLIC,
        tags: TAGS,
        summary: 'Set a new password with a reset token; ends every session and sync token of the account',
        body: ResetPasswordBody,
        response: { 200: described(MessageBody, 'The password was changed; every session and sync token of the account ended'), ...errors(400) },
      },
    },
    async (request) => {
      await resetPassword(request.ctx, request.body.token, request.body.password);
      return { message: 'Password has been reset. Log in with your new password.' };
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        operationId: 'verifyEmail',
        security: PUBLIC,
        tags: TAGS,
        summary: 'Confirm the e-mail address with the token from the verification e-mail',
        body: TokenBody,
        response: { 200: described(MessageBody, 'The e-mail address is verified'), ...errors(400) },
      },
    },
    async (request) => {
      await verifyEmail(request.ctx, request.body.token);
      return { message: 'Email verified successfully' };
    },
  );

  app.post(
    '/api/auth/verify-email-change',
    {
      schema: {
        operationId: 'verifyEmailChange',
        security: PUBLIC,
        tags: TAGS,
        summary: 'Confirm a new e-mail address with the token sent to it',
        body: TokenBody,
        response: { 200: described(MessageBody, 'The new e-mail address is in effect'), ...errors(400) },
      },
    },
    async (request) => {
      await verifyEmailChange(request.ctx, request.body.token);
      return { message: 'Email address updated successfully' };
    },
  );

  app.post(
    '/api/auth/send-verification-email',
    {
      schema: {
        operationId: 'sendVerificationEmail',
        tags: TAGS,
        summary: 'Send a new verification e-mail to the signed-in account',
        security: SESSION_AUTH,
        response: { 200: described(MessageBody, 'A new verification e-mail was sent'), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { user } = await requireWritableSession(request);
      await resendVerification(request.ctx, user);
      return { message: 'Verification email sent' };
    },
  );

  app.get(
    '/api/auth/accounts',
    {
      schema: {
        operationId: 'listSignedInAccounts',
        'x-sets-cookie': true,
        tags: TAGS,
        summary: 'The accounts signed in on this browser, current first',
        security: SESSION_AUTH,
        response: { 200: described(AccountsResult, 'The signed-in accounts'), ...errors(401) },
      },
    },
    async (request, reply) => {
      const caller = await requireSession(request);
      const tokens = readSessionTokens(request);
      const sessions = await validCookieSessions(request.ctx, tokens);
      // Drop expired or ended sessions from the cookie while we are here.
      if (sessions.length !== tokens.length) writeSessionTokens(request, reply, sessions.map((s) => s.token));
      return { accounts: sessions.map((s) => presentUserSummary(s.user)), currentUserId: caller.user.id };
    },
  );

  app.post(
    '/api/auth/switch',
    {
      schema: {
        operationId: 'switchAccount',
        'x-sets-cookie': true,
        tags: TAGS,
        summary: 'Make another account signed in on this browser the current one',
        security: SESSION_AUTH,
        body: UserIdBody,
        response: { 200: described(MessageBody, 'The account is now the current one'), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await requireSession(request);
      writeSessionTokens(request, reply, await switchAccount(request.ctx, readSessionTokens(request), request.body.userId));
      return { message: 'Switched account' };
    },
  );

  app.post(
    '/api/auth/remove-account',
    {
      schema: {
        operationId: 'removeSignedInAccount',
        'x-sets-cookie': true,
        tags: TAGS,
        summary: 'Sign one account out of this browser',
        security: SESSION_AUTH,
        body: UserIdBody,
        response: { 200: described(MessageBody, 'The account was signed out of this browser'), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await requireSession(request);
      writeSessionTokens(request, reply, await removeAccount(request.ctx, readSessionTokens(request), request.body.userId));
      return { message: 'Account removed from this browser' };
    },
  );

  await app.register(oauthRoutes);
};

// ---- OAuth ----

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

const oauthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app.ctx;

  const authorize = (provider: OAuthProvider, flow: OAuthFlow) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (flow === 'org') await requireSession(request);
    const { url, state } = beginAuthorization(config, provider, flow);
    setStateCookie(request, reply, stateCookieName(provider, flow), state);
    // A script that opens the provider itself (a popup, a native client's browser) asks for JSON.
    if (wantsJson(request)) return reply.status(200).send({ authorizationUrl: url });
    return reply.redirect(url, 302);
  };

  const callback =
    (provider: OAuthProvider, flow: OAuthFlow) =>
    async (request: FastifyRequest<{ Querystring: Static<typeof OAuthCallbackQuery> }>, reply: FastifyReply) => {
      if (flow === 'org') await requireSession(request);
      requireConfigured(config, provider);
      const name = stateCookieName(provider, flow);
      checkCallbackState(request.query.state, request.cookies?.[name]);
      clearStateCookie(request, reply, name);
      completeAuthorization(provider, request.query);
    };

  const routes: { provider: OAuthProvider; flow: OAuthFlow; authorizePath: string; callbackPath: string }[] = [
    ...OAUTH_PROVIDERS.map((provider) => ({ provider, flow: 'signin' as const, authorizePath: 'authorize', callbackPath: 'callback' })),
    { provider: 'networkC', flow: 'org', authorizePath: 'org-authorize', callbackPath: 'org-callback' },
  ];

  for (const { provider, flow, authorizePath, callbackPath } of routes) {
    const org = flow === 'org';
    const what = org ? `Connect a shared ${provider} organization credential` : `Sign in with ${provider}`;
    app.get(
      `/api/auth/${provider}/${authorizePath}`,
      {
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
      callback(provider, flow),
    );
  }

  for (const provider of ['networkC', 'networkD'] as const) {
    app.get(
      `/api/auth/${provider}/status`,
      {
        schema: {
          operationId: `get${cap(provider)}Status`,
          tags: ['oauth'],
          summary: `Whether ${provider} is configured on this server, and the callback address to register with it`,
          security: SESSION_AUTH,
          response: { 200: described(OAuthStatus, 'The provider configuration'), ...errors(401) },
        },
      },
      async (request) => {
        await requireSession(request);
        return { configured: config.oauth[provider] !== null, redirectUri: callbackUri(config, provider) };
      },
    );
  }
};
