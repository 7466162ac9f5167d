import type Anthropic from '@anthropic-ai/sdk';
import { onFirstUse } from '../../lib/load-on-first-use.js';
import { parseJsonText, sdkClientOptions, sdkProvider, type AiProvider, type ProviderOptions } from './provider.js';

// Anthropic's messages API through the official SDK. JSON comes as the input of one forced tool
// whose input schema is the artifact's; a text answer is still read as JSON when it is.

export const ANTHROPIC_DEFAULT_MODEL = 'claude-sonnet-4-6';

const anthropicSdk = onFirstUse(() => import('@anthropic-ai/sdk'));

export function anthropicProvider(options: ProviderOptions): AiProvider {
  // The SDK is loaded with the first call (lib/load-on-first-use.ts).
  const client = onFirstUse(async () => new (await anthropicSdk()).default(sdkClientOptions(options)));
  return sdkProvider({
    id: 'anthropic',
    defaultModel: options.model ?? ANTHROPIC_DEFAULT_MODEL,
    timeoutError: 'APIConnectionTimeoutError',
    call: async (request) =>
      (await client()).messages.create({
        model: request.model,
        max_tokens: request.maxOutputTokens,
        system: request.system,
        messages: [{ role: 'user', content: request.prompt }],
        tools: [
          {
            name: request.schema.name,
            description: 'Return the result. Call this exactly once with the complete result.',
            input_schema: request.schema.json as Anthropic.Messages.Tool.InputSchema,
          },
        ],
        tool_choice: { type: 'tool', name: request.schema.name },
      }),
    read(res) {
      const refused = (res.stop_reason as string) === 'refusal';
      const blocks = Array.isArray(res.content) ? res.content : [];
      const tool = blocks.find((b) => b.type === 'tool_use');
      const text = blocks
        .filter((b) => b.type === 'text')
        .map((b) => (b as Anthropic.Messages.TextBlock).text)
        .join('');
      return {
        json: refused ? undefined : tool ? (tool as Anthropic.Messages.ToolUseBlock).input : parseJsonText(text),
        refused,
        usage: { inputTokens: res.usage?.input_tokens ?? 0, outputTokens: res.usage?.output_tokens ?? 0 },
        model: res.model,
      };
    },
  });
}
