import { Feed } from 'feed';
import type { AppContext } from '../../runtime/context.js';
import type { UserRow } from '../../db/types.js';
import { newestPublicDocumentsOf } from '../documents/service.js';
import { userByUsername } from '../users/service.js';
import { renderMarkdown } from '../../lib/markdown.js';

// A user's blog as an Atom feed: their 20 newest public documents, each rendered from markdown to
// HTML by the service's renderer (src/lib/markdown.ts: raw HTML arrives as text).

export const FEED_SIZE = 20;

/** Where a public document is read (the API answers public documents to anyone). */
export function documentUrl(ctx: AppContext, id: string): string {
  return `${ctx.config.publicUrl}/api/documents/${encodeURIComponent(id)}`;
}

export function feedUrl(ctx: AppContext, author: Pick<UserRow, 'username'>): string {
  return `${ctx.config.publicUrl}/api/users/${encodeURIComponent(author.username)}/feed.atom`;
}

export async function blogFeed(ctx: AppContext, username: string): Promise<string> {
  const author = await userByUsername(ctx, username);
  const documents = await newestPublicDocumentsOf(ctx, author.id, FEED_SIZE);
  const self = feedUrl(ctx, author);
  const feed = new Feed({
    id: self,
    title: `${author.display_name} (@${author.username})`,
    description: `Public documents of ${author.display_name}`,
    link: `${ctx.config.publicUrl}/api/users/${encodeURIComponent(author.username)}/documents`,
    updated: new Date(documents[0]?.updated_at ?? author.created_at),
    feedLinks: { atom: self },
    author: { name: author.display_name },
    generator: 'Social Lists',
  });
  for (const d of documents) {
    const link = documentUrl(ctx, d.id);
    feed.addItem({
      id: link,
      title: d.title,
      link,
      date: new Date(d.updated_at),
      published: new Date(d.created_at),
      content: renderMarkdown(d.content),
      author: [{ name: author.display_name }],
    });
  }
  return feed.atom1();
}
