import { jobKind, listen, type FeatureModule } from '../../runtime/module.js';
import { onDocumentPublished, runBlogFlush, runBlogMail } from './delivery.js';
import { blogRoutes } from './routes.js';
import { blogSubscriptionsPart } from './user-data.js';

declare module '../../runtime/types.js' {
  interface JobPayloads {
    /** Documents to every confirmed subscriber of their author, in one e-mail each (delivery.ts). */
    'blog-post-mail': { authorId: string; documentIds: string[] };
    /** The documents that waited for the end of their author's window, sent together. */
    'blog-post-flush': { authorId: string };
  }
}

// A user's public documents are their blog: its Atom feed, e-mail
// subscriptions with double opt-in, and folded blog_post e-mails when a document becomes public.
export const blogModule: FeatureModule = {
  name: 'blog',
  routes: [blogRoutes],
  jobs: [jobKind('blog-post-mail', runBlogMail), jobKind('blog-post-flush', runBlogFlush)],
  listeners: [listen('documentPublished', onDocumentPublished)],
  userData: [blogSubscriptionsPart],
};
