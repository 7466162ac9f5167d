import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hook, requireWritableSession } from '../../http/guards.js';
import { described, errors, PUBLIC, SESSION_AUTH } from '../../http/schemas.js';
import { ForgotPasswordBody, MessageBody, ResetPasswordBody, TokenBody } from './schemas.js';
import { requestPasswordReset, resendVerification, resetPassword, verifyEmail, verifyEmailChange } from './service.js';

// The flows that go through an e-mailed token: a password reset, verifying the address, and
// confirming a new one (the links land on the pages of src/http/pages/).

const TAGS = ['auth'];

const RESET_REQUESTED =
  'If an account exists for that email address, a link to reset its password has been sent.';

export const emailRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
      preValidation: hook(requireWritableSession),
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
};
