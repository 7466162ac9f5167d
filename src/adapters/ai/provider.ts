// The AI provider behind one small interface: complete a prompt into JSON. The feature (features/ai)
// validates what comes back; a provider only says what the model answered, how much it cost, and
// whether the model declined. SDK retries are off everywhere: the quota counts attempts, so a
// retry is the caller's decision.

export type AiProviderId = 'openai' | 'anthropic';

export interface AiCompletionRequest {
  /** Instructions: what to produce and the rules it must follow. */
  system: string;
  /** The user's material (input, loaded sources). */
  prompt: string;
  /** The JSON schema the answer must match, under a short name (a tool or response format name). */
  schema: { name: string; json: Record<string, unknown> };
  model: string;
  maxOutputTokens: number;
}

export interface AiCompletion {
  /** The answer parsed as JSON; undefined when the model answered something that is not JSON. */
  json: unknown;
  /** The provider declined (a refusal, a content filter). */
  refused: boolean;
  usage: { inputTokens: number; outputTokens: number };
  /** The model that answered (the provider's own name for it when it says). */
  model: string;
}

/** An upstream failure: an error status, a network failure or the per-call timeout. Its message holds no secret. */
export class AiProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'upstream',
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface AiProvider {
  readonly id: AiProviderId;
  /** The model used when a request names none (AI_MODEL, else the provider's default). */
  readonly defaultModel: string;
  complete(request: AiCompletionRequest): Promise<AiCompletion>;
}

/** Text that may hold JSON, perhaps fenced in a markdown code block: parsed, or undefined. */
export function parseJsonText(text: string): unknown {
  const trimmed = text.trim();
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(trimmed);
  try {
    return JSON.parse(fenced ? fenced[1] : trimmed);
  } catch {
    return undefined;
  }
}

/** An SDK error as an AiProviderError: its kind and status only, never the SDK's message (which may quote the request). */
function providerFailure(err: unknown, timeoutName: string): AiProviderError {
  const e = err as { name?: string; status?: number; constructor?: { name?: string } };
  const name = e?.constructor?.name ?? e?.name ?? '';
  if (name === timeoutName || name === 'AbortError' || /timeout/i.test(name)) return new AiProviderError('The AI provider did not answer in time', 'timeout');
  if (typeof e?.status === 'number') return new AiProviderError(`The AI provider answered ${e.status}`, 'upstream', e.status);
  return new AiProviderError('The AI provider could not be reached', 'upstream');
}

/** What a provider adapter is built from (the configuration's AI_API_KEY, AI_BASE_URL, AI_MODEL, AI_TIMEOUT_MS). */
export interface ProviderOptions {
  apiKey: string;
  baseUrl: string | null;
  model: string | null;
  timeoutMs: number;
}

/** The options both official SDKs take: the key, the base URL, the per-call timeout, and no retries of their own. */
export function sdkClientOptions(options: ProviderOptions) {
  return { apiKey: options.apiKey, baseURL: options.baseUrl ?? undefined, maxRetries: 0, timeout: options.timeoutMs };
}

/**
 * A provider over one SDK call: `call` asks, `read` says what the answer holds. Every SDK failure
 * becomes an AiProviderError (see providerFailure; `timeoutError` is the SDK's timeout class
 * name), and the answering model is the provider's own name for it, else the one asked for.
 */
export function sdkProvider<Answer>(adapter: {
  id: AiProviderId;
  defaultModel: string;
  timeoutError: string;
  call(request: AiCompletionRequest): Promise<Answer>;
  read(answer: Answer): Omit<AiCompletion, 'model'> & { model: unknown };
}): AiProvider {
  return {
    id: adapter.id,
    defaultModel: adapter.defaultModel,
    async complete(request) {
      let answer: Answer;
      try {
        answer = await adapter.call(request);
      } catch (err) {
        throw providerFailure(err, adapter.timeoutError);
      }
      const { model, ...completion } = adapter.read(answer);
      return { ...completion, model: typeof model === 'string' && model !== '' ? model : request.model };
    },
  };
}
