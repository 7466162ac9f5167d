import type { UserDataPart } from '../../runtime/types.js';
import { countWebhooksOf, deleteWebhooksOfUser, webhooksOf } from './queries.js';
import { presentWebhook } from './presenter.js';

// A user's webhooks: removed with the account (their deliveries go with them), kept by a content
// purge (they are settings, not content). The archive lists them, never a secret. An
// organization's webhooks go with the organization.
export const webhooksPart: UserDataPart = {
  key: 'webhooks',
  covers: ['webhooks.user_id'],
  count: (ctx, userId) => countWebhooksOf(ctx.db.kysely, { kind: 'user', id: userId }),
  async removeBatch(_ctx, trx, userId, limit) {
    return { removed: await deleteWebhooksOfUser(trx, userId, limit), blobKeys: [] };
  },
  async *exportFiles(ctx, userId) {
    const webhooks = (await webhooksOf(ctx.db.kysely, { kind: 'user', id: userId })).map(presentWebhook);
    yield { path: 'webhooks.json', content: `${JSON.stringify({ webhooks }, null, 2)}\n` };
  },
};
