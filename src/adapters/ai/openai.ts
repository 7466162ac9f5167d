import { onFirstUse } from '../../lib/load-on-first-use.js';
import { parseJsonText, sdkClientOptions, sdkProvider, type AiProvider, type ProviderOptions } from './provider.js';

// Any OpenAI-compatible chat-completions endpoint, through the official SDK. JSON is asked for
// with response_format json_schema (non-strict, so optional fields stay optional) and the same
// instruction in the system message, for compatible servers that ignore response_format.

export const OPENAI_DEFAULT_MODEL = 'gpt-4.1-mini';

const openAiSdk = onFirstUse(() => import('openai'));

export function openAiProvider(options: ProviderOptions): AiProvider {
  // The SDK is loaded with the first call (lib/load-on-first-use.ts).
  const client = onFirstUse(async () => new (await openAiSdk()).default(sdkClientOptions(options)));
  return sdkProvider({
    id: 'openai',
    defaultModel: options.model ?? OPENAI_DEFAULT_MODEL,
    timeoutError: 'APIConnectionTimeoutError',
    call: async (request) =>
      (await client()).chat.completions.create({
        model: request.model,
        max_completion_tokens: request.maxOutputTokens,
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.prompt },
        ],
        response_format: { type: 'json_schema', json_schema: { name: request.schema.name, schema: request.schema.json, strict: false } },
      }),
    read(res) {
      const choice = res.choices?.[0];
      const message = choice?.message;
      const refused = (typeof message?.refusal === 'string' && message.refusal !== '') || choice?.finish_reason === 'content_filter';
      return {
        json: refused || typeof message?.content !== 'string' ? undefined : parseJsonText(message.content),
        refused,
        usage: { inputTokens: res.usage?.prompt_tokens ?? 0, outputTokens: res.usage?.completion_tokens ?? 0 },
        model: res.model,
      };
    },
  });
}
