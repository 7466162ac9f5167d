import type { TestApp } from '../helpers/app.js';
import { call, type Member } from '../messages/helpers.js';

/**
 * Waits for every listener started so far (notifications are written after the request) and for
 * the jobs they kicked (pushes), until neither has anything left.
 */
export async function settle(t: TestApp): Promise<void> {
  const { events, jobs } = t.app.ctx;
  await events.idle();
  await jobs.idle();
  await events.idle();
}

export async function tray(t: TestApp, who: Member, query = 'scope=tray') {
  const res = await call(t, who, 'GET', `/api/notifications?${query}`);
  if (res.statusCode !== 200) throw new Error(`notifications ${res.statusCode}: ${res.body}`);
  return res.json() as { unreadCount: number; items: Record<string, any>[] };
}

/** Inserts `n` notifications for `who` directly (limits and paging set-up), oldest first. */
export async function seedNotifications(t: TestApp, who: Member, n: number, readAt: string | null = null) {
  const base = t.clock.now().getTime();
  const rows = Array.from({ length: n }, (_, i) => ({
    id: `seed${String(i).padStart(4, '0')}${who.user.id.slice(-6)}`,
    user_id: who.user.id,
    actor_id: null,
    type: 'dig',
    title: `t${i}`,
    body: `b${i}`,
    action_url: null,
    route_path: null,
    metadata: '{}',
    target_message_id: null,
    target_list_id: null,
    target_org_id: null,
    created_at: new Date(base + i * 1000).toISOString(),
    read_at: readAt,
  }));
  await t.db.kysely.insertInto('notifications').values(rows).execute();
  return rows;
}
