import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../http/auth.js';
import { hook, requireWritable } from '../../http/guards.js';
import { described, EITHER_AUTH, errors, IdParams, MessageBody, ref } from '../../http/schemas.js';
import type { ItemKind } from './access.js';
import { presentCollaborator } from './presenter.js';
import { AcceptShareInviteBody, AddCollaboratorBody, ChangeRoleBody, CollaboratorList, CollaboratorParams, CollaboratorResult, SharedWithMe } from './schemas.js';
import { acceptShareInvite, addCollaborator, changeCollaboratorRole, listCollaborators, removeCollaborator, sharedWithMe } from './service.js';

// Collaborators of lists and documents, the invite acceptance and shared-with-me. The same four
// operations serve both kinds of item.

const tags = ['sharing'];

const ITEMS: { kind: ItemKind; path: string; name: string; Name: string }[] = [
  { kind: 'list', path: 'lists', name: 'list', Name: 'List' },
  { kind: 'document', path: 'documents', name: 'document', Name: 'Document' },
];

export const sharingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const { kind, path, name, Name } of ITEMS) {
    app.post(
      `/api/${path}/:id/collaborators`,
      {
        preValidation: hook(requireWritable),
        schema: {
          operationId: `add${Name}Collaborator`,
          tags,
          summary: `Share the ${name} with a user, an e-mail or an organization (owner)`,
          description:
            'Exactly one of `username`, `email`, `orgSlug`. A user gets an in-app notification (`shared_with_you`); an e-mail of no account an invite e-mail (`share_invite`) and the collaborator is `invited` until it is accepted; an organization gives every current and future member the role. Yourself or a second grant to the same grantee: 409 `already_shared`. A collaborator: 403 `forbidden`; no access: 404.',
          security: EITHER_AUTH,
          params: IdParams,
          body: AddCollaboratorBody,
          response: { 201: described(CollaboratorResult, 'Shared'), ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const { user } = await requireWritable(request);
        const row = await addCollaborator(request.ctx, user, kind, request.params.id, request.body);
        return reply.status(201).send({ collaborator: presentCollaborator(row) });
      },
    );

    app.get(
      `/api/${path}/:id/collaborators`,
      {
        preValidation: hook(requireUser),
        schema: {
          operationId: `list${Name}Collaborators`,
          tags,
          summary: `Who the ${name} is shared with (owner and collaborators)`,
          security: EITHER_AUTH,
          params: IdParams,
          response: { 200: described(CollaboratorList, 'The grants, oldest first'), ...errors(401, 404) },
        },
      },
      async (request) => {
        const { user } = await requireUser(request);
        return { collaborators: (await listCollaborators(request.ctx, user.id, kind, request.params.id)).map(presentCollaborator) };
      },
    );

    app.patch(
      `/api/${path}/:id/collaborators/:collaboratorId`,
      {
        preValidation: hook(requireWritable),
        schema: {
          operationId: `change${Name}CollaboratorRole`,
          tags,
          summary: `Change a collaborator's role on the ${name} (owner)`,
          security: EITHER_AUTH,
          params: CollaboratorParams,
          body: ChangeRoleBody,
          response: { 200: described(CollaboratorResult, 'Changed'), ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { user } = await requireWritable(request);
        const row = await changeCollaboratorRole(request.ctx, user.id, kind, request.params.id, request.params.collaboratorId, request.body.role);
        return { collaborator: presentCollaborator(row) };
      },
    );

    app.delete(
      `/api/${path}/:id/collaborators/:collaboratorId`,
      {
        preValidation: hook(requireWritable),
        schema: {
          operationId: `remove${Name}Collaborator`,
          tags,
          summary: `Revoke a grant on the ${name} (owner), or leave it (the collaborator); access ends at once`,
          security: EITHER_AUTH,
          params: CollaboratorParams,
          response: { 200: described(ref(MessageBody), 'Removed'), ...errors(401, 403, 404) },
        },
      },
      async (request) => {
        const { user } = await requireWritable(request);
        await removeCollaborator(request.ctx, user.id, kind, request.params.id, request.params.collaboratorId);
        return { message: 'Collaborator removed' };
      },
    );
  }

  app.post(
    '/api/shares/invites/accept',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'acceptShareInvite',
        tags,
        summary: "Accept a sharing invite: the grant becomes the caller's (the invited, verified address only)",
        description: 'Another account than the one whose verified e-mail was invited: 403 `invite_email_mismatch`. An unknown, used, revoked or expired token: 400 `invalid_token`.',
        security: EITHER_AUTH,
        body: AcceptShareInviteBody,
        response: { 200: described(ref(MessageBody), 'Accepted'), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      await acceptShareInvite(request.ctx, user, request.body.token);
      return { message: 'Invite accepted' };
    },
  );

  app.get(
    '/api/shared-with-me',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'sharedWithMe',
        tags,
        summary: 'Lists and documents shared with the caller, directly or through an organization',
        security: EITHER_AUTH,
        response: { 200: described(ref(SharedWithMe), 'Shared items, the strongest role each'), ...errors(401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return sharedWithMe(request.ctx, user.id);
    },
  );
};
