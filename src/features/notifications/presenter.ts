import type { Selectable } from 'kysely';
import type { NotificationsTable } from '../../db/types.js';
import type { NotificationType } from './events.js';

// The wire shape of a notification (spec: Notification).

export function presentNotification(n: Selectable<NotificationsTable>) {
  return {
    id: n.id,
    title: n.title,
    body: n.body,
    actionUrl: n.action_url,
    type: n.type as NotificationType | null,
    metadata: JSON.parse(n.metadata) as Record<string, unknown>,
    createdAt: n.created_at,
    readAt: n.read_at,
    routePath: n.route_path,
    target: { messageId: n.target_message_id, listId: n.target_list_id, orgId: n.target_org_id },
  };
}
