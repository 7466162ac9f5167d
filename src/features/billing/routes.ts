import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth.js';
import { refuseInvalidText } from '../../http/input-guard.js';
import { assertEmailVerified, hook, requireWritableSession } from '../../http/guards.js';
import { described, EITHER_AUTH, errors, PUBLIC, ref, SESSION_AUTH } from '../../http/schemas.js';
import { BillingResult, CheckoutBody, PortalBody, SessionUrl, WebhookEvent, WebhookReceived } from './schemas.js';
import { createCheckoutSession, createPortalSession, getBilling } from './service.js';
import { handleWebhook } from './webhook.js';

const tags = ['billing'];

/**
 * Checkout needs a verified e-mail address (the provider's receipts go there). Like every guard it
 * runs before validation; whether billing is configured (503) is the service's first step, after
 * validation: a malformed request is 400 on any server.
 */
async function requireCheckoutCaller(request: FastifyRequest) {
  const caller = await requireWritableSession(request);
  assertEmailVerified(caller.user, 'subscribing');
  return caller;
}

export const billingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/billing',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'getBilling',
        tags,
        summary: "The caller's tier and subscription",
        security: EITHER_AUTH,
        response: { 200: described(BillingResult, 'The billing state'), ...errors(401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { billing: await getBilling(request.ctx, user) };
    },
  );

  app.post(
    '/api/billing/checkout-session',
    {
      preValidation: hook(requireCheckoutCaller),
      schema: {
        operationId: 'createCheckoutSession',
        tags,
        summary: "Start a subscription: the address of the provider's checkout page for a plan",
        description:
          'A free account only (else 409 `already_subscribed`), with a verified e-mail address (else 403 `email_not_verified`). The tier changes when the provider reports the payment (the webhook).',
        security: SESSION_AUTH,
        body: CheckoutBody,
        response: { 200: described(ref(SessionUrl), 'The checkout page'), ...errors(400, 401, 403, 409, 502, 503) },
      },
    },
    async (request) => {
      const { user } = await requireCheckoutCaller(request);
      return createCheckoutSession(request.ctx, user, request.body.plan, request.body.returnTo);
    },
  );

  app.post(
    '/api/billing/portal-session',
    {
      preValidation: hook(requireWritableSession),
      schema: {
        operationId: 'createPortalSession',
        tags,
        summary: "The address of the provider's customer portal (change plan or card, cancel)",
        description: '409 `no_billing_account` before a first checkout.',
        security: SESSION_AUTH,
        body: PortalBody,
        response: { 200: described(ref(SessionUrl), 'The customer portal'), ...errors(400, 401, 403, 409, 502, 503) },
      },
    },
    async (request) => {
      const { user } = await requireWritableSession(request);
      return createPortalSession(request.ctx, user, request.body?.returnTo);
    },
  );

  await app.register(webhookRoute);
};

/**
 * The provider's webhook, in a plugin of its own: here a JSON body is kept as the raw bytes, which
 * the signature covers (the app's JSON parser elsewhere is untouched).
 */
const webhookRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  // The text rule of every body (http/input-guard.ts), on the parsed bytes: the hook of the app
  // skips a body it cannot see into. A body that is not JSON is left to the signature check.
  app.addHook('preValidation', async (request) => {
    if (!Buffer.isBuffer(request.body)) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(request.body.toString('utf8'));
    } catch {
      return;
    }
    refuseInvalidText(parsed, '');
  });

  app.post(
    '/api/billing/webhook',
    {
      schema: {
        operationId: 'receiveBillingWebhook',
        tags,
        summary: "The payment provider's signed events",
        description:
          'Verified over the raw body with `STRIPE_WEBHOOK_SECRET` (the `Stripe-Signature` header, five minutes of tolerance): 400 `invalid_signature` otherwise. Each event takes effect once; the subscription it names is read again from the provider and applied.',
        security: PUBLIC,
        'x-raw-json': WebhookEvent,
        response: { 200: described(WebhookReceived, 'Accepted'), ...errors(400, 502, 503) },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await handleWebhook(request.ctx, body, typeof signature === 'string' ? signature : undefined);
      return { received: true };
    },
  );
};
