import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hook, requireAdmin, requireAdminWrite, requireWritable } from '../../http/guards.js';
import { pageWindow } from '../../http/pagination.js';
import { described, EITHER_AUTH, errors, IdParams } from '../../http/schemas.js';
import { presentReport } from './presenter.js';
import { listReports, reportMessage, resolveReport } from './reports.js';
import { AdminReportEnvelope, AdminReportPage, AdminReportQuery, ReportBody, ReportReceipt, ResolveReportBody } from './schemas.js';

// Reports of messages: a user reports one (spec, Messages), the administrators list and resolve
// them (spec, Administration).

const tags = ['messages'];

export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/messages/:id/report',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'reportMessage',
        tags,
        summary: 'Report a message to the administrators',
        description: 'A second report of the same message by the same user updates the first (200).',
        security: EITHER_AUTH,
        params: IdParams,
        body: ReportBody,
        response: {
          201: described(ReportReceipt, 'The report was filed'),
          200: described(ReportReceipt, 'The earlier report was updated'),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireWritable(request);
      const { created, ...report } = await reportMessage(request.ctx, user, request.params.id, request.body.reason, request.body.detail);
      return reply.status(created ? 201 : 200).send({ report });
    },
  );

  app.get(
    '/api/admin/reports',
    {
      preValidation: hook(requireAdmin),
      schema: {
        operationId: 'listMessageReports',
        tags: ['admin'],
        summary: 'Reports of messages, newest first',
        security: EITHER_AUTH,
        querystring: AdminReportQuery,
        response: { 200: described(AdminReportPage, 'A page of reports'), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { limit, offset } = pageWindow(request.query);
      const { rows, pagination } = await listReports(request.ctx, request.query.status, limit, offset);
      return { reports: rows.map(presentReport), pagination };
    },
  );

  app.patch(
    '/api/admin/reports/:id',
    {
      preValidation: hook(requireAdminWrite),
      schema: {
        operationId: 'resolveMessageReport',
        tags: ['admin'],
        summary: 'Resolve a report',
        security: EITHER_AUTH,
        params: IdParams,
        body: ResolveReportBody,
        response: { 200: described(AdminReportEnvelope, 'The resolved report'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireAdminWrite(request);
      return { report: presentReport(await resolveReport(request.ctx, user, request.params.id, request.body.note)) };
    },
  );
};
