import type { Config } from '../../config.js';
import { anthropicProvider } from './anthropic.js';
import { openAiProvider } from './openai.js';
import type { AiProvider } from './provider.js';

export * from './provider.js';

/**
 * The one provider the configuration names, or null when none is usable (no AI_API_KEY): then
 * nothing may call a provider. AI_PROVIDER defaults to openai when only a key is set.
 */
export function createAiProvider(ai: Config['ai']): AiProvider | null {
  if (ai.apiKey === null) return null;
  const options = { apiKey: ai.apiKey, baseUrl: ai.baseUrl, model: ai.model, timeoutMs: ai.timeoutMs };
  return ai.provider === 'anthropic' ? anthropicProvider(options) : openAiProvider(options);
}
