import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../http/auth.js';
import { assertNotProbation, assertSubscriber, hook, requireWritable } from '../../http/guards.js';
import { EITHER_AUTH, errors } from '../../http/schemas.js';
import { sendLargeJson } from '../../http/gzip-answer.js';
import { serializedBytes } from '../../http/serialization.js';
import { presentSharedSyncDocument, presentSharedTombstone, presentSyncDocument, presentSyncFolder } from './presenter.js';
import { SyncPullResult, SyncPushBody, SyncPushResult, SyncQuery, SYNC_BODY_LIMIT } from './schemas.js';
import { createsDocuments, pullAnswer, pushOperations } from './sync.js';

// Delta sync of documents and folders (README, "Documents"): pull what changed since a cursor,
// push a batch of operations all or nothing.

const tags = ['documents'];

export const syncRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/documents/sync',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'pullDocumentChanges',
        tags,
        summary: 'Folders and documents changed since a cursor (delta sync)',
        description:
          'Everything created, changed or deleted since `lastSyncAt` (deleted items as tombstones with `deletedAt`); without `lastSyncAt`, everything live. `shared` holds other users\' documents shared with the caller that changed or were shared since the cursor, with the caller\'s role and the owner, and a tombstone for each the caller may no longer read (share revoked, organization left, document deleted). Pass the returned `lastSyncAt` to the next pull: no change is ever skipped, though a change may come twice (its `revision` tells).',
        security: EITHER_AUTH,
        querystring: SyncQuery,
        response: { 200: SyncPullResult, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      // A pull carries whole documents (a megabyte for a thousand): its answer is made as bytes
      // once, and kept while the user's documents are unchanged (sync-cache.ts), and gzipped once
      // for the clients that take it (gzip-answer.ts).
      const answer = await pullAnswer(request.ctx, user.id, request.query.lastSyncAt, (result) =>
        serializedBytes(reply, {
          folders: result.folders.map((f) => presentSyncFolder(f.row, f.path)),
          documents: result.documents.map(presentSyncDocument),
          shared: [...result.shared.map(presentSharedSyncDocument), ...result.sharedTombstones.map(presentSharedTombstone)],
          lastSyncAt: result.lastSyncAt,
        }),
      );
      return sendLargeJson(request, reply, answer);
    },
  );

  app.post(
    '/api/documents/sync',
    {
      bodyLimit: SYNC_BODY_LIMIT,
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'pushDocumentOperations',
        tags,
        summary: 'Apply sync operations, all or nothing',
        description:
          'Operations address folders and documents by path (`work/plan.md`) or by `data.id`, and apply in order in one transaction. An `update` addressed by `data.id` takes `path` as the new location (a rename or move by path; missing folders are created), unless `data.folderId`/`data.relativePath` (documents) or `data.name`/`data.parentId` (folders) are given. A failing operation fails the whole batch; the error message names it (`operations[2]: ...`). An `update` or `delete` whose `data.baseRevision` is stale is refused with 409 `revision_conflict` and the current document; an `update` of a deleted document is 409 `document_deleted`. A document shared with the caller is named by `data.id` (its `path` is ignored: it is in the owner\'s tree); an editor\'s `update` changes its title and content with the same revision conflicts, and any other operation on it, or a viewer\'s update, is 403 `forbidden`. The answer\'s `lastSyncAt` is the stamp of these changes; keep pulling from your previous cursor to see other clients\' changes.',
        security: EITHER_AUTH,
        body: SyncPushBody,
        response: { 200: SyncPushResult, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = await requireWritable(request);
      // Only a batch that creates documents needs what creating one needs (the body decides).
      if (createsDocuments(request.body.operations)) {
        assertNotProbation(request, caller.user);
        assertSubscriber(caller.user);
      }
      return pushOperations(request.ctx, caller.user, request.body.operations);
    },
  );
};
