import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../../http/auth.js';
import { assertEmailVerified, hook, requireWritable } from '../../http/guards.js';
import { page, pageWindow, ROW_PAGE } from '../../http/pagination.js';
import { described, EITHER_AUTH, errors, MessageBody, PUBLIC } from '../../http/schemas.js';
import { DOCUMENT_BODY_LIMIT } from '../documents/service.js';
import { AddRowBody, EditRowBody, ListPageQuery, RowEnvelope, ROWS_SERIALIZER, RowsEnvelope } from '../lists/index.js';
import { presentSharedDocument } from './presenter.js';
import { SharedDocumentResult, SharedItem, TokenParams, TokenRowParams, UpdateSharedDocumentBody } from './schemas.js';
import {
  addRowThroughLink,
  deleteRowThroughLink,
  editRowThroughLink,
  readThroughLink,
  rowsThroughLink,
  updateDocumentThroughLink,
} from './service.js';
import { countLinkRequest, LINK_RATE } from './throttle.js';

// Reading and writing through a share link. Reads are public; writes need a signed-in account
// with a verified e-mail and an edit link. Every request is counted against its address's limit.

const tags = ['share-links'];

const NOT_WORKING =
  'A token that is unknown, revoked or expired, or whose list or document was deleted, is 404 with the same body in every case.';
const LIMITED = `Requests through share links are limited to ${LINK_RATE.limit} a minute per client address, reads and writes together (429 with Retry-After).`;
const WRITER = 'Needs a signed-in account (401) with a verified e-mail (403 `email_not_verified`) and an edit link (a view link: 403 `read_only_link`).';

/** A writer through an edit link: signed in, allowed to write, with a verified e-mail address. */
async function requireLinkWriter(request: FastifyRequest): Promise<Caller> {
  const caller = await requireWritable(request);
  assertEmailVerified(caller.user, 'changing anything through a share link');
  return caller;
}

export const sharedRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/shared/:token',
    {
      schema: {
        operationId: 'getSharedItem',
        tags,
        summary: 'What a share link opens: the list with its schema, or the document, and its owner',
        description: `${NOT_WORKING} ${LIMITED}`,
        security: PUBLIC,
        params: TokenParams,
        response: { 200: described(SharedItem, 'The shared item'), ...errors(404, 429) },
      },
    },
    async (request) => {
      await countLinkRequest(request.ctx, request.ip);
      return readThroughLink(request.ctx, request.params.token);
    },
  );

  app.get(
    '/api/shared/:token/data',
    {
      ...ROWS_SERIALIZER,
      schema: {
        operationId: 'listSharedListRows',
        tags,
        summary: 'A page of a shared list’s rows (the list data read’s shape)',
        description: `A document’s link has no rows: 404. ${NOT_WORKING} ${LIMITED}`,
        security: PUBLIC,
        params: TokenParams,
        querystring: ListPageQuery,
        response: { 200: RowsEnvelope, ...errors(400, 404, 429) },
      },
    },
    async (request) => {
      await countLinkRequest(request.ctx, request.ip);
      const { limit, offset } = pageWindow(request.query, ROW_PAGE);
      const { rows, total } = await rowsThroughLink(request.ctx, request.params.token, { limit, offset });
      return { message: 'Rows retrieved', data: rows, pagination: page(rows, total, limit, offset) };
    },
  );

  app.post(
    '/api/shared/:token/data',
    {
      preValidation: hook(requireLinkWriter),
      schema: {
        operationId: 'addSharedListRow',
        tags,
        summary: 'Add a row to a shared list through an edit link',
        description: `The list’s row rules apply (400 \`validation_failed\`, 409 \`unique_violation\`, 409 \`read_only_list\`). ${WRITER} ${NOT_WORKING} ${LIMITED}`,
        security: EITHER_AUTH,
        params: TokenParams,
        body: AddRowBody,
        response: { 201: described(RowEnvelope, 'The new row'), ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { user } = await requireLinkWriter(request);
      await countLinkRequest(request.ctx, request.ip);
      const row = await addRowThroughLink(request.ctx, request.params.token, user, request.body.data);
      return reply.status(201).send({ message: 'Row added', data: row });
    },
  );

  app.put(
    '/api/shared/:token/data',
    {
      preValidation: hook(requireLinkWriter),
      schema: {
        operationId: 'editSharedListRow',
        tags,
        summary: 'Edit a row of a shared list through an edit link',
        description: `As the list’s own row edit: the keys sent replace those cells, the whole row is validated. ${WRITER} ${NOT_WORKING} ${LIMITED}`,
        security: EITHER_AUTH,
        params: TokenParams,
        body: EditRowBody,
        response: { 200: described(RowEnvelope, 'The edited row'), ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const { user } = await requireLinkWriter(request);
      await countLinkRequest(request.ctx, request.ip);
      return { message: 'Row updated', data: await editRowThroughLink(request.ctx, request.params.token, user, request.body.rowId, request.body.data) };
    },
  );

  app.delete(
    '/api/shared/:token/data/:rowId',
    {
      preValidation: hook(requireLinkWriter),
      schema: {
        operationId: 'deleteSharedListRow',
        tags,
        summary: 'Move a row of a shared list to the trash through an edit link',
        description: `${WRITER} ${NOT_WORKING} ${LIMITED}`,
        security: EITHER_AUTH,
        params: TokenRowParams,
        response: { 200: described(MessageBody, 'The row is in the trash'), ...errors(401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const { user } = await requireLinkWriter(request);
      await countLinkRequest(request.ctx, request.ip);
      await deleteRowThroughLink(request.ctx, request.params.token, user, request.params.rowId);
      return { message: 'Row deleted' };
    },
  );

  app.patch(
    '/api/shared/:token',
    {
      bodyLimit: DOCUMENT_BODY_LIMIT,
      preValidation: hook(requireLinkWriter),
      schema: {
        operationId: 'updateSharedDocument',
        tags,
        summary: 'Change a shared document’s title or content through an edit link',
        description: `With \`baseRevision\`, a document changed since that revision is left as it is: 409 \`revision_conflict\` with the current document. The revision is recorded as the caller’s. A list’s link: 404. ${WRITER} ${NOT_WORKING} ${LIMITED}`,
        security: EITHER_AUTH,
        params: TokenParams,
        body: UpdateSharedDocumentBody,
        response: { 200: SharedDocumentResult, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const { user } = await requireLinkWriter(request);
      await countLinkRequest(request.ctx, request.ip);
      return { document: presentSharedDocument(await updateDocumentThroughLink(request.ctx, request.params.token, user.id, request.body)) };
    },
  );
};
