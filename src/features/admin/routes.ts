import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { described, EITHER_AUTH, errors, MessageBody, SESSION_AUTH } from '../../http/schemas.js';
import { presentAdminUser } from './presenter.js';
import { describeSchema, readTable } from './aggregates.js';
import { bulkDeleteUsers, bulkSetAccountStatus, bulkSetEmailVerified, bulkToggleClearance } from './bulk.js';
import { listEmailLogs } from './email-logs.js';
import { hook, requireAdmin, requireAdminSession, requireAdminWrite } from '../../http/guards.js';
import {
  AdminUserEnvelope,
  BulkAccountStatusBody,
  BulkEmailVerifiedBody,
  BulkIdsBody,
  CreateUserBody,
  DeletedCount,
  EmailLogQuery,
  EmailLogResponse,
  PasswordBody,
  SchemaResponse,
  TableParams,
  TableQuery,
  TableRowsResponse,
  UpdatedCount,
  UpdateUserBody,
  UserIdParams,
  UserListQuery,
  UserListResponse,
} from './schemas.js';
import { createAdminUser, deleteAdminUser, listUsers, setUserPassword, updateAdminUser, type AdminUserResult } from './service.js';

// Administration (spec, Administration): every route passes the administrator gate before its
// input is validated; writes also pass the account-status guard.

const tags = ['admin'];
const present = ({ user, isAdministrator }: AdminUserResult) => presentAdminUser(user, isAdministrator);

export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const read = { preValidation: hook(requireAdmin) };
  const write = { preValidation: hook(requireAdminWrite) };

  app.get(
    '/api/admin/users',
    {
      ...read,
      schema: {
        operationId: 'listAdminUsers',
        tags,
        security: EITHER_AUTH,
        summary: 'List users (administrator view), newest first',
        querystring: UserListQuery,
        response: { 200: described(UserListResponse, 'A page of users'), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { users, pagination } = await listUsers(request.ctx, request.query);
      return { users: users.map(present), pagination };
    },
  );

  app.post(
    '/api/admin/users',
    {
      ...write,
      schema: {
        operationId: 'createAdminUser',
        tags,
        security: EITHER_AUTH,
        summary: 'Create a user; sends a verification e-mail unless created verified',
        body: CreateUserBody,
        response: { 201: described(AdminUserEnvelope, 'The created user'), ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await createAdminUser(request.ctx, request.body);
      return reply.status(201).send({ user: present(created) });
    },
  );

  app.put(
    '/api/admin/users/:userId',
    {
      ...write,
      schema: {
        operationId: 'updateAdminUser',
        tags,
        security: EITHER_AUTH,
        summary: 'Update any subset of the administrator-editable fields of a user',
        params: UserIdParams,
        body: UpdateUserBody,
        response: { 200: described(AdminUserEnvelope, 'The updated user'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = await requireAdminWrite(request);
      return { user: present(await updateAdminUser(request.ctx, admin.user.id, request.params.userId, request.body)) };
    },
  );

  app.delete(
    '/api/admin/users/:userId',
    {
      ...write,
      schema: {
        operationId: 'deleteAdminUser',
        tags,
        security: EITHER_AUTH,
        summary: 'Delete a user (not yourself, not the last administrator)',
        params: UserIdParams,
        response: { 200: described(MessageBody, 'The user was deleted'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = await requireAdminWrite(request);
      await deleteAdminUser(request.ctx, admin.user.id, request.params.userId);
      return { message: 'User deleted' };
    },
  );

  app.post(
    '/api/admin/users/:userId/password',
    {
      ...write,
      schema: {
        operationId: 'setAdminUserPassword',
        tags,
        security: EITHER_AUTH,
        summary: 'Set the password of a user and end all of their sessions',
        params: UserIdParams,
        body: PasswordBody,
        response: { 200: described(MessageBody, 'The password was set and every session ended'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await setUserPassword(request.ctx, request.params.userId, request.body.password);
      return { message: 'Password updated; the user has been signed out everywhere' };
    },
  );

  app.patch(
    '/api/admin/users/bulk-clearance',
    {
      ...write,
      schema: {
        operationId: 'bulkToggleClearance',
        tags,
        security: EITHER_AUTH,
        summary: 'Toggle cleared for each user',
        body: BulkIdsBody,
        response: { 200: described(UpdatedCount, 'How many users changed'), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const admin = await requireAdminWrite(request);
      return { updated: await bulkToggleClearance(request.ctx, admin.user.id, request.body.userIds) };
    },
  );

  app.patch(
    '/api/admin/users/bulk-account-status',
    {
      ...write,
      schema: {
        operationId: 'bulkSetAccountStatus',
        tags,
        security: EITHER_AUTH,
        summary: 'Set accountStatus for each user (same side effects as the single update)',
        body: BulkAccountStatusBody,
        response: { 200: described(UpdatedCount, 'How many users changed'), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const admin = await requireAdminWrite(request);
      const { userIds, accountStatus } = request.body;
      return { updated: await bulkSetAccountStatus(request.ctx, admin.user.id, userIds, accountStatus) };
    },
  );

  app.post(
    '/api/admin/users/bulk-delete',
    {
      ...write,
      schema: {
        operationId: 'bulkDeleteUsers',
        tags,
        security: EITHER_AUTH,
        summary: 'Delete users (not yourself, not every remaining administrator)',
        body: BulkIdsBody,
        response: { 200: described(DeletedCount, 'How many users were deleted'), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const admin = await requireAdminWrite(request);
      return { deleted: await bulkDeleteUsers(request.ctx, admin.user.id, request.body.userIds) };
    },
  );

  app.patch(
    '/api/admin/users/bulk-status',
    {
      ...write,
      schema: {
        operationId: 'bulkSetEmailVerified',
        tags,
        security: EITHER_AUTH,
        summary: 'Set emailVerified for each user',
        body: BulkEmailVerifiedBody,
        response: { 200: described(UpdatedCount, 'How many users changed'), ...errors(400, 401, 403) },
      },
    },
    async (request) => ({ updated: await bulkSetEmailVerified(request.ctx, request.body.userIds, request.body.emailVerified) }),
  );

  app.get(
    '/api/admin/email-logs',
    {
      ...read,
      schema: {
        operationId: 'listEmailLogs',
        tags,
        security: EITHER_AUTH,
        summary: 'The e-mail log: filtered page, total and per-status summary',
        querystring: EmailLogQuery,
        response: { 200: described(EmailLogResponse, 'A page of the e-mail log'), ...errors(400, 401, 403) },
      },
    },
    async (request) => listEmailLogs(request.ctx, request.query),
  );

  const session = { preValidation: hook(requireAdminSession) };

  app.get(
    '/api/architecture-aggregates/schema',
    {
      ...session,
      schema: {
        operationId: 'getArchitectureSchema',
        tags,
        security: SESSION_AUTH,
        summary: 'The tables and columns of the application',
        response: { 200: described(SchemaResponse, 'Every table with its columns'), ...errors(401, 403) },
      },
    },
    async (request) => describeSchema(request.ctx),
  );

  app.get(
    '/api/architecture-aggregates/:table',
    {
      ...session,
      schema: {
        operationId: 'getArchitectureTableRows',
        tags,
        security: SESSION_AUTH,
        summary: 'A page of the rows of one table, read-only, secrets redacted',
        params: TableParams,
        querystring: TableQuery,
        response: { 200: described(TableRowsResponse, 'A page of rows'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => readTable(request.ctx, request.params.table, request.query),
  );
};
