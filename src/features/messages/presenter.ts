import { parseJson } from '../../db/dialect.js';
import { presentUserSummary } from '../users/index.js';
import { bool, count, type CountedRow, type LoadedMessage } from './queries.js';
import type { ReportReason, ReportRow } from './reports.js';

// The one place that decides the wire shape of a message: the author under `user`, ISO dates,
// nulls for absent optional values.

/**
 * The descriptions of a message's media, one per URL ("" where none); undefined when it has none,
 * so that the field is left out and a message without them keeps its shape.
 */
function alts(stored: string | null, urls: readonly string[]): string[] | undefined {
  const given = parseJson<string[]>(stored);
  if (!given?.some((a) => a !== '')) return undefined;
  return urls.map((_, i) => given[i] ?? '');
}

function fields(r: CountedRow) {
  const imageUrls = parseJson<string[]>(r.image_urls) ?? [];
  const videoUrls = parseJson<string[]>(r.video_urls) ?? [];
  const imageAlts = alts(r.image_alts, imageUrls);
  const videoAlts = alts(r.video_alts, videoUrls);
  return {
    id: r.id,
    content: r.content,
    publiclyVisible: bool(r.publicly_visible),
    tags: parseJson<string[]>(r.tags) ?? [],
    digCount: count(r.dig_count),
    dugByMe: bool(r.dug_by_me),
    replyCount: r.reply_count,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    user: presentUserSummary({ id: r.user_id, username: r.username, display_name: r.display_name, avatar: r.avatar }),
    // A reply whose parent was removed with its author keeps naming it; reading it answers 404.
    parentId: r.parent_id ?? r.orphaned_parent_id,
    imageUrls,
    videoUrls,
    scheduledAt: r.published_at === null ? r.scheduled_at : null,
    // Null for a message posted to no organization, or to one since deleted (org_id set null).
    org: r.org_id !== null && r.org_name !== null && r.org_slug !== null ? { id: r.org_id, name: r.org_name, slug: r.org_slug } : null,
    ...(imageAlts ? { imageAlts } : {}),
    ...(videoAlts ? { videoAlts } : {}),
  };
}

export function presentMessage({ row, pushed }: LoadedMessage) {
  return { ...fields(row), pushedMessage: pushed ? { ...fields(pushed), pushedMessageId: pushed.pushed_message_id } : null };
}

/** A report as administrators see it. */
export function presentReport(r: ReportRow) {
  return {
    id: r.id,
    reason: r.reason as ReportReason,
    detail: r.detail,
    status: r.status as 'open' | 'resolved',
    note: r.note,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    resolvedAt: r.resolved_at,
    reporter: presentUserSummary({ id: r.reporter_id, username: r.reporter_username, display_name: r.reporter_display_name, avatar: r.reporter_avatar }),
    message: {
      id: r.message_id,
      content: r.message_content,
      publiclyVisible: bool(r.message_publicly_visible),
      createdAt: r.message_created_at,
      user: presentUserSummary({ id: r.author_id, username: r.author_username, display_name: r.author_display_name, avatar: r.author_avatar }),
    },
  };
}
