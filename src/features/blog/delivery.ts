import type { AppContext } from '../../runtime/context.js';
import { enqueueJob, submitJob } from '../../runtime/jobs/enqueue.js';
import { sendMail } from '../../runtime/mail.js';
import { oneClickUnsubscribeHeaders } from '../../runtime/signed-links.js';
import type { DomainEvents } from '../../runtime/events.js';
import type { JobOutcome, JobPayloads } from '../../runtime/types.js';
import { publicDocumentsOf } from '../documents/service.js';
import { findUserById } from '../users/service.js';
import { documentUrl } from './feed.js';
import { addPending, confirmedSubscribersPage, hasConfirmedSubscribers, openWindow, reopenWindow, takePending, windowOf } from './queries.js';
import { unsubscribeUrl } from './subscriptions.js';

// The blog_post e-mails, folded per author: the first document that becomes public goes out at
// once (a job, run within moments) and opens a window of an hour; documents made public within
// the window wait in blog_pending_posts, and the first of them enqueues the flush job due at the
// window's end, which sends them all in one e-mail and opens the next window. A window that has
// passed with nothing waiting is reopened by the next document, which goes out at once again.
// Each step is one atomic statement (or one short transaction), so instances share the state.
// The jobs re-read the documents when they run: one made private or deleted meanwhile is left out.

export const BLOG_WINDOW_MS = 3600_000;
const SUBSCRIBER_PAGE = 500;

/** The `documentPublished` listener: send now, or fold into the author's open window. */
export async function onDocumentPublished(ctx: AppContext, p: DomainEvents['documentPublished']): Promise<void> {
  const db = ctx.db.kysely;
  if (!(await hasConfirmedSubscribers(db, p.authorId))) return;
  const now = ctx.clock.now();
  const until = new Date(now.getTime() + BLOG_WINDOW_MS).toISOString();
  if ((await openWindow(db, p.authorId, until)) || (await reopenWindow(db, p.authorId, until, now.toISOString()))) {
    await submitJob(ctx, 'blog-post-mail', { authorId: p.authorId, documentIds: [p.documentId] });
    return;
  }
  // The first one waiting enqueues the flush for the window's end, in the same transaction.
  await db.transaction().execute(async (trx) => {
    if ((await addPending(trx, p.authorId, p.documentId, now.toISOString())) !== 1) return;
    const window = await windowOf(trx, p.authorId);
    await enqueueJob(trx, now, 'blog-post-flush', { authorId: p.authorId }, { runAt: new Date(window?.window_until ?? now) });
  });
}

/** The `blog-post-flush` job: the documents that waited for the window's end, in one e-mail. */
export async function runBlogFlush(ctx: AppContext, p: JobPayloads['blog-post-flush']): Promise<JobOutcome> {
  const next = new Date(ctx.clock.now().getTime() + BLOG_WINDOW_MS).toISOString();
  const ids = await ctx.db.kysely.transaction().execute((trx) => takePending(trx, p.authorId, next));
  if (ids.length > 0) await mailSubscribers(ctx, p.authorId, ids);
  return { status: 'done' };
}

/** The `blog-post-mail` job: documents to every confirmed subscriber of their author. */
export async function runBlogMail(ctx: AppContext, p: JobPayloads['blog-post-mail']): Promise<JobOutcome> {
  await mailSubscribers(ctx, p.authorId, p.documentIds);
  return { status: 'done' };
}

async function mailSubscribers(ctx: AppContext, authorId: string, documentIds: readonly string[]): Promise<void> {
  const author = await findUserById(ctx.db.kysely, authorId);
  const documents = author ? await publicDocumentsOf(ctx, authorId, documentIds) : [];
  if (!author || documents.length === 0) return;
  const name = author.display_name;
  const subject = documents.length === 1 ? `New on ${name}'s blog: ${documents[0].title}` : `${documents.length} new documents on ${name}'s blog`;
  const list = documents.map((d) => `${d.title}\n${documentUrl(ctx, d.id)}`).join('\n\n');
  const intro = documents.length === 1 ? `${name} (@${author.username}) published a new document:` : `${name} (@${author.username}) published ${documents.length} new documents:`;
  let after = '';
  for (;;) {
    const page = await confirmedSubscribersPage(ctx.db.kysely, authorId, after, SUBSCRIBER_PAGE);
    for (const s of page) {
      const url = await unsubscribeUrl(ctx, s.id);
      await sendMail(ctx, {
        to: s.email,
        type: 'blog_post',
        subject,
        text: `${intro}\n\n${list}\n\nTo stop these e-mails about ${name}'s blog, unsubscribe in one click: ${url}\n`,
        headers: oneClickUnsubscribeHeaders(url),
      });
    }
    if (page.length < SUBSCRIBER_PAGE) return;
    after = page[page.length - 1].id;
  }
}
