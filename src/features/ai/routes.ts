import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth.js';
import { unprocessable } from '../../http/errors.js';
import { validationMessages } from '../../http/validation-messages.js';
import { hook, requireSubscriberWriter, requireWritableSubscriber } from '../../http/guards.js';
import { described, EITHER_AUTH, errors } from '../../http/schemas.js';
import { AiStatus, GenerateBody, GenerateResult, SuggestBody, SuggestResult } from './schemas.js';
import { asProviderError, generate, status, suggest } from './service.js';
import { generateBodyValidator } from './validate.js';

// The AI endpoints (spec, AI). The spec answers input it refuses with 422 invalid_input, not the
// 400 of other routes: the routes take their validation errors in hand (attachValidation) after
// the guards. An artifact sent to generate that fails its schema is generate's own 422
// invalid_ai_output, a counted attempt.

const tags = ['ai'];

/** Suggest: a writer with a subscription (the ledger is written). */
const requireAiWriter = requireWritableSubscriber;

/** The request's validation failure as the spec's 422 invalid_input. */
function refuseInvalid(request: FastifyRequest): void {
  const err = request.validationError as FastifyError | undefined;
  if (err?.validation) throw unprocessable(validationMessages(err.validation, err.validationContext ?? 'body').join('; '), 'invalid_input');
}

export const aiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/ai/suggest',
    {
      preValidation: hook(requireAiWriter),
      attachValidation: true,
      schema: {
        operationId: 'aiSuggest',
        tags,
        summary: 'Run an AI feature and answer a validated artifact (writes nothing)',
        description:
          'Subscribers only. Counts against the daily quota (50 per rolling 24 hours, failed attempts too) and the rate limit (15 per 60 seconds). Input refused: 422 `invalid_input`; model output that fails validation: 422 `invalid_ai_output`; a provider refusal: 422 `refused`; no provider configured: 409 `no_provider_configured`; an upstream failure or timeout: 502 `provider_error`.',
        security: EITHER_AUTH,
        body: SuggestBody,
        response: { 200: described(SuggestResult, 'The artifact, the tokens used and the quota'), ...errors(401, 403, 409, 422, 429, 500, 502) },
      },
    },
    async (request) => {
      const { user } = await requireAiWriter(request);
      refuseInvalid(request);
      try {
        return await suggest(request.ctx, user, request.body);
      } catch (err) {
        throw asProviderError(request.ctx, err);
      }
    },
  );

  app.post(
    '/api/ai/generate',
    {
      preValidation: hook(requireSubscriberWriter),
      attachValidation: true,
      // The artifact is checked by generate itself, so that a refused one counts as an attempt.
      validatorCompiler: () => generateBodyValidator,
      schema: {
        operationId: 'aiGenerate',
        tags,
        summary: 'Persist a confirmed AI artifact',
        description:
          'Subscribers out of probation. The artifact is re-validated as suggest validates model output (422 `invalid_ai_output`), then written in one transaction: a list with its valid starter rows; a message series as a list of scheduled-post rows 4 minutes apart, or with `scheduleImmediately` as scheduled messages (the first 30 to 45 minutes out, each next 5 to 10 minutes later) carrying the sanitised `crossPost`; a document; or a folder of documents. message, thread and tags artifacts: 422 `invalid_input`. Counts against the quota and rate limit like suggest.',
        security: EITHER_AUTH,
        body: GenerateBody,
        response: { 201: described(GenerateResult, 'What was created, and the quota'), ...errors(401, 403, 409, 422, 429, 500) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSubscriberWriter(request);
      refuseInvalid(request);
      try {
        return reply.status(201).send(await generate(request.ctx, user, request.body));
      } catch (err) {
        throw asProviderError(request.ctx, err);
      }
    },
  );

  app.get(
    '/api/ai/status',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'aiStatus',
        tags,
        summary: 'The AI provider, its default model and the caller’s quota',
        description: 'Open to every signed-in user. Never answers a key.',
        security: EITHER_AUTH,
        response: { 200: described(AiStatus, 'What is available, and the rolling 24-hour quota'), ...errors(401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return status(request.ctx, user);
    },
  );
};
