import { userRowsPart } from '../../runtime/user-data.js';

// A blog's subscriptions and its folding state go with the author's account (content purge keeps
// them: they are the readers' wish, not content the author wrote).
export const blogSubscriptionsPart = userRowsPart('blogSubscriptions', ['blog_subscriptions.author_id', 'blog_pending_posts.author_id', 'blog_post_windows.author_id']);
