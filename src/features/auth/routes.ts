import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, getCaller, readSessionTokens, requireSession, SESSION_COOKIE, writeSessionTokens } from '../../http/auth.js';
import { hook } from '../../http/guards.js';
import { described, errors, PUBLIC, SESSION_AUTH } from '../../http/schemas.js';
import { presentUser, presentUserSummary } from '../users/index.js';
import { AccountsResult, AuthResult, CredentialsBody, LogoutBody, LogoutQuery, MessageBody, RegisterBody, SyncTokenResult, UserIdBody } from './schemas.js';
import { authenticate, register } from './service.js';
import { createSyncToken, logout, removeAccount, revokeSyncToken, signInToCookie, switchAccount, validCookieSessions } from './sessions.js';

// Signing in and out (spec, Authentication and account): registration, the session cookie and its cached
// accounts, and sync tokens. The e-mailed flows and OAuth have route files of their own.

const TAGS = ['auth'];

/** Adds a fresh session for the user in front of the browser's cached accounts. */
async function signIn(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
  const tokens = await signInToCookie(request.ctx, readSessionTokens(request), userId, request.headers['user-agent'] ?? null);
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
        if (caller?.method === 'bearer') await revokeSyncToken(request.ctx, caller.credentialId, caller.user.id, all);
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

  app.get(
    '/api/auth/accounts',
    {
      preValidation: hook(requireSession),
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
      preValidation: hook(requireSession),
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
      writeSessionTokens(request, reply, await switchAccount(request.ctx, readSessionTokens(request), request.body.userId));
      return { message: 'Switched account' };
    },
  );

  app.post(
    '/api/auth/remove-account',
    {
      preValidation: hook(requireSession),
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
      writeSessionTokens(request, reply, await removeAccount(request.ctx, readSessionTokens(request), request.body.userId));
      return { message: 'Account removed from this browser' };
    },
  );
};

