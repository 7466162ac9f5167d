import type { Selectable } from 'kysely';
import type { DirectMessagesTable, UserRow } from '../../db/types.js';
import { presentUserSummary } from '../users/index.js';

// The wire shape of a direct message.

type Summary = Pick<UserRow, 'id' | 'username' | 'display_name' | 'avatar'>;

export function presentDirectMessage(m: { row: Selectable<DirectMessagesTable>; sender: Summary; recipient: Summary }) {
  return {
    id: m.row.id,
    sender: presentUserSummary(m.sender),
    recipient: presentUserSummary(m.recipient),
    content: m.row.content,
    imageUrls: JSON.parse(m.row.image_urls) as string[],
    createdAt: m.row.created_at,
    readAt: m.row.read_at,
  };
}
