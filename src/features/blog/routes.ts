import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { loadPage, sendPage } from '../../http/pages/layout.js';
import { described, errors, MessageBody, PUBLIC, UsernameParams } from '../../http/schemas.js';
import { blogFeed } from './feed.js';
import { ConfirmBody, SubscribeBody, UnsubscribeQuery } from './schemas.js';
import { confirmSubscription, subscribe, SUBSCRIBE_ACCEPTED, unsubscribe } from './subscriptions.js';

// A user's blog: the Atom feed of their public documents, e-mail subscription with double opt-in,
// and the one-click unsubscribe of its e-mails.

const tags = ['blog'];

export const blogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // RFC 8058 one-click unsubscribe posts `List-Unsubscribe=One-Click` form-encoded; the body
  // carries nothing the service needs, so it is read and ignored (this plugin's routes only).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) => done(null, undefined));

  app.get(
    '/api/users/:username/feed.atom',
    {
      schema: {
        operationId: 'getBlogFeed',
        tags,
        summary: 'A user’s 20 newest public documents as an Atom feed',
        description: 'Each entry has the title, a link, the update time and the content as HTML rendered from markdown, raw HTML removed. An unknown user is 404 `user_not_found`.',
        security: PUBLIC,
        params: UsernameParams,
        response: {
          200: { description: 'The Atom feed', content: { 'application/atom+xml': { schema: { type: 'string' as const, description: 'An Atom 1.0 document' } } } },
          ...errors(404),
        },
      },
    },
    async (request, reply) => {
      const xml = await blogFeed(request.ctx, request.params.username);
      return reply.header('content-type', 'application/atom+xml; charset=utf-8').header('cache-control', 'public, max-age=60').send(xml);
    },
  );

  app.post(
    '/api/users/:username/subscribe',
    {
      schema: {
        operationId: 'subscribeToBlog',
        tags,
        summary: 'Subscribe an e-mail address to a user’s blog (double opt-in)',
        description:
          'Sends a confirmation e-mail (`blog_subscription_confirm`) with `<PUBLIC_URL>/blog-subscription?token=<TOKEN>`; the subscription starts when the token is confirmed within 48 hours. The answer is the same whether or not the address was new. Rate-limited per client address and per subscribed address.',
        security: PUBLIC,
        params: UsernameParams,
        body: SubscribeBody,
        response: { 202: described(MessageBody, 'The same answer whether or not the address was new'), ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await subscribe(request.ctx, request.params.username, request.body.email, request.ip);
      return reply.code(202).send({ message: SUBSCRIBE_ACCEPTED });
    },
  );

  app.post(
    '/api/blog-subscriptions/confirm',
    {
      schema: {
        operationId: 'confirmBlogSubscription',
        tags,
        summary: 'Confirm a blog subscription with the token of its confirmation e-mail',
        description: 'A token that is unknown, used or expired is 400 `invalid_token`.',
        security: PUBLIC,
        body: ConfirmBody,
        response: { 200: described(MessageBody, 'The subscription is confirmed'), ...errors(400) },
      },
    },
    async (request) => {
      await confirmSubscription(request.ctx, request.body.token);
      return { message: 'Subscription confirmed: you will receive an e-mail when a new document is published.' };
    },
  );

  const unsubscribePage = await loadPage(import.meta.url, 'unsubscribe.html');
  const unsubscribedPage = await loadPage(import.meta.url, 'unsubscribed.html');

  // The page a person reaches by following the link: one button; opening it changes nothing.
  app.get('/api/blog-subscriptions/unsubscribe', { schema: { hide: true } }, async (_request, reply) => sendPage(reply, unsubscribePage));

  app.post(
    '/api/blog-subscriptions/unsubscribe',
    {
      schema: {
        operationId: 'unsubscribeFromBlog',
        tags,
        summary: 'One-click unsubscribe (RFC 8058) from a blog’s e-mails',
        description:
          'The URL of the `List-Unsubscribe` header of every `blog_post` e-mail. Mail clients post `List-Unsubscribe=One-Click` form-encoded; any body is ignored. Unsubscribing twice is fine. A GET of the same URL answers a page with a button and changes nothing.',
        security: PUBLIC,
        querystring: UnsubscribeQuery,
        response: { 200: described(MessageBody, 'Unsubscribed'), ...errors(400) },
      },
    },
    async (request, reply) => {
      await unsubscribe(request.ctx, request.query.token);
      // The page's own form asks for HTML; mail clients and scripts get JSON.
      const accept = request.headers.accept ?? '';
      if (accept.includes('text/html') && !accept.includes('application/json')) return sendPage(reply, unsubscribedPage);
      return { message: 'Unsubscribed: no more e-mails about this blog will be sent to this address.' };
    },
  );
};
