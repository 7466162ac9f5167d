import { randomInt } from 'node:crypto';
import type { UserRow } from '../../db/types.js';
import type { AppContext } from '../../runtime/context.js';
import { createDocument, createFolderWithDocuments, NAME_MAX } from '../documents/service.js';
import { createListWithRows } from '../lists/service.js';
import { createScheduledSeries } from '../messages/service.js';
import type { SanitisedCrossPost } from './cross-post.js';
import { CHANNELS } from '../../lib/post-lengths.js';
import type { Artifact, ArtifactOf, Created } from './schemas.js';

// generate's writes (spec, AI: generate), each artifact kind through the service that owns what it
// becomes, each in ONE transaction of that service, so nothing is half-written on a failure: a
// list and its starter rows; a series as a list of scheduled-post rows or as scheduled messages; a
// document; a folder of documents.

const MINUTE = 60_000;
/** Rows of a series list are scheduled this far apart (the model's timestamps are ignored). */
const ROW_SPACING_MS = 4 * MINUTE;

/** The columns of a series list: one row per post. */
function seriesSchema(title: string) {
  return {
    name: title,
    fields: [
      { key: 'order', type: 'number', label: 'Order', required: true },
      { key: 'content', type: 'textarea', label: 'Content', required: true },
      { key: 'scheduled_at', type: 'datetime', label: 'Scheduled at', required: true },
      { key: 'channels', type: 'multiselect', label: 'Channels', options: [...CHANNELS] },
    ],
  };
}

/** A folder name from a title: one path segment, with room for a " (n)" suffix. */
const folderName = (title: string) => title.replace(/[\\/]/g, '-').trim().slice(0, NAME_MAX - 10) || 'Articles';

/** Times of scheduled messages: the first 30 to 45 minutes out, each next 5 to 10 minutes after the one before. */
export function immediateSchedule(now: Date, n: number): string[] {
  const out: string[] = [];
  let at = now.getTime() + randomInt(30, 46) * MINUTE;
  for (let i = 0; i < n; i++) {
    out.push(new Date(at).toISOString());
    at += randomInt(5, 11) * MINUTE;
  }
  return out;
}

async function persistSeries(ctx: AppContext, user: UserRow, a: ArtifactOf<'message_series'>, scheduleImmediately: boolean, crossPost: SanitisedCrossPost): Promise<Created> {
  const now = ctx.clock.now();
  if (scheduleImmediately) {
    const times = immediateSchedule(now, a.items.length);
    const written = await createScheduledSeries(ctx, user, a.items.map((item, i) => ({ content: item.content, scheduledAt: times[i] })), crossPost.request);
    return { scheduledMessageIds: written.map((w) => w.id), firstScheduledAt: written[0].scheduledAt, lastScheduledAt: written[written.length - 1].scheduledAt };
  }
  // The first row a whole minute ahead, the others 4 minutes apart.
  const first = Math.ceil(now.getTime() / MINUTE) * MINUTE + MINUTE;
  const rows = a.items.map((item, i) => ({
    order: item.order,
    content: item.content,
    scheduled_at: new Date(first + i * ROW_SPACING_MS).toISOString(),
    channels: crossPost.channels,
  }));
  const { list } = await createListWithRows(ctx, user.id, { title: a.listTitle, isPublic: false, schema: seriesSchema(a.listTitle) }, rows);
  return { listId: list.id };
}

export async function persistArtifact(
  ctx: AppContext,
  user: UserRow,
  artifact: Artifact,
  options: { scheduleImmediately: boolean; crossPost: SanitisedCrossPost },
): Promise<Created> {
  switch (artifact.kind) {
    case 'list': {
      const schema = { ...artifact.dsl, name: artifact.title };
      const { list } = await createListWithRows(ctx, user.id, { title: artifact.title, description: artifact.description, isPublic: false, schema }, artifact.rows);
      return { listId: list.id };
    }
    case 'message_series':
      return persistSeries(ctx, user, artifact, options.scheduleImmediately, options.crossPost);
    case 'document': {
      const doc = await createDocument(ctx, user.id, { title: artifact.title, content: artifact.markdown, isPublic: artifact.isPublic });
      return { documentId: doc.id };
    }
    case 'doc_series': {
      const { folder, documents } = await createFolderWithDocuments(
        ctx,
        user.id,
        folderName(artifact.folderTitle),
        artifact.documents.map((d) => ({ title: d.title, content: d.markdown, isPublic: false })),
      );
      return { folderId: folder.id, documentIds: documents.map((d) => d.id) };
    }
    case 'message':
    case 'thread':
    case 'tags':
      throw new Error(`A ${artifact.kind} artifact is not persistable`);
  }
}
