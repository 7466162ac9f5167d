import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../http/auth.js';
import { hook, requireWritable } from '../../http/guards.js';
import { described, EITHER_AUTH, errors, MessageBody } from '../../http/schemas.js';
import { presentLink, presentNewLink } from './presenter.js';
import type { ItemKind } from './queries.js';
import { CreateShareLinkBody, ItemParams, LinkParams, ShareLinkList, ShareLinkResult } from './schemas.js';
import { createLink, listLinks, revokeLink } from './service.js';

// Making, listing and revoking the share links of a list or a document (owner only; anyone
// else: 404 as for any id not theirs). The same three operations for both kinds of item.

const tags = ['share-links'];

const ITEMS: { kind: ItemKind; path: 'lists' | 'documents'; name: 'List' | 'Document' }[] = [
  { kind: 'list', path: 'lists', name: 'List' },
  { kind: 'document', path: 'documents', name: 'Document' },
];

export const shareLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const { kind, path, name } of ITEMS) {
    const item = (id: string) => ({ kind, id });

    app.post(
      `/api/${path}/:id/share-links`,
      {
        preValidation: hook(requireWritable),
        schema: {
          operationId: `create${name}ShareLink`,
          tags,
          summary: `Make a share link of one of the caller’s ${path} (owner)`,
          description:
            '`view` lets anyone holding the link read it; `edit` also lets a signed-in account with a verified e-mail change it. The token (at least 128 random bits, stored only as a hash) is in `url`, shown in this answer only. `expiresAt` must be in the future and at most a year away (else 400).',
          security: EITHER_AUTH,
          params: ItemParams,
          body: CreateShareLinkBody,
          response: { 201: described(ShareLinkResult, 'The new link, with its URL'), ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { user } = await requireWritable(request);
        const { link, url } = await createLink(request.ctx, user.id, item(request.params.id), request.body);
        return reply.status(201).send({ shareLink: presentNewLink(link, url) });
      },
    );

    app.get(
      `/api/${path}/:id/share-links`,
      {
        preValidation: hook(requireUser),
        schema: {
          operationId: `list${name}ShareLinks`,
          tags,
          summary: `The share links of one of the caller’s ${path}, newest first (owner; no tokens)`,
          security: EITHER_AUTH,
          params: ItemParams,
          response: { 200: ShareLinkList, ...errors(401, 404) },
        },
      },
      async (request) => {
        const { user } = await requireUser(request);
        return { shareLinks: (await listLinks(request.ctx, user.id, item(request.params.id))).map(presentLink) };
      },
    );

    app.delete(
      `/api/${path}/:id/share-links/:linkId`,
      {
        preValidation: hook(requireWritable),
        schema: {
          operationId: `revoke${name}ShareLink`,
          tags,
          summary: `Revoke a share link (owner): it stops working at once, on every instance`,
          security: EITHER_AUTH,
          params: LinkParams,
          response: { 200: described(MessageBody, 'The link is revoked'), ...errors(401, 403, 404) },
        },
      },
      async (request) => {
        const { user } = await requireWritable(request);
        await revokeLink(request.ctx, user.id, item(request.params.id), request.params.linkId);
        return { message: 'Share link revoked' };
      },
    );
  }
};
