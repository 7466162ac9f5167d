import { createAiProvider, AiProviderError, type AiProvider } from '../../adapters/ai/index.js';
import type { UserRow } from '../../db/types.js';
import { AppError, conflict, unprocessable } from '../../http/errors.js';
import type { AppContext } from '../../runtime/context.js';
import { AppState } from '../../runtime/state.js';
import { sanitiseCrossPost } from './cross-post.js';
import { artifactKindOf, FEATURE_SPECS, PERSISTED_BY, seriesCount, wordCount, type AiFeature } from './features.js';
import { lengthRule } from '../../lib/post-lengths.js';
import { persistArtifact } from './persist.js';
import { buildPrompt } from './prompts.js';
import { assertQuotaLeft, consumeRate, DAILY_LIMIT, recordOutcome, reserveAttempt, usedToday, type Outcome } from './quota.js';
import type { Artifact, Created, GenerateBody, SuggestBody, SuggestContext } from './schemas.js';
import { loadSource, type Source } from './sources.js';
import { artifactFromOutput, checkArtifact, providerSchema } from './validate.js';

// The AI features (spec, AI): suggest runs a feature and answers a validated artifact, writing
// nothing but the ledger; generate re-validates an artifact the same way and persists it; status
// tells what is available. The order of refusals: the body (422 invalid_input), the provider
// (409), the rate limit (429), the feature's input rules (422), the quota (429), then the work.

/** The configured provider of this app, made once from the configuration (null: no key). */
export const aiProvider = new AppState<AiProvider | null>('ai.provider', (ctx) => createAiProvider(ctx.config.ai));

const invalidInput = (message: string) => unprocessable(message, 'invalid_input');

function requireProvider(ctx: AppContext): AiProvider {
  const provider = ctx.state(aiProvider);
  if (!provider) throw conflict('No AI provider is configured on this server: set AI_PROVIDER (openai or anthropic) and AI_API_KEY', 'no_provider_configured');
  return provider;
}

/** An error of an AI endpoint as the spec's codes say: an upstream failure 502, anything unexpected 500, both provider_error. */
export function asProviderError(ctx: AppContext, err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof AiProviderError) {
    ctx.log.warn({ kind: err.kind, status: err.status }, 'AI provider call failed');
    return new AppError(502, err.message, 'provider_error');
  }
  ctx.log.error({ err }, 'AI request failed');
  return new AppError(500, 'Unexpected server error', 'provider_error');
}

/** The outcome a failed attempt is recorded with. */
function outcomeOf(err: AppError): Outcome {
  return err.code === 'invalid_ai_output' || err.code === 'refused' || err.code === 'provider_error' ? err.code : 'error';
}

/** Runs an attempt's work; whatever it ends in is recorded in the ledger. */
async function attempt<T>(ctx: AppContext, attemptId: string, work: (done: (detail: Parameters<typeof recordOutcome>[3]) => Promise<void>) => Promise<T>): Promise<T> {
  try {
    return await work((detail) => recordOutcome(ctx, attemptId, 'ok', detail));
  } catch (err) {
    const failed = err instanceof FailedWithUsage;
    const error = failed ? err.error : asProviderError(ctx, err);
    await recordOutcome(ctx, attemptId, outcomeOf(error), failed ? err.detail : {});
    throw error;
  }
}

/** A failure after the provider answered: its usage is still recorded. */
class FailedWithUsage extends Error {
  constructor(
    readonly error: AppError,
    readonly detail: Parameters<typeof recordOutcome>[3],
  ) {
    super(error.message);
  }
}

/** The input rules of a feature (spec, Limits): non-empty, at most its cap in words, series at least 10. */
function checkInput(feature: AiFeature, input: string): string {
  const spec = FEATURE_SPECS[feature];
  const text = input.trim();
  const words = wordCount(text);
  if (words === 0) throw invalidInput('input must not be empty');
  if (words > spec.wordCap) throw invalidInput(`input must be at most ${spec.wordCap} words for ${feature} (it has ${words})`);
  if (words < spec.minWords) throw invalidInput(`input must be at least ${spec.minWords} words for ${feature}`);
  return text;
}

/** A page's URL cited at the end of a document made from it, unless the model cited it already. */
function cited(artifact: Artifact, source: Source | null): Artifact {
  if (artifact.kind !== 'document' || source?.kind !== 'page' || artifact.markdown.includes(source.url)) return artifact;
  return { ...artifact, markdown: `${artifact.markdown.trimEnd()}\n\nSources: <${source.url}>\n` };
}

export async function suggest(ctx: AppContext, user: UserRow, body: SuggestBody) {
  const provider = requireProvider(ctx);
  await consumeRate(ctx, user.id);
  const { feature } = body;
  const spec = FEATURE_SPECS[feature];
  const input = checkInput(feature, body.input);
  const context: SuggestContext = body.context ?? {};
  const action = feature === 'writing_assist' ? (context.action ?? 'rewrite') : undefined;
  const kind = artifactKindOf(feature, action);
  const count = seriesCount(feature, context.count);
  const channels = feature === 'message_series' ? (context.channels ?? []) : context.targetPlatform ? [context.targetPlatform] : [];
  const length = lengthRule(channels, user.max_message_length);
  await assertQuotaLeft(ctx, user.id);
  const source = feature === 'powered_document' ? await loadSource(ctx, user.id, context) : null;

  const model = body.model ?? provider.defaultModel;
  const maxOutputTokens = Math.min(body.maxOutputTokens ?? spec.outputCeiling, spec.outputCeiling);
  const attemptId = await reserveAttempt(ctx, { user_id: user.id, feature, operation: 'suggest', provider: provider.id, model });
  const { artifact, usage } = await attempt(ctx, attemptId, async (done) => {
    const prompt = buildPrompt({ feature, kind, input, action, templateKey: context.templateKey, count: count ?? undefined, lengthRule: length.describe, source });
    const completion = await provider.complete({ ...prompt, schema: { name: `${kind}_artifact`, json: providerSchema(kind) }, model, maxOutputTokens });
    const detail = { model: completion.model, usage: completion.usage };
    if (completion.refused) throw new FailedWithUsage(unprocessable('The AI provider declined this request', 'refused'), detail);
    if (completion.json === undefined) throw new FailedWithUsage(unprocessable('The model did not answer with JSON', 'invalid_ai_output'), detail);
    let checked: Artifact;
    try {
      checked = artifactFromOutput(kind, completion.json, { length, count });
    } catch (err) {
      if (err instanceof AppError) throw new FailedWithUsage(err, detail);
      throw err;
    }
    await done(detail);
    return { artifact: cited(checked, source), usage: { ...completion.usage, model: completion.model } };
  });
  return { ok: true as const, feature, artifact, usage, quota: { usedToday: await usedToday(ctx, user.id), dailyLimit: DAILY_LIMIT } };
}

export async function generate(ctx: AppContext, user: UserRow, body: GenerateBody): Promise<{ ok: true; feature: AiFeature; created: Created; quota: { usedToday: number; dailyLimit: number } }> {
  const provider = requireProvider(ctx);
  await consumeRate(ctx, user.id);
  const { feature, artifact } = body;
  const producer = PERSISTED_BY[artifact.kind];
  if (!producer) throw invalidInput(`A ${artifact.kind} artifact cannot be persisted`);
  if (producer !== feature) throw invalidInput(`A ${artifact.kind} artifact is made by ${producer}, not ${feature}`);
  const series = artifact.kind === 'message_series';
  const crossPost = await sanitiseCrossPost(ctx, user.id, series ? body.crossPost : undefined);

  const attemptId = await reserveAttempt(ctx, {
    user_id: user.id,
    feature,
    operation: 'generate',
    provider: body.provider ?? provider.id,
    model: body.model ?? provider.defaultModel,
  });
  const created = await attempt(ctx, attemptId, async (done) => {
    const checked = checkArtifact(artifact.kind, artifact, { length: lengthRule(crossPost.channels, user.max_message_length), count: null });
    const result = await persistArtifact(ctx, user, checked, { scheduleImmediately: series && body.scheduleImmediately === true, crossPost });
    await done({});
    return result;
  });
  return { ok: true, feature, created, quota: { usedToday: await usedToday(ctx, user.id), dailyLimit: DAILY_LIMIT } };
}

export async function status(ctx: AppContext, user: UserRow) {
  const provider = ctx.state(aiProvider);
  const used = await usedToday(ctx, user.id);
  return {
    subscriber: user.customer_status !== 'free',
    providers: provider ? [provider.id] : [],
    defaultModels: provider ? { [provider.id]: provider.defaultModel } : {},
    quota: { usedToday: used, dailyLimit: DAILY_LIMIT, remaining: Math.max(0, DAILY_LIMIT - used) },
  };
}
