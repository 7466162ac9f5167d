import type { UserRow } from '../../db/types.js';
import { badRequest } from '../../http/errors.js';
import { CHANNELS, isChannel, lengthRule } from '../../lib/post-lengths.js';
import type { MessageConfig } from './schemas.js';
import { splitThread } from './thread.js';

// The message draft of target `message` (spec, Materialize): the edited body or the one derived
// from the source, sized to the account's maxMessageLength and the tightest of its crossPostTargets
// (each network measured its own way), split into a thread when allowed. Nothing is written: the
// draft is posted through POST /api/messages, where every posting gate applies.

export function messageDraft(user: Pick<UserRow, 'max_message_length'>, derived: string, config: MessageConfig = {}) {
  const targets = config.crossPostTargets ?? [];
  const unknown = targets.filter((t) => !isChannel(t));
  if (unknown.length > 0) throw badRequest(`Unknown crossPostTargets ${unknown.map((t) => `"${t}"`).join(', ')}; the channels are ${CHANNELS.join(', ')}`);
  const content = (config.content ?? derived).trim();
  if (content === '') throw badRequest('The draft has no content: the source gives no text and messageConfig.content is empty');
  const rule = lengthRule(targets, user.max_message_length);
  const fits = (text: string) => rule.violation(text) === null;
  const over = rule.violation(content);
  if (over !== null && !config.allowThread) {
    throw badRequest(`The draft ${over}; shorten it, or set messageConfig.allowThread to split it into a thread`, 'message_too_long');
  }
  const thread = over === null ? [content] : splitThread(content, fits, { numbered: config.numbered ?? false });
  return {
    content,
    thread,
    isThread: thread.length > 1,
    charLimit: rule.limit,
    crossPostTargets: [...new Set(targets)],
    ...(config.publiclyVisible !== undefined ? { publiclyVisible: config.publiclyVisible } : {}),
    ...(config.tags !== undefined ? { tags: config.tags } : {}),
    ...(config.scheduledAt !== undefined ? { scheduledAt: config.scheduledAt } : {}),
  };
}
